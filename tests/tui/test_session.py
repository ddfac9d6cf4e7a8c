"""The game session without any UI: bots, the human's checked actions, saving after
every action, resume at the same move, undo, redeal."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from tysiac.arbiter import judge_text
from tysiac.engine import actions as A
from tysiac.engine.errors import IllegalAction
from tysiac.tui import saves
from tysiac.tui.saves import SaveError
from tysiac.tui.session import Session, Table

from .helpers import human_move, new_session, play_until


def state(s: Session) -> tuple[object, ...]:
    """What must be equal for two sessions to be at the same move."""
    g = s.game
    return (g.phase, g.to_move, tuple(g.hands), g.scores, g.legal_actions(), tuple(g.trick),
            tuple(g.tricks), g.dealer, len(g.results), [r.delta for r in g.results])


@pytest.mark.parametrize("preset", ["pl-3", "pl-2", "pl-4", "dobierany"])
def test_every_save_is_a_valid_record_of_the_game(tmp_path: Path, preset: str) -> None:
    path = tmp_path / "game.json"
    s = new_session(path, preset, seed=11)
    play_until(s, random.Random(1), 2)
    text = path.read_text(encoding="utf-8")
    verdict, status, record = judge_text(text)
    assert status == 0, verdict["error"]
    assert record is not None
    assert verdict["scores"] == list(s.game.scores)
    assert len(verdict["deals"]) == len(s.game.results) == 2
    assert record.extra["table"]["human"] == 0
    assert record.players == s.names


@pytest.mark.parametrize("preset", ["pl-3", "pl-2", "pl-4"])
def test_resume_continues_at_the_same_move_with_the_same_deals_to_come(
        tmp_path: Path, preset: str) -> None:
    path = tmp_path / "game.json"
    s = new_session(path, preset, seed=5, levels=("random",))
    rng = random.Random(3)
    play_until(s, rng, 1)
    for _ in range(7):              # into the middle of the second deal
        if s.view().my_turn:
            human_move(s, rng)
    back = Session.resume(path)
    assert state(back) == state(s)
    assert back.names == s.names and back.table == s.table
    # Both go on identically: the same human moves meet the same bots and the same
    # deals (dealt from the table's seed, not from the record).
    r1, r2 = random.Random(9), random.Random(9)
    play_until(s, r1, 4)
    play_until(back, r2, 4)
    assert state(back) == state(s)
    assert [e.hands for e in back.game.log] == [e.hands for e in s.game.log]  # type: ignore[union-attr]


def test_resume_between_deals_deals_the_next_deal_from_the_seed(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    s = new_session(path, "pl-3", seed=21)
    play_until(s, random.Random(2), 1)
    assert s.between_deals
    back = Session.resume(path)
    s.start_deal()
    back.start_deal()
    assert state(back) == state(s)


def test_give_is_one_checked_action_and_an_illegal_one_changes_nothing(
        tmp_path: Path, passive: str) -> None:
    path = tmp_path / "game.json"
    s = new_session(path, "pl-3", seed=3, levels=(passive,))
    s.begin()
    while s.view().phase == "bid":
        s.act(s.view().legal[-1])          # the highest bid; the bots pass
    v = s.view()
    assert v.phase == "exchange" and v.declarer == 0
    before = path.read_text(encoding="utf-8")
    not_mine = next(c for c in range(24) if c not in v.hand)
    r1, r2 = s.receivers()
    with pytest.raises(IllegalAction) as e:
        s.give({r1: v.hand[0], r2: not_mine})
    assert e.value.rule == "card_not_in_hand"
    assert s.view().hand == v.hand and path.read_text(encoding="utf-8") == before
    with pytest.raises(IllegalAction) as e:
        s.give({r1: v.hand[0], r2: v.hand[0]})
    assert e.value.rule == "bad_give"
    with pytest.raises(ValueError):
        s.act(A.give(v.hand[0]))          # one card at a time would not fit a record
    s.give({r1: v.hand[0], r2: v.hand[1]})
    assert s.view().phase == "declare"
    saved = json.loads(path.read_text(encoding="utf-8"))
    gives = [a for a in saved["deals"][-1]["actions"] if "give" in a]
    assert len(gives) == 1 and set(gives[0]["give"]) == {str(r1), str(r2)}


def test_undo_takes_back_the_human_card_and_the_bots_cards_after_it(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    s = new_session(path, "pl-3", seed=4, undo=True)
    rng = random.Random(4)
    s.begin()
    while not (s.view().phase == "play" and s.view().my_turn and s.game.tricks):
        if s.between_deals:
            s.start_deal()
        else:
            human_move(s, rng)
    before = state(s)
    hand = s.view().hand
    card = s.view().legal[0]
    s.act(card)
    assert state(s) != before
    assert s.undo()
    assert state(s) == before and s.view().hand == hand
    assert state(Session.resume(path)) == before      # the save follows the undo


def test_undo_is_refused_when_off_or_when_there_is_no_card_to_take_back(
        tmp_path: Path) -> None:
    s = new_session(tmp_path / "a.json", "pl-3", seed=4, undo=False)
    play_until(s, random.Random(1), 1)
    before = state(s)
    assert not s.undo() and state(s) == before
    t = new_session(tmp_path / "b.json", "pl-3", seed=4, undo=True)
    t.begin()                         # bidding: no card of the human yet
    before = state(t)
    assert not t.can_undo() and not t.undo() and state(t) == before


def test_the_human_is_asked_about_a_redeal_before_the_bots_bid(tmp_path: Path) -> None:
    s = new_session(tmp_path / "g.json", "pl-3", seed=8, redeal_weak_hand_max=120)
    s.begin()                         # every hand qualifies
    assert s.may_redeal() and s.game.phase_name == "bid" and not s.game.bids
    dealer, first_hands = s.game.dealer, list(s.game.hands)
    s.act(A.redeal(s.human))
    assert s.game.dealer == dealer and list(s.game.hands) != first_hands
    assert s.may_redeal()             # the new deal qualifies too
    s.run_bots()                      # play on: the bots bid
    assert s.game.bids or s.view().my_turn


def test_resume_refuses_a_corrupt_file_and_leaves_it_alone(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    s = new_session(path, "pl-3", seed=2)
    play_until(s, random.Random(1), 1)
    good = path.read_text(encoding="utf-8")
    path.write_text(good[: len(good) // 2], encoding="utf-8")
    with pytest.raises(SaveError) as e:
        Session.resume(path)
    assert "nie jest zapisem partii" in e.value.message("pl")
    assert "is not a game record" in e.value.message("en")
    assert path.read_text(encoding="utf-8") == good[: len(good) // 2]


@pytest.mark.parametrize(("change", "pl", "en"), [
    (lambda d: d.pop("table"), "brak pola \"table\"", "no \"table\" field"),
    (lambda d: d["table"]["bots"][1].update(level="grandmaster"),
     "nieznany poziom bota 'grandmaster'", "unknown bot level 'grandmaster'"),
    (lambda d: d["table"].update(human=7), "\"human\" to miejsce", "\"human\" is a seat"),
    (lambda d: d["deals"][0]["actions"].insert(0, {"p": 2, "bid": 105}),
     "zapis niezgodny z zasadami (rozdanie 0, ruch 0)", "breaks the rules (deal 0, action 0)"),
])
def test_resume_says_what_is_wrong_with_a_save(tmp_path: Path, change: object, pl: str,
                                               en: str) -> None:
    path = tmp_path / "game.json"
    s = new_session(path, "pl-3", seed=2)
    play_until(s, random.Random(1), 1)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert callable(change)
    change(data)
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(SaveError) as e:
        Session.resume(path)
    assert pl in e.value.message("pl") and en in e.value.message("en")


def test_a_failed_write_keeps_the_previous_save(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "game.json"
    saves.write_atomic(path, "old")

    def broken(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(saves.os, "replace", broken)
    with pytest.raises(OSError):
        saves.write_atomic(path, "new")
    assert path.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]     # no temporary file left


def test_table_build_checks_seat_and_levels() -> None:
    t = Table.build(3, 1, ["random"], 5)
    assert t.human == 1 and t.bots[1] is None
    assert [b.level for b in t.bots if b] == ["random", "random"]
    assert len({b.seed for b in t.bots if b}) == 2
    with pytest.raises(SaveError, match="seat"):
        Table.build(3, 3, ["random"], 5)
    with pytest.raises(SaveError, match="one level or 2"):
        Table.build(3, 0, ["random"] * 3, 5)
    with pytest.raises(SaveError, match="unknown bot level"):
        Table.build(2, 0, ["nobody"], 5)


def test_default_paths_never_reuse_a_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    now = saves.datetime(2026, 5, 1, 18, 30, 0)
    first = saves.default_path("pl-3", now)
    assert first == tmp_path / "tysiac" / "games" / "2026-05-01-183000-pl-3.json"
    saves.write_atomic(first, "{}")
    second = saves.default_path("pl-3", now)
    assert second.name == "2026-05-01-183000-pl-3-2.json" and not second.exists()


def test_resume_takes_a_record_with_score_sheet_deals(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    s = new_session(path, "pl-3", seed=2)
    s.begin()
    data = json.loads(path.read_text(encoding="utf-8"))
    sheet = {"declarer": 1, "contract": 120, "cards": [30, 76, 14], "melds": [[], ["C"], []]}
    data["deals"].insert(0, sheet)                 # a deal played with real cards first
    path.write_text(json.dumps(data), encoding="utf-8")
    back = Session.resume(path)
    assert back.game.results[0].scores == (30, 120, 10)
    assert list(back.game.hands) == list(s.game.hands) and back.game.phase_name == "bid"


def test_a_full_disk_does_not_stop_the_game_and_the_next_save_catches_up(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "game.json"
    s = new_session(path, "pl-3", seed=6)
    real = saves.write_atomic

    def full(p: Path, text: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr("tysiac.tui.session.write_atomic", full)
    rng = random.Random(6)
    s.begin()
    for _ in range(4):
        if s.view().my_turn:
            human_move(s, rng)
    assert s.save_error is not None and s.save_error.errno == 28
    assert json.loads(path.read_text(encoding="utf-8"))["deals"] == []   # still the old file
    monkeypatch.setattr("tysiac.tui.session.write_atomic", real)
    human_move(s, rng)
    assert s.save_error is None
    assert state(Session.resume(path)) == state(s)
