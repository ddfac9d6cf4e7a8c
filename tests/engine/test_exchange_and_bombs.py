"""RULES.md section 4: taking the musik, giving (3/4 players) and discarding
(2 players), and the bomb with all its options."""

from __future__ import annotations

import pytest

from tysiac import Game, Rules

from .helpers import (
    A,
    bids,
    bomb_deal,
    cards,
    dealt,
    discard,
    exchange_any,
    give,
    moves,
    names,
    rule_of,
    win_bidding,
)

# Dealer C (2): A (0) holds the obligatory 100, B (1) bids first.
HANDS3 = ["KH 9H JH AD TD 9C JC", "AH TH 9D JD KC QC AS", "QD KD TC AC TS KS 9S"]
MUSIK3 = "QH QS JS"


def deal3(rules: Rules | None = None, scores: list[int] | None = None) -> Game:
    return dealt(rules or Rules.preset("pl-3"), 2, HANDS3, [MUSIK3], scores=scores)


# --- exchange, 3 players ------------------------------------------------------------

def test_declarer_takes_the_musik_and_gives_one_card_to_each_opponent() -> None:
    game = deal3()
    bids(game, "pass pass")
    assert game.declarer == 0 and game.phase_name == "exchange"
    assert names(game.hands[0]) == set(HANDS3[0].split()) | set(MUSIK3.split())
    give(game, "QS")                  # first to the next seat clockwise: B
    assert "QS" in names(game.hands[1])
    give(game, "JS")                  # then to C
    assert "JS" in names(game.hands[2])
    assert [len(game.hand(s)) for s in range(3)] == [8, 8, 8]
    assert game.given == [(1, cards("QS")[0]), (2, cards("JS")[0])]
    assert game.phase_name == "declare"


def test_declarer_may_give_any_card_also_from_the_musik_and_its_own() -> None:
    game = deal3()
    bids(game, "pass pass")
    legal = {A.card_of(a) for a in game.legal_actions() if A.kind(a) == "give"}
    assert names(legal) == set(HANDS3[0].split()) | set(MUSIK3.split())
    give(game, "AD QH")
    assert "AD" in names(game.hands[1]) and "QH" in names(game.hands[2])


def test_give_order_for_another_declarer() -> None:
    game = deal3()
    bids(game, "110 pass pass")       # B declarer: gives to C first, then A
    give(game, "9D JD")
    assert "9D" in names(game.hands[2]) and "JD" in names(game.hands[0])


def test_giving_a_card_not_held() -> None:
    game = deal3()
    bids(game, "pass pass")
    assert rule_of(game, A.give(cards("AH")[0])) == "card_not_in_hand"


def test_discard_bid_or_play_in_the_exchange_of_three_players_is_wrong_phase() -> None:
    game = deal3()
    bids(game, "pass pass")
    assert rule_of(game, A.discard(cards("9H")[0])) == "wrong_phase"
    assert rule_of(game, A.bid(110)) == "wrong_phase"
    assert rule_of(game, A.play(cards("9H")[0])) == "wrong_phase"
    assert rule_of(game, A.declare(100)) == "wrong_phase"


def test_four_players_give_to_the_two_playing_opponents() -> None:
    # Dealer 0 sits out; 1 holds the obligatory 100; 2 and 3 pass.
    hands = ["", *HANDS3]
    game = dealt(Rules.preset("pl-4"), 0, hands, [MUSIK3])
    bids(game, "pass pass")
    assert game.declarer == 1
    give(game, "QS JS")
    assert "QS" in names(game.hands[2]) and "JS" in names(game.hands[3])
    assert game.hands[0] == 0


# --- exchange, 2 players --------------------------------------------------------------

HANDS2 = ["AH TH KH QH 9H AD TD KD 9D JD", "AC TC KC 9C JC AS TS KS 9S JS"]
MUSIKS2 = ["QD JH", "QC QS"]


def test_two_players_choose_a_musik_take_it_and_discard_two() -> None:
    game = dealt(Rules.preset("pl-2"), 0, HANDS2, MUSIKS2)
    bids(game, "pass")                     # seat 1 plays 100
    assert game.phase_name == "choose_musik"
    assert game.legal_actions() == (A.choose_musik(0), A.choose_musik(1))
    moves(game, "musik1")
    assert game.musik_choice == 1
    assert len(game.hand(1)) == 12
    assert names(game.hands[1]) >= {"QC", "QS"}
    discard(game, "QC")
    assert game.phase_name == "exchange"
    discard(game, "9S")                    # any two, musik cards too
    assert game.phase_name == "declare"
    assert len(game.hand(1)) == 10
    assert names(game.discards) == {"QC", "9S"}
    # The other musik is untouched.
    assert names(game.musiks[0]) == {"QD", "JH"}
    assert len(game.hand(0)) == 10


def test_two_players_give_is_wrong_phase_and_unheld_discard_refused() -> None:
    game = dealt(Rules.preset("pl-2"), 0, HANDS2, MUSIKS2)
    bids(game, "pass")
    moves(game, "musik0")
    assert rule_of(game, A.give(cards("AC")[0])) == "wrong_phase"
    assert rule_of(game, A.discard(cards("AH")[0])) == "card_not_in_hand"


def test_nine_card_layout_discards_three() -> None:
    rules = Rules.preset("pl-2", two_player_layout="9+2x3")
    game = dealt(rules, 0, ["AH TH KH QH 9H AD TD KD 9D", "AC TC KC 9C JC AS TS KS 9S"],
                 ["JD QD JH", "QC QS JS"])
    bids(game, "pass")
    moves(game, "musik0")
    assert len(game.hand(1)) == 12
    discard(game, "JD QD")
    assert game.phase_name == "exchange"
    discard(game, "9S")
    assert game.phase_name == "declare" and len(game.hand(1)) == 9


# --- bomb: points, timing, counts -------------------------------------------------------

def test_bomb_declarer_neither_gains_nor_loses_opponents_add_60() -> None:
    game = deal3()
    bids(game, "pass pass")
    give(game, "QS JS")
    assert A.BOMB in game.legal_actions()
    game.play(A.BOMB)
    result = game.results[-1]
    assert result.bomb and result.contract is None and result.declarer == 0
    assert result.delta == (0, 60, 60)
    assert game.scores == (0, 60, 60)
    assert game.phase_name == "deal"
    assert game.dealer == 0                # the deal passes after a bomb too
    assert game.standing.bombs == (1, 0, 0)


def test_bomb_opponent_over_the_barrier_adds_nothing() -> None:
    game = deal3(scores=[0, 800, 790])
    bids(game, "pass pass")
    give(game, "QS JS")
    game.play(A.BOMB)
    # 800 is at the barrier: nothing; 790 starts below it: 790 + 60 = 850 is written.
    assert game.scores == (0, 800, 850)


def test_four_players_bomb_40_to_the_two_other_playing_seats() -> None:
    # The musik holds no ace and no marriage: the sitting-out bonus is 0 here.
    game = dealt(Rules.preset("pl-4"), 0, ["", *HANDS3], [MUSIK3])
    bids(game, "pass pass")
    give(game, "QS JS")
    game.play(A.BOMB)
    assert game.results[-1].delta == (0, 0, 40, 40)


def test_four_players_bomb_and_the_sitting_out_bonus() -> None:
    # Ambiguous in RULES.md: does the sitting-out seat get its musik bonus when the
    # deal is bombed? The engine reads "yes" (the bonus is what the musik holds, the
    # deal is settled all the same); the other reading gives the sitting-out seat 0.
    hands = ["", "AH 9H JH QD TD 9C JC", "TH JD 9D AD KC QC QS", "KD TC AC TS KS 9S JS"]
    game = dealt(Rules.preset("pl-4"), 0, hands, ["KH QH AS"])
    bids(game, "pass pass")
    give(game, "9H JH")
    game.play(A.BOMB)
    # One ace (50) and the ♥ marriage (100) in the musik.
    assert game.results[-1].delta == (150, 0, 40, 40)


def test_bombs_per_player_1_by_default() -> None:
    game = Game(Rules.preset("pl-3"), seed=3, first_dealer=2)
    bomb_deal(game, 0)
    assert game.scores == (0, 60, 60)
    game.deal()
    win_bidding(game, 0)
    exchange_any(game)
    assert A.BOMB not in game.legal_actions()
    assert rule_of(game, A.BOMB) == "bomb_not_allowed"
    # The other players still have theirs.
    game2 = Game(Rules.preset("pl-3"), seed=3, first_dealer=2)
    bomb_deal(game2, 0)
    bomb_deal(game2, 1)
    assert game2.scores == (60, 60, 120)


def test_bombs_per_player_2() -> None:
    game = Game(Rules.preset("pl-3", bombs_per_player=2), seed=4, first_dealer=2)
    bomb_deal(game, 0)
    bomb_deal(game, 0)
    assert game.scores == (0, 120, 120)
    game.deal()
    win_bidding(game, 0)
    exchange_any(game)
    assert rule_of(game, A.BOMB) == "bomb_not_allowed"


def test_bombs_per_player_null_is_unlimited() -> None:
    game = Game(Rules.preset("pl-3", bombs_per_player=None), seed=4, first_dealer=2)
    for _ in range(5):
        bomb_deal(game, 0)
    assert game.scores == (0, 300, 300)
    assert [r.dealer for r in game.results] == [2, 0, 1, 2, 0]


def test_bombs_per_player_0_no_bombs() -> None:
    game = deal3(Rules.preset("pl-3", bombs_per_player=0))
    bids(game, "pass pass")
    give(game, "QS JS")
    assert A.BOMB not in game.legal_actions()
    assert rule_of(game, A.BOMB) == "bomb_not_allowed"


@pytest.mark.parametrize("name", ["online-3", "online-2"])
def test_online_tables_have_no_bombs_unless_enabled(name: str) -> None:
    game = Game(Rules.preset(name), seed=1, first_dealer=0)
    game.deal()
    win_bidding(game, 1)
    assert A.BOMB not in game.legal_actions()
    exchange_any(game)
    assert A.BOMB not in game.legal_actions()
    game = Game(Rules.preset(name, bombs_per_player=1), seed=1, first_dealer=0)
    bomb_deal(game, 1)
    assert game.results[-1].bomb


def test_bomb_timing_after_exchange_not_before() -> None:
    game = deal3()                          # pl-3: after_exchange
    bids(game, "pass pass")
    assert A.BOMB not in game.legal_actions()
    assert rule_of(game, A.BOMB) == "bomb_not_allowed"
    give(game, "QS")
    assert rule_of(game, A.BOMB) == "bomb_not_allowed"
    give(game, "JS")
    assert A.BOMB in game.legal_actions()   # instead of declaring


def test_bomb_timing_before_exchange() -> None:
    rules = Rules.preset("pl-3", bomb_timing="before_exchange")
    game = deal3(rules)
    bids(game, "pass pass")
    assert A.BOMB in game.legal_actions()   # the musik is revealed, nothing given yet
    give(game, "QS")
    assert A.BOMB not in game.legal_actions()
    assert rule_of(game, A.BOMB) == "bomb_not_allowed"
    give(game, "JS")
    assert A.BOMB not in game.legal_actions()
    assert rule_of(game, A.BOMB) == "bomb_not_allowed"
    game = deal3(rules)
    bids(game, "pass pass")
    game.play(A.BOMB)
    assert game.scores == (0, 60, 60)


def test_two_players_bomb_before_exchange_after_choosing_the_musik() -> None:
    game = dealt(Rules.preset("pl-2"), 0, HANDS2, MUSIKS2)
    bids(game, "pass")                       # seat 1 holds the unraised 100
    # Before the musik is chosen (and revealed) it is too early.
    assert A.BOMB not in game.legal_actions()
    assert rule_of(game, A.BOMB) == "bomb_not_allowed"
    moves(game, "musik0")
    assert A.BOMB in game.legal_actions()
    discard(game, "9S")
    assert rule_of(game, A.BOMB) == "bomb_not_allowed"


def test_two_players_bomb_gives_60_to_the_opponent() -> None:
    game = dealt(Rules.preset("pl-2"), 0, HANDS2, MUSIKS2)
    bids(game, "pass")
    moves(game, "musik0 bomb")
    assert game.results[-1].delta == (60, 0)
    assert game.dealer == 1


def test_bomb_only_unraised_100() -> None:
    game = dealt(Rules.preset("pl-2"), 0, HANDS2, MUSIKS2)
    bids(game, "110 pass")                   # seat 0 raised and won
    moves(game, "musik0")
    assert A.BOMB not in game.legal_actions()
    assert rule_of(game, A.BOMB) == "bomb_not_allowed"
    # The holder of the obligatory 100 who was raised and then won cannot bomb either.
    game = dealt(Rules.preset("pl-2"), 0, HANDS2, MUSIKS2)
    bids(game, "110 120 pass")
    assert game.declarer == 1
    moves(game, "musik0")
    assert rule_of(game, A.BOMB) == "bomb_not_allowed"


def test_bomb_only_unraised_100_in_three_players() -> None:
    rules = Rules.preset("pl-3", bomb_only_unraised_100=True)
    game = deal3(rules)
    bids(game, "110 pass pass")
    give(game, "9D JD")
    assert rule_of(game, A.BOMB) == "bomb_not_allowed"
    game = deal3(rules)
    bids(game, "pass pass")
    give(game, "QS JS")
    game.play(A.BOMB)
    assert game.results[-1].bomb


def test_bomb_free_first() -> None:
    rules = Rules.preset("pl-3", bombs_per_player=None, bomb_free_first=1)
    game = Game(rules, seed=8, first_dealer=2)
    bomb_deal(game, 0)
    assert game.results[-1].delta == (0, 0, 0)     # the first bomb is free
    bomb_deal(game, 0)
    assert game.results[-1].delta == (0, 60, 60)
    bomb_deal(game, 1)                              # counted per player
    assert game.results[-1].delta == (0, 0, 0)


def test_pl2_classic_first_bomb_free_then_60() -> None:
    game = Game(Rules.preset("pl-2-classic"), seed=9, first_dealer=0)
    bomb_deal(game, 1)
    bomb_deal(game, 1)
    bomb_deal(game, 1)
    assert [r.delta for r in game.results] == [(0, 0), (60, 0), (60, 0)]


def test_bomb_penalty_every_third_bomb_costs_120() -> None:
    rules = Rules.preset("pl-3", bombs_per_player=None,
                         bomb_penalty={"every": 3, "points": 120})
    game = Game(rules, seed=10, first_dealer=2)
    for _ in range(6):
        bomb_deal(game, 0)
    # The opponents add their 60 every time; every third bomb costs the bomber 120.
    assert [r.delta for r in game.results] == [
        (0, 60, 60), (0, 60, 60), (-120, 60, 60),
        (0, 60, 60), (0, 60, 60), (-120, 60, 60)]


def test_bomb_penalty_and_free_first_together() -> None:
    rules = Rules.preset("pl-3", bombs_per_player=None, bomb_free_first=2,
                         bomb_penalty={"every": 3, "points": 120})
    game = Game(rules, seed=11, first_dealer=2)
    for _ in range(3):
        bomb_deal(game, 0)
    assert [r.delta for r in game.results] == [(0, 0, 0), (0, 0, 0), (-120, 60, 60)]


def test_bomb_in_bidding_or_play_is_the_wrong_phase() -> None:
    # A bomb belongs to the declarer's turn after the musik; in bidding or in the
    # play it is an action of the wrong kind for the phase.
    game = deal3()
    assert rule_of(game, A.BOMB) == "wrong_phase"
    bids(game, "pass pass")
    give(game, "QS JS")
    moves(game, "100")
    assert rule_of(game, A.BOMB) == "wrong_phase"
