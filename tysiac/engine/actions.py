"""Actions as small ints, so that enumerating and applying them stays cheap.

=========================  ===============================================
``0 .. 23``                play card ``c``
``MELD + c``               lead ``c`` (a K or Q) announcing its marriage
``GIVE + c``               give ``c`` to the next opponent (3/4 players)
``DISCARD + c``            discard ``c`` (2 players)
``PASS``, ``BOMB``         pass in bidding; give the deal up
``REDEAL + seat``          ``seat`` asks for a new deal
``CHOOSE_MUSIK + i``       take musik ``i`` (2 players)
``BID + n``                bid ``n``
``DECLARE + n``            declare a contract of ``n``
=========================  ===============================================

The declarer gives two cards (or discards two or three) one card at a time; the
record writes them as one ``give``/``discard`` action (see ``tysiac.record``).
"""

from __future__ import annotations

from ..cards import card_display, card_str, parse_card

Action = int

MELD = 32
GIVE = 64
DISCARD = 96
PASS = 128
BOMB = 129
REDEAL = 132
CHOOSE_MUSIK = 136
BID = 1024
DECLARE = 2048
#: The most points a deal can bring (120 in cards + all four marriages): the
#: upper bound of bids and contracts where the rules set no cap.
MAX_POINTS = 400


def play(card: int, meld: bool = False) -> Action:
    return card + MELD if meld else card


def give(card: int) -> Action:
    return GIVE + card


def discard(card: int) -> Action:
    return DISCARD + card


def bid(n: int) -> Action:
    return BID + n


def declare(n: int) -> Action:
    return DECLARE + n


def choose_musik(i: int) -> Action:
    return CHOOSE_MUSIK + i


def redeal(seat: int) -> Action:
    return REDEAL + seat


def kind(a: Action) -> str:
    """One of ``play``, ``give``, ``discard``, ``pass``, ``bomb``, ``redeal``,
    ``choose_musik``, ``bid``, ``declare``."""
    if 0 <= a < PASS and a & 31 >= 24 or a < 0:
        raise ValueError(f"not an action: {a}")
    if a < GIVE:
        return "play"
    if a < DISCARD:
        return "give"
    if a < PASS:
        return "discard"
    if a == PASS:
        return "pass"
    if a == BOMB:
        return "bomb"
    if REDEAL <= a < REDEAL + 4:
        return "redeal"
    if CHOOSE_MUSIK <= a < CHOOSE_MUSIK + 2:
        return "choose_musik"
    if BID <= a < DECLARE:
        return "bid"
    if DECLARE <= a < DECLARE + 1024:
        return "declare"
    raise ValueError(f"not an action: {a}")


def card_of(a: Action) -> int:
    """The card of a play, give or discard."""
    return a & 31


def is_meld(a: Action) -> bool:
    return MELD <= a < GIVE


def value_of(a: Action) -> int:
    """The number of a bid or declaration, the index of a musik, the seat of a redeal."""
    if a >= DECLARE:
        return a - DECLARE
    if a >= BID:
        return a - BID
    if a >= CHOOSE_MUSIK:
        return a - CHOOSE_MUSIK
    return a - REDEAL


def to_json(a: Action) -> int | str:
    """The canonical form of RECORD.md's ``next.legal``: ``120``, ``"pass"``,
    ``0``/``1`` (musik), ``"QH"``, ``"QH+"`` (marriage lead), ``"bomb"``."""
    k = kind(a)
    if k in ("play", "give", "discard"):
        return card_str(card_of(a)) + ("+" if is_meld(a) else "")
    if k in ("bid", "declare", "choose_musik"):
        return value_of(a)
    return k


def describe(a: Action, lang: str = "pl") -> str:
    """Human text: ``D♥ + meldunek``, ``licytuj 120``, ``pas``."""
    k = kind(a)
    pl = lang == "pl"
    if k == "play":
        text = card_display(card_of(a), lang)
        return text + ((" + meldunek" if pl else " + marriage") if is_meld(a) else "")
    if k in ("give", "discard"):
        verb = {"give": ("oddaj", "give"), "discard": ("odłóż", "discard")}[k]
        return f"{verb[0 if pl else 1]} {card_display(card_of(a), lang)}"
    words = {
        "pass": ("pas", "pass"), "bomb": ("bomba", "bomb"), "redeal": ("nowe rozdanie", "redeal"),
        "choose_musik": ("musik", "musik"), "bid": ("licytuj", "bid"),
        "declare": ("graj za", "declare"),
    }[k]
    word = words[0 if pl else 1]
    if k in ("bid", "declare"):
        return f"{word} {value_of(a)}"
    if k == "choose_musik":
        return f"{word} {value_of(a) + 1}"
    return word


def parse(text: str, phase: str = "", discards: bool = False) -> Action:
    """Read :func:`to_json`'s forms back. A number is a bid, a declaration or a musik
    by ``phase``; a card in the ``exchange`` phase is a give, or a discard when
    ``discards`` (2 players). Raises ``ValueError`` on anything else."""
    t = text.strip()
    low = t.lower()
    if low in ("pass", "pas"):
        return PASS
    if low in ("bomb", "bomba"):
        return BOMB
    if low.isdigit():
        n = int(low)
        if phase == "choose_musik":
            return choose_musik(n)
        return declare(n) if phase == "declare" else bid(n)
    meld = t.endswith("+")
    c = parse_card(t.rstrip("+"))
    if phase == "exchange":
        return discard(c) if discards else give(c)
    return play(c, meld)
