"""What hands are worth with every card known: the most points a declarer takes
against the best defence (cards and marriages, with the leftover cards of 2
players), per trump of the first lead, and after the best exchange found.

Exchanges are searched among the cards a hand keeps least (``POOL`` of them, by
the strong bot's :func:`~tysiac.bots.planning.keep_score`): every ordered pair
to give (3 and 4 players) or every set to discard (2 players), after the exchange
actually made if there is one. The first candidate is solved exactly; each later
one is only asked whether it takes more (a search for that contract, which cuts
off early) and solved exactly when it does. So the best exchange found is exact
among the candidates tried, for the price of a few exact solves. A search stops
trying candidates after ``SEARCH_NODES`` solver nodes (deterministic, unlike a
clock), so that hard deals stay fast; it says how many it tried.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations, permutations

from ..bots.planning import cheapest, keep_score
from ..bots.solver import BONUS, Position, playing_seats, solve, value
from ..cards import marriage_total, mask_of, points_of
from ..engine.actions import MELD
from ..rules import Rules
from .model import Exchange

#: Cards of the hand (with the musik) among which exchanges are searched.
POOL = 7
#: Solver nodes after which an exchange search tries no more candidates (about
#: half a second with the C kernel): a few hard deals would take seconds more.
SEARCH_NODES = 6_000_000

Trumps = tuple[tuple[int | None, int], ...]


@dataclass(frozen=True, slots=True)
class Deal:
    """The cards of a deal as dealt, and who plays it."""

    rules: Rules
    seats: tuple[int, ...]          # playing seats; solver player i is seats[i]
    nxt: tuple[int, ...]            # the next playing seat of each seat
    hands: tuple[int, ...]          # dealt, per seat (0 for the sitting-out seat)
    musiks: tuple[int, ...]
    backend: str = "auto"

    @classmethod
    def of(cls, rules: Rules, hands: Sequence[int], musiks: Sequence[int],
           nxt: Sequence[int], sitting_out: int | None, backend: str = "auto") -> Deal:
        return cls(rules, playing_seats(rules.players, sitting_out), tuple(nxt), tuple(hands),
                   tuple(musiks), backend)

    @property
    def two(self) -> bool:
        return self.rules.players == 2

    def receivers(self, declarer: int) -> tuple[int, ...]:
        """Who gets the declarer's first and second card (3 and 4 players)."""
        first = self.nxt[declarer]
        return () if self.two else (first, self.nxt[first])

    def leftover_points(self, leftover: int) -> int:
        return points_of(leftover) if self.two and self.rules.leftover_cards == "last_trick" \
            else 0

    def after(self, declarer: int, musik: int, cards: Sequence[int]) -> tuple[list[int], int]:
        """The hands that play (per seat) after the declarer takes ``musik`` and gives
        or discards ``cards``, and the leftover cards (2 players)."""
        hands = list(self.hands)
        hands[declarer] = (hands[declarer] | self.musiks[musik]) & ~mask_of(cards)
        if self.two:
            return hands, self.musiks[1 - musik] | mask_of(cards)
        for receiver, c in zip(self.receivers(declarer), cards, strict=True):
            hands[receiver] |= 1 << c
        return hands, 0

    def position(self, declarer: int, hands: Sequence[int], leftover: int,
                 weights: tuple[int, ...], contract: int) -> Position:
        """The whole deal from the declarer's first lead."""
        r = self.rules
        d = self.seats.index(declarer)
        return Position(tuple(hands[s] for s in self.seats), d, (), -1, 0, d,
                        (0,) * len(self.seats), weights, contract,
                        self.leftover_points(leftover), r.meld_first_trick, r.must_beat,
                        r.must_trump, r.must_overtrump)

    def _most(self, declarer: int, hands: Sequence[int], leftover: int) -> Position:
        weights = tuple(int(s == declarer) for s in self.seats)
        return self.position(declarer, hands, leftover, weights, 0)

    def max_points(self, declarer: int, hands: Sequence[int], leftover: int) -> tuple[int, int]:
        """(the most deal points the declarer takes against the best defence, the
        solver's nodes)."""
        return value(self._most(declarer, hands, leftover), self.backend)

    def reaches(self, declarer: int, hands: Sequence[int], leftover: int,
                target: int) -> tuple[bool, int]:
        """(whether the declarer takes ``target`` points against the best defence, the
        solver's nodes)."""
        pos = self.position(declarer, hands, leftover, (0,) * len(self.seats), target)
        v, nodes = value(pos, self.backend)
        return v >= BONUS // 2, nodes

    def by_trump(self, declarer: int, exchange: Exchange) -> Trumps:
        """The most points per first lead after ``exchange``: with each marriage
        announced (its suit is trump from the first trick), and without one (None).
        Empty where the rules allow no marriage in the first trick."""
        if not self.rules.meld_first_trick:
            return ()
        hands, leftover = self.after(declarer, exchange.musik or 0, exchange.cards)
        sol = solve(self._most(declarer, hands, leftover), self.backend)
        best: dict[int | None, int] = {}
        for a, v in zip(sol.moves, sol.values, strict=True):
            key = (a - MELD) // 6 if a >= MELD else None
            best[key] = max(best.get(key, v), v)
        return tuple(sorted(best.items(), key=lambda kv: (kv[0] is None, kv[0] or 0)))

    def candidates(self, declarer: int, musik: int) -> list[tuple[int, ...]]:
        """The exchanges worth solving, the likeliest first (module docstring)."""
        hand = self.hands[declarer] | self.musiks[musik]
        pool = cheapest(hand, min(hand.bit_count(), POOL))
        sets: Iterable[tuple[int, ...]] = (
            combinations(pool, self.rules.musik_size) if self.two else permutations(pool, 2))
        return sorted(sets, key=lambda cs: sum(keep_score(c, hand) for c in cs))

    def search(self, declarer: int, musik: int, made: tuple[int, ...] | None = None,
               budget: int = SEARCH_NODES) -> tuple[Exchange | None, Exchange, int]:
        """(the exchange ``made`` with its points, the best exchange found, how many
        were tried): see the module docstring. No candidate is started once the
        search has used ``budget`` solver nodes."""
        order = self.candidates(declarer, musik)
        if made is not None:
            order = [made] + [cs for cs in order if not self.same(cs, made)]
        first: Exchange | None = None
        best: Exchange | None = None
        spent = tried = 0
        for cards in order:
            if tried and spent >= budget:
                break
            tried += 1
            hands, leftover = self.after(declarer, musik, cards)
            if best is not None:
                if self.most_possible(declarer, hands, leftover) <= best.points:
                    continue
                better, nodes = self.reaches(declarer, hands, leftover, best.points + 1)
                spent += nodes
                if not better:
                    continue
            points, nodes = self.max_points(declarer, hands, leftover)
            spent += nodes
            found = self.exchange(declarer, musik, cards, points)
            if best is None or found.points > best.points:
                best = found
            if first is None:
                first = found
        assert best is not None
        return first if made is not None else None, best, tried

    def most_possible(self, declarer: int, hands: Sequence[int], leftover: int) -> int:
        """A bound no play beats: every card point that counts and every marriage of
        the declarer's hand."""
        lost = points_of(leftover) - self.leftover_points(leftover)   # counted for nobody
        return 120 - lost + marriage_total(hands[declarer])

    def same(self, a: Sequence[int], b: Sequence[int]) -> bool:
        """Whether two exchanges are one: the same gifts in the same order, or the
        same discards in any order."""
        return set(a) == set(b) if self.two else tuple(a) == tuple(b)

    def exchange(self, declarer: int, musik: int, cards: Sequence[int], points: int) -> Exchange:
        return Exchange(tuple(cards), self.receivers(declarer), musik if self.two else None,
                        points)


def highest_contract(points: int, step: int) -> int | None:
    """The highest contract a declarer taking ``points`` makes: a multiple of the
    bidding step, from 100; None below 100."""
    return points - points % step if points >= 100 else None
