"""Who plays a deal and which cards they get: seating, dealing, checking given cards."""

from __future__ import annotations

from collections.abc import Sequence

from ..cards import card_display, mask_of
from ..rules import Rules
from .errors import IllegalAction

Dealt = tuple[list[int], list[int], tuple[int, ...]]   # hand masks, musik masks, stock


def seating(rules: Rules, dealer: int) -> tuple[tuple[int, ...], tuple[int, ...], int | None]:
    """Who plays a deal, clockwise from dealer+1; the next playing seat of each
    seat; the sitting-out seat (4 players, option ``sitting_out``)."""
    n, d = rules.players, dealer
    out = None
    if n == 4:
        out = {"dealer": d, "right_of_dealer": (d + 3) % 4,
               "opposite_dealer": (d + 2) % 4}[rules.sitting_out]
    order = tuple((d + i) % n for i in range(1, n + 1) if (d + i) % n != out)
    nxt = [0] * n
    for i, s in enumerate(order):
        nxt[s] = order[(i + 1) % len(order)]
    if out is not None:
        nxt[out] = nxt[(out - 1) % 4]
    return order, tuple(nxt), out


def deal_deck(rules: Rules, order: Sequence[int], deck: Sequence[int]) -> Dealt:
    """Hands to the playing seats in ``order``, then the musiks, then the stock."""
    size, msize, count = rules.hand_size, rules.musik_size, rules.musik_count
    hands = [0] * rules.players
    for i, seat in enumerate(order):
        hands[seat] = mask_of(deck[i * size:(i + 1) * size])
    at = len(order) * size
    musiks = [mask_of(deck[at + i * msize:at + (i + 1) * msize]) for i in range(count)]
    return hands, musiks, tuple(deck[at + count * msize:])


def check_cards(rules: Rules, sitting_out: int | None, hands: Sequence[Sequence[int]],
                musiks: Sequence[Sequence[int]], stock: Sequence[int]) -> Dealt:
    """Given cards as masks, or ``bad_deal`` if they are not one deck or do not fit
    the table."""
    n = rules.players

    def bad(pl: str, en: str) -> IllegalAction:
        return IllegalAction("bad_deal", detail=(pl, en))

    if len(hands) != n:
        raise bad(f"Potrzeba {n} rąk, jest {len(hands)}", f"expected {n} hands, got {len(hands)}")
    for s, h in enumerate(hands):
        want = 0 if s == sitting_out else rules.hand_size
        if len(h) != want:
            raise bad(f"Gracz {s} powinien mieć {want} kart, ma {len(h)}",
                      f"seat {s} should be dealt {want} cards, not {len(h)}")
    count, size = rules.musik_count, rules.musik_size
    if len(musiks) != count:
        raise bad(*_musik_count(count, size, len(musiks)))
    for i, m in enumerate(musiks):
        if len(m) != size:
            pl, en = (f"Musik {i + 1}", f"musik {i + 1}") if count > 1 else ("Musik", "the musik")
            raise bad(f"{pl} ma {len(m)} {_cards_pl(len(m))}, a powinien mieć {size} "
                      f"{_cards_pl(size)}", f"{en} has {len(m)} cards, not {size}")
    want_stock = 12 if rules.draw_game else 0
    if len(stock) != want_stock:
        raise bad(f"Stos powinien mieć {want_stock} kart",
                  f"the stock should hold {want_stock} cards")
    every = [c for h in hands for c in h] + [c for m in musiks for c in m] + list(stock)
    if any(not isinstance(c, int) or not 0 <= c < 24 for c in every):
        raise bad("To nie są karty talii", "not cards of the deck")
    if len(set(every)) != 24:
        twice = sorted({c for c in every if every.count(c) > 1})
        pl, en = (", ".join(card_display(c, lang) for c in twice) or "?" for lang in ("pl", "en"))
        raise bad(f"Karty nie tworzą jednej talii (podwójne: {pl})",
                  f"the cards are not one deck (twice: {en})")
    return [mask_of(h) for h in hands], [mask_of(m) for m in musiks], tuple(stock)


def _musik_count(count: int, size: int, given: int) -> tuple[str, str]:
    """What a deal with ``given`` musiks lacks, where the table has ``count``."""
    if count == 0:
        return ("W tej grze nie ma musiku", "this game has no musik")
    table = ((f"jeden musik z {size} kart", f"one musik of {size} cards") if count == 1
             else (f"{count} musiki po {size} karty", f"{count} musiks of {size} cards"))
    if given == 0:
        return (f"Brak musiku: przy tym stole jest {table[0]}",
                f"the musik is missing: this table has {table[1]}")
    return (f"Musików jest {given}, a przy tym stole jest {table[0]}",
            f"{given} musiks are given, but this table has {table[1]}")


def _cards_pl(n: int) -> str:
    """"karta" in the form a Polish number takes: 1 kartę, 2 karty, 5 kart."""
    if n == 1:
        return "kartę"
    return "karty" if n % 10 in (2, 3, 4) and n % 100 not in (12, 13, 14) else "kart"
