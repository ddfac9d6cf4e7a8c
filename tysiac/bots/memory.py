"""The card memory of a careful player, built from a seat's view only.

What a good human tracks during the play of a deal: the cards already played, the
cards still out (in another hand, or hidden in a musik, the stock or the declarer's
discards), the cards each opponent certainly holds (the declarer remembers what it
gave), and the cards each opponent certainly lacks, read from the follow duties of
RULES.md section 5: a player who did not follow the led suit is void in it; one who
did not trump while void (``must_trump``) holds no trump; one who followed or trumped
below the winning card (``must_beat`` / ``must_overtrump``) holds nothing that beats
it. In ``dobierany`` nothing is read from tricks played while the stock lasted
(no duties then, and later draws refill hands).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import ABOVE, ALL_CARDS, KING, QUEEN, SUIT_MASK, mask_of, rank_of
from ..engine.views import View


@dataclass(slots=True)
class Memory:
    me: int
    hand: int                  # own cards
    played: int                # every card played this deal, the trick on the table included
    out: int                   # cards not seen played nor in own hand nor discarded by me
    holds: list[int]           # per seat: cards it surely holds (given to it by me)
    lacks: list[int]           # per seat: cards it surely does not hold
    trump: int                 # -1: none yet
    order: tuple[int, ...]     # playing seats clockwise from the dealer's left
    sizes: tuple[int, ...]     # cards in each hand

    def possible(self, seat: int) -> int:
        """Cards ``seat`` may hold."""
        return (self.out & ~self.lacks[seat]) | self.holds[seat]

    def unknown(self, seat: int) -> tuple[int, int]:
        """The cards ``seat`` may hold beyond those it surely holds, and how many
        of its cards are among them."""
        others = 0
        for s, held in enumerate(self.holds):
            if s != seat:
                others |= held
        pool = self.out & ~self.lacks[seat] & ~others & ~self.holds[seat]
        free = self.sizes[seat] - self.holds[seat].bit_count()
        return pool, max(0, min(free, pool.bit_count()))

    def next_seat(self, seat: int) -> int:
        return _next(self.order, seat)


def playing_order(view: View) -> tuple[int, ...]:
    """The seats dealt cards this deal, clockwise from the dealer's left."""
    n = view.players
    return tuple((view.dealer + i) % n for i in range(1, n + 1)
                 if (view.dealer + i) % n != view.sitting_out)


def remember(view: View) -> Memory:
    """What ``view.seat`` knows about the cards of the deal in progress."""
    assert view.seat is not None
    me = view.seat
    n = view.players
    order = playing_order(view)
    hand = mask_of(view.hand)
    played = 0
    lacks = [0] * n
    rules = view.rules
    # dobierany: the stock lasts for the first 6 of 12 tricks; no duties then.
    free_tricks = 6 if rules.draw_game else 0
    melds = list(view.melds)
    trump = -1
    for t, (leader, cards) in enumerate(view.trick_history()):
        lead = cards[0]
        if melds and melds[0] == (leader, lead // 6) and rank_of(lead) in (QUEEN, KING):
            trump = lead // 6      # the first K/Q lead of a melded suit is the meld
            melds.pop(0)
        played |= mask_of(cards)
        if t < free_tricks:
            continue
        lead_suit = lead // 6
        win = lead
        seat = leader
        for c in cards[1:]:
            seat = _next(order, seat)
            suit = c // 6
            if suit == lead_suit:
                if rules.must_beat and win // 6 == lead_suit and c < win:
                    lacks[seat] |= ABOVE[win]
            else:
                lacks[seat] |= SUIT_MASK[lead_suit]
                if trump >= 0 and suit != trump and rules.must_trump:
                    lacks[seat] |= SUIT_MASK[trump]
                elif (suit == trump and rules.must_trump and rules.must_overtrump
                      and win // 6 == trump and c < win):
                    lacks[seat] |= ABOVE[win]
            if (c > win) if suit == win // 6 else (suit == trump):
                win = c
    holds = [0] * n
    for receiver, c in view.given:
        if receiver != me and not played >> c & 1:
            holds[receiver] |= 1 << c
    out = ALL_CARDS & ~hand & ~played & ~mask_of(view.discards)
    now = view.trump if view.trump is not None else -1
    return Memory(me, hand, played, out, holds, lacks, now, order, view.hand_sizes)


def _next(order: tuple[int, ...], seat: int) -> int:
    i = order.index(seat)
    return order[(i + 1) % len(order)]
