"""RULES.md section 1 (cards, order, points, marriages) and RECORD.md's card forms."""

from __future__ import annotations

import pytest

from tysiac.cards import (
    ABOVE,
    POINTS,
    SUIT_MASK,
    CardError,
    card_display,
    card_str,
    cards_of,
    marriage_total,
    marriages_in,
    mask_of,
    parse_card,
    parse_suit,
    partner,
    points_of,
    sorted_for_display,
)

from .helpers import cards, names

SUITS = "HDCS"
HIGH_TO_LOW = ["A", "T", "K", "Q", "J", "9"]


def test_the_deck_is_24_distinct_cards() -> None:
    every = [parse_card(r + s) for s in SUITS for r in HIGH_TO_LOW]
    assert sorted(every) == list(range(24))


@pytest.mark.parametrize("suit", SUITS)
def test_order_in_a_suit_is_a_ten_king_queen_jack_nine(suit: str) -> None:
    ranked = [parse_card(r + suit) for r in HIGH_TO_LOW]
    for i, c in enumerate(ranked):
        # ABOVE[c] is exactly the cards written before c: the ten beats the king.
        assert names(ABOVE[c]) == {r + suit for r in HIGH_TO_LOW[:i]}


@pytest.mark.parametrize(("rank", "points"),
                         [("A", 11), ("T", 10), ("K", 4), ("Q", 3), ("J", 2), ("9", 0)])
def test_card_points(rank: str, points: int) -> None:
    for suit in SUITS:
        assert POINTS[parse_card(rank + suit)] == points


def test_a_suit_is_30_and_the_deck_120() -> None:
    for s in range(4):
        assert points_of(SUIT_MASK[s]) == 30
    assert points_of(mask_of(range(24))) == 120


@pytest.mark.parametrize(("suit", "value"), [("H", 100), ("D", 80), ("C", 60), ("S", 40)])
def test_marriage_values(suit: str, value: int) -> None:
    pair = mask_of(cards(f"K{suit} Q{suit}"))
    assert marriage_total(pair) == value
    assert marriages_in(pair) == ("HDCS".index(suit),)
    # One card of the pair is no marriage.
    assert marriage_total(mask_of(cards(f"K{suit}"))) == 0


def test_marriages_add_up_and_need_king_and_queen_of_one_suit() -> None:
    assert marriage_total(mask_of(cards("KH QH KD QD"))) == 180
    assert marriage_total(mask_of(cards("KH QH KD QD KC QC KS QS"))) == 280
    assert marriage_total(mask_of(cards("KH QD KC QS AH TH"))) == 0
    assert marriages_in(mask_of(cards("KS QS KD QD 9H"))) == (1, 3)


def test_partner_of_king_and_queen() -> None:
    assert partner(parse_card("KH")) == parse_card("QH")
    assert partner(parse_card("QS")) == parse_card("KS")
    assert partner(parse_card("AH")) == -1
    assert partner(parse_card("JD")) == -1


@pytest.mark.parametrize(("text", "canonical"), [
    ("QH", "QH"), ("TH", "TH"), ("10H", "TH"), ("10h", "TH"), ("th", "TH"),
    ("Q♥", "QH"), ("D♥", "QH"), ("10♥", "TH"), ("W♠", "JS"), ("J♠", "JS"),
    ("A♦", "AD"), ("K♣", "KC"), ("9s", "9S"), (" AS ", "AS"),
])
def test_parse_accepts_every_written_form(text: str, canonical: str) -> None:
    assert card_str(parse_card(text)) == canonical


@pytest.mark.parametrize("text", ["", "Q", "XH", "QX", "1H", "11H", "QHH", "10", "♥"])
def test_parse_rejects_a_non_card_with_a_message(text: str) -> None:
    with pytest.raises(CardError) as err:
        parse_card(text)
    assert repr(text) in str(err.value)
    assert isinstance(err.value, ValueError)


def test_canonical_form_round_trips_for_every_card() -> None:
    for c in range(24):
        assert parse_card(card_str(c)) == c
        assert parse_card(card_display(c, "pl")) == c
        assert parse_card(card_display(c, "en")) == c


@pytest.mark.parametrize(("code", "pl", "en"), [
    ("QH", "D♥", "Q♥"), ("TH", "10♥", "10♥"), ("JS", "W♠", "J♠"), ("AD", "A♦", "A♦"),
    ("KC", "K♣", "K♣"), ("9S", "9♠", "9♠"),
])
def test_display_forms(code: str, pl: str, en: str) -> None:
    c = parse_card(code)
    assert card_display(c) == pl        # Polish by default
    assert card_display(c, "pl") == pl
    assert card_display(c, "en") == en


def test_parse_suit() -> None:
    assert [parse_suit(s) for s in ("H", "d", "♣", "♠")] == [0, 1, 2, 3]
    with pytest.raises(CardError):
        parse_suit("X")


def test_masks_round_trip() -> None:
    hand = cards("AS 9H KD QD TC")
    assert sorted(cards_of(mask_of(hand))) == sorted(hand)
    assert points_of(mask_of(hand)) == 11 + 0 + 4 + 3 + 10


def test_sorted_for_display_groups_suits_strongest_first() -> None:
    hand = mask_of(cards("9H AS KH TH QS 9D"))
    assert [card_str(c) for c in sorted_for_display(hand)] == [
        "TH", "KH", "9H", "9D", "AS", "QS"]
