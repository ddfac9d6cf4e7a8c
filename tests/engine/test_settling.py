"""RULES.md section 6: settling a deal — the worked examples played with real cards,
the declarer never rounded, defenders rounded, the zero penalty, the sitting-out
bonus and the 2-player leftover cards."""

from __future__ import annotations

import pytest

from tysiac import Game, Rules
from tysiac.cards import mask_of
from tysiac.engine.scoring import Outcome, Standing, round_points, settle

from .helpers import (
    cards,
    dealt,
    declare,
    discard,
    moves,
    position,
    sheet,
    sheet_bomb,
    tricks,
)


def settle3(contract: int, points: tuple[int, int, int], rules: Rules | None = None,
            scores: tuple[int, int, int] = (0, 0, 0)) -> tuple[int, ...]:
    """Scores after a 3-player deal with seat 0 as declarer (pure scoring)."""
    r = rules or Rules.preset("pl-3")
    out = Outcome(0, contract, False, points, (4, 2, 2), (0, 1, 2))
    return settle(r, Standing.start(r, scores), out).scores


def test_seed_001_example_played_out() -> None:
    # Contract 140: declarer 92 in cards + 60 (♣) = 152 → +140; defender A 23 → +20;
    # defender B 5 → +10.
    game = position("JC QC KC AH TH AD TD 9S", "AC JS JH QH KH JD QD KD",
                    "TC 9C QS KS TS AS 9D 9H", contract=140, bidding="110 pass 140 pass")
    assert (game.bid, game.contract) == (140, 140)
    tricks(game,
           "JC AC TC",      # B: 2+11+10 = 23
           "JH 9H AH",      # B leads, C, then A: A takes 13
           "QC+ JD 9C",     # A: 5, and the ♣ marriage: 60
           "KC QD KS",      # A: 11
           "9S JS QS",      # C: 5
           "9D AD KD",      # A: 15
           "TD QH TS",      # A: 23
           "TH KH AS")      # A: 25
    result = game.results[-1]
    assert result.cards == (92, 23, 5)
    assert result.points == (152, 23, 5)
    assert result.delta == (140, 20, 10)
    assert game.scores == (140, 20, 10)
    assert (result.declarer, result.bid, result.contract, result.bomb) == (0, 140, 140, False)


SEED_000_HANDS = ["KD 9C KC TD QC KH JS QD 9H 9S", "TS JH AD JD TH AH JC AC QH QS"]
SEED_000_MUSIKS = ["KS TC", "AS 9D"]


def seed_000_deal(rules: Rules) -> Game:
    """Seat 0 deals and bids 110, seat 1 (the obligatory 100) passes; seat 0 takes
    musik 0, discards 9♥ 9♠ (with A♠ 9♦ left in musik 1: 11 points of leftover)."""
    game = dealt(rules, 0, SEED_000_HANDS, SEED_000_MUSIKS)
    moves(game, "110 pass musik0")
    discard(game, "9H 9S")
    declare(game, 110)
    tricks(game,
           "KH TH",         # seat 1: 14
           "JH QD",         # seat 1: 5
           "QH KD",         # seat 1: 7
           "AH TD",         # seat 1: 21
           "JD JS",         # seat 1: 4
           "JC TC",         # seat 0: 12
           "KC+ AC",        # seat 1: 15 (the ♣ marriage is announced all the same)
           "AD 9C",         # seat 0 trumps: 11
           "QC TS",         # seat 0: 13
           "KS QS")         # seat 0: 7, the last trick
    return game


def test_seed_000_example_played_out() -> None:
    # Contract 110, ♣ marriage 60, tricks 43, the last trick brings the leftover
    # worth 11: 114 → +110; the opponent's 66 → +70.
    game = seed_000_deal(Rules.preset("pl-2"))
    result = game.results[-1]
    assert game.taken == [43, 66]
    assert result.cards == (54, 66)
    assert result.points == (114, 66)
    assert result.delta == (110, 70)


def test_seed_000_example_without_leftover_cards() -> None:
    # "Bez tych 11 punktów zabrakłoby ci 7 i odjęłoby ci się 110" (seed 000).
    game = seed_000_deal(Rules.preset("pl-2", leftover_cards="nobody"))
    result = game.results[-1]
    assert result.points == (103, 66)
    assert result.delta == (-110, 70)


@pytest.mark.parametrize(("leftover", "delta"), [("last_trick", (-110, 90)),
                                                  ("nobody", (-110, 80))])
def test_leftover_goes_to_the_opponent_who_takes_the_last_trick(
        leftover: str, delta: tuple[int, int]) -> None:
    game = dealt(Rules.preset("pl-2", leftover_cards=leftover), 0, SEED_000_HANDS,
                 SEED_000_MUSIKS)
    moves(game, "110 pass musik0")
    discard(game, "9H 9S")
    declare(game, 110)
    tricks(game, "KH TH", "JH QD", "QH KD", "AH TD", "JD JS", "JC TC", "KC+ AC",
           "AD 9C",
           "QC QS",         # seat 0: 6
           "KS TS")         # seat 1 beats K♠ and takes the last trick
    result = game.results[-1]
    assert game.taken == [29, 80]
    # Seat 0: 29 + 60 = 89 < 110. Seat 1: 80 + the leftover 11 = 91 → 90.
    assert result.cards == ((29, 91) if leftover == "last_trick" else (29, 80))
    assert result.delta == delta


@pytest.mark.parametrize(("points", "rounding", "written"), [
    (25, "half_up", 30), (24, "half_up", 20), (35, "half_up", 40), (5, "half_up", 10),
    (94, "half_up", 90), (0, "half_up", 0),
    (25, "half_down", 20), (26, "half_down", 30), (35, "half_down", 30), (5, "half_down", 0),
])
def test_defenders_rounded_to_tens(points: int, rounding: str, written: int) -> None:
    assert round_points(points, rounding) == written
    rules = Rules.preset("pl-3", rounding=rounding)
    assert settle3(100, (120, points, 0), rules) == (100, written, 0)


@pytest.mark.parametrize(("contract", "points", "delta"), [
    (110, 108, -110), (140, 138, -140), (140, 147, 140), (140, 140, 140),
    (120, 150, 120), (110, 114, 110),
])
def test_declarer_never_rounded(contract: int, points: int, delta: int) -> None:
    assert settle3(contract, (points, 0, 0))[0] == delta


def test_declared_contract_counts_not_the_bid() -> None:
    game = Game(Rules.preset("pl-3"), first_dealer=2)
    assert sheet(game, 0, 130, (100, 10, 10), bid=110) == (-130, 10, 10)


def test_failed_contract_played_out_loses_the_declared_contract() -> None:
    # The section 5 walk-through deal (A 162 points) declared at 170 on a bid of 100.
    game = position("QH KH 9H AD TD 9D AC TC", "AH AS TS KS QS JS 9S JD",
                    "JH TH KD QD KC QC JC 9C", contract=170)
    tricks(game, "QH+ AH TH", "9S JH KH", "9D JD KD", "QC+ TC JS", "9H QS 9C",
           "QD AD KS", "AC TS JC", "TD AS KC")
    assert game.results[-1].points == (162, 24, 94)
    assert game.results[-1].delta == (-170, 20, 90)


def test_scores_may_go_below_zero() -> None:
    game = Game(Rules.preset("pl-3"), first_dealer=2)
    sheet(game, 0, 120, (80, 30, 10))
    assert game.scores == (-120, 30, 10)
    sheet(game, 1, 110, (20, 60, 40), melds="/C/")
    assert game.scores == (-100, 140, 50)


def test_defenders_add_their_marriages() -> None:
    game = Game(Rules.preset("pl-3"), first_dealer=2)
    # Defender seat 1: 33 in cards + ♦ 80 = 113 → 110.
    assert sheet(game, 0, 100, (80, 33, 7), melds="H/D/") == (100, 110, 10)


# --- zero penalty ---------------------------------------------------------------------

ZERO = {"zero_penalty": {"every": 3, "points": 120}}


def test_no_zero_penalty_by_default() -> None:
    game = Game(Rules.preset("pl-3"), first_dealer=2)
    for _ in range(3):
        sheet(game, 0, 100, (100, 20, 0), tricks=(6, 2, 0))
    assert game.scores == (300, 60, 0)


def test_every_third_zero_costs_120() -> None:
    game = Game(Rules.preset("pl-3", **ZERO), first_dealer=2)
    deltas = [sheet(game, 0, 100, (100, 20, 0), tricks=(6, 2, 0)) for _ in range(6)]
    assert deltas == [(100, 20, 0), (100, 20, 0), (100, 20, -120)] * 2
    assert game.standing.zeros == (0, 0, 6)


def test_a_trick_of_no_points_is_no_zero() -> None:
    game = Game(Rules.preset("pl-3", **ZERO), first_dealer=2)
    for _ in range(3):
        sheet(game, 0, 100, (100, 20, 0), tricks=(5, 2, 1))
    assert game.scores == (300, 60, 0)
    assert game.standing.zeros == (0, 0, 0)


def test_sheet_without_trick_counts_zero_card_points_is_a_zero() -> None:
    game = Game(Rules.preset("pl-3", **ZERO), first_dealer=2)
    for _ in range(3):
        sheet(game, 0, 100, (100, 20, 0))
    assert game.scores == (300, 60, -120)


def test_the_declarer_marks_zeros_too_and_a_bomb_marks_none() -> None:
    rules = Rules.preset("pl-3", bombs_per_player=None, **ZERO)
    game = Game(rules, first_dealer=2)
    assert sheet(game, 0, 100, (0, 70, 50), tricks=(0, 5, 3)) == (-100, 70, 50)
    assert sheet_bomb(game, 0) == (0, 60, 60)
    assert sheet(game, 0, 100, (0, 70, 50), tricks=(0, 5, 3)) == (-100, 70, 50)
    assert sheet_bomb(game, 0) == (0, 60, 60)
    assert sheet(game, 0, 100, (0, 70, 50), tricks=(0, 5, 3)) == (-220, 70, 50)


def test_zero_marked_in_a_played_deal() -> None:
    # The seed-001 deal: seat 1 takes one trick, seat 2 one trick; nobody marks a zero.
    game = position("JC QC KC AH TH AD TD 9S", "AC JS JH QH KH JD QD KD",
                    "TC 9C QS KS TS AS 9D 9H", rules=Rules.preset("pl-3", **ZERO),
                    contract=140)
    tricks(game, "JC AC TC", "JH 9H AH", "QC+ JD 9C", "KC QD KS", "9S JS QS",
           "9D AD KD", "TD QH TS", "TH KH AS")
    assert game.results[-1].tricks == (6, 1, 1)
    assert game.standing.zeros == (0, 0, 0)


# --- 4 players: the sitting-out bonus ------------------------------------------------------

@pytest.mark.parametrize(("musik", "bonus"), [
    ("9S JS 9D", 0), ("AH 9S JS", 50), ("AH AD AS", 150), ("KH QH 9S", 100),
    ("KS QS AC", 90), ("KH QS AD", 50),
])
def test_sitting_out_bonus_50_per_ace_plus_a_musik_marriage(musik: str, bonus: int) -> None:
    game = Game(Rules.preset("pl-4"), first_dealer=0)    # the dealer (0) sits out
    assert sheet(game, 1, 100, (0, 100, 20, 0), musik=musik) == (bonus, 100, 20, 0)


def test_sitting_out_bonus_in_a_played_deal() -> None:
    hands = ["", "KH 9H JH QD TD 9C JC", "TH JD 9D AD KC QC QS", "KD TC AC TS KS 9S JS"]
    game = dealt(Rules.preset("pl-4"), 0, hands, ["AH QH AS"])
    moves(game, "pass pass")
    moves(game, "9H JH")                # gives: to 2, then to 3
    declare(game, 100)
    assert game.sitting_out == 0
    while game.phase_name == "play":
        game.play(game.legal_actions()[0])
    # Two aces in the musik and no marriage (the K♥ was dealt to seat 1): 100.
    assert game.results[-1].delta[0] == 100
    assert game.results[-1].sitting_out == 0


def test_pure_settle_sitting_out_bonus() -> None:
    r = Rules.preset("pl-4")
    out = Outcome(1, 100, False, (0, 100, 20, 0), (0, 6, 2, 0), (1, 2, 3), 0,
                  mask_of(cards("KD QD AC")))
    assert settle(r, Standing.start(r), out).scores == (130, 100, 20, 0)


# --- dobierany ------------------------------------------------------------------------

def test_dobierany_both_add_all_points_unrounded() -> None:
    game = Game(Rules.preset("dobierany"), first_dealer=0)
    assert sheet(game, None, None, (67, 53), melds="H/") == (167, 53)


def test_the_sitting_out_seat_marks_no_zero() -> None:
    r = Rules.preset("pl-4", **ZERO)
    standing = Standing.start(r)
    out = Outcome(1, 100, False, (0, 100, 20, 0), (0, 6, 2, 0), (1, 2, 3), 0, 0)
    for _ in range(3):
        standing = settle(r, standing, out)
    # Seat 3 played and took no trick: three zeros, the third costs 120. Seat 0
    # sat out each time: no zero.
    assert standing.zeros == (0, 0, 0, 3)
    assert standing.scores == (0, 300, 60, -120)


# --- score-sheet deals that cannot be (bad_sheet) ----------------------------------------

@pytest.mark.parametrize(("declarer", "card_points", "melds", "tricks"), [
    (0, (100, 10, 5), "", None),               # cards add up to 115
    (0, (100, 10, 10), "C/C/", None),          # ♣ announced twice
    (0, (100, 10, 10), "", (5, 2, 2)),         # tricks add up to 9
    (0, (100, 10, 10), "", (6, 2, 0)),         # card points without a trick
    (3, (100, 10, 10), "", None),              # no seat 3 at a table of three
    (0, (100, 20, 0), "//C", (6, 2, 0)),       # a defender who never led announced
    (0, (100, 20, 0), "HD//", (0, 7, 1)),      # the declarer led once, announced twice
])
def test_inconsistent_sheet_deals_are_refused(declarer: int, card_points: tuple[int, ...],
                                              melds: str, tricks: tuple[int, ...] | None,
                                              ) -> None:
    from tysiac import IllegalAction
    game = Game(Rules.preset("pl-3"), first_dealer=2)
    with pytest.raises(IllegalAction) as err:
        sheet(game, declarer, 100, card_points, melds=melds, tricks=tricks)
    assert err.value.rule == "bad_sheet"
    assert err.value.message("pl") != err.value.message("en")
    assert game.results == [] and game.scores == (0, 0, 0)


def test_a_declarer_may_announce_on_the_first_lead_without_taking_a_trick() -> None:
    game = Game(Rules.preset("pl-3"), first_dealer=2)
    # Contract 120 lost with the ♥ marriage (100) and no trick: -120; defenders 60, 60.
    assert sheet(game, 0, 120, (0, 60, 60), melds="H//", tricks=(0, 4, 4)) == (-120, 60, 60)


def test_sheet_for_four_players_refuses_points_for_the_sitting_out_seat() -> None:
    from tysiac import IllegalAction
    game = Game(Rules.preset("pl-4"), first_dealer=0)
    with pytest.raises(IllegalAction) as err:
        sheet(game, 1, 100, (10, 90, 10, 10))
    assert err.value.rule == "bad_sheet"
