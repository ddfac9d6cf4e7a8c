"""The plain line mode driven by a script, as a screen reader user or a program would."""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from tysiac.cards import card_display, mask_of, parse_card, sorted_for_display
from tysiac.engine import actions as A
from tysiac.engine.game import Game
from tysiac.rules import Rules
from tysiac.tui.cardtext import CardTextError, card_form_help, card_tokens, read_card
from tysiac.tui.plain import MAX_UNKNOWN, run_plain
from tysiac.tui.session import Session, Table

from .helpers import new_session


class Script:
    """Standard input that answers each prompt by looking at what was printed."""

    def __init__(self, out: io.StringIO, answer: Callable[[str], str]) -> None:
        self.out = out
        self.answer = answer
        self.prompts: list[str] = []

    def readline(self) -> str:
        text = self.out.getvalue()
        prompt = text[:text.rfind("\n> ")].rsplit("\n", 1)[-1] if "\n> " in text else ""
        self.prompts.append(prompt)
        return self.answer(prompt) + "\n"


def run(session: Session, answer: Callable[[str], str], lang: str = "pl") -> tuple[str, Script]:
    out = io.StringIO()
    script = Script(out, answer)
    assert run_plain(session, lang, script, out) == 0     # type: ignore[arg-type]
    return out.getvalue(), script


def declarer_policy(done: list[str]) -> Callable[[str], str]:
    """Bid the most, give or discard the first two cards, declare the least, play the
    first legal card; after the deal look at the cards and the sheet, then quit."""
    def answer(prompt: str) -> str:
        if prompt.startswith("Koniec rozdania"):
            done.append("deal")
            return {1: "k", 2: "t"}.get(len(done), "q")
        if prompt.startswith("Licytujesz"):
            return prompt.rsplit(") ", 1)[-1]          # the highest bid, typed as a number
        if prompt.startswith(("Oddaj", "Odłóż")):
            return "1 2"
        return "1"
    return answer


def test_a_whole_deal_of_pl3_as_declarer(tmp_path: Path, passive: str) -> None:
    s = new_session(tmp_path / "g.json", "pl-3", seed=3, levels=(passive,))
    done: list[str] = []
    text, script = run(s, declarer_policy(done))
    assert len(s.game.results) == 1 and s.game.results[0].declarer == 0
    r = s.game.results[0]
    assert "Wygrywasz licytację (" in text
    assert "Oddaj kartę graczowi Ania (numer albo kartę, np. D♥ albo D kier; obie naraz: 3 7)" \
        in text
    assert f"Grasz za {r.contract}." in text
    assert [line for line in text.splitlines() if line.startswith("Lewę ")] == [
        f"Lewę {i + 1} bierzesz." if w == 0 else f"Lewę {i + 1} bierze {s.names[w]}."
        for i, (_, _, w) in enumerate(s.game.tricks)]
    assert f"Rozdanie 1: grasz za {r.contract} i " in text
    assert "Pokaż karty: rozdanie 1" in text and "Tabela wyników (pl-3)" in text
    assert "Analiza rozdania: liczę…" in text and "Analiza rozdania 1: grasz za " in text
    assert "Licytacja z perspektywy" in text and "Stracone punkty" in text
    assert "W tej partii (przeanalizowane rozdania: 1):" in text
    assert f"Wznów: tysiac play --plain --resume {tmp_path / 'g.json'}" in text
    assert any(p.startswith("Zadeklaruj kontrakt") for p in script.prompts)


def test_a_whole_deal_of_pl2_choosing_a_musik_and_discarding(tmp_path: Path,
                                                              passive: str) -> None:
    s = new_session(tmp_path / "g.json", "pl-2", seed=5, levels=(passive,))
    text, script = run(s, declarer_policy([]))
    r = s.game.results[0]
    assert r.declarer == 0 and not r.bomb
    assert any(p.startswith("Wybierz musik") for p in script.prompts)
    assert any(p.startswith("Odłóż kartę: 1. z 2") for p in script.prompts)
    assert re.search(r"Bierzesz musik 1: \S+ \S+\.", text)
    assert f"Lewę {s.game.rules.tricks_per_deal} bierze" in text
    assert "Karty spoza gry" in text


def test_an_illegal_card_and_a_bad_line_are_explained(tmp_path: Path) -> None:
    s = new_session(tmp_path / "g.json", "pl-3", seed=7, levels=("random",))
    tried: list[str] = []

    def answer(prompt: str) -> str:
        v = s.view()
        if prompt.startswith("Twój ruch: dołóż") and not tried:
            bad = [c for c in v.hand if c not in v.legal]
            if bad:
                tried.append(card_display(bad[0]))
                return tried[-1]
        if tried and len(tried) == 1:
            tried.append("xyz")
            return "xyz"
        if len(tried) > 1 or len(s.game.results) > 5:
            return "q"
        if prompt.startswith("Koniec rozdania"):
            return ""
        if prompt.startswith(("Oddaj", "Odłóż")):
            return "1 2"
        return "1"

    text, _ = run(s, answer)
    assert tried, "the seed gives the human a card that cannot follow"
    assert re.search(r"Musisz (dołożyć do koloru \w+|przebić \S+|przebić atut \S+) "
                     r"\(masz \S+\)\.|Nie masz koloru \w+: musisz dać atut", text)
    assert "Nie rozumiem: xyz." in text


def test_quit_and_resume_continue_at_the_same_question(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    s = new_session(path, "pl-3", seed=9, levels=("random",))
    count = [0]

    def answer(prompt: str) -> str:
        count[0] += 1
        if count[0] > 6:
            return "q"
        return "1 2" if prompt.startswith(("Oddaj", "Odłóż")) else "1"

    _, first = run(s, answer)
    back = Session.resume(path)
    _, second = run(back, lambda prompt: "q")
    assert second.prompts[-1] == first.prompts[-1]
    assert back.view().hand == s.view().hand and back.game.phase == s.game.phase


def test_english_and_numbers_for_bids(tmp_path: Path, passive: str) -> None:
    s = new_session(tmp_path / "g.json", "pl-3", seed=3, levels=(passive,), lang="en")
    seen: list[str] = []

    def answer(prompt: str) -> str:
        seen.append(prompt)
        if prompt.startswith("Your bid"):
            return "2"                  # the second option: the lowest raise
        return "q"

    text, _ = run(s, answer, "en")
    assert "At the table: You, Ania, Bartek" in text
    assert any(p.startswith("Your bid: raise or pass") for p in seen)
    assert (0, 110) in s.game.bids


def test_h_asks_the_strong_bot_for_advice(tmp_path: Path) -> None:
    s = new_session(tmp_path / "g.json", "pl-3", seed=3, levels=("random",))
    answers = iter(["h", "q"])
    text, _ = run(s, lambda prompt: next(answers))
    advice = next(line for line in text.splitlines() if line.startswith("Rada (bilans pkt): "))
    items = advice.removeprefix("Rada (bilans pkt): ").split(" · ")
    assert 1 <= len(items) <= 3
    legal = {A.describe(a, "pl") for a in s.view().legal}
    for item in items:
        m = re.fullmatch(r"(.+) [-+]\d+(, (\w+ ugra|ugrasz) \d+: szansa \d+%)?", item)
        assert m is not None and m.group(1) in legal


def test_a_failing_save_is_reported_not_raised(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    s = new_session(tmp_path / "g.json", "pl-3", seed=3, levels=("random",))

    def full(path: Path, text: str) -> None:
        raise OSError(28, "No space left on device")

    answers = iter(["1", "q"])
    monkeypatch.setattr("tysiac.tui.session.write_atomic", full)
    text, _ = run(s, lambda prompt: next(answers))
    assert "Nie można zapisać partii: brak miejsca na dysku" in text
    assert s.game.bids and s.view().my_turn or s.game.phase_name != "bid"   # play went on


def test_cards_are_typed_in_one_unambiguous_form_per_language() -> None:
    qh, jd, ts, nine_s = (parse_card(c) for c in ("QH", "JD", "TS", "9S"))
    for text in ("D♥", "d♥", "Dkier", "D kier", "Dki", "D♡"):
        assert read_card(text, "pl") == qh
    assert read_card("Wkaro", "pl") == read_card("W ka", "pl") == jd
    assert read_card("10pik", "pl") == read_card("10♠", "pl") == ts
    assert read_card("9p", "pl") == nine_s and read_card("9t", "pl") == parse_card("9C")
    for text in ("QH", "Q♥", "qh", "Q hearts"):
        assert read_card(text, "en") == qh
    assert read_card("10s", "en") == read_card("TS", "en") == ts
    # Polish takes no English letters: D is the dama, never karo; "k" is kier or karo.
    for text in ("WD", "DD", "9S", "QH", "Dk", "D", "kier", "11♥"):
        with pytest.raises(CardTextError):
            read_card(text, "pl")
    for text in ("DH", "W♥", "Q kier"):
        with pytest.raises(CardTextError):
            read_card(text, "en")
    assert card_tokens("3 9 pik D kier, 10♦", "pl") == ["3", "9pik", "Dkier", "10♦"]
    assert card_tokens("3 7", "pl") == ["3", "7"]
    assert "9 W D K 10 A" in card_form_help("pl") and "H D C S" in card_form_help("en")


def test_cards_are_given_one_a_line_a_pick_taken_back_with_u(tmp_path: Path,
                                                             passive: str) -> None:
    s = new_session(tmp_path / "g.json", "pl-3", seed=3, levels=(passive,))
    answers = iter(["110", "1", "u", "1", "3", "q"])
    hands: list[list[int]] = []

    def answer(prompt: str) -> str:
        if prompt.startswith("Oddaj") and not hands:
            hands.append(sorted_for_display(mask_of(s.view().hand)))
        return next(answers)

    _, script = run(s, answer)
    gives = [p for p in script.prompts if p.startswith("Oddaj")]
    assert gives[0].startswith("Oddaj kartę graczowi Ania (numer albo kartę, np. D♥ albo D kier")
    assert "; obie naraz: 3 7)" in gives[0] and "Wybrane:" not in gives[0]
    assert gives[1].startswith("Oddaj kartę graczowi Bartek") and "Wybrane: " in gives[1]
    assert gives[2] == gives[0]                              # u took the pick back
    hand = hands[0]
    assert dict(s.game.given) == {1: hand[0], 2: hand[1:][2]}   # numbers of the list shown
    assert script.prompts[-1].startswith("Zadeklaruj kontrakt")


def test_the_end_of_the_game_offers_a_rematch_at_the_same_table(tmp_path: Path,
                                                                passive: str) -> None:
    rules = Rules.preset("pl-3", barrier=None)
    game = Game(rules, seed=4, start_scores=[0, 995, 995])
    s = Session(game, Table.build(3, 0, [passive], 4), ["Ty", "Ania", "Bartek"],
                tmp_path / "g.json")
    said: list[str] = []

    def answer(prompt: str) -> str:
        said.append(prompt)
        if prompt.startswith("Koniec partii"):
            return "2"
        if len([p for p in said if p.startswith("Koniec partii")]) and \
                prompt.startswith("Licytujesz"):
            return "q"
        return "1 2" if prompt.startswith("Oddaj") else "1"

    text, _ = run(s, answer)
    assert "Koniec partii. Możesz: 1) koniec, 2) rewanż (ten sam stół, nowe karty)" in said
    assert "Rewanż: nowa partia przy tym samym stole." in text
    assert f"Zapis partii: {tmp_path / 'g-2.json'}" in text
    again = Session.resume(tmp_path / "g-2.json")
    assert again.game.rules == rules and again.names == s.names and not again.over
    assert f"Wznów: tysiac play --plain --resume {tmp_path / 'g-2.json'}" in text


def test_a_script_that_is_never_understood_stops(tmp_path: Path) -> None:
    s = new_session(tmp_path / "g.json", "pl-3", seed=3, levels=("random",))
    text, script = run(s, lambda prompt: "xyz")
    assert len(script.prompts) == MAX_UNKNOWN
    assert "Zbyt wiele niezrozumiałych odpowiedzi z rzędu: koniec." in text
    assert "Wznów: " in text


def test_the_end_of_deal_question_takes_numbers(tmp_path: Path, passive: str) -> None:
    s = new_session(tmp_path / "g.json", "pl-3", seed=3, levels=(passive,))
    seen: list[str] = []

    def answer(prompt: str) -> str:
        if prompt.startswith("Koniec rozdania"):
            seen.append(prompt)
            return {1: "2", 2: "3", 3: "1"}.get(len(seen), "4")
        return "1 2" if prompt.startswith("Oddaj") else "1"

    text, _ = run(s, answer)
    assert seen[0] == ("Koniec rozdania. Możesz: 1) następne rozdanie (Enter), 2) Pokaż karty, "
                       "3) Tabela wyników, 4) koniec")
    assert "Pokaż karty: rozdanie 1" in text and "Tabela wyników (pl-3)" in text
    assert len(seen) == 4 and len(s.game.log) >= 2     # 1 dealt the next deal, 4 quit


def test_a_number_off_the_list_is_told_the_list_range(tmp_path: Path) -> None:
    s = new_session(tmp_path / "g.json", "pl-3", seed=3, levels=("random",))
    asked: list[str] = []

    def answer(prompt: str) -> str:
        asked.append(prompt)
        return {1: "9", 2: "0"}.get(len(asked), "q")

    text, _ = run(s, answer)
    listed = len(re.findall(r"\d+\) ", asked[0]))
    assert listed >= 2
    for n in (9, 0):
        assert f"Nie ma numeru {n} na liście: wpisz numer od 1 do {listed}." in text
    assert "Nie rozumiem" not in text
