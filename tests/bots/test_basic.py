"""The basic bot plays like a sound human: hands set up card by card, and the
bot's choice checked against what a good player would do."""

from __future__ import annotations

from tysiac import Game, Rules
from tysiac.bots.basic import BasicBot
from tysiac.bots.evaluation import best_drop, estimate
from tysiac.bots.memory import remember
from tysiac.cards import POINTS, SUIT_MASK, mask_of, parse_card
from tysiac.engine import actions as A

BOT = BasicBot(1)


def cards(text: str) -> list[int]:
    return [parse_card(t) for t in text.split()]


def card(text: str) -> int:
    return parse_card(text)


def table(hands: list[str], musik: str, **options: object) -> Game:
    """Three players, seat 0 deals: seat 1 holds the obligatory 100, seat 2 bids first."""
    game = Game(Rules.preset("pl-3", **options), seed=0, first_dealer=0)
    game.deal([cards(h) for h in hands], [cards(musik)])
    return game


def choice(game: Game) -> int:
    return BOT.choose(game.view(game.to_move))


# Seat 1 will be declarer at 100 (both others pass) in most positions below.
HANDS = ["JH AD TD KC QS TS AS", "AC KH QH 9S JS 9D JD", "AH TH 9H QD KD QC KS"]


def test_bids_a_strong_hand_and_passes_a_weak_one() -> None:
    strong = table(HANDS, "TC 9C JC")          # seat 2: ♦ marriage, A♥ and 10♥
    assert choice(strong) == A.bid(110)
    weak = table(["JH AD TD KC QS TS AS", "AC KH QH AH TH 9D KD", "9S JS 9H QD JD QC KS"],
                 "TC 9C JC")                   # seat 2: no marriage, no ace, no ten
    assert choice(weak) == A.PASS


def test_asks_for_a_redeal_with_four_nines() -> None:
    game = table(["JH AD TD KC QS TS AS", "AC KH QH AH TH JD JC", "9H 9D 9C 9S QD QC KS"],
                 "TC KD JS", redeal_four_nines=True)
    assert choice(game) == A.redeal(2)


def test_gives_away_low_cards_and_keeps_marriages_and_aces() -> None:
    game = table(HANDS, "TC 9C JC")
    game.play(A.PASS)
    game.play(A.PASS)
    given = []
    for _ in range(2):
        a = choice(game)
        assert A.kind(a) == "give"
        given.append(A.card_of(a))
        game.play(a)
    assert set(given) <= set(cards("9S JS 9D JD 9C JC"))


def test_declares_above_the_bid_with_two_marriages() -> None:
    game = table(["JH JD TD KC QS TS AS", "KH QH KD QD AH AD AC", "TH 9H 9D 9S JS QC KS"],
                 "TC 9C JC")
    game.play(A.PASS)
    game.play(A.PASS)
    game.play(A.give(card("9C")))
    game.play(A.give(card("JC")))
    a = choice(game)
    assert A.kind(a) == "declare" and A.value_of(a) >= 150


def test_bombs_a_hopeless_hand_or_plays_the_bid_when_bombs_are_off() -> None:
    hands = ["AH AD TD KC KS TS AS", "9H JH 9D JD 9C JC 9S", "TH QH KH KD AC TC QC"]
    for bombs, expected in ((1, A.BOMB), (0, A.declare(100))):
        game = table(hands, "JS QS QD", bombs_per_player=bombs)
        game.play(A.PASS)
        game.play(A.PASS)
        game.play(A.give(card("9C")))
        game.play(A.give(card("9S")))
        assert choice(game) == expected


def _declared(hands: list[str], musik: str, gives: str) -> Game:
    game = table(hands, musik)
    game.play(A.PASS)
    game.play(A.PASS)
    for c in cards(gives):
        game.play(A.give(c))
    game.play(A.declare(100))
    return game


def test_cashes_sure_winners_before_announcing_then_leads_the_queen() -> None:
    game = _declared(HANDS, "TC 9C JC", "JS 9S")
    assert choice(game) == card("AC")           # no trump yet: nobody can trump it
    for c in cards("AC QC KC"):
        game.play(c)
    assert choice(game) == card("TC")           # the ace is gone: the ten is sure too
    for c in cards("TC JS 9S"):
        game.play(c)
    assert choice(game) == card("JC")           # every other club is gone
    for c in cards("JC 9H JH"):
        game.play(c)
    assert choice(game) == card("9C")
    for c in cards("9C KS QS"):
        game.play(c)
    assert choice(game) == A.play(card("QH"), meld=True)


FOLLOW = ["TH QH KH AC TC AS TS", "9D JD QD KC QC 9S JS", "AD TD KD AH 9H KS QS"]


def test_wins_cheaply_and_the_partner_throws_points_on_it() -> None:
    game = _declared(FOLLOW, "JH 9C JC", "9S JS")
    game.play(card("9D"))
    assert choice(game) == card("KD")           # the cheapest of equal winners
    game.play(card("KD"))
    # Seat 0 is void in ♦ with no trump yet: the partner's trick is safe, so the
    # unguarded 10♥ goes onto it; the marriage and the sure winners stay.
    assert choice(game) == card("TH")


def test_throws_a_nine_on_the_declarers_trick() -> None:
    game = _declared(FOLLOW, "JH 9C JC", "9S JS")
    game.play(card("KC"))
    a = choice(game)                            # seat 2 is void in ♣ and cannot win
    assert POINTS[a] == 0


def test_the_hand_evaluation_counts_what_players_count() -> None:
    rules = Rules.preset("pl-3")
    base = mask_of(cards("9H JH 9D JD 9C JC 9S"))
    better = [mask_of(cards(h)) for h in (
        "9H JH 9D JD 9C JC AS",       # an ace
        "KH QH 9D JD 9C JC 9S",       # the ♥ marriage
        "9H JH 9D JD 9C AC TC",       # ace and ten of a suit
    )]
    low, _ = estimate(base, rules, "pre")
    for hand in better:
        assert estimate(hand, rules, "pre")[0] > low + 10
    ten_hand = mask_of(cards("KH QH AH TH AD 9C JC 9S JS 9D"))
    assert set(best_drop(ten_hand, 2, rules)) <= set(cards("9C JC 9S JS 9D"))


def test_the_card_memory_reads_voids_and_what_was_given() -> None:
    game = _declared(FOLLOW, "JH 9C JC", "9S JS")
    for c in cards("KC 9H TC"):        # seat 2 shows out of ♣ (no trump yet)
        game.play(c)
    mem = remember(game.view(0))        # seat 0 won; the defender's memory
    assert mem.lacks[2] & SUIT_MASK[2] == SUIT_MASK[2]
    assert mem.possible(2) & SUIT_MASK[2] == 0
    declarer = remember(game.view(1))   # the declarer remembers its gives
    assert declarer.holds[2] == mask_of(cards("9S")) and declarer.holds[0] == mask_of(cards("JS"))
