"""The full-screen game driven headlessly by Textual's pilot in an 80×24 terminal:
whole deals of pl-3 and pl-2 by keyboard and mouse, the reason for an illegal click,
the marriage question, and resume after the app is dropped."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Awaitable, Callable
from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import Button, Static

from tysiac.cards import card_display, card_str, mask_of, parse_card, sorted_for_display
from tysiac.engine import actions as A
from tysiac.engine.errors import IllegalAction
from tysiac.engine.game import Game
from tysiac.rules import Rules
from tysiac.tui.app import TysiacApp
from tysiac.tui.session import BotSeat, Session, Table
from tysiac.tui.texts import reason
from tysiac.tui.widgets import CardWidget, TextPage

from .helpers import new_session

Scenario = Callable[[Pilot[None], TysiacApp], Awaitable[None]]


def run_app(session: Session, scenario: Scenario, lang: str = "pl") -> None:
    async def main() -> None:
        app = TysiacApp(session, lang)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await scenario(pilot, app)
    asyncio.run(main())


def text(app: TysiacApp, selector: str) -> str:
    content = app.screen.query_one(selector, Static).content
    return str(getattr(content, "plain", content))


def buttons(app: TysiacApp) -> list[str]:
    return [str(b.id) for b in app.query("#actions Button")]


def label(app: TysiacApp, ident: str) -> str:
    return str(app.query_one(f"#{ident}", Button).label)


def hand(app: TysiacApp) -> list[CardWidget]:
    return list(app.query("#hand CardWidget").results(CardWidget))


async def play_out_the_deal(pilot: Pilot[None], app: TysiacApp) -> int:
    """Play every card of the human by mouse (a marriage when offered) or keyboard;
    the number of cards played."""
    s, played = app.session, 0
    while s.game.phase_name == "play":
        assert s.view().my_turn
        playable = [w for w in hand(app) if not w.has_class("unplayable")]
        assert {w.card for w in playable} == {A.card_of(a) for a in s.view().legal}
        if played % 2:
            await pilot.click(f"#{playable[-1].id}")
        else:                          # keyboard: the first playable card has the focus
            assert app.focused is playable[0]
            await pilot.press("enter")
        await pilot.pause()
        if "act-meld-yes" in buttons(app):
            assert text(app, "#prompt").startswith("Zameldować parę")
            await pilot.click("#act-meld-yes")
            await pilot.pause()
        played += 1
    return played


def test_a_whole_deal_of_pl3_bidding_giving_declaring_and_every_trick(
        tmp_path: Path, passive: str) -> None:
    s = new_session(tmp_path / "g.json", "pl-3", seed=3, levels=(passive,))

    async def scenario(pilot: Pilot[None], app: TysiacApp) -> None:
        # Bidding: the legal bids and the cap are shown; + raises, Enter bids.
        assert s.view().phase == "bid"
        assert text(app, "#prompt") == ("Licytujesz: podbij albo pasuj (twój limit: 120). "
                                        "Możesz: pas, 110–120 co 10.")
        assert "Ania 100 (obowiązkowe)" in text(app, "#table")
        assert label(app, "act-value") == "Licytuj 110"
        await pilot.press("plus")
        assert label(app, "act-value") == "Licytuj 120"
        await pilot.press("enter")
        await pilot.pause()
        # The musik is revealed and marked in the hand; give one card to each opponent.
        v = s.view()
        assert v.phase == "exchange" and v.declarer == 0 and v.bid == 120
        assert "Musik: " + " ".join(card_display(c) for c in sorted_for_display(
            mask_of(v.musik or ()))) in text(app, "#table")
        assert {w.card for w in hand(app) if w.has_class("musik")} == set(v.musik or ())
        assert text(app, "#prompt").startswith("Oddaj kartę graczowi Ania")
        first, second = hand(app)[0].card, hand(app)[1].card
        await pilot.click(f"#card-{card_str(first)}")
        assert text(app, "#prompt").startswith("Oddaj kartę graczowi Bartek")
        await pilot.click(f"#card-{card_str(second)}")
        await pilot.pause()
        assert text(app, "#prompt").startswith("Oddajesz")
        await pilot.click("#act-confirm")
        await pilot.pause()
        assert dict(s.game.given) == {1: first, 2: second}
        # Declaring within the cap; a bomb is offered instead (after_exchange).
        v = s.view()
        assert v.phase == "declare"
        assert text(app, "#prompt").startswith("Zadeklaruj kontrakt: tylko 120 (twój limit).")
        assert "act-bomb" in buttons(app)
        await pilot.press("enter")
        await pilot.pause()
        assert s.game.contract == 120
        # Every trick, the table naming who played what.
        assert await play_out_the_deal(pilot, app) == 8
        # The summary, Pokaż karty, the score sheet; Enter deals the next deal.
        r = s.game.results[0]
        table = text(app, "#table")
        word = "ugrywasz" if r.made else "nie ugrywasz"
        assert table.startswith(f"Rozdanie 1: grasz za 120 i {word} ({r.points[0]} pkt)")
        assert "lewy  karty  meldunki  razem  zmiana   stan" in table
        assert text(app, "#prompt") == "Koniec rozdania. Enter: następne rozdanie."
        await pilot.press("k")
        await pilot.pause()
        assert isinstance(app.screen, TextPage)
        page = text(app, "#page-text")
        assert "Rozdane karty:" in page and " 8. " in page and "Wzięte lewy:" in page
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("t")
        await pilot.pause()
        assert f"★120{'✓' if r.made else '✗'}" in text(app, "#page-text")
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert len(s.game.log) == 2 and "rozdanie 2" in text(app, "#status")

    run_app(s, scenario)


def test_a_whole_deal_of_pl2_choosing_a_musik_and_discarding(tmp_path: Path,
                                                              passive: str) -> None:
    s = new_session(tmp_path / "g.json", "pl-2", seed=5, levels=(passive,))

    async def scenario(pilot: Pilot[None], app: TysiacApp) -> None:
        while s.view().phase == "bid":
            await pilot.press("enter")        # the lowest raise; the bot passes
            await pilot.pause()
        assert s.view().phase == "choose_musik"
        assert text(app, "#prompt") == "Wybierz musik (karty zakryte)."
        await pilot.click("#act-musik-1")
        await pilot.pause()
        v = s.view()
        assert v.phase == "exchange" and v.musik_choice == 1 and len(v.hand) == 12
        assert text(app, "#prompt").startswith("Odłóż 2 karty")
        # Keyboard: right moves along the hand, Enter picks.
        await pilot.press("enter")
        await pilot.press("right")
        await pilot.press("enter")
        await pilot.pause()
        picked = [w.card for w in hand(app) if w.has_class("picked")]
        assert len(picked) == 2
        await pilot.click("#act-confirm")
        await pilot.pause()
        assert s.view().discards and set(s.view().discards) == set(picked)
        assert s.view().phase == "declare"
        await pilot.click("#act-value")
        await pilot.pause()
        assert await play_out_the_deal(pilot, app) == 10
        assert "Karty spoza gry" in text(app, "#table")
        assert s.between_deals and len(s.game.results) == 1

    run_app(s, scenario)


def test_an_illegal_click_gets_its_reason_and_changes_nothing(tmp_path: Path) -> None:
    s = new_session(tmp_path / "g.json", "pl-3", seed=7, levels=("random",))

    async def scenario(pilot: Pilot[None], app: TysiacApp) -> None:
        for _ in range(400):
            v = s.view()
            bad = [c for c in v.hand if c not in v.legal]
            if v.phase == "play" and v.my_turn and bad:
                break
            if s.between_deals:
                await pilot.click("#act-next")
            elif v.phase == "exchange":
                await pilot.click(f"#{hand(app)[0].id}")
                await pilot.click(f"#{hand(app)[1].id}")
                await pilot.click("#act-confirm")
            elif v.phase == "play":
                await pilot.press("enter")
            else:
                await pilot.click(f"#{buttons(app)[0]}")
            await pilot.pause()
        else:
            raise AssertionError("no card the human could not play")
        before = (s.view().hand, s.game.trick, len(s.game.log[-1].actions))  # type: ignore[union-attr]
        try:
            s.game.check(bad[0], 0)
        except IllegalAction as e:
            expected = reason(e, "pl", s.names, v.legal)
        await pilot.click(f"#card-{card_str(bad[0])}")
        await pilot.pause()
        assert text(app, "#reason") == expected
        assert expected.startswith(("Musisz", "Nie masz koloru"))
        assert (s.view().hand, s.game.trick, len(s.game.log[-1].actions)) == before  # type: ignore[union-attr]
        await pilot.click(f"#card-{card_str(A.card_of(v.legal[0]))}")
        await pilot.pause()
        assert text(app, "#reason") == ""             # a legal card clears the reason

    run_app(s, scenario)


def test_a_king_led_with_its_queen_asks_about_the_marriage(tmp_path: Path) -> None:
    rules = Rules.preset("pl-3")
    game = Game(rules, seed=1, first_dealer=2)       # seat 0 has the obligatory 100
    hands = ("KH QH AD TD 9C 9S JS", "AH TH 9H AC TC KC QC", "JH KD QD JD 9D JC AS", "KS QS TS")
    cards = [[parse_card(c) for c in h.split()] for h in hands]
    game.deal(cards[:3], cards[3:])
    table = Table(seed=1, human=0, bots=(None, None, None), undo=False)
    session = Session(game, table, ["Ty", "Ania", "Bartek"], tmp_path / "g.json")
    session.bots = {1: _Passer(), 2: _Passer()}

    async def scenario(pilot: Pilot[None], app: TysiacApp) -> None:
        assert session.view().declarer == 0          # both passed: the unraised 100 is ours
        await pilot.click("#card-9C")
        await pilot.pause()                          # the hand is drawn again after a pick
        await pilot.click("#card-9S")
        await pilot.pause()
        await pilot.click("#act-confirm")
        await pilot.pause()
        assert label(app, "act-value") == "Graj za 100"
        await pilot.press("plus", "plus")             # K♥Q♥ and K♠Q♠: cap 120 + 140
        assert label(app, "act-value") == "Graj za 120"
        await pilot.press("enter")
        await pilot.pause()
        await pilot.click("#card-KH")
        await pilot.pause()
        assert text(app, "#prompt") == "Zameldować parę kier (100)?"
        assert buttons(app) == ["act-meld-yes", "act-meld-no", "act-cancel"]
        assert label(app, "act-meld-yes") == "K♥ z meldunkiem"
        await pilot.click("#act-meld-yes")
        await pilot.pause()
        assert session.game.melds == [(0, 0)] and session.game.trump == 0
        assert "atut ♥" in text(app, "#status")
        assert "Meldunki: Ty ♥100" in text(app, "#table")

    run_app(session, scenario)


class _Passer:
    name = "passer"

    def choose(self, view: object) -> int:
        legal = view.legal                             # type: ignore[attr-defined]
        return A.PASS if A.PASS in legal else legal[0]


def test_resume_after_the_app_is_dropped_continues_at_the_same_move(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    s = new_session(path, "pl-3", seed=12, levels=("random",))
    seen: dict[str, object] = {}

    async def first(pilot: Pilot[None], app: TysiacApp) -> None:
        for _ in range(12):
            if s.between_deals:
                await pilot.click("#act-next")
            elif s.view().phase == "exchange":
                await pilot.click(f"#{hand(app)[0].id}")
                await pilot.click(f"#{hand(app)[1].id}")
                await pilot.click("#act-confirm")
            else:
                await pilot.press("enter")
            await pilot.pause()
        seen.update(view=s.view(), prompt=text(app, "#prompt"), hand=[w.id for w in hand(app)])
        # Dropped here: no quit, no last save; the file is what a kill would leave.

    run_app(s, first)
    back = Session.resume(path)

    async def second(pilot: Pilot[None], app: TysiacApp) -> None:
        v = back.view()
        old = seen["view"]
        assert (v.phase, v.hand, v.bids, v.trick, v.tricks, v.scores, v.legal) == (
            old.phase, old.hand, old.bids, old.trick, old.tricks, old.scores,  # type: ignore[attr-defined]
            old.legal)                                 # type: ignore[attr-defined]
        assert text(app, "#prompt") == seen["prompt"]
        assert [w.id for w in hand(app)] == seen["hand"]

    run_app(back, second)


def test_english_and_quit_keys(tmp_path: Path) -> None:
    s = new_session(tmp_path / "g.json", "pl-3", seed=3, levels=("random",), lang="en")

    async def scenario(pilot: Pilot[None], app: TysiacApp) -> None:
        assert text(app, "#status").startswith("Tysiąc pl-3 · deal 1 ·")
        assert "Scores" in text(app, "#side")
        await pilot.press("question_mark")
        await pilot.pause()
        assert text(app, "#page-text").startswith("Keys")
        await pilot.press("escape")
        await pilot.press("ctrl+c")
        await pilot.pause()
        assert not app.is_running

    run_app(s, scenario, "en")


def test_the_hint_key_shows_the_strong_bots_advice_and_points_at_it(tmp_path: Path) -> None:
    s = new_session(tmp_path / "g.json", "pl-3", seed=3, levels=("random",))

    async def scenario(pilot: Pilot[None], app: TysiacApp) -> None:
        v = s.view()
        assert v.phase == "bid" and v.my_turn
        actions = len(s.game.actions)
        await pilot.press("h")
        for _ in range(200):                            # the advice is computed in a thread
            await pilot.pause(0.05)
            if not text(app, "#reason").startswith("Myślę"):
                break
        note = text(app, "#reason")
        assert note.startswith("Rada (bilans pkt): ")
        first = note.removeprefix("Rada (bilans pkt): ").split(" · ")[0]
        words = {A.describe(a, "pl"): a for a in v.legal}
        best = next(a for d, a in words.items() if first.startswith(d + " "))
        assert re.search(r" [-+]\d+(, (\w+ ugra|ugrasz) \d+: szansa \d+%)?$", first)
        if A.kind(best) == "bid":
            assert label(app, "act-value") == f"Licytuj {A.value_of(best)}"
            assert app.focused is app.query_one("#act-value")
        assert len(s.game.actions) == actions               # advice changes nothing

    run_app(s, scenario)


def test_the_end_of_the_game_names_the_winner_and_offers_a_rematch(
        tmp_path: Path, passive: str) -> None:
    rules = Rules.preset("pl-3", barrier=None)
    game = Game(rules, seed=4, start_scores=[0, 995, 995])   # any defender points end it
    table = Table.build(3, 0, [passive], 4)
    s = Session(game, table, ["Ty", "Ania", "Bartek"], tmp_path / "g.json")

    async def scenario(pilot: Pilot[None], app: TysiacApp) -> None:
        while s.view().phase == "bid":
            await pilot.press("enter")
            await pilot.pause()
        if s.view().phase == "exchange":
            await pilot.click(f"#{hand(app)[0].id}")
            await pilot.click(f"#{hand(app)[1].id}")
            await pilot.click("#act-confirm")
            await pilot.pause()
        await pilot.press("enter")                       # the lowest contract
        await pilot.pause()
        await play_out_the_deal(pilot, app)
        assert s.over and s.game.winner in (1, 2)
        name = s.names[int(s.game.winner or 0)]
        assert text(app, "#prompt") == f"Koniec partii. Partię wygrywa {name}!"
        assert f"Partię wygrywa {name}!" in text(app, "#table")
        assert buttons(app) == ["act-rematch", "act-sheet", "act-cards", "act-quit"]
        await pilot.click("#act-rematch")               # the same table, a new game
        await pilot.pause()
        again = app.session
        assert again is not s and again.path == tmp_path / "g-2.json"
        assert again.game.scores == (0, 0, 0) and again.names == s.names
        assert again.game.rules == rules and again.table.bots[1] == BotSeat(
            passive, again.table.seed + 2)
        assert "rozdanie 1" in text(app, "#status")
        await pilot.press("q", "q")
        await pilot.pause()
        assert not app.is_running

    run_app(s, scenario)
    assert Session.resume(tmp_path / "g.json").over
    assert not Session.resume(tmp_path / "g-2.json").over


def test_dobierany_draws_after_each_trick_and_four_players_sit_out(tmp_path: Path) -> None:
    s = new_session(tmp_path / "d.json", "dobierany", seed=2, levels=("random",))

    async def draw_game(pilot: Pilot[None], app: TysiacApp) -> None:
        assert s.view().phase == "play" and "Stos: 12 kart" in text(app, "#table")
        await pilot.press("enter")
        await pilot.pause()
        if s.view().tricks and s.view().phase == "play":
            assert "Ostatnio dobrana: " in text(app, "#table")
            assert len(s.view().hand) == 6
        assert await play_out_the_deal(pilot, app) > 0
        assert text(app, "#table").startswith("Rozdanie 1: każdy dopisuje swoje punkty")

    run_app(s, draw_game)
    four = new_session(tmp_path / "f.json", "pl-4", seed=3, levels=("random",), human=1)

    async def sitting_out(pilot: Pilot[None], app: TysiacApp) -> None:
        r = four.game.results[0]                     # seat 1 deals and sits out: played out
        assert r.sitting_out == 1 and four.between_deals
        assert "Ty (pauzuje)" in text(app, "#table")

    run_app(four, sitting_out)


def test_a_redeal_is_offered_before_the_bots_bid(tmp_path: Path) -> None:
    s = new_session(tmp_path / "g.json", "pl-3", seed=8, levels=("random",),
                    redeal_weak_hand_max=120)             # every hand qualifies

    async def scenario(pilot: Pilot[None], app: TysiacApp) -> None:
        assert not s.game.bids
        if not s.view().my_turn:
            assert text(app, "#prompt") == "Możesz poprosić o nowe rozdanie albo grać dalej."
            assert buttons(app) == ["act-redeal", "act-playon"]
        else:
            assert "act-redeal" in buttons(app)
        first = [w.card for w in hand(app)]
        await pilot.click("#act-redeal")
        await pilot.pause()
        assert [w.card for w in hand(app)] != first and len(s.game.log) == 2
        if not s.view().my_turn:
            await pilot.click("#act-playon")
            await pilot.pause()
            assert s.game.bids and s.view().my_turn or s.game.phase_name != "bid"

    run_app(s, scenario)
