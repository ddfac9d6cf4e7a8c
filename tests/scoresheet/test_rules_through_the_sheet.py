"""Every scoring rule of RULES.md sections 6 and 7, entered deal by deal as people
enter them into a score sheet, and every preset against games played in full."""

from __future__ import annotations

from pathlib import Path

import pytest

from tysiac.arbiter import judge
from tysiac.engine.sheet import SheetDeal
from tysiac.record import loads, to_record
from tysiac.rules import Rules
from tysiac.scoresheet import Sheet, SheetError, settle_sheet
from tysiac.scoresheet.settled import change

from ..randomgames import VARIANTS, random_game
from .keeper import Keeper

GOLDEN = Path(__file__).resolve().parents[1] / "golden"


def notes_of(k: Keeper, deal: int = -1) -> set[tuple[int, str, int]]:
    return set(k.settled.deals[deal].notes)


# --- section 6: settling a deal -----------------------------------------------------------

def test_seed_001_contract_140_with_a_marriage_and_rounded_defenders() -> None:
    k = Keeper("pl-3")
    # Bartek (obligatory 100 after Ania deals) plays 140: 92 in cards + the club marriage.
    assert k.add(declarer="Bartek", contract=140, cards="23,92,", melds=",C,") == (20, 140, 10)
    assert k.settled.deals[0].result.points == (23, 152, 5)


def test_a_failed_contract_costs_the_contract_never_rounded() -> None:
    k = Keeper("pl-3")
    assert k.add(declarer=1, contract=110, cards="12,108,") == (10, -110, 0)
    assert k.add(declarer=2, contract=140, cards="0,0,120") == (0, 0, -140)


@pytest.mark.parametrize(("rounding", "expected"), [("half_up", (30, 120, 20)),
                                                     ("half_down", (20, 120, 10))])
def test_defenders_round_to_tens_by_the_rounding_option(rounding: str,
                                                        expected: tuple[int, ...]) -> None:
    k = Keeper(Rules.preset("pl-3", rounding=rounding))
    assert k.add(declarer=1, contract=120, cards="25,80,15", melds=",H,") == expected


def test_two_players_card_points_include_the_leftover_and_add_to_120() -> None:
    k = Keeper("pl-2", names=("Ola", "Piotr"))
    # Seed 000: contract 110, club marriage 60, 43 in tricks + 11 of leftover cards.
    assert k.add(declarer="Piotr", contract=110, cards="66,", melds=",C") == (70, 110)
    assert k.sheet.deals[0].cards == (66, 54)


def test_two_players_whose_leftover_counts_for_nobody_enter_both_counts() -> None:
    rules = Rules.preset("pl-2", leftover_cards="nobody")
    k = Keeper(rules, names=("Ola", "Piotr"))
    assert not k.form().auto_fill
    assert k.add(declarer=1, contract=100, cards="50,62") == (50, -100)


# --- section 7: barrier, defender_max, barrel, end --------------------------------------------

def test_the_barrier_counts_the_score_at_the_start_of_the_deal() -> None:
    k = Keeper("pl-3", first_dealer=2, start=[0, 780, 800])
    assert k.add(declarer=0, contract=100, cards="40,40,", melds="C,,") == (100, 40, 0)
    assert k.scores == (100, 820, 800)
    assert (2, "barrier", 40) in notes_of(k)
    assert [k.settled.on_barrier(s) for s in range(3)] == [False, True, True]


def test_the_tournament_barrier_cuts_a_defender_to_it() -> None:
    k = Keeper("tournament-3", first_dealer=2, start=[0, 780, 790])
    k.add(declarer=0, contract=100, cards="40,40,", melds="C,,")
    assert k.scores == (100, 800, 800)
    assert (1, "barrier_cap", 800) in notes_of(k)


def test_defender_max_keeps_the_last_points_for_a_declarer() -> None:
    k = Keeper(Rules.preset("house-3", barrier=None), first_dealer=2, start=[0, 960, 0])
    k.add(declarer=0, contract=100, cards="40,70,", melds="C,,")
    assert k.scores == (100, 990, 10)
    assert (1, "defender_max", 990) in notes_of(k)
    k.add(declarer=1, contract=100, cards="0,100,20")           # only as declarer past 990
    assert k.scores[1] == 1090 and k.settled.winner == 1


def test_the_barrel_holds_a_player_three_deals_then_costs_120() -> None:
    k = Keeper("barrel-3", first_dealer=2, start=[860, 0, 0])
    k.add(declarer=0, contract=120, cards="120,0,")             # 980 is written as 880
    assert k.scores[0] == 880 and k.settled.barrel_left(0) == 3
    assert (0, "barrel_on", 880) in notes_of(k)
    k.add(declarer=1, contract=100, cards="20,100,")            # defenders add nothing
    assert k.scores[0] == 880 and k.settled.barrel_left(0) == 2
    k.add(declarer=1, contract=100, cards="20,100,")
    assert k.settled.barrel_left(0) == 1
    k.add(declarer=2, contract=100, cards="10,10,")
    assert k.scores[0] == 760 and k.settled.barrel_left(0) == 0
    assert (0, "barrel_penalty", 120) in notes_of(k)


def test_a_failed_contract_on_the_barrel_drops_the_player_off() -> None:
    k = Keeper("barrel-3", first_dealer=2, start=[880, 0, 0])
    assert k.settled.barrel_left(0) == 3                       # started within its range
    k.add(declarer=0, contract=120, cards="60,30,")
    assert k.scores[0] == 760 and k.settled.barrel_left(0) == 0
    assert (0, "barrel_off", 760) in notes_of(k)


def test_a_made_contract_from_the_barrel_wins() -> None:
    k = Keeper("barrel-3", first_dealer=2, start=[880, 0, 0])
    k.add(declarer=0, contract=120, cards="120,0,")
    assert k.scores[0] == 1000 and k.settled.winner == 0 and k.settled.next is None


def test_three_zeros_cost_120_with_zero_penalty() -> None:
    k = Keeper("barrel-3")
    for _ in range(2):
        k.add(declarer=1, contract=100, cards="0,100,", melds=",,")
    assert k.settled.standing.zeros[0] == 2
    k.add(declarer=0, contract=100, cards="0,60,", tricks="1,4,3")   # a trick, no points
    assert k.settled.standing.zeros[0] == 2
    k.add(declarer=1, contract=100, cards="0,100,")
    assert k.settled.deals[-1].result.delta[0] == -120
    assert (0, "zero_penalty", 120) in notes_of(k)


def test_the_game_ends_after_the_deal_that_reaches_the_goal_declarer_first() -> None:
    k = Keeper(Rules.preset("pl-3", barrier=None), first_dealer=2, start=[900, 950, 0])
    # Both reach 1000: the declarer wins though the defender has more.
    k.add(declarer=0, contract=100, cards="50,70,", melds="C,,")
    assert k.scores == (1000, 1020, 0) and k.settled.winner == 0
    assert k.settled.next is None                              # no form for another deal
    with pytest.raises(SheetError) as e:                       # and none is taken
        change(k.sheet, [*k.sheet.deals, SheetDeal(1, 100, cards=(0, 120, 0))], 1)
    assert "zakończona" in e.value.message("pl") and e.value.deal == 1


def test_equal_scores_over_the_goal_of_defenders_are_a_draw() -> None:
    k = Keeper(Rules.preset("pl-3", barrier=None), first_dealer=2, start=[950, 950, 0])
    k.add(declarer=2, contract=120, cards="50,50,")
    assert k.settled.winner == "draw"


# --- goal 500 ----------------------------------------------------------------------------------

def test_goal_500_scales_the_barrier_to_400() -> None:
    k = Keeper(Rules.preset("pl-3", goal=500), first_dealer=2, start=[0, 380, 400])
    k.add(declarer=0, contract=100, cards="40,40,", melds="C,,")
    assert k.scores == (100, 420, 400)
    k.add(declarer=1, contract=100, cards="10,100,")
    assert k.scores[1] == 520 and k.settled.winner == 1


def test_goal_500_scales_defender_max_to_490() -> None:
    rules = Rules.preset("house-3", goal=500)
    assert (rules.barrier, rules.defender_max) == (400, 490)
    k = Keeper(Rules.preset("house-3", goal=500, barrier=None), first_dealer=2,
               start=[0, 470, 0])
    k.add(declarer=0, contract=100, cards="40,70,", melds="C,,")
    assert k.scores[1] == 490


# --- bombs -------------------------------------------------------------------------------------

def test_a_bomb_gives_each_opponent_60_and_the_limit_is_kept() -> None:
    k = Keeper("pl-3")
    assert k.add(declarer=1, bomb=1) == (60, 0, 60)
    k.add(declarer=2, contract=100, cards="10,10,")
    k.add(declarer=0, contract=100, cards=",10,10")
    with pytest.raises(SheetError) as e:
        k.add(declarer=1, bomb=1)
    assert e.value.field == "bomb" and "bomb" in e.value.message("en")


def test_a_bomb_at_the_barrier_gives_that_opponent_nothing() -> None:
    k = Keeper("pl-3", start=[820, 0, 0])
    assert k.add(declarer=1, bomb=1) == (0, 0, 60)


def test_four_players_bomb_40_and_the_sitting_out_bonus() -> None:
    k = Keeper("pl-4", names=("Ania", "Bartek", "Celina", "Darek"))
    assert k.form().sitting_out == 0                         # the dealer sits out
    assert k.add(declarer=1, bomb=1) == (0, 0, 40, 40)
    # Deal 2: Bartek deals and sits out; two aces in the musik bring him 100.
    k.add(declarer=2, contract=100, cards=",,100,10", musik="AS AH 9C")
    assert k.settled.deals[-1].result.delta == (10, 100, 100, 10)
    # Deal 3: a marriage in the musik brings Celina its value.
    assert (k.add(declarer=3, contract=100, cards="30,20,,70", musik="KH QH 9C")[2]) == 100
    assert (2, "sitting_out_bonus", 100) in notes_of(k)


def test_two_player_bomb_only_on_an_unraised_100() -> None:
    k = Keeper("pl-2", names=("Ola", "Piotr"))
    with pytest.raises(SheetError) as e:
        k.add(declarer=1, bid=110, bomb=1)
    assert e.value.field == "bomb"
    assert k.add(declarer=1, bid=100, bomb=1) == (60, 0)


def test_the_first_bomb_free_and_unlimited_bombs_in_pl_2_classic() -> None:
    k = Keeper("pl-2-classic", names=("Ola", "Piotr"))
    assert k.add(declarer=1, bomb=1) == (0, 0)
    assert k.add(declarer=0, contract=100, cards="100,") == (100, 20)
    assert k.add(declarer=1, bomb=1) == (60, 0)
    assert (1, "bomb_free", 1) in set(k.settled.deals[0].notes)


def test_every_third_bomb_costs_its_thrower_with_a_bomb_penalty() -> None:
    k = Keeper(Rules.preset("pl-3", bombs_per_player=None,
                            bomb_penalty={"every": 3, "points": 120}))
    deltas = []
    for _ in range(3):
        deltas.append(k.add(declarer=1, bomb=1)[1])
        k.add(declarer=2, contract=100, cards="10,10,")
        k.add(declarer=0, contract=100, cards=",10,10")
    assert deltas == [0, 0, -120]


# --- dobierany -----------------------------------------------------------------------------

def test_dobierany_has_no_declarer_and_adds_everything_unrounded() -> None:
    k = Keeper("dobierany", names=("Ola", "Piotr"))
    form = k.form()
    assert form.draw_game and form.obligatory is None and not form.bombs
    assert k.add(cards="63,", melds="H,") == (163, 57)
    assert k.sheet.deals[0].declarer is None


def test_dobierany_plays_another_deal_on_a_tie_over_the_goal() -> None:
    k = Keeper("dobierany", names=("Ola", "Piotr"), start=[940, 940])
    k.add(cards="60,60")
    assert k.scores == (1000, 1000) and k.settled.winner is None
    k.add(cards="61,")
    assert k.settled.winner == 0


# --- against the arbiter and played games ------------------------------------------------------

def test_the_golden_sheet_settles_as_the_arbiter_judges_it() -> None:
    record = loads((GOLDEN / "sheet-examples.json").read_text())
    sheet, unfinished = Sheet.from_record(record)
    verdict, status = judge(record)
    settled = settle_sheet(sheet)
    assert status == 0 and not unfinished and settled.error is None
    assert [list(d.result.delta) for d in settled.deals] == [d["delta"] for d in
                                                              verdict["deals"]]
    assert list(settled.scores) == verdict["scores"]


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_every_preset_a_played_game_written_as_a_sheet_settles_the_same(variant: str) -> None:
    """A game played card by card, written down as its results (what a paper sheet
    holds): the sheet gives every deal the same points, totals and winner."""
    for seed in range(3):
        game = random_game(VARIANTS[variant], seed, 60, play_bias=0.7)
        sheet, unfinished = Sheet.from_record(to_record(game))
        settled = settle_sheet(sheet)
        assert settled.error is None and not unfinished
        assert [d.result.scores for d in settled.deals] == [r.scores for r in game.results]
        assert [d.result.delta for d in settled.deals] == [r.delta for r in game.results]
        assert settled.winner == game.winner
        assert settled.standing == game.standing
