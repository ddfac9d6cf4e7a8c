"""Trick play of the basic bot: the habits of a sound human player.

Sides: the declarer plays against the defenders, who help each other (a defender
is glad when the other defender takes a trick); in ``dobierany`` each plays alone.

Leading:
  1. In the draw game while the stock lasts: a cheap card, high cards kept for
     later (no duty to follow means an ace led now is easily trumped or ducked).
  2. With no trump yet, cash sure winners (no higher card may be out) before
     announcing a marriage: nobody can trump them yet.
  3. Announce a marriage, the most valuable first, leading its queen (the king
     stays as a higher trump).
  4. With the top trump while an opponent may hold trumps: draw trumps.
  5. Cash sure winners that no opponent can trump.
  6. Otherwise the card cheapest to lose: low points, not a marriage card, not a
     ten while its ace is out, preferring singletons when holding trumps.

Following: every legal card is scored by what it brings to the player's side in
this trick (the points on the table and the card itself, won or lost, weighted
by the chance that nobody after can beat it, plus the value of winning the lead
when a marriage waits to be announced) minus what the card is worth kept for
later (a sure winner, a trump, a marriage card, a ten still guarded). The result
is the usual play: win cheaply, trump a trick worth it, throw points onto a
partner's safe trick, throw a nine or a jack onto the opponent's, never break a
marriage without need.
"""

from __future__ import annotations

from ..cards import (
    ABOVE,
    ACE,
    KING,
    MARRIAGE_VALUES,
    POINTS,
    QUEEN,
    SUIT_MASK,
    TEN,
    cards_of,
    rank_of,
)
from ..engine.actions import MELD
from ..engine.tricks import beats, trick_winner
from ..engine.views import View
from .memory import Memory

#: Points a sure winner is expected to collect later, beyond its own.
_WINNER_EXTRA = 6


def friends(view: View, a: int, b: int) -> bool:
    """Whether two seats play on the same side this deal."""
    d = view.declarer
    return a == b or (d is not None and a != d and b != d)


def choose_card(view: View, mem: Memory) -> int:
    if not view.trick:
        return _lead(view, mem)
    return _follow(view, mem)


# --- leading -------------------------------------------------------------------

def _lead(view: View, mem: Memory) -> int:
    me = view.seat
    assert me is not None
    legal = view.legal
    melds = [a for a in legal if a >= MELD]
    cards = [a for a in legal if a < MELD]
    enemies = [q for q in mem.order if not friends(view, me, q)]
    trump = mem.trump
    if view.stock_size:
        return melds[0] if melds else min(cards, key=lambda c: (_lead_cost(mem, c, enemies), c))
    masters = [c for c in cards if _wins_for_sure(mem, c, enemies)
               and not _marriage_card(mem, c)]
    if melds:
        if trump < 0 and masters:
            return max(masters, key=lambda c: (POINTS[c], c))
        return _best_meld(mem, melds, enemies)
    if trump >= 0:
        my_trumps = mem.hand & SUIT_MASK[trump]
        their_trumps = any(mem.possible(q) & SUIT_MASK[trump] for q in enemies)
        if my_trumps and their_trumps:
            top = max(cards_of(my_trumps))
            if top in masters:
                return top
    if masters:
        return max(masters, key=lambda c: (POINTS[c], c))
    return min(cards, key=lambda c: (_lead_cost(mem, c, enemies), c))


def _best_meld(mem: Memory, melds: list[int], enemies: list[int]) -> int:
    """The marriage to announce, led with its queen (the king stays as a higher
    trump): its value, plus the other marriages' if the queen, trump from now on,
    is likely to keep the lead for announcing them."""
    queens = [m for m in melds if rank_of(m - MELD) == QUEEN]
    total = sum(MARRIAGE_VALUES[(m - MELD) // 6] for m in queens)

    def worth(m: int) -> float:
        q = m - MELD
        hold = 1.0
        for e in enemies:
            hold *= 0.5 ** (mem.possible(e) & ABOVE[q]).bit_count()
        value = MARRIAGE_VALUES[q // 6]
        return value + 0.9 * hold * (total - value)

    return max(queens, key=lambda m: (worth(m), -m))


def _lead_cost(mem: Memory, c: int, enemies: list[int]) -> float:
    cost = POINTS[c] + _keep_value(mem, c, enemies)
    suit = c // 6
    if mem.trump >= 0 and suit != mem.trump and mem.hand & SUIT_MASK[mem.trump] \
            and (mem.hand & SUIT_MASK[suit]).bit_count() == 1:
        cost -= 1.5           # a singleton: leading it prepares a ruff
    return cost


# --- following -----------------------------------------------------------------

def _follow(view: View, mem: Memory) -> int:
    me = view.seat
    assert me is not None
    trump = mem.trump
    trick = view.trick
    win_seat, win_card = trick_winner(trick, trump)
    table = sum(POINTS[c] for _, c in trick)
    after: list[int] = []
    s = me
    for _ in range(len(mem.order) - len(trick) - 1):
        s = mem.next_seat(s)
        after.append(s)
    enemies_after = [q for q in after if not friends(view, me, q)]
    enemies = [q for q in mem.order if not friends(view, me, q)]
    friend_wins = friends(view, me, win_seat)
    friend_holds = _hold_chance(mem, win_card, enemies_after) if friend_wins else 0.0
    bonus = _lead_bonus(mem)

    def score(c: int) -> float:
        if beats(c, win_card, trump):
            p = _hold_chance(mem, c, enemies_after)
            gain = p * (table + POINTS[c] + bonus) - (1 - p) * POINTS[c]
        else:
            p = friend_holds
            gain = p * POINTS[c] - (1 - p) * POINTS[c]
        return gain - _keep_value(mem, c, enemies)

    return max(view.legal, key=lambda c: (score(c), -c))


def _lead_bonus(mem: Memory) -> float:
    """What winning the lead is worth: a marriage waiting to be announced."""
    pairs = [s for s in range(4) if mem.hand >> (6 * s + QUEEN) & 3 == 3]
    if not pairs:
        return 2.0
    return 2.0 + 0.5 * MARRIAGE_VALUES[min(pairs)]


def _hold_chance(mem: Memory, c: int, enemies_after: list[int]) -> float:
    """The chance that no opponent still to play beats card ``c``: by holding a
    higher card of its suit, or by being void in it and holding a trump (the follow
    duties make them play it). Unknown cards are dealt at random among the places
    they may be (a hypergeometric draw)."""
    p = 1.0
    suit = c // 6
    trump = mem.trump
    for q in enemies_after:
        held = mem.holds[q]
        if held & ABOVE[c]:
            return 0.0
        pool, free = mem.unknown(q)
        n = pool.bit_count()
        beat = 1 - _miss(n, free, (pool & ABOVE[c]).bit_count())
        if trump >= 0 and suit != trump and not held & SUIT_MASK[suit]:
            k = (pool & SUIT_MASK[suit]).bit_count()
            void = _miss(n, free, k)
            if held & SUIT_MASK[trump]:
                has_trump = 1.0
            else:
                has_trump = 1 - _miss(n - k, free, (pool & SUIT_MASK[trump]).bit_count())
            beat += void * has_trump
        p *= max(0.0, 1 - beat)
    return p


def _miss(n: int, draws: int, marked: int) -> float:
    """The chance that ``draws`` cards taken from ``n`` miss all ``marked`` ones."""
    if draws > n - marked:
        return 0.0
    p = 1.0
    for i in range(draws):
        p *= (n - marked - i) / (n - i)
    return p


# --- what a card is worth kept ------------------------------------------------------

def _marriage_card(mem: Memory, c: int) -> bool:
    r = rank_of(c)
    if r == QUEEN:
        return bool(mem.hand >> (c + 1) & 1)
    return r == KING and bool(mem.hand >> (c - 1) & 1)


def _wins_for_sure(mem: Memory, c: int, enemies: list[int]) -> bool:
    return _hold_chance(mem, c, enemies) >= 0.999


def _keep_value(mem: Memory, c: int, enemies: list[int]) -> float:
    """Points the card is expected to bring the player's side if kept for later."""
    suit, r = c // 6, rank_of(c)
    trump = mem.trump
    if _marriage_card(mem, c):
        return 0.7 * MARRIAGE_VALUES[suit] + POINTS[c]
    if _wins_for_sure(mem, c, enemies):
        return POINTS[c] + _WINNER_EXTRA + (4 if suit == trump else 0)
    if suit == trump:
        return 4.0 + r
    if r == TEN:
        # A ten behind an ace that is still out: keep it guarded, do not lead it.
        ace_out = mem.out >> (6 * suit + ACE) & 1
        return 4.0 if ace_out and (mem.hand & SUIT_MASK[suit]).bit_count() > 1 else 2.0
    return 0.5 * r
