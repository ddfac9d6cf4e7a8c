"""Statistics against games whose results are known, counted by hand."""

from __future__ import annotations

import pytest

from tysiac.rules import Rules
from tysiac.scoresheet.stats import PlayedGame, option_labels, played_game, statistics

from .keeper import Keeper

NAMES = {"ania": "Ania", "bartek": "Bartek", "celina": "Celina"}


def game(k: Keeper, key: str, when: float, who: tuple[str | None, ...],
         online: bool = False) -> PlayedGame:
    return played_game(k.sheet.record(), key, when, online, who)


def four_games() -> list[PlayedGame]:
    a = Keeper("pl-3", first_dealer=2, start=[880, 0, 0])
    a.add(declarer=0, contract=120, cards="120,0,")             # Ania wins at once
    b = Keeper("pl-3", start=[0, 900, 500])
    b.add(declarer=1, bomb=1)                                   # 60 60 to Ania and Celina
    b.add(declarer=2, contract=100, cards="10,10,")             # Bartek over the barrier
    b.add(declarer=1, contract=110, cards="0,110,10")           # Bartek wins, Ania a zero
    c = Keeper("pl-3")
    c.add(declarer=1, contract=120, cards="40,60,")             # failed; not finished
    d = Keeper("pl-3", names=("Ania", "Bot", "Bartek"), start=[900, 0, 0])
    d.add(declarer=0, contract=100, cards="100,10,")            # online: Ania wins
    who = ("ania", "bartek", "celina")
    return [game(c, "sheet:3", 3.0, who), game(a, "sheet:1", 1.0, who),
            game(b, "sheet:2", 2.0, who),
            game(d, "table:x", 4.0, ("ania", None, "bartek"), online=True)]


def test_games_wins_and_win_rates() -> None:
    s = statistics(four_games(), NAMES)
    assert (s.games, s.finished, s.online, s.deals) == (4, 3, 1, 6)
    assert [p.name for p in s.players] == ["Ania", "Bartek", "Celina"]      # most wins first
    ania, bartek, celina = s.players
    assert (ania.games, ania.finished, ania.won, ania.online) == (4, 3, 2, 1)
    assert ania.win_rate == pytest.approx(2 / 3)
    assert (bartek.games, bartek.finished, bartek.won) == (4, 3, 1)
    assert (celina.games, celina.finished, celina.won, celina.win_rate) == (3, 2, 0, 0.0)


def test_contracts_by_size_bombs_zeros_and_points() -> None:
    ania, bartek, celina = statistics(four_games(), NAMES).players
    assert ania.contracts == {120: [1, 0], 100: [1, 0]}
    assert (ania.bid, ania.made, ania.failed, ania.average_contract) == (2, 2, 0, 110)
    assert bartek.contracts == {110: [1, 0], 120: [0, 1]}
    assert (bartek.made, bartek.failed, bartek.average_contract) == (1, 1, 115)
    assert celina.contracts == {100: [1, 0]}
    assert [p.bombs for p in (ania, bartek, celina)] == [0, 1, 0]
    assert [p.zeros for p in (ania, bartek, celina)] == [1, 1, 1]
    assert [p.deals for p in (ania, bartek, celina)] == [6, 6, 5]
    assert [p.points for p in (ania, bartek, celina)] == [330, 0, 190]
    assert ania.points_per_deal == 55


def test_head_to_head_counts_finished_games_only() -> None:
    h = statistics(four_games(), NAMES).head_to_head
    assert h == {("ania", "bartek"): 2, ("bartek", "ania"): 1, ("ania", "celina"): 1,
                 ("celina", "ania"): 1, ("bartek", "celina"): 1}


def test_results_over_time_in_the_order_played_and_marked_online() -> None:
    ania = statistics(four_games(), NAMES).players[0]
    assert [(x.key, x.score, x.won, x.finished, x.online) for x in ania.lines] == [
        ("sheet:1", 1000, True, True, False), ("sheet:2", 70, False, True, False),
        ("sheet:3", 40, False, False, False), ("table:x", 1000, True, True, True)]


def test_what_the_group_plays_most_and_contracts_together() -> None:
    s = statistics(four_games(), NAMES)
    assert s.presets == {"pl-3": 4} and not s.options
    assert s.contracts == {120: [1, 1], 100: [2, 0], 110: [1, 0]}
    k = Keeper("house-3")
    k.add(declarer=1, contract=100, cards="10,100,")
    k2 = Keeper(Rules.preset("house-3", goal=500, bombs_per_player=0))
    k2.add(declarer=1, contract=100, cards="10,100,")
    who = ("ania", "bartek", "celina")
    s = statistics([game(k, "a", 1, who), game(k2, "b", 2, who)], NAMES)
    assert s.presets == {"house-3": 2}
    assert s.options == {"bombs_per_player=0": 1, "goal=500": 1, "barrier=400": 1,
                         "defender_max=490": 1}
    assert option_labels(Rules.preset("barrel-3", barrel={"at": 800, "deals": 3,
                                                          "penalty": 100})) == [
        "barrel=at:800,deals:3,penalty:100"]


def test_barrel_falls_by_a_failed_contract_and_by_the_penalty() -> None:
    k = Keeper("barrel-3", first_dealer=2, start=[880, 880, 0])
    k.add(declarer=0, contract=120, cards="60,30,")              # Ania fails: off the barrel
    k.add(declarer=2, contract=100, cards="10,10,")
    assert k.settled.barrel_left(1) == 1
    k.add(declarer=2, contract=100, cards="10,10,")              # Bartek's third deal: −120
    assert k.scores[1] == 760 and k.settled.barrel_left(1) == 0
    s = statistics([game(k, "s", 1, ("ania", "bartek", "celina"))], NAMES)
    by = {p.who: p.barrel_falls for p in s.players}
    assert by == {"ania": 1, "bartek": 1, "celina": 0}


def test_players_not_at_a_game_do_not_count_it() -> None:
    k = Keeper("pl-2", names=("Ola", "Piotr"))
    k.add(declarer=1, contract=100, cards="20,")
    s = statistics([game(k, "s", 1, ("ola", "piotr"))], NAMES)
    assert s.games == 0 and all(p.games == 0 for p in s.players)
