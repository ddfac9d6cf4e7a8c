"""The draw game (``mode=dobierany``, RULES.md sections 2, 5, 6, 7): 6 cards each and
a 12-card stock, no bidding, the non-dealer leads, draws after each trick (winner
first), no duty to follow while the stock lasts, all points added unrounded, and a
tie over the goal plays another deal."""

from __future__ import annotations

from tysiac import Game, Rules

from .helpers import A, cards, dealt, moves, names, rule_of, sheet, tricks

HANDS = ["9S JS QS 9H JH KD", "AH TH KH QH AS TS"]
STOCK = "QD 9D JD TD AD KS 9C JC QC KC TC AC"      # top first


def deal() -> Game:
    return dealt(Rules.preset("dobierany"), 0, HANDS, [], STOCK)


def legal_cards(game: Game) -> set[str]:
    return names([A.card_of(a) for a in game.legal_actions() if not A.is_meld(a)])


def test_no_bidding_the_non_dealer_leads() -> None:
    game = deal()
    assert game.phase_name == "play"
    assert game.to_move == 1
    assert all(A.kind(a) == "play" for a in game.legal_actions())
    assert rule_of(game, A.bid(110)) == "wrong_phase"
    assert rule_of(game, A.PASS) == "wrong_phase"
    assert rule_of(game, A.play(cards("9S")[0]), seat=0) == "not_your_turn"


def test_draws_winner_first_and_no_duty_while_the_stock_lasts() -> None:
    game = deal()
    moves(game, "AH")
    # Seat 0 holds 9♥ and J♥ but need not follow: any card.
    assert legal_cards(game) == set(HANDS[0].split())
    moves(game, "9S")
    assert game.tricks[-1][2] == 1
    # Seat 1 took the trick: it draws the top card (Q♦), seat 0 the next (9♦).
    assert names(game.hands[1]) == {"TH", "KH", "QH", "AS", "TS", "QD"}
    assert names(game.hands[0]) == {"JS", "QS", "9H", "JH", "KD", "9D"}
    assert len(game.stock) == 10
    assert game.view(1).drawn == tuple(cards("QD"))
    assert game.view(0).drawn == tuple(cards("9D"))
    assert game.view(0).stock_size == 10


def test_a_whole_draw_game_deal() -> None:
    game = deal()
    tricks(game, "AH 9S")                   # seat 1: 11; draws Q♦ / 9♦
    moves(game, "KH+")                      # marriages as in the 3-player game
    assert game.trump == 0 and game.meld_points == [0, 100]
    moves(game, "KD")                       # seat 1: 8; draws J♦ / 10♦
    tricks(game, "QD JH")                   # a trump wins, seat 0: 5; draws A♦ / K♠
    tricks(game, "AD AS")                   # seat 0: 22; draws 9♣ / J♣
    tricks(game, "9C TH")                   # seat 1 trumps: 10; draws Q♣ / K♣
    tricks(game, "JC KC")                   # seat 0: 6; draws 10♣ / A♣
    assert game.stock == []
    # The stock is empty: the follow duties apply from the seventh trick on.
    moves(game, "TC")
    assert legal_cards(game) == {"AC"}
    assert rule_of(game, A.play(cards("QC")[0])) == "must_beat"
    assert rule_of(game, A.play(cards("QH")[0])) == "must_follow"
    moves(game, "AC")                       # seat 1: 21
    moves(game, "KS")
    assert legal_cards(game) == {"JS", "QS"}
    assert rule_of(game, A.play(cards("9H")[0])) == "must_follow"
    moves(game, "QS")                       # seat 1: 7
    moves(game, "QC")
    assert legal_cards(game) == {"9H"}      # void in ♣: trump
    moves(game, "9H")                       # seat 0: 3
    tricks(game, "9D JD", "TS JS", "QH TD")  # seat 1: 2, 12, 13
    result = game.results[-1]
    assert result.cards == (36, 84)
    assert result.points == (36, 184)
    # Both add everything, unrounded; no declarer, no contract.
    assert result.delta == (36, 184)
    assert (result.declarer, result.contract) == (None, None)
    assert game.dealer == 1 and game.phase_name == "deal"


def test_meld_first_trick_false_holds_in_dobierany() -> None:
    game = dealt(Rules.preset("dobierany", meld_first_trick=False), 0, HANDS, [], STOCK)
    assert not any(A.is_meld(a) for a in game.legal_actions())
    assert rule_of(game, A.play(cards("KH")[0], meld=True)) == "meld_not_allowed"
    tricks(game, "AH 9S")
    assert A.play(cards("KH")[0], meld=True) in game.legal_actions()


def test_higher_score_wins_and_a_tie_plays_another_deal() -> None:
    game = Game(Rules.preset("dobierany"), first_dealer=0, start_scores=[940, 940])
    sheet(game, None, None, (60, 60))
    assert game.scores == (1000, 1000)
    assert not game.is_over and game.winner is None
    sheet(game, None, None, (70, 50))
    assert game.is_over and game.winner == 0


def test_dobierany_has_no_barrier() -> None:
    game = Game(Rules.preset("dobierany"), first_dealer=0, start_scores=[850, 0])
    assert sheet(game, None, None, (67, 53)) == (67, 53)
    game = Game(Rules.preset("dobierany", barrier=800), first_dealer=0,
                start_scores=[850, 0])
    assert sheet(game, None, None, (67, 53)) == (67, 53)


def test_both_over_the_goal_the_higher_score_wins() -> None:
    game = Game(Rules.preset("dobierany"), first_dealer=0, start_scores=[950, 990])
    sheet(game, None, None, (55, 65))
    assert game.scores == (1005, 1055)
    assert game.winner == 1


def test_undo_and_copy_across_a_draw() -> None:
    game = deal()
    moves(game, "AH")
    twin = game.copy()
    moves(game, "9S")
    assert len(game.stock) == 10 and len(twin.stock) == 12
    game.undo()
    assert len(game.stock) == 12 and game.hands == twin.hands and game.to_move == 0
    moves(twin, "9S")
    assert names(twin.hands[1]) == {"TH", "KH", "QH", "AS", "TS", "QD"}
    assert names(twin.hands[0]) == {"JS", "QS", "9H", "JH", "KD", "9D"}
