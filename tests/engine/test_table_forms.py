"""RULES.md section 2: the five table forms — dealing from a seed or from given
cards, who sits out, whose turn, and dealer rotation."""

from __future__ import annotations

import pytest

from tysiac import Game, IllegalAction, Rules
from tysiac.cards import cards_of, mask_of, points_of

from .helpers import A, cards, dealt, discard, moves, sheet, sheet_bomb

FORMS = {
    # name: (rules, hand sizes by seat with dealer 0, musik sizes, stock size)
    "pl-3": (Rules.preset("pl-3"), [7, 7, 7], [3], 0),
    "pl-2": (Rules.preset("pl-2"), [10, 10], [2, 2], 0),
    "pl-2 9+2x3": (Rules.preset("pl-2", two_player_layout="9+2x3"), [9, 9], [3, 3], 0),
    "pl-4 dealer": (Rules.preset("pl-4"), [0, 7, 7, 7], [3], 0),
    "pl-4 right": (Rules.preset("pl-4", sitting_out="right_of_dealer"), [7, 7, 7, 0], [3], 0),
    "pl-4 opposite": (Rules.preset("pl-4", sitting_out="opposite_dealer"), [7, 7, 0, 7], [3], 0),
    "dobierany": (Rules.preset("dobierany"), [6, 6], [], 12),
}


@pytest.mark.parametrize("form", sorted(FORMS))
def test_seeded_deal_fits_the_table(form: str) -> None:
    rules, sizes, musiks, stock = FORMS[form]
    game = Game(rules, seed=12, first_dealer=0)
    game.deal()
    assert [len(game.hand(s)) for s in range(rules.players)] == sizes
    assert [m.bit_count() for m in game.musiks] == musiks
    assert len(game.stock) == stock
    every = [c for s in range(rules.players) for c in game.hand(s)]
    every += [c for m in game.musiks for c in cards_of(m)] + game.stock
    assert sorted(every) == list(range(24))


@pytest.mark.parametrize("form", sorted(FORMS))
def test_same_seed_same_deal(form: str) -> None:
    rules = FORMS[form][0]
    one, two = Game(rules, seed=99), Game(rules, seed=99)
    one.deal()
    two.deal()
    assert (one.first_dealer, one.hands, one.musiks, one.stock) == (
        two.first_dealer, two.hands, two.musiks, two.stock)
    other = Game(rules, seed=100, first_dealer=one.first_dealer)
    other.deal()
    assert other.hands != one.hands


@pytest.mark.parametrize("players", [2, 3, 4])
def test_first_dealer_by_lot(players: int) -> None:
    rules = Rules.preset({2: "pl-2", 3: "pl-3", 4: "pl-4"}[players])
    dealers = {Game(rules, seed=s).first_dealer for s in range(60)}
    assert dealers == set(range(players))
    assert Game(rules, seed=5).first_dealer == Game(rules, seed=5).first_dealer
    with pytest.raises(ValueError):
        Game(rules, first_dealer=players)


def given(form: str, hands: list[list[int]], musiks: list[list[int]], stock: list[int]) -> str:
    game = Game(FORMS[form][0], first_dealer=0)
    with pytest.raises(IllegalAction) as err:
        game.deal(hands, musiks, stock)
    assert game.phase_name == "deal"
    return err.value.rule


def test_given_cards_that_do_not_fit_are_a_bad_deal() -> None:
    deck = list(range(24))
    ok3 = ([deck[0:7], deck[7:14], deck[14:21]], [deck[21:24]])
    assert given("pl-3", [deck[0:7], deck[7:14]], ok3[1], []) == "bad_deal"
    assert given("pl-3", [deck[0:8], deck[8:15], deck[15:22]], [deck[22:24]], []) == "bad_deal"
    twice = [deck[0:7], deck[7:14], deck[14:20] + [0]]
    assert given("pl-3", twice, [deck[21:24]], []) == "bad_deal"
    assert given("pl-3", ok3[0], [deck[21:23], deck[23:24]], []) == "bad_deal"
    assert given("pl-3", ok3[0], ok3[1], [5]) == "bad_deal"
    # 4 players: the sitting-out seat (the dealer, 0) is dealt nothing.
    assert given("pl-4 dealer", [deck[0:7], deck[7:14], deck[14:21], []], ok3[1], []) \
        == "bad_deal"
    assert given("dobierany", [deck[0:6], deck[6:12]], [], deck[12:23]) == "bad_deal"
    # And the message says what is wrong, in both languages.
    game = Game(FORMS["pl-3"][0], first_dealer=0)
    with pytest.raises(IllegalAction) as err:
        game.deal(twice, [deck[21:24]], [])
    assert "9♥" in err.value.message("en") and "9♥" in err.value.message("pl")


def test_given_cards_are_dealt_as_given() -> None:
    hands = ["AH TH KH QH JH 9H AS", "AD TD KD QD JD 9D KS", "AC TC KC QC JC 9C QS"]
    game = dealt(Rules.preset("pl-3"), 2, hands, ["JS 9S TS"])
    for seat, hand in enumerate(hands):
        assert game.hands[seat] == mask_of(cards(hand))
    assert game.musiks == [mask_of(cards("JS 9S TS"))]


@pytest.mark.parametrize(("form", "dealer", "out", "order"), [
    ("pl-3", 1, None, [2, 0, 1]),
    ("pl-2", 1, None, [0, 1]),
    ("pl-4 dealer", 2, 2, [3, 0, 1]),
    ("pl-4 right", 2, 1, [3, 0, 2]),
    ("pl-4 opposite", 2, 0, [3, 1, 2]),
])
def test_who_plays_and_in_what_order(form: str, dealer: int, out: int | None,
                                     order: list[int]) -> None:
    game = Game(FORMS[form][0], seed=3, first_dealer=dealer)
    game.deal()
    assert game.sitting_out == out
    assert list(game.order) == order          # clockwise from dealer+1
    if out is not None:
        assert game.hands[out] == 0
    # Bidding goes round the playing seats only: everybody passes until one is left.
    seen = []
    while game.phase_name == "bid":
        seen.append(game.to_move)
        game.play(A.PASS)
    assert out not in seen
    assert game.declarer == (dealer + 1) % game.n


def test_four_players_sitting_out_seat_gets_no_turn_in_the_play() -> None:
    game = Game(FORMS["pl-4 opposite"][0], seed=21, first_dealer=1)
    game.deal()
    out = game.sitting_out
    assert out == 3
    turns = set()
    while game.phase_name not in ("deal", "game_over"):
        turns.add(game.to_move)
        game.play(game.legal_actions()[0])
    assert out not in turns
    assert game.results[-1].tricks[out] == 0 and game.results[-1].points[out] == 0


def test_dealer_rotates_after_every_settled_deal_a_bomb_included() -> None:
    game = Game(Rules.preset("pl-3", bombs_per_player=None), first_dealer=1)
    sheet(game, 2, 100, (100, 10, 10), melds="C//")
    assert game.dealer == 2
    sheet_bomb(game, 0)
    assert game.dealer == 0
    sheet(game, 1, 100, (10, 100, 10), melds="/C/")
    assert [r.dealer for r in game.results] == [1, 2, 0]
    assert game.dealer == 1


def test_two_players_alternate_the_deal() -> None:
    game = Game(Rules.preset("pl-2"), first_dealer=1)
    sheet(game, 0, 100, (100, 20), melds="C/")
    sheet_bomb(game, 0)
    sheet(game, 0, 100, (100, 20), melds="C/")
    assert [r.dealer for r in game.results] == [1, 0, 1]


def test_four_players_dealer_and_sitting_out_seat_rotate() -> None:
    game = Game(Rules.preset("pl-4"), first_dealer=3)
    for i in range(4):
        dealer = (3 + i) % 4
        declarer = (dealer + 1) % 4
        cards_taken = [0, 0, 0, 0]
        cards_taken[declarer] = 100
        cards_taken[(dealer + 2) % 4] = 20
        sheet(game, declarer, 100, tuple(cards_taken))
    assert [r.dealer for r in game.results] == [3, 0, 1, 2]
    assert [r.sitting_out for r in game.results] == [3, 0, 1, 2]


def test_nine_card_layout_full_deal_counts_three_discards_and_three_musik_cards() -> None:
    rules = Rules.preset("pl-2", two_player_layout="9+2x3")
    hands = ["AH TH KH QH 9H AD TD KD 9D", "AC TC KC 9C JC AS TS KS 9S"]
    game = dealt(rules, 0, hands, ["JD QD JH", "QC QS JS"])
    moves(game, "pass musik0")          # seat 1 plays 100 and takes J♦ Q♦ J♥
    discard(game, "JD QD JH")
    moves(game, "100")
    while game.phase_name == "play":
        game.play(game.legal_actions()[0])
    result = game.results[-1]
    assert sum(result.tricks) == 9
    leftover = points_of(mask_of(cards("QC QS JS JD QD JH")))
    assert leftover == 3 + 3 + 2 + 2 + 3 + 2
    winner_of_last = game.tricks[-1][2]
    assert result.cards[winner_of_last] == game.taken[winner_of_last] + leftover
    assert sum(result.cards) == 120
