"""RULES.md section 5: leading, marriages and trump, the follow duties with their
switches (``must_beat``, ``must_trump``, ``must_overtrump``, ``meld_first_trick``),
and who wins a trick — played with real cards through the checked door."""

from __future__ import annotations

import pytest

from tysiac import Game, Rules
from tysiac.cards import mask_of
from tysiac.engine.tricks import NO_TRUMP, beats, follow_mask

from .helpers import A, cards, moves, names, position, rule_of, tricks


def legal_cards(game: Game) -> set[str]:
    return names([A.card_of(a) for a in game.legal_actions() if not A.is_meld(a)])


def card(text: str) -> int:
    return cards(text)[0]


# P1: no trump yet. A leads; B and C follow.
P1 = ("9S JS 9D JD 9C JC QH KH", "KS AS TD KD QD AD TC 9H", "QS TS AC KC QC JH TH AH")


def test_follow_suit_and_beat_the_winning_card() -> None:
    game = position(*P1)
    moves(game, "9S")
    assert legal_cards(game) == {"KS", "AS"}          # both beat 9♠
    assert rule_of(game, A.play(card("TD"))) == "must_follow"
    moves(game, "KS")
    assert legal_cards(game) == {"TS"}                # only 10♠ beats K♠
    assert rule_of(game, A.play(card("QS"))) == "must_beat"
    assert rule_of(game, A.play(card("AC"))) == "must_follow"
    moves(game, "TS")
    assert game.tricks[-1] == (0, tuple(cards("9S KS TS")), 2)
    assert game.to_move == 2                          # the winner leads next
    assert game.taken == [0, 0, 14]


def test_must_beat_counts_the_card_winning_now_not_the_lead() -> None:
    game = position(*P1)
    moves(game, "9S AS")
    # Nothing of C's beats A♠: any spade will do.
    assert legal_cards(game) == {"QS", "TS"}
    moves(game, "QS")
    assert game.tricks[-1][2] == 1


def test_must_beat_false_any_card_of_the_led_suit() -> None:
    game = position(*P1, rules=Rules.preset("pl-3", must_beat=False))
    moves(game, "9S KS")
    assert legal_cards(game) == {"QS", "TS"}
    moves(game, "QS")                                 # K♠ still wins
    assert game.tricks[-1][2] == 1


def test_void_without_trump_plays_anything_and_another_suit_never_wins() -> None:
    game = position(*P1)
    moves(game, "9D")
    assert legal_cards(game) == {"TD", "KD", "QD", "AD"}
    moves(game, "TD")
    # C is void in ♦ and there is no trump: any card; its ace does not win.
    assert legal_cards(game) == set(P1[2].split())
    moves(game, "AH")
    assert game.tricks[-1][2] == 1


# P2: A announces ♥ in the first trick; B keeps a low trump.
P2 = ("QH KH TH AH KS 9D JD 9C", "9H JH AD TD KD QD KC TC", "JS QS 9S TS AS AC QC JC")


def test_marriage_lead_scores_at_once_and_makes_trump_from_this_trick() -> None:
    game = position(*P2)
    assert A.play(card("QH"), meld=True) in game.legal_actions()
    assert A.play(card("KH"), meld=True) in game.legal_actions()
    moves(game, "QH+")
    assert game.trump == 0
    assert game.meld_points == [100, 0, 0]
    assert game.melds == [(0, 0)]
    assert game.view(1).points == (100, 0, 0)
    assert legal_cards(game) == {"9H", "JH"}          # nothing beats Q♥
    moves(game, "9H")
    # C is void in the led suit, which is the trump: no trump to play, any card.
    assert legal_cards(game) == set(P2[2].split())
    moves(game, "AC")
    assert game.tricks[-1][2] == 0


def test_void_must_trump_and_a_trump_wins_over_the_led_suit() -> None:
    game = position(*P2)
    tricks(game, "QH+ 9H AC")
    moves(game, "KS")
    assert legal_cards(game) == {"JH"}
    assert rule_of(game, A.play(card("AD"))) == "must_trump"
    moves(game, "JH")
    # The led suit is not trump and a trump wins: any spade will do, not only those
    # that beat the K♠ led.
    assert legal_cards(game) == {"JS", "QS", "9S", "TS", "AS"}
    moves(game, "AS")
    assert game.tricks[-1] == (0, tuple(cards("KS JH AS")), 1)   # the trump wins


def test_must_trump_false_a_void_plays_anything() -> None:
    game = position(*P2, rules=Rules.preset("pl-3", must_trump=False))
    tricks(game, "QH+ 9H AC")
    moves(game, "KS")
    assert legal_cards(game) == {"JH", "AD", "TD", "KD", "QD", "KC", "TC"}
    moves(game, "AD")
    assert legal_cards(game) == {"TS", "AS"}          # no trump in it: beat K♠
    moves(game, "TS")
    assert game.tricks[-1][2] == 2


def test_a_king_led_without_announcing_forfeits_the_marriage() -> None:
    game = position(*P2)
    moves(game, "KH")
    assert game.trump == -1 and game.meld_points == [0, 0, 0]
    moves(game, "9H AC")
    assert game.to_move == 0
    assert A.play(card("QH"), meld=True) not in game.legal_actions()
    assert rule_of(game, A.play(card("QH"), meld=True)) == "meld_not_allowed"


def test_meld_first_trick_false() -> None:
    game = position(*P2, rules=Rules.preset("house-3"))
    assert not any(A.is_meld(a) for a in game.legal_actions())
    assert rule_of(game, A.play(card("QH"), meld=True)) == "meld_not_allowed"
    tricks(game, "AH 9H AC")
    # From the second trick on the leader may announce.
    assert A.play(card("QH"), meld=True) in game.legal_actions()
    moves(game, "KH+")
    assert game.trump == 0 and game.meld_points[0] == 100


def test_meld_needs_a_king_or_queen_and_its_partner_and_the_lead() -> None:
    game = position(*P2)
    assert rule_of(game, A.play(card("AH"), meld=True)) == "meld_not_allowed"
    assert rule_of(game, A.play(card("KS"), meld=True)) == "meld_not_allowed"
    # A card not held comes first: card_not_in_hand, then meld_not_allowed.
    assert rule_of(game, A.play(card("QS"), meld=True)) == "card_not_in_hand"
    moves(game, "TH")
    # B holds K♣ but not Q♣, and is not leading.
    assert rule_of(game, A.play(card("KC"), meld=True)) == "meld_not_allowed"


# P3: trumps, overtrumping, a defender's marriage changing trump; a whole deal.
P3 = ("QH KH 9H AD TD 9D AC TC", "AH AS TS KS QS JS 9S JD", "JH TH KD QD KC QC JC 9C")


def test_section_5_walk_through_a_whole_deal() -> None:
    game = position(*P3)
    moves(game, "QH+")
    assert legal_cards(game) == {"AH"}
    moves(game, "AH")
    assert legal_cards(game) == {"JH", "TH"}          # nothing beats A♥
    moves(game, "TH")
    assert game.tricks[-1][2] == 1                    # B wins with A♥ and leads
    moves(game, "9S")
    # C is void in ♠: must trump.
    assert legal_cards(game) == {"JH"}
    # A marriage is announced only when leading; that comes before the follow duty.
    assert rule_of(game, A.play(card("KD"), meld=True)) == "meld_not_allowed"
    moves(game, "JH")
    # A is void in ♠, J♥ is in the trick: beat it with K♥, not 9♥.
    assert legal_cards(game) == {"KH"}
    assert rule_of(game, A.play(card("9H"))) == "must_overtrump"
    assert rule_of(game, A.play(card("AD"))) == "must_trump"
    moves(game, "KH")
    assert game.tricks[-1][2] == 0
    tricks(game, "9D JD KD")                          # C beats J♦ with K♦
    assert game.to_move == 2
    # A defender announces: ♣ is trump from now on, ♥ no longer.
    moves(game, "QC+")
    assert (game.trump, game.meld_points) == (2, [100, 0, 60])
    assert legal_cards(game) == {"AC", "TC"}
    moves(game, "TC JS")
    assert game.tricks[-1][2] == 0
    moves(game, "9H QS")                              # 9♥ is no trump now
    assert legal_cards(game) == {"KC", "JC", "9C"}
    assert rule_of(game, A.play(card("QD"))) == "must_trump"
    moves(game, "9C")
    assert game.tricks[-1][2] == 2
    tricks(game, "QD AD KS", "AC TS JC", "TD AS KC")
    result = game.results[-1]
    # Cards: A 6+15+18+23 = 62, B 24, C 6+3+25 = 34; marriages A 100, C 60.
    assert result.cards == (62, 24, 34)
    assert result.points == (162, 24, 94)
    assert result.tricks == (4, 1, 3)
    assert result.melds == ((0,), (), (2,))
    # Contract 100 made: +100; defenders rounded: 24 → 20, 94 → 90.
    assert result.delta == (100, 20, 90)


def test_no_trump_in_the_trick_yet_any_trump_will_do() -> None:
    game = position(*P3)
    tricks(game, "QH+ AH JH")                         # C keeps 10♥
    moves(game, "9S TH")
    # 10♥ wins; A holds only lower trumps: it must still play one of them.
    assert legal_cards(game) == {"KH", "9H"}
    assert rule_of(game, A.play(card("AD"))) == "must_trump"
    moves(game, "9H")
    assert game.tricks[-1][2] == 2


def test_must_overtrump_false_any_trump() -> None:
    game = position(*P3, rules=Rules.preset("pl-3", must_overtrump=False))
    tricks(game, "QH+ AH TH")
    moves(game, "9S JH")
    assert legal_cards(game) == {"KH", "9H"}
    moves(game, "9H")
    assert game.tricks[-1][2] == 2                    # J♥ beats 9♥


def test_checked_door_names_the_seat_and_the_card_in_both_languages() -> None:
    from tysiac import IllegalAction
    game = position(*P1)
    moves(game, "9S KS")
    with pytest.raises(IllegalAction) as err:
        game.play(A.play(card("QS")))
    assert err.value.rule == "must_beat"
    pl, en = err.value.message("pl"), err.value.message("en")
    assert "10♠" in pl and "K♠" in pl and "gracz 2" in pl
    # One card form per language, as the account shows cards (issue 11).
    assert "10♠" in en and "K♠" in en and "seat 2" in en and "TS" not in en
    assert err.value.message("pl", names=["Ania", "Bartek", "Celina"]).startswith("Celina")


# --- the duties as a pure function (engine/tricks.py) -------------------------------

def m(text: str) -> int:
    return mask_of(cards(text))


@pytest.mark.parametrize(("hand", "lead", "win", "trump", "switches", "legal"), [
    # 1. follow; 2. beat the winning card if you can.
    ("9S KS AS AH", 3, "QS", NO_TRUMP, (True, True, True), "KS AS"),
    ("9S JS AH", 3, "QS", NO_TRUMP, (True, True, True), "9S JS"),
    ("9S KS AS AH", 3, "QS", NO_TRUMP, (False, True, True), "9S KS AS"),
    # The led suit is trump: following, beat the winning trump.
    ("9H AH KS", 0, "QH", 0, (True, True, True), "AH"),
    # A trump wins a non-trump lead: any card of the led suit.
    ("9S AS AH", 3, "9H", 0, (True, True, True), "9S AS"),
    # 3. void: trump; beat a trump in the trick if you can, else a lower one.
    ("9H AH KD", 3, "QS", 0, (True, True, True), "9H AH"),
    ("9H AH KD", 3, "QH", 0, (True, True, True), "AH"),
    ("9H JH KD", 3, "QH", 0, (True, True, True), "9H JH"),
    ("9H AH KD", 3, "QH", 0, (True, True, False), "9H AH"),
    ("9H AH KD", 3, "QH", 0, (True, False, True), "9H AH KD"),
    # 4. no led suit and no trump: anything.
    ("9D KD AC", 3, "QS", 0, (True, True, True), "9D KD AC"),
    ("9D KD AC", 3, "QS", NO_TRUMP, (True, True, True), "9D KD AC"),
])
def test_follow_duties(hand: str, lead: int, win: str, trump: int,
                       switches: tuple[bool, bool, bool], legal: str) -> None:
    assert names(follow_mask(m(hand), lead, card(win), trump, *switches)) == set(legal.split())


@pytest.mark.parametrize(("played", "winning", "trump", "wins"), [
    ("TS", "KS", NO_TRUMP, True),       # the ten beats the king
    ("KS", "TS", NO_TRUMP, False),
    ("AH", "9S", NO_TRUMP, False),      # another suit never wins, an ace included
    ("9H", "AS", 0, True),              # the lowest trump beats a non-trump ace
    ("9H", "TH", 0, False),
    ("AS", "9H", 0, False),
])
def test_trick_winner(played: str, winning: str, trump: int, wins: bool) -> None:
    assert beats(card(played), card(winning), trump) is wins
