"""RULES.md section 3: bidding for 3, 4 and 2 players, caps, steps, redeals."""

from __future__ import annotations

import pytest

from tysiac import Game, Rules

from .helpers import A, bids, dealt, exchange_any, names, rest, rule_of

NEUTRAL = "9H JH 9D JD 9C JC 9S"          # no marriage, 6 card points


def three(hand_b: str, musik: str = "", rules: Rules | None = None,
          hand_a: str = "") -> Game:
    """Dealer C (seat 2): A (0) holds the obligatory 100, B (1) bids first."""
    left = rest(hand_b, musik, hand_a).split()
    if not hand_a:
        hand_a, left = " ".join(left[:7]), left[7:]
    hand_c = " ".join(left[:7])
    musik = musik or " ".join(left[7:10])
    return dealt(rules or Rules.preset("pl-3"), 2, [hand_a, hand_b, hand_c], [musik])


def bid_values(game: Game) -> list[int]:
    return [A.value_of(a) for a in game.legal_actions() if A.kind(a) == "bid"]


def test_section_3_example() -> None:
    # Dealer C; A 100 (obligatory), B 110, C pass, A 120, B pass → A declarer for 120.
    game = three(NEUTRAL)
    assert (game.dealer, game.obligatory, game.to_move, game.bid) == (2, 0, 1, 100)
    bids(game, "110")
    assert game.to_move == 2
    bids(game, "pass")
    assert game.to_move == 0
    bids(game, "120")
    assert game.to_move == 1
    bids(game, "pass")
    assert (game.declarer, game.bid, game.phase_name) == (0, 120, "exchange")
    assert game.bids == [(1, 110), (2, 0), (0, 120), (1, 0)]
    # The declarer took the musik: 10 cards; after giving two, a contract of at least 120.
    assert len(game.hand(0)) == 10
    exchange_any(game)
    declarations = [A.value_of(a) for a in game.legal_actions() if A.kind(a) == "declare"]
    assert min(declarations) == 120


def test_nobody_raised_the_opener_plays_100() -> None:
    game = three(NEUTRAL)
    bids(game, "pass pass")
    assert (game.declarer, game.bid, game.phase_name) == (0, 100, "exchange")


def test_a_pass_is_final_and_bidding_ends_with_one_bidder_left() -> None:
    game = three(NEUTRAL, hand_a="KH QH AH TH AD TD AC")
    turns = []
    for move in ("pass", "110", "120", "pass"):   # B passes; C 110, A 120, C passes
        turns.append(game.to_move)
        bids(game, move)
    assert turns == [1, 2, 0, 2]                 # B never bids again
    assert (game.declarer, game.bid, game.phase_name) == (0, 120, "exchange")


def test_obligatory_holder_may_pass_after_a_raise() -> None:
    game = three(NEUTRAL)
    bids(game, "110 pass pass")
    assert (game.declarer, game.bid) == (1, 110)


@pytest.mark.parametrize(("pairs", "cap"), [
    ("", 120), ("KS QS", 160), ("KC QC", 180), ("KD QD", 200), ("KH QH", 220),
    ("KH QH KD QD", 300),
])
def test_bidding_cap_is_120_plus_marriages_in_the_dealt_hand(pairs: str, cap: int) -> None:
    hand = " ".join((pairs.split() + NEUTRAL.split())[:7])
    game = three(hand)
    assert max(bid_values(game)) == cap
    assert bid_values(game) == list(range(110, cap + 1, 10))
    assert rule_of(game, A.bid(cap + 10)) == "bid_over_cap"
    bids(game, str(cap))
    assert game.bid == cap


def test_musik_marriage_does_not_raise_the_bidding_cap() -> None:
    # B holds K♠ and the Q♠ lies in the musik: the cap stays 120.
    game = three("KS 9H JH 9D JD 9C JC", musik="QS AH AD")
    assert max(bid_values(game)) == 120
    assert rule_of(game, A.bid(130)) == "bid_over_cap"


def test_bid_cap_none_bids_in_the_dark() -> None:
    game = three(NEUTRAL, rules=Rules.preset("pl-3", bid_cap="none"))
    values = bid_values(game)
    # No cap but what a deal can bring: 120 in cards and 280 in marriages.
    assert values[0] == 110 and 300 in values and max(values) == 400
    bids(game, "250")
    assert game.bid == 250


def test_bid_must_be_higher() -> None:
    game = three(NEUTRAL)
    assert rule_of(game, A.bid(100)) == "bid_too_low"
    bids(game, "110")
    assert rule_of(game, A.bid(110)) == "bid_too_low"
    assert rule_of(game, A.bid(100)) == "bid_too_low"


def test_bid_off_the_step() -> None:
    game = three(NEUTRAL)
    assert rule_of(game, A.bid(115)) == "bid_step"
    assert rule_of(game, A.bid(111)) == "bid_step"


def test_bid_step_5() -> None:
    game = three(NEUTRAL, rules=Rules.preset("pl-3", bid_step=5),
                 hand_a="AH TH AD TD AC TC AS")
    assert bid_values(game) == [105, 110, 115, 120]
    bids(game, "105")
    # C holds the ♥, ♦ and ♣ marriages: cap 360, every multiple of 5 above 105.
    assert bid_values(game) == list(range(110, 361, 5))
    assert rule_of(game, A.bid(112)) == "bid_step"


def test_bid_jumps_allowed_by_default() -> None:
    game = three("KH QH 9H 9D JD 9C JC")
    bids(game, "180")
    assert game.bid == 180


def test_bid_jumps_false_allows_exactly_one_step() -> None:
    game = three("KH QH 9H 9D JD 9C JC", rules=Rules.preset("pl-3", bid_jumps=False))
    assert bid_values(game) == [110]
    # A jump is a bid off the step of one step at a time.
    assert rule_of(game, A.bid(120)) == "bid_step"
    bids(game, "110")
    assert bid_values(game) == [120]


def test_a_player_without_room_under_the_cap_can_only_pass() -> None:
    # A holds no marriage (cap 120); C holds three (cap 360).
    game = three(NEUTRAL, hand_a="AH TH AD TD AC TC AS")
    assert names(game.hands[2]) >= {"KH", "QH", "KD", "QD", "KC", "QC"}
    bids(game, "120 130")
    assert game.to_move == 0
    assert game.legal_actions() == (A.PASS,)
    assert rule_of(game, A.bid(140)) == "bid_over_cap"


# --- two players --------------------------------------------------------------

TWO_0 = "AH TH KH QH 9H AD TD KD 9D JD"     # seat 0: ♥ marriage (cap 220)
TWO_1 = "AC TC KC 9C JC AS TS KS 9S JS"     # seat 1: no marriage (cap 120)


def two(dealer: int) -> Game:
    musiks = rest(TWO_0, TWO_1).split()
    return dealt(Rules.preset("pl-2"), dealer, [TWO_0, TWO_1],
                 [" ".join(musiks[:2]), " ".join(musiks[2:])])


def test_two_players_dealer_bids_first_non_dealer_holds_100() -> None:
    game = two(dealer=0)
    assert (game.obligatory, game.to_move, game.bid) == (1, 0, 100)


def test_two_players_dealer_passes_at_once() -> None:
    game = two(dealer=0)
    bids(game, "pass")
    assert (game.declarer, game.bid, game.phase_name) == (1, 100, "choose_musik")


def test_two_players_first_pass_ends_bidding() -> None:
    game = two(dealer=0)
    bids(game, "110 pass")
    assert (game.declarer, game.bid) == (0, 110)
    game = two(dealer=0)
    bids(game, "110 120 pass")
    assert (game.declarer, game.bid) == (1, 120)


def test_two_players_caps_count_the_ten_dealt_cards() -> None:
    game = two(dealer=0)
    assert max(bid_values(game)) == 220
    bids(game, "130")          # seat 1 has no marriage: nothing above 120
    assert game.legal_actions() == (A.PASS,)
    assert rule_of(game, A.bid(140)) == "bid_over_cap"


def test_two_players_hearts_and_diamonds_cap_300() -> None:
    hand = "KH QH KD QD AH TH AD TD 9H 9D"
    other = rest(hand).split()
    game = dealt(Rules.preset("pl-2"), 1, [" ".join(other[:10]), hand],
                 [" ".join(other[10:12]), " ".join(other[12:])])
    assert game.to_move == 1          # the dealer bids first
    assert max(bid_values(game)) == 300


# --- four players ----------------------------------------------------------------

@pytest.mark.parametrize(("sitting_out", "out", "first_bidder"), [
    ("dealer", 0, 2), ("right_of_dealer", 3, 2), ("opposite_dealer", 2, 3),
])
def test_four_players_obligatory_100_is_always_dealer_plus_1(
        sitting_out: str, out: int, first_bidder: int) -> None:
    game = Game(Rules.preset("pl-4", sitting_out=sitting_out), seed=5, first_dealer=0)
    game.deal()
    assert game.sitting_out == out
    assert game.hands[out] == 0
    assert game.obligatory == 1
    assert game.to_move == first_bidder
    bids(game, "pass pass")
    assert game.declarer == 1


# --- redeal ----------------------------------------------------------------------

FOUR_NINES = "9H 9D 9C 9S JH JD AS"
WEAK = "9H 9D 9C JH JD JC QS"     # 2+2+2+3 = 9 card points


def test_four_nines_redeal_by_the_same_dealer_settles_nothing() -> None:
    game = three(FOUR_NINES, rules=Rules.preset("pl-3", redeal_four_nines=True))
    assert A.redeal(1) in game.legal_actions()
    assert game.redeal_seats() == (1,)
    game.play(A.redeal(1))
    assert (game.phase_name, game.dealer, game.results, game.scores) == ("deal", 2, [], (0, 0, 0))
    game.deal()
    assert (game.dealer, game.obligatory, game.to_move) == (2, 0, 1)


def test_redeal_may_be_asked_by_a_seat_not_to_move() -> None:
    rules = Rules.preset("pl-3", redeal_four_nines=True)
    game = three("AD TD KD AC TC KC JS", rules=rules, hand_a="9H 9D 9C 9S AH TH KH")
    assert game.redeal_seats() == (0,)
    assert game.to_move == 1
    assert A.redeal(1) not in game.legal_actions()
    # Seat 0 is not to move, yet its view offers the redeal it may ask for.
    assert game.view(0).legal == (A.redeal(0),) and game.view(2).legal == ()
    game.play(A.redeal(0), seat=0)
    assert game.phase_name == "deal" and game.dealer == 2 and not game.results


def test_four_nines_redeal_off_by_default() -> None:
    game = three(FOUR_NINES)
    assert A.redeal(1) not in game.legal_actions()
    assert rule_of(game, A.redeal(1)) == "redeal_not_allowed"


def test_redeal_only_before_the_first_bid_or_pass() -> None:
    game = three(FOUR_NINES, rules=Rules.preset("pl-3", redeal_four_nines=True))
    bids(game, "pass")
    assert rule_of(game, A.redeal(1), seat=1) == "redeal_not_allowed"
    game = three(FOUR_NINES, rules=Rules.preset("pl-3", redeal_four_nines=True))
    bids(game, "110")
    assert A.redeal(2) not in game.legal_actions()
    assert rule_of(game, A.redeal(1), seat=1) == "redeal_not_allowed"


def test_three_nines_do_not_qualify() -> None:
    game = three("9H 9D 9C JH JD JC AS", rules=Rules.preset("pl-3", redeal_four_nines=True))
    assert game.redeal_seats() == ()
    assert rule_of(game, A.redeal(1)) == "redeal_not_allowed"


@pytest.mark.parametrize(("limit", "allowed"), [(9, True), (10, True), (8, False)])
def test_weak_hand_redeal(limit: int, allowed: bool) -> None:
    game = three(WEAK, rules=Rules.preset("pl-3", redeal_weak_hand_max=limit))
    assert (A.redeal(1) in game.legal_actions()) is allowed
    if allowed:
        game.play(A.redeal(1))
        assert game.phase_name == "deal" and game.dealer == 2 and not game.results
    else:
        assert rule_of(game, A.redeal(1)) == "redeal_not_allowed"


def test_four_players_the_sitting_out_seat_cannot_ask_for_a_redeal() -> None:
    # Its empty hand has 0 card points, but it is dealt no hand at all.
    game = Game(Rules.preset("pl-4", redeal_weak_hand_max=0), seed=2, first_dealer=0)
    game.deal()
    assert 0 not in game.redeal_seats()
    assert rule_of(game, A.redeal(0), seat=0) == "redeal_not_allowed"


def test_a_bid_below_the_last_and_off_the_step() -> None:
    # Both bid_too_low and bid_step apply to 105 after 110; the engine names the
    # step first (RECORD.md orders neither against the other).
    game = three(NEUTRAL)
    bids(game, "110")
    assert rule_of(game, A.bid(105)) == "bid_step"
