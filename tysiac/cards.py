"""Cards, suits, points and marriages (RULES.md section 1).

A card is a plain ``int`` from 0 to 23: ``suit * 6 + rank``. Suits are ordered
hearts, diamonds, clubs, spades (the order of marriage values, 100 down to 40) and
ranks 9, J, Q, K, 10, A, so within a suit a higher index is a stronger card. A set
of cards is a 24-bit mask (``1 << card`` per card); the engine works on masks.

Text forms: canonical ``QH`` / ``TH`` (RECORD.md) and Polish display ``D♥`` /
``10♥``. :func:`parse_card` reads both, plus ``10``, lower case and suit symbols.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

Card = int
Suit = int

HEARTS, DIAMONDS, CLUBS, SPADES = 0, 1, 2, 3
SUITS: tuple[Suit, ...] = (HEARTS, DIAMONDS, CLUBS, SPADES)
NINE, JACK, QUEEN, KING, TEN, ACE = 0, 1, 2, 3, 4, 5

SUIT_CODES = "HDCS"
RANK_CODES = "9JQKTA"
SUIT_SYMBOLS = "♥♦♣♠"
RANK_DISPLAY_PL = ("9", "W", "D", "K", "10", "A")
RANK_DISPLAY_EN = ("9", "J", "Q", "K", "10", "A")
SUIT_NAMES = {
    "pl": ("kier", "karo", "trefl", "pik"),
    "en": ("hearts", "diamonds", "clubs", "spades"),
}

RANK_POINTS = (0, 2, 3, 4, 10, 11)
MARRIAGE_VALUES = (100, 80, 60, 40)
DECK_POINTS = 120

ALL_CARDS = (1 << 24) - 1
#: SUIT_MASK[s]: the six cards of suit s.
SUIT_MASK = tuple(0b111111 << (6 * s) for s in SUITS)
#: POINTS[c]: card points of card c.
POINTS = tuple(RANK_POINTS[c % 6] for c in range(24))
#: ABOVE[c]: the cards of c's suit that beat c.
ABOVE = tuple(SUIT_MASK[c // 6] & ~((2 << c) - 1) for c in range(24))
#: Masks of the queens and of the kings of all suits.
QUEENS = sum(1 << (6 * s + QUEEN) for s in SUITS)
KINGS = QUEENS << 1
NINES = sum(1 << (6 * s + NINE) for s in SUITS)
ACES = sum(1 << (6 * s + ACE) for s in SUITS)


def card(rank: int, suit: Suit) -> Card:
    return suit * 6 + rank


def suit_of(c: Card) -> Suit:
    return c // 6


def rank_of(c: Card) -> int:
    return c % 6


#: BIT[c] = 1 << c
BIT = tuple(1 << c for c in range(24))


def mask_of(cards: Iterable[Card]) -> int:
    """The mask of distinct cards."""
    return sum(map(BIT.__getitem__, cards))


def _bits(m: int) -> tuple[Card, ...]:
    out = []
    while m:
        low = m & -m
        out.append(low.bit_length() - 1)
        m ^= low
    return tuple(out)


# Two 12-bit halves make any 24-bit mask a concatenation of two table rows.
_LOW = tuple(_bits(m) for m in range(4096))
_HIGH = tuple(tuple(c + 12 for c in row) for row in _LOW)


def cards_of(m: int) -> tuple[Card, ...]:
    """The cards of a mask, weakest suit-index first (hearts 9 .. spades A)."""
    return _LOW[m & 4095] + _HIGH[m >> 12]


def iter_cards(m: int) -> Iterator[Card]:
    return iter(cards_of(m))


def count(m: int) -> int:
    return m.bit_count()


def points_of(m: int) -> int:
    """Card points of a set of cards."""
    return sum(POINTS[c] for c in cards_of(m))


def marriages_in(m: int) -> tuple[Suit, ...]:
    """Suits of which the set holds both king and queen."""
    both = m & (m >> 1) & QUEENS
    return tuple(s for s in SUITS if both >> (6 * s + QUEEN) & 1)


# Keyed by the queens whose kings are present too: 16 possible keys.
_MARRIAGE_TOTAL = {
    sum(1 << (6 * s + QUEEN) for s in SUITS if i >> s & 1):
        sum(MARRIAGE_VALUES[s] for s in SUITS if i >> s & 1)
    for i in range(16)
}


def marriage_total(m: int) -> int:
    """Sum of the values of the marriages in a set (the bidding cap's addend)."""
    return _MARRIAGE_TOTAL[m & (m >> 1) & QUEENS]


def partner(c: Card) -> Card:
    """The other card of a king's or queen's marriage."""
    return c ^ 1 if rank_of(c) in (QUEEN, KING) else -1


# --- text forms -----------------------------------------------------------

_RANK_READ = {
    "9": NINE, "J": JACK, "W": JACK, "Q": QUEEN, "D": QUEEN,
    "K": KING, "T": TEN, "10": TEN, "A": ACE,
}
_SUIT_READ = {ch: i for i, ch in enumerate(SUIT_CODES)} | {
    ch: i for i, ch in enumerate(SUIT_SYMBOLS)
} | {"♡": HEARTS, "♢": DIAMONDS, "♧": CLUBS, "♤": SPADES}


class CardError(ValueError):
    """A text that is not a card."""


def parse_card(text: str) -> Card:
    """Read a card: ``QH``, ``TH``, ``10h``, ``Q♥``, Polish ``D♥``, ``W♠``.

    >>> card_str(parse_card("10♥"))
    'TH'
    """
    t = text.strip().upper()
    if len(t) < 2 or t[:-1] not in _RANK_READ or t[-1] not in _SUIT_READ:
        raise CardError(f"not a card: {text!r} (expected e.g. QH, TH, 10H, D♥)")
    return _SUIT_READ[t[-1]] * 6 + _RANK_READ[t[:-1]]


def card_str(c: Card) -> str:
    """Canonical form, as written in records: ``QH``."""
    return RANK_CODES[c % 6] + SUIT_CODES[c // 6]


def card_display(c: Card, lang: str = "pl") -> str:
    """Display form with a suit symbol: ``D♥`` in Polish, ``Q♥`` in English."""
    ranks = RANK_DISPLAY_PL if lang == "pl" else RANK_DISPLAY_EN
    return ranks[c % 6] + SUIT_SYMBOLS[c // 6]


def parse_suit(text: str) -> Suit:
    t = text.strip().upper()
    if t not in _SUIT_READ:
        raise CardError(f"not a suit: {text!r} (expected H, D, C or S)")
    return _SUIT_READ[t]


def suit_str(s: Suit) -> str:
    return SUIT_CODES[s]


def cards_str(m: int) -> list[str]:
    return [card_str(c) for c in cards_of(m)]


def sorted_for_display(m: int) -> list[Card]:
    """A hand as players hold it: by suit, strongest card first."""
    return sorted(cards_of(m), key=lambda c: (c // 6, -(c % 6)))
