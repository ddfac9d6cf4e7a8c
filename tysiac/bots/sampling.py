"""Worlds consistent with a view: where the cards a seat cannot see may be.

A :class:`World` places every card: each seat's hand now, the musiks not yet
taken, the leftover cards of 2 players (the unchosen musik and the discards) and
the stock of the draw game. The sampler draws worlds uniformly among those that
agree with everything the view shows:

* what the seat holds, what was played, the revealed musik (it went to the
  declarer: in its hand, given away, or, with 2 players, discarded — never in the
  unchosen musik), the cards the seat gave or received, its own discards;
* follow duties: failing to follow shows a void; not trumping when void shows no
  trump (``must_trump``); following below the winning card shows no higher card
  of the suit (``must_beat``); trumping below a trump shows no higher trump
  (``must_overtrump``) — none of this while the draw game's stock lasts;
* a marriage announced: its other card is still in the announcer's hand unless it
  was played;
* with 3 or 4 players a defender received exactly one card from the declarer, so
  the other defender holds at most one card of a revealed musik;
* bids over 120 under ``bid_cap=melds_in_hand``: the bidder was dealt marriages
  worth at least bid - 120; a contract declared over the bid and over 120 under
  ``declare_cap=melds_in_hand``: the declarer's hand after the exchange holds
  marriages worth at least contract - 120.

Per-card constraints (each card's possible places) are sampled exactly uniformly
by counting: cards are grouped by the places they may go, the number of ways to
fill every place is counted, and each group's split is drawn in proportion. The
whole-hand constraints (marriages, the one given card) are then met by rejection.
If rejection keeps failing, the marriage inferences are dropped (the given card is
then assumed to have broken them), then every constraint but the counts: worlds
always come back, never an endless loop.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from math import comb

from ..cards import ABOVE, KINGS, QUEENS, SUIT_MASK, marriage_total, mask_of
from ..engine.views import View

ALL_CARDS = (1 << 24) - 1
_PAIR = tuple(SUIT_MASK[s] & (QUEENS | KINGS) for s in range(4))


@dataclass(frozen=True, slots=True)
class World:
    """Where every card is now, in one world consistent with a view."""

    hands: tuple[int, ...]         # per seat (0 for the sitting-out seat)
    musiks: tuple[int, ...] = ()   # musiks not taken yet (bidding; 2 players before choosing)
    leftover: int = 0              # 2 players: the unchosen musik and the discards
    stock: tuple[int, ...] = ()    # the draw game: the stock, next card to draw first


@dataclass(frozen=True, slots=True)
class Table:
    """Who plays and in what order: the playing seats clockwise, from the lowest."""

    seats: tuple[int, ...]

    @classmethod
    def of(cls, view: View) -> Table:
        return cls(tuple(s for s in range(view.rules.players) if s != view.sitting_out))

    def nxt(self, seat: int) -> int:
        i = self.seats.index(seat)
        return self.seats[(i + 1) % len(self.seats)]


@dataclass(slots=True)
class Deductions:
    """What the view shows about hidden cards, seat by seat."""

    played: dict[int, int]         # seat -> cards it played this deal
    excluded: dict[int, int]       # seat -> cards it cannot hold now
    forced: dict[int, int]         # seat -> cards it must hold now


def deduce(view: View, table: Table) -> Deductions:
    """Replay the tricks of the view: voids, missing higher cards, marriages."""
    rules = view.rules
    played = dict.fromkeys(table.seats, 0)
    excluded = dict.fromkeys(table.seats, 0)
    forced = dict.fromkeys(table.seats, 0)
    # The draw game: no duty to follow while the stock lasts.
    free_tricks = (24 - len(table.seats) * rules.hand_size) // 2 if rules.draw_game else 0
    pending = set(view.melds)
    trump = -1
    for j, (leader, cards) in enumerate(view.trick_history()):
        lead = cards[0]
        if lead % 6 in (2, 3) and (leader, lead // 6) in pending:
            pending.discard((leader, lead // 6))
            trump = lead // 6
            forced[leader] |= _PAIR[lead // 6]
        seat, win = leader, lead
        played[leader] |= 1 << lead
        for c in cards[1:]:
            seat = table.nxt(seat)
            played[seat] |= 1 << c
            if j >= free_tricks:
                excluded[seat] |= _shown_missing(c, lead // 6, win, trump, view)
            if (c > win) if c // 6 == win // 6 else (c // 6 == trump):
                win = c
    for s in table.seats:
        forced[s] &= ~played[s]
        if s == view.seat:
            forced[s] = 0
    return Deductions(played, excluded, forced)


def _shown_missing(c: int, lead_suit: int, win: int, trump: int, view: View) -> int:
    """The cards a seat showed it did not hold by playing ``c`` (the follow duties of
    ``engine.tricks.follow_mask`` read backwards)."""
    rules = view.rules
    if c // 6 == lead_suit:
        if rules.must_beat and win // 6 == lead_suit and c < win:
            return ABOVE[win]
        return 0
    missing = SUIT_MASK[lead_suit]
    if trump >= 0 and rules.must_trump:
        if c // 6 != trump:
            missing |= SUIT_MASK[trump]
        elif rules.must_overtrump and win // 6 == trump and c < win:
            missing |= ABOVE[win]
    return missing


# --- places and counting ---------------------------------------------------------

HAND, MUSIK, UNCHOSEN, DISCARDS, STOCK = range(5)


@dataclass(frozen=True, slots=True)
class Place:
    kind: int          # HAND, MUSIK, UNCHOSEN, DISCARDS or STOCK
    index: int         # the seat of a hand, the number of a musik
    size: int          # cards to place there
    excluded: int      # cards that cannot be there


Check = Callable[[dict[tuple[int, int], int]], bool]


class Sampler:
    """Draws worlds consistent with ``view`` (see the module docstring)."""

    def __init__(self, view: View) -> None:
        if view.seat is None:
            raise ValueError("a spectator's view has no seat to sample for")
        self.view = view
        self.table = Table.of(view)
        self.deductions = deduce(view, self.table)
        self.known_leftover = mask_of(view.discards)
        self.places, self.unknown, self.restricted = self._places()
        self.checks = self._checks()
        #: How many levels of constraints the last :meth:`sample` had to drop.
        self.relaxed = 0

    # --- what is hidden and where it may be ----------------------------------------

    def _places(self) -> tuple[list[Place], int, int]:
        view, rules, d = self.view, self.view.rules, self.deductions
        me = view.seat
        assert me is not None
        seen = mask_of(view.hand) | self.known_leftover
        for s in self.table.seats:
            seen |= d.played[s] | d.forced[s]
        declarer = view.declarer
        musik = mask_of(view.musik) if view.musik is not None else 0
        for receiver, c in view.given:
            if receiver != me and not d.played[receiver] >> c & 1:
                d.forced[receiver] |= 1 << c
                seen |= 1 << c
        places = [Place(HAND, s, view.hand_sizes[s] - d.forced[s].bit_count(), d.excluded[s])
                  for s in self.table.seats if s != me]
        two = rules.players == 2 and not rules.draw_game
        m = rules.musik_size
        if rules.draw_game:
            places.append(Place(STOCK, 0, view.stock_size, 0))
        elif declarer is None or (two and view.musik_choice is None):
            places += [Place(MUSIK, i, m, 0) for i in range(rules.musik_count)]
        elif two:
            places.append(Place(UNCHOSEN, 0, m, musik))
            if declarer != me:
                done = rules.hand_size + m - view.hand_sizes[declarer] \
                    - d.played[declarer].bit_count()
                if done:
                    places.append(Place(DISCARDS, 0, done, 0))
        unknown = ALL_CARDS & ~seen
        # A revealed musik went to the declarer: with 3 players a card of it that
        # this seat does not hold is the declarer's or the other defender's (given).
        restricted = musik & unknown if declarer is not None and declarer != me else 0
        if restricted:
            places = [p if p.kind in (HAND, DISCARDS) else
                      Place(p.kind, p.index, p.size, p.excluded | restricted) for p in places]
        return places, unknown, restricted

    def _checks(self) -> list[list[Check]]:
        """Whole-hand constraints by level: the marriages bids and a declaration
        show, then the one card a defender received."""
        view, rules, d = self.view, self.view.rules, self.deductions
        me = view.seat
        declarer = view.declarer
        marriages: list[Check] = []
        gift: list[Check] = []
        if rules.bid_cap == "melds_in_hand":
            top: dict[int, int] = {}
            for s, b in view.bids:
                top[s] = max(top.get(s, 0), b)
            for s, b in top.items():
                if s != me and b > 120:
                    marriages.append(self._bid_check(s, b - 120))
        contract = view.contract
        if (rules.declare_cap == "melds_in_hand" and contract is not None and declarer is not None
                and declarer != me and contract > max(view.bid, 120)):
            need = contract - 120
            played = d.played[declarer]

            def declared(w: dict[tuple[int, int], int]) -> bool:
                return marriage_total(w[HAND, declarer] | played) >= need
            marriages.append(declared)
        if self.restricted and rules.players != 2:
            for s in self.table.seats:
                if s not in (me, declarer):
                    gift.append(self._one_gift(s))
        return [marriages + gift, gift, []]

    def _one_gift(self, seat: int) -> Check:
        """A defender received one card: it holds at most one card of the musik."""
        musik = mask_of(self.view.musik or ())
        d = self.deductions
        shown = ((d.played[seat] | d.forced[seat]) & musik).bit_count()   # known held
        hidden = musik & self.unknown
        return lambda w: shown + (w[HAND, seat] & hidden).bit_count() <= 1

    def _bid_check(self, seat: int, need: int) -> Check:
        """The bidder's dealt hand held marriages worth ``need``: its dealt hand is
        estimated from its cards now, played, given and discarded, less the musik."""
        view, d = self.view, self.deductions
        played = d.played[seat]
        if view.declarer is None:
            return lambda w: marriage_total(w[HAND, seat]) >= need
        musik = mask_of(view.musik or ())
        gave = mask_of(c for r, c in view.given) if seat == view.declarer else 0
        got = mask_of(c for r, c in view.given if r == seat)
        if seat == view.declarer and view.rules.players == 2:
            return lambda w: marriage_total(
                (w[HAND, seat] | played | w.get((DISCARDS, 0), 0) | self.known_leftover)
                & ~musik) >= need
        if seat == view.declarer:
            # A defender does not know what the other defender received: any one of
            # its kings and queens may be a card of the declarer's marriages.
            other = next(s for s in self.table.seats if s not in (view.seat, seat))
            shown = d.played[other]

            def check(w: dict[tuple[int, int], int]) -> bool:
                base = (w[HAND, seat] | played | gave) & ~musik
                if marriage_total(base) >= need:
                    return True
                maybe = (w[HAND, other] | shown) & (KINGS | QUEENS) & ~musik
                return any(marriage_total(base | 1 << c) >= need
                           for c in range(24) if maybe >> c & 1)
            return check
        return lambda w: marriage_total((w[HAND, seat] | played | gave) & ~musik & ~got) >= need

    # --- drawing -------------------------------------------------------------------

    def sample(self, rng: random.Random, count: int) -> list[World]:
        """``count`` worlds (fewer only if constraints left very few)."""
        self.relaxed = 0
        for level, checks in enumerate(self.checks):
            places = self.places
            counter = _Counter(places, self.unknown)
            if counter.total == 0:
                break
            worlds: list[World] = []
            for _ in range(count * 40):
                placed = self._with_forced(counter.draw(rng))
                if all(check(placed) for check in checks):
                    worlds.append(self._world(placed, rng))
                    if len(worlds) == count:
                        break
            if len(worlds) >= max(1, count // 4):
                self.relaxed = level
                return worlds
        # Even the per-card constraints fail (or nearly): only the counts remain.
        self.relaxed = len(self.checks)
        loose = [Place(p.kind, p.index, p.size, 0) for p in self.places]
        counter = _Counter(loose, self.unknown)
        return [self._world(self._with_forced(counter.draw(rng)), rng) for _ in range(count)]

    def _with_forced(self, placed: dict[tuple[int, int], int]) -> dict[tuple[int, int], int]:
        """Each hand with the cards the seat is known to hold."""
        for s, cards in self.deductions.forced.items():
            if cards:
                placed[HAND, s] |= cards
        return placed

    def _world(self, placed: dict[tuple[int, int], int], rng: random.Random) -> World:
        view = self.view
        me = view.seat
        hands = [0] * view.rules.players
        for s in self.table.seats:
            hands[s] = mask_of(view.hand) if s == me else placed[HAND, s]
        musiks = tuple(placed[MUSIK, i] for i in range(view.rules.musik_count)
                       if (MUSIK, i) in placed)
        leftover = placed.get((UNCHOSEN, 0), 0) | placed.get((DISCARDS, 0), 0) \
            | self.known_leftover
        stock: tuple[int, ...] = ()
        if (STOCK, 0) in placed:
            cards = [c for c in range(24) if placed[STOCK, 0] >> c & 1]
            rng.shuffle(cards)
            stock = tuple(cards)
        return World(tuple(hands), musiks, leftover, stock)


class _Counter:
    """Uniform assignments of the unknown cards to places, each card only where it
    may be: cards are grouped by their possible places; the ways to complete the
    assignment from each state are counted once, then each group's split is drawn
    in proportion to the completions it leaves."""

    def __init__(self, places: list[Place], unknown: int) -> None:
        self.places = places
        groups: dict[int, list[int]] = {}
        for c in range(24):
            if unknown >> c & 1:
                allowed = sum(1 << i for i, p in enumerate(places) if not p.excluded >> c & 1)
                groups.setdefault(allowed, []).append(c)
        self.groups = sorted(groups.items())
        sizes = tuple(p.size for p in places)
        if sum(sizes) != unknown.bit_count() or any(s < 0 for s in sizes):
            self.total = 0
            return
        self._ways = lru_cache(maxsize=None)(self._count)
        self._split = lru_cache(maxsize=None)(self._splits)
        self.total = self._ways(0, sizes)

    def _splits(self, i: int, free: tuple[int, ...]) -> list[tuple[tuple[int, ...], int]]:
        """Ways to split group ``i`` over its places within ``free``: (split, ways)."""
        allowed, cards = self.groups[i]
        slots = [j for j in range(len(free)) if allowed >> j & 1]
        out: list[tuple[tuple[int, ...], int]] = []

        def rec(j: int, left: int, split: list[int], ways: int) -> None:
            if j == len(slots) - 1:
                if left <= free[slots[j]]:
                    split[slots[j]] = left
                    out.append((tuple(split), ways))
                    split[slots[j]] = 0
                return
            for x in range(min(left, free[slots[j]]) + 1):
                split[slots[j]] = x
                rec(j + 1, left - x, split, ways * comb(left, x))
            split[slots[j]] = 0

        if slots:
            rec(0, len(cards), [0] * len(free), 1)
        return out

    def _count(self, i: int, free: tuple[int, ...]) -> int:
        if i == len(self.groups):
            return 1 if not any(free) else 0
        total = 0
        for split, ways in self._split(i, free):
            rest = tuple(f - x for f, x in zip(free, split, strict=True))
            total += ways * self._ways(i + 1, rest)
        return total

    def draw(self, rng: random.Random) -> dict[tuple[int, int], int]:
        """One uniform assignment: {(kind, index): cards}."""
        free = tuple(p.size for p in self.places)
        masks = [0] * len(self.places)
        for i, (_, cards) in enumerate(self.groups):
            options = []
            for split, ways in self._split(i, free):
                rest = tuple(f - x for f, x in zip(free, split, strict=True))
                options.append((split, ways * self._ways(i + 1, rest)))
            r = rng.randrange(sum(w for _, w in options))
            pick = 0
            while r >= options[pick][1]:
                r -= options[pick][1]
                pick += 1
            split = options[pick][0]
            shuffled = list(cards)
            rng.shuffle(shuffled)
            at = 0
            for j, x in enumerate(split):
                for c in shuffled[at:at + x]:
                    masks[j] |= 1 << c
                at += x
            free = tuple(f - x for f, x in zip(free, split, strict=True))
        return {(p.kind, p.index): masks[j] for j, p in enumerate(self.places)}
