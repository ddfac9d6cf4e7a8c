"""The checked door (``Game.play``): RECORD.md's rule ids and their precedence, the
message in Polish and English, nothing applied on error; the fast door (``apply``)
agreeing with it; copies and undo."""

from __future__ import annotations

import pytest

from tysiac import Game, IllegalAction, Rules
from tysiac.engine import RULE_IDS

from .helpers import A, bids, cards, dealt, give, moves, position, rule_of, sheet, tricks

HANDS3 = ["KH 9H JH AD TD 9C JC", "AH TH 9D JD KC QC AS", "QD KD TC AC TS KS 9S"]
MUSIK3 = "QH QS JS"
P3 = ("QH KH 9H AD TD 9D AC TC", "AH AS TS KS QS JS 9S JD", "JH TH KD QD KC QC JC 9C")


def deal3(rules: Rules | None = None) -> Game:
    return dealt(rules or Rules.preset("pl-3"), 2, HANDS3, [MUSIK3])


def card(text: str) -> int:
    return cards(text)[0]


def test_the_seat_comes_first() -> None:
    game = deal3()
    assert game.to_move == 1
    # Seat 2 is not to move: not_your_turn, whatever the action.
    assert rule_of(game, A.bid(110), seat=2) == "not_your_turn"
    assert rule_of(game, A.give(card("QD")), seat=2) == "not_your_turn"
    assert rule_of(game, A.play(card("QD")), seat=2) == "not_your_turn"


def test_then_the_kind_of_action_for_the_phase() -> None:
    game = deal3()
    assert rule_of(game, A.give(card("AH"))) == "wrong_phase"
    assert rule_of(game, A.declare(120)) == "wrong_phase"
    assert rule_of(game, A.play(card("AH"))) == "wrong_phase"
    assert rule_of(game, A.choose_musik(0)) == "wrong_phase"


def test_between_deals_nothing_but_dealing() -> None:
    game = Game(Rules.preset("pl-3"), seed=1)
    assert game.phase_name == "deal"
    assert rule_of(game, A.PASS, seat=0) == "wrong_phase"
    game.deal()
    with pytest.raises(ValueError):
        game.deal()               # a deal is in progress


def test_for_a_play_card_not_in_hand_then_meld_then_follow() -> None:
    game = position(*P3)
    moves(game, "QH+ AH TH 9S")
    # C to play, void in ♠ with J♥ (a trump): every candidate breaks the duty.
    assert rule_of(game, A.play(card("9H"), meld=True)) == "card_not_in_hand"
    assert rule_of(game, A.play(card("KD"), meld=True)) == "meld_not_allowed"
    assert rule_of(game, A.play(card("KD"))) == "must_trump"


def test_every_rejection_says_why_in_polish_and_english() -> None:
    rejected: list[IllegalAction] = []

    def collect(game: Game, action: int, seat: int | None = None) -> None:
        with pytest.raises(IllegalAction) as err:
            game.play(action, seat)
        rejected.append(err.value)

    game = deal3()
    collect(game, A.bid(110), seat=2)           # not_your_turn
    collect(game, A.give(0))                    # wrong_phase
    collect(game, A.bid(100))                   # bid_too_low
    collect(game, A.bid(115))                   # bid_step
    collect(game, A.bid(190))                   # bid_over_cap (B: 120 + ♣ 60)
    collect(game, A.redeal(1))                  # redeal_not_allowed
    bids(game, "pass pass")
    collect(game, A.give(card("AH")))           # card_not_in_hand
    collect(game, A.BOMB)                       # bomb_not_allowed
    give(game, "QS JS")
    collect(game, A.declare(230))               # declare_over_cap
    game2 = deal3()
    bids(game2, "110 pass 120 pass")
    give(game2, "QS JS")
    collect(game2, A.declare(110))              # declare_too_low
    game3 = position(*P3)
    collect(game3, A.play(card("AD"), meld=True))   # meld_not_allowed
    moves(game3, "QH+ AH TH 9S JH")
    collect(game3, A.play(card("9H")))          # must_overtrump
    collect(game3, A.play(card("AD")))          # must_trump
    game4 = position("9S JS 9D JD 9C JC QH KH", "KS AS TD KD QD AD TC 9H",
                     "QS TS AC KC QC JH TH AH")
    moves(game4, "9S KS")
    collect(game4, A.play(card("QS")))          # must_beat
    collect(game4, A.play(card("AC")))          # must_follow
    game5 = Game(Rules.preset("pl-3"), first_dealer=2, start_scores=[900, 0, 0])
    sheet(game5, 0, 120, (100, 10, 10), melds="H//")
    collect(game5, A.PASS)                      # game_over

    rules_seen = {e.rule for e in rejected}
    assert rules_seen == {
        "not_your_turn", "wrong_phase", "bid_too_low", "bid_step", "bid_over_cap",
        "redeal_not_allowed", "card_not_in_hand", "bomb_not_allowed", "declare_over_cap",
        "declare_too_low", "meld_not_allowed", "must_overtrump", "must_trump", "must_beat",
        "must_follow", "game_over"}
    for e in rejected:
        assert e.rule in RULE_IDS
        pl, en = e.message("pl"), e.message("en")
        assert pl and en and pl != en, e.rule
        assert "{" not in pl + en, e.rule
        assert str(e) == en                     # the exception reads in English


def test_play_applies_nothing_on_error_and_the_game_goes_on() -> None:
    game = position(*P3)
    moves(game, "QH+ AH TH 9S")
    snapshot = game.copy()
    for bad in (A.play(card("AD")), A.play(card("KD"), meld=True), A.bid(120), A.BOMB):
        with pytest.raises(IllegalAction):
            game.play(bad)
    assert game.hands == snapshot.hands and game.trick == snapshot.trick
    assert game.actions == snapshot.actions and game.to_move == snapshot.to_move
    moves(game, "JH KH")
    assert game.tricks[-1][2] == 0


def test_the_fast_door_reaches_the_same_state() -> None:
    checked, fast = position(*P3), position(*P3)
    line = ["QH+", "AH", "TH", "9S", "JH", "KH", "9D", "JD", "KD", "QC+", "TC"]
    for text in line:
        a = A.play(card(text.rstrip("+")), meld=text.endswith("+"))
        assert a in checked.legal_actions()
        checked.play(a)
        fast.apply(a)
    for field in ("hands", "trick", "trump", "taken", "won", "meld_points", "to_move",
                  "tricks", "melds"):
        assert getattr(checked, field) == getattr(fast, field), field


def test_every_legal_action_passes_the_check_and_others_fail() -> None:
    for seed in range(6):
        game = Game(Rules.preset("pl-3"), seed=seed)
        game.deal()
        while game.phase_name not in ("deal", "game_over"):
            legal = set(game.legal_actions())
            for a in legal:
                game.check(a)
            for c in range(24):
                for a in (A.play(c), A.give(c)):
                    if a not in legal and game.phase_name in ("play", "exchange"):
                        with pytest.raises(IllegalAction):
                            game.check(a)
            game.apply(sorted(legal)[seed % len(legal)])


# --- copy and undo --------------------------------------------------------------------

def test_copy_is_independent() -> None:
    game = position(*P3)
    moves(game, "QH+ AH")
    twin = game.copy()
    moves(twin, "TH 9S JH KH")
    assert len(game.trick) == 2 and game.tricks_done == 0
    assert card("TH") in game.hand(2) and card("TH") not in twin.hand(2)
    assert len(game.actions) + 4 == len(twin.actions)
    assert game.log[-1] is not twin.log[-1]
    moves(game, "JH")
    assert twin.tricks[0][1] == tuple(cards("QH AH TH"))
    assert game.tricks[0][1] == tuple(cards("QH AH JH"))


def test_copy_deals_the_same_next_deal() -> None:
    game = Game(Rules.preset("pl-3"), seed=42)
    twin = game.copy()
    game.deal()
    twin.deal()
    assert game.hands == twin.hands and game.musiks == twin.musiks


def test_undo_takes_back_the_last_action() -> None:
    game = position(*P3)
    moves(game, "QH+ AH")
    before = (list(game.hands), game.to_move, list(game.trick), game.trump,
              list(game.meld_points), game.legal_actions())
    moves(game, "TH")
    assert game.tricks_done == 1
    game.undo()
    assert (list(game.hands), game.to_move, list(game.trick), game.trump,
            list(game.meld_points), game.legal_actions()) == before
    game.undo()
    game.undo()
    assert game.trump == -1 and game.meld_points == [0, 0, 0] and game.to_move == 0
    moves(game, "QH+ AH JH")                 # a different line from the same point
    assert game.tricks[-1][1] == tuple(cards("QH AH JH"))


def test_undo_the_action_that_settled_the_deal() -> None:
    game = position(*P3)
    tricks(game, "QH+ AH TH", "9S JH KH", "9D JD KD", "QC+ TC JS", "9H QS 9C",
           "QD AD KS", "AC TS JC", "TD AS KC")
    assert game.scores == (100, 20, 90) and game.dealer == 0
    game.undo()
    assert game.results == [] and game.scores == (0, 0, 0) and game.dealer == 2
    assert game.phase_name == "play" and game.to_move == 2
    assert game.legal_actions() == (card("KC"),)
    moves(game, "KC")
    assert game.scores == (100, 20, 90)


def test_undo_through_bidding_and_a_redeal() -> None:
    game = deal3(Rules.preset("pl-3", redeal_weak_hand_max=41))   # B holds 41
    assert A.redeal(1) in game.legal_actions()
    game.play(A.redeal(1))
    assert game.phase_name == "deal"
    game.undo()
    assert game.phase_name == "bid" and game.to_move == 1 and game.bids == []
    bids(game, "110")
    game.undo()
    assert game.bid == 100 and game.to_move == 1


def test_undo_with_nothing_to_take_back() -> None:
    game = Game(Rules.preset("pl-3"), seed=1)
    with pytest.raises(IllegalAction) as err:
        game.undo()
    # The message says what is wrong (it named "seat -1" before).
    assert err.value.message("pl") == "Nie ma czego cofnąć w tym rozdaniu"
    assert err.value.message("en") == "There is nothing to take back in this deal"
    game.deal()
    with pytest.raises(IllegalAction) as err:
        game.undo()
    assert err.value.rule == "wrong_phase" and "-1" not in err.value.message("en")
