"""The arena: duplicate seatings, the deal budget, figures that add up, ratings,
independence from --jobs, and players that see all cards or break the rules."""

from __future__ import annotations

import importlib.util
from collections import defaultdict
from typing import Any

import pytest

from tysiac import Game, Rules
from tysiac.arena import (
    ArenaError,
    ArenaSpec,
    duplicate,
    report_json,
    report_text,
    resolve_levels,
    run_arena,
)
from tysiac.arena.duplicate import play_game, seatings
from tysiac.bots import LEVELS
from tysiac.engine import actions as A

PL3 = Rules.preset("pl-3")


def test_seatings_are_the_distinct_permutations() -> None:
    assert seatings(("strong", "basic", "basic")) == [
        ("strong", "basic", "basic"), ("basic", "strong", "basic"), ("basic", "basic", "strong")]
    assert len(seatings(("a", "b"))) == 2
    assert len(seatings(("a", "b", "b", "b"))) == 4
    assert len(seatings(("a", "b", "c"))) == 6
    assert seatings(("a", "a", "a")) == [("a", "a", "a")]


def test_every_seating_is_dealt_the_same_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    dealt: dict[int, list[list[tuple[int, ...]]]] = defaultdict(list)

    class Recording(Game):
        def __init__(self, rules: Rules, seed: int) -> None:
            super().__init__(rules, seed=seed)
            self.deals: list[tuple[int, ...]] = []
            dealt[seed].append(self.deals)

        def deal(self, *args: Any, **kwargs: Any) -> None:
            super().deal(*args, **kwargs)
            self.deals.append(self.log[-1].hands)   # type: ignore[union-attr]

    monkeypatch.setattr(duplicate, "Game", Recording)
    for index in range(3):
        for seating in seatings(("basic", "random", "random")):
            play_game(seating, PL3, 7, index, 12)
    assert len(dealt) == 3
    for games in dealt.values():
        assert len(games) == 3
        common = min(len(g) for g in games)
        assert common >= 1
        assert games[0][:common] == games[1][:common] == games[2][:common]


def test_the_budget_and_the_counts_add_up() -> None:
    result = run_arena(ArenaSpec(("basic", "random", "random"), PL3, 40, seed=3))
    assert result.deals == 3 * 40
    basic, rand = result.levels["basic"], result.levels["random"]
    assert (basic.deals, rand.deals) == (120, 240)
    assert basic.contracts_bid + rand.contracts_bid == 120      # a declarer in every deal
    for fig in (basic, rand):
        assert fig.contracts_made + fig.bombs <= fig.contracts_bid
        assert fig.decisions > 0 and 0 < fig.time_median_ms <= fig.time_p99_ms
        assert fig.games_won <= fig.games_finished
    assert basic.games_finished == rand.games_finished
    assert (basic.seats, rand.seats) == (1, 2)
    if basic.games_finished:
        assert basic.won_per_seat == basic.games_won / basic.games_finished
        assert rand.won_per_seat == rand.games_won / rand.games_finished / 2


def test_basic_beats_random_and_is_rated_higher() -> None:
    result = run_arena(ArenaSpec(("basic", "random", "random"), PL3, 150, seed=1))
    (a, b, diff, ci), = result.margins
    assert (a, b) == ("basic", "random")
    assert ci is not None and diff - ci > 0
    basic, rand = result.levels["basic"], result.levels["random"]
    assert basic.delta_ci is not None and basic.delta - basic.delta_ci > 0
    assert basic.rating["ordinal"] > rand.rating["ordinal"]
    assert basic.games_won > rand.games_won


def _without_times(result: dict[str, Any]) -> dict[str, Any]:
    out = dict(result, seconds=None)
    out["levels"] = [dict(level, decision_ms=None) for level in result["levels"]]
    return out


def test_results_do_not_depend_on_jobs() -> None:
    spec = ArenaSpec(("basic", "random"), Rules.preset("pl-2"), 60, seed=5)
    one = report_json(run_arena(spec))
    two = report_json(run_arena(ArenaSpec(spec.bots, spec.rules, spec.deals, 5, jobs=2)))
    assert _without_times(one) == _without_times(two)


class Seer:
    """Sees the whole game: takes the first legal action after checking it may."""

    name = "seer"
    sees_all = True
    calls = 0

    def __init__(self, seed: int | None = None) -> None:
        pass

    def choose_full(self, game: Game) -> int:
        assert isinstance(game, Game) and len(game.hands) == 3
        Seer.calls += 1
        action = game.legal_actions()[0]
        game.apply(action)              # a copy: the arena's game is not touched
        return action


def test_a_player_that_sees_all_is_given_the_game_and_marked(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(LEVELS, "seer", Seer)
    result = run_arena(ArenaSpec(resolve_levels("seer,random,random", 3), PL3, 10, seed=2))
    assert Seer.calls > 0
    assert result.levels["seer"].sees_all and not result.levels["random"].sees_all
    text = report_text(result, "en")
    assert "seer*" in text and "seer sees every card" in text
    assert report_json(result)["levels"][0]["sees_all"] is True


def test_the_musik_seer_is_marked_for_what_it_sees(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(LEVELS, "musik-seer", Seer)      # the report's note, quickly
    result = run_arena(ArenaSpec(resolve_levels("musik-seer,random,random", 3), PL3, 2, seed=2))
    assert "musik-seer sees the musik while bidding" in report_text(result, "en")
    assert "widzi musik w licytacji" in report_text(result, "pl")
    assert "sees every card" not in report_text(result, "en")


class Breaker:
    name = "breaker"

    def __init__(self, seed: int | None = None) -> None:
        pass

    def choose(self, view: Any) -> int:
        return A.bid(395)       # over any cap


def test_a_bot_that_breaks_the_rules_stops_the_arena(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(LEVELS, "breaker", Breaker)
    with pytest.raises(ArenaError, match="'breaker' at seat .* illegal") as caught:
        run_arena(ArenaSpec(("breaker", "random", "random"), PL3, 5, seed=2))
    assert "niedozwolony" in caught.value.message("pl")


def test_bad_requests_say_what_is_wrong() -> None:
    with pytest.raises(ArenaError, match="unknown bot 'nobody'") as caught:
        resolve_levels("basic,nobody,random", 3)
    assert "nieznany bot" in caught.value.message("pl")
    with pytest.raises(ArenaError, match="3 players; --bots names 2"):
        resolve_levels("basic,random", 3)
    with pytest.raises(ArenaError, match="--deals"):
        run_arena(ArenaSpec(("basic", "random", "random"), PL3, 0))
    with pytest.raises(ArenaError, match="--jobs"):
        run_arena(ArenaSpec(("basic", "random", "random"), PL3, 5, jobs=0))


@pytest.mark.skipif(importlib.util.find_spec("tysiac.bots.cheat") is None,
                    reason="the cheat player is not built yet")
def test_the_cheat_player_is_selectable_in_the_arena_only() -> None:
    assert "cheat" not in LEVELS
    assert resolve_levels("cheat,basic,basic", 3) == ("cheat", "basic", "basic")
