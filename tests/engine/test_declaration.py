"""RULES.md section 4, the declaration: at least the winning bid, on the step, capped
by the marriages in hand after the exchange (``declare_cap``)."""

from __future__ import annotations

from tysiac import Game, Rules

from .helpers import A, bids, dealt, declare, discard, give, moves, rule_of

# Dealer C (2): A (0) holds the obligatory 100 and K♥; the musik brings Q♥.
# B (1) holds the ♣ marriage, C (2) the ♦ marriage.
HANDS3 = ["KH 9H JH AD TD 9C JC", "AH TH 9D JD KC QC AS", "QD KD TC AC TS KS 9S"]
MUSIK3 = "QH QS JS"


def deal3(rules: Rules | None = None) -> Game:
    return dealt(rules or Rules.preset("pl-3"), 2, HANDS3, [MUSIK3])


def declare_values(game: Game) -> list[int]:
    return [A.value_of(a) for a in game.legal_actions() if A.kind(a) == "declare"]


def test_a_marriage_completed_with_a_musik_card_raises_the_cap() -> None:
    game = deal3()
    bids(game, "pass pass")            # A plays the obligatory 100 (bid cap was 120)
    give(game, "QS JS")
    # K♥ + Q♥ from the musik: 120 + 100.
    assert declare_values(game) == list(range(100, 221, 10))
    assert rule_of(game, A.declare(230)) == "declare_over_cap"
    declare(game, 220)
    assert (game.contract, game.bid, game.phase_name, game.to_move) == (220, 100, "play", 0)


def test_giving_a_marriage_card_away_lowers_the_cap() -> None:
    game = deal3()
    bids(game, "pass pass")
    give(game, "QH JS")
    assert declare_values(game) == [100, 110, 120]
    assert rule_of(game, A.declare(130)) == "declare_over_cap"


def test_staying_at_the_winning_bid_is_allowed_after_giving_a_marriage_away() -> None:
    game = deal3()
    bids(game, "180 pass pass")        # B bids its ♣ cap and wins
    give(game, "QC KC")                # and gives the marriage away
    assert declare_values(game) == [180]
    assert rule_of(game, A.declare(190)) == "declare_over_cap"
    declare(game, 180)
    assert game.contract == 180


def test_declaration_below_the_bid() -> None:
    game = deal3()
    bids(game, "110 pass 120 pass")    # A wins at 120
    give(game, "QS JS")
    assert min(declare_values(game)) == 120
    assert rule_of(game, A.declare(110)) == "declare_too_low"
    assert rule_of(game, A.declare(100)) == "declare_too_low"


def test_declaration_off_the_step() -> None:
    game = deal3()
    bids(game, "pass pass")
    give(game, "QS JS")
    assert rule_of(game, A.declare(125)) == "bid_step"
    assert rule_of(game, A.declare(101)) == "bid_step"


def test_declaration_with_bid_step_5() -> None:
    game = deal3(Rules.preset("pl-3", bid_step=5))
    bids(game, "pass pass")
    give(game, "QS JS")
    assert declare_values(game) == list(range(100, 221, 5))
    declare(game, 135)
    assert game.contract == 135


def test_declare_cap_none() -> None:
    game = deal3(Rules.preset("pl-3", declare_cap="none"))
    bids(game, "pass pass")
    give(game, "QH JS")                 # no marriage left, still no cap
    assert 300 in declare_values(game)
    declare(game, 300)
    assert game.contract == 300


def test_declaration_is_the_declarers_and_only_in_its_phase() -> None:
    game = deal3()
    bids(game, "pass pass")
    give(game, "QS JS")
    assert rule_of(game, A.declare(120), seat=1) == "not_your_turn"
    assert rule_of(game, A.bid(120)) == "wrong_phase"
    assert rule_of(game, A.give(0)) == "wrong_phase"


def test_two_players_declaration_counts_marriages_after_the_discards() -> None:
    hands = ["AH TH KH 9H AD TD KD 9D JD JH", "AC TC KC 9C JC AS TS KS 9S JS"]
    game = dealt(Rules.preset("pl-2"), 1, hands, ["QH QD", "QC QS"])
    bids(game, "pass")                 # dealer 1 passes: seat 0 plays 100
    moves(game, "musik0")              # Q♥ and Q♦ complete two marriages
    discard(game, "JD JH")
    assert max(declare_values(game)) == 120 + 100 + 80
    game2 = dealt(Rules.preset("pl-2"), 1, hands, ["QH QD", "QC QS"])
    bids(game2, "pass")
    moves(game2, "musik0")
    discard(game2, "QD JH")            # the ♦ marriage is broken again
    assert max(declare_values(game2)) == 220
