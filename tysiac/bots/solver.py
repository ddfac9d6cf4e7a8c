"""A double-dummy solver of the play phase: every hand is known (one sampled world).

The position is a perfect-information play position (:class:`Position`): the hands,
the trick in progress, trump, tricks done, the follow duties, points so far, the
leftover cards of 2 players and the objective. Players are indexed 0..k-1 in
clockwise order of the playing seats (``seat_order``).

Objective (see :func:`final_value`): the declarer's side maximises and the other
players minimise, as a team,

    value = BONUS * [declarer's points >= contract] + sum(weights[p] * points[p])

over the whole deal, where points are card points taken plus marriages announced
(plus the leftover cards for the last trick's winner). ``BONUS`` outweighs any
points, so the contract comes first and points break ties, which is how the deal
is scored: the declarer writes +contract or -contract whatever the excess, the
defenders write their points. ``contract=0`` turns the contract off (the draw
game; or "most points" when ``weights`` select the declarer).

The value is additive, so the search works on the value of the rest of the deal
with the contract still "needed" as part of the state; a transposition table at
the start of each trick stores bounds. Those bounds depend only on the entry's key
and on how the search scores (:func:`_signature`), so a search asked to ``keep``
the table keeps it if it scores as the one before it on the same thread: the
exchange solves one world for several exchanges in a row, and the draw game rolls
one world out for every lead and answer; their ends are often the same. (Kept,
the nodes searched depend on the searches before, which is why it is asked for: a
budget of nodes stays deterministic without it.) Alpha-beta, move ordering, and one
sound pruning of equivalent cards: the last player of a trick plays from each run of
equivalent cards (same suit, no live card of another hand between them) only the
highest card when its side takes the trick and the lowest otherwise; any line with
the other card is no better, as swapping the two cards only moves points towards the
side that wants them. (Ranks differ in points, so that is the only place where
equivalent cards may be merged without changing the value.)

:func:`solve` returns the exact value of every legal move. The C kernel
(:mod:`tysiac.bots.kernel`) runs the same search much faster; :func:`solve` uses
it when it is built, and the tests hold the two to identical values.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, replace

from ..cards import ABOVE, MARRIAGE_VALUES, POINTS, QUEENS, SUIT_MASK, cards_of, points_of
from ..engine.actions import MELD
from ..engine.tricks import follow_mask

#: Worth more than any points, so the contract decides first (with room for
#: weights of several hundred: see ``pimc.SPLIT``).
BONUS = 1 << 20
INF = 1 << 30
#: Contract value meaning "out of reach whatever happens" in the table's keys.
_UNREACHABLE = 1023
#: Entries a kept table may hold before a search starts it afresh (the C kernel's
#: table has a fixed size and overwrites instead).
_TABLE_LIMIT = 1 << 18


@dataclass(frozen=True, slots=True)
class Position:
    """A play position with every card known. Player ``p``'s next is ``(p+1) % k``."""

    hands: tuple[int, ...]          # card masks per player
    leader: int                     # who led the trick in progress (or leads next)
    trick: tuple[int, ...]          # cards of the trick in progress, in play order
    trump: int                      # -1: no trump yet
    tricks_done: int
    declarer: int                   # the maximising player; the rest minimise
    points: tuple[int, ...]         # deal points so far (cards + marriages)
    weights: tuple[int, ...]        # weight of each player's points in the value
    contract: int = 0               # 0: no contract term
    leftover: int = 0               # points the last trick's winner also takes
    meld_first_trick: bool = True
    must_beat: bool = True
    must_trump: bool = True
    must_overtrump: bool = True

    @property
    def k(self) -> int:
        return len(self.hands)

    @property
    def to_move(self) -> int:
        return (self.leader + len(self.trick)) % self.k


@dataclass(frozen=True, slots=True)
class Solution:
    """Exact values of the legal moves (engine actions) in the engine's order."""

    moves: tuple[int, ...]
    values: tuple[int, ...]
    nodes: int

    def best(self, maximise: bool) -> int:
        """The best move for the side to move; ties go to the first in order."""
        pick = max if maximise else min
        target = pick(self.values)
        return self.moves[self.values.index(target)]


def legal_moves(pos: Position) -> tuple[int, ...]:
    """The engine's legal actions of the player to move (``Game.legal_actions``)."""
    hand = pos.hands[pos.to_move]
    if pos.trick:
        lead = pos.trick[0]
        win = _winner_card(pos.trick, pos.trump)
        return cards_of(follow_mask(hand, lead // 6, win, pos.trump, pos.must_beat,
                                    pos.must_trump, pos.must_overtrump))
    acts = cards_of(hand)
    pairs = hand & (hand >> 1) & QUEENS
    if pairs and (pos.tricks_done or pos.meld_first_trick):
        for q in cards_of(pairs):
            acts += (q + MELD, q + 1 + MELD)
    return acts


def after(pos: Position, move: int) -> Position:
    """The position once the player to move has played ``move`` (a legal action)."""
    p = pos.to_move
    points = list(pos.points)
    trump = pos.trump
    card = move
    if move >= MELD:
        card = move - MELD
        trump = card // 6
        points[p] += MARRIAGE_VALUES[trump]
    hands = tuple(h & ~(1 << card) if i == p else h for i, h in enumerate(pos.hands))
    trick = (*pos.trick, card)
    if len(trick) < pos.k:
        return replace(pos, hands=hands, trick=trick, trump=trump, points=tuple(points))
    winner = (pos.leader + trick.index(_winner_card(trick, trump))) % pos.k
    points[winner] += sum(POINTS[c] for c in trick) + (0 if any(hands) else pos.leftover)
    return replace(pos, hands=hands, leader=winner, trick=(), trump=trump,
                   tricks_done=pos.tricks_done + 1, points=tuple(points))


def final_value(pos: Position, points: tuple[int, ...]) -> int:
    """The objective for deal points ``points`` at the end of the deal."""
    value = sum(w * p for w, p in zip(pos.weights, points, strict=True))
    if pos.contract and points[pos.declarer] >= pos.contract:
        value += BONUS
    return value


def decode(pos: Position, value: int) -> tuple[bool, int]:
    """(contract made, the weighted points) of a value of ``pos``."""
    if not pos.contract:
        return False, value
    made = value >= BONUS // 2
    return made, value - BONUS if made else value


def solve(pos: Position, backend: str = "auto", keep: bool = False) -> Solution:
    """Exact values of every legal move. ``backend``: ``auto`` (the C kernel when it
    is built), ``c`` or ``python``; ``keep``: the last search's table, if it scored
    alike (the module docstring)."""
    if backend != "python":
        from .kernel import solve_c
        result = solve_c(pos, keep)
        if result is not None:
            return result
        if backend == "c":
            raise RuntimeError("the C solver kernel is not built (run make setup)")
    return _Search(pos, keep).root()


def value(pos: Position, backend: str = "auto", keep: bool = False) -> tuple[int, int]:
    """(the exact value of the position, nodes searched): ``solve`` without the
    value of every move, much cheaper. ``backend`` and ``keep`` as for :func:`solve`."""
    if backend != "python":
        from .kernel import value_c
        result = value_c(pos, keep)
        if result is not None:
            return result
        if backend == "c":
            raise RuntimeError("the C solver kernel is not built (run make setup)")
    search = _Search(pos, keep)
    return search.value(), search.nodes


def _winner_card(trick: tuple[int, ...] | list[int], trump: int) -> int:
    win = trick[0]
    for c in trick[1:]:
        if (c > win) if c // 6 == win // 6 else (c // 6 == trump):
            win = c
    return win


# Move ordering keys, shared with the C kernel so both search the same tree.
_RANK = tuple(c % 6 for c in range(24))
#: The queen and king of each suit.
_PAIR = tuple(SUIT_MASK[s] & (QUEENS | QUEENS << 1) for s in range(4))


class _Search:
    """Alpha-beta over one position; the state is mutated and restored in place."""

    def __init__(self, pos: Position, keep: bool = False) -> None:
        self.k = pos.k
        self.hands = list(pos.hands)
        self.decl = pos.declarer
        self.weights = pos.weights
        self.duties = (pos.must_beat, pos.must_trump, pos.must_overtrump)
        self.meld_first = pos.meld_first_trick
        self.leftover = pos.leftover
        self.bonus = BONUS if pos.contract else 0
        self.pos = pos
        self.nodes = 0
        min_weights = {w for p, w in enumerate(pos.weights) if p != pos.declarer}
        # Merging equivalent cards is sound only if each side wants points for
        # itself and the minimising side is one team with one weight.
        self.merge = pos.weights[pos.declarer] >= 0 and len(min_weights) == 1 \
            and min(min_weights) <= 0
        self.total_tricks = pos.tricks_done + (sum(h.bit_count() for h in pos.hands)
                                               + len(pos.trick) + self.k - 1) // self.k
        self.table = _table(_signature(self), keep)

    # --- the root ---------------------------------------------------------------

    def _start(self) -> tuple[int, int]:
        """(the value of the points so far, the contract points still needed)."""
        pos = self.pos
        need = pos.contract - pos.points[pos.declarer] if pos.contract else 0
        base = sum(w * p for w, p in zip(pos.weights, pos.points, strict=True))
        if pos.contract and need <= 0:
            base += BONUS
        return base, need

    def root(self) -> Solution:
        moves = legal_moves(self.pos)
        base, need = self._start()
        values = tuple(base + self._root_move(a, need) for a in moves)
        return Solution(moves, values, self.nodes)

    def value(self) -> int:
        pos = self.pos
        base, need = self._start()
        if not pos.trick:
            return base + self._trick_start(pos.leader, pos.trump, pos.tricks_done, need,
                                            -INF, INF)
        win = _winner_card(pos.trick, pos.trump)
        win_pos = (pos.leader + list(pos.trick).index(win)) % self.k
        before = (pos.to_move - 1) % self.k
        return base + self._next(before, list(pos.trick), pos.leader, pos.trump, win, win_pos,
                                 pos.tricks_done, need, -INF, INF)

    def _root_move(self, a: int, need: int) -> int:
        pos = self.pos
        p = pos.to_move
        if not pos.trick:
            return self._lead(p, a, pos.trump, pos.tricks_done, need, -INF, INF)
        win = _winner_card(pos.trick, pos.trump)
        win_pos = (pos.leader + list(pos.trick).index(win)) % self.k
        return self._follow(p, a, list(pos.trick), pos.leader, pos.trump, win, win_pos,
                            pos.tricks_done, need, -INF, INF)

    # --- leading ------------------------------------------------------------------

    def _trick_start(self, leader: int, trump: int, done: int, need: int,
                     alpha: int, beta: int) -> int:
        """The value of the rest of the deal from the start of a trick."""
        hands = self.hands
        if not hands[leader]:
            return 0
        self.nodes += 1
        k = self.k
        remaining = hands[0] | hands[1] | (hands[2] if k == 3 else 0)
        if remaining.bit_count() == k:
            return self._last_trick(leader, trump, need)
        # Normalise the contract still needed: reached, reachable, or out of reach.
        if need > 0 and self.bonus:
            reach = points_of(remaining) + self.leftover + _melds_possible(hands[self.decl])
            if need > reach:
                need = _UNREACHABLE
        elif need < 0:
            need = 0
        key = (*hands, leader * 5 + trump + 1, need)
        entry = self.table.get(key)
        lo, hi = -INF, INF
        if entry is not None:
            lo, hi = entry
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            if lo == hi:
                return lo
            alpha = max(alpha, lo)
            beta = min(beta, hi)
        maximise = leader == self.decl
        best = -INF if maximise else INF
        a0, b0 = alpha, beta
        for a in self._lead_moves(leader, trump, done):
            v = self._lead(leader, a, trump, done, need, alpha, beta)
            if maximise:
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
            elif v < best:
                best = v
                if v < beta:
                    beta = v
            if alpha >= beta:
                break
        # Store what the search proved, given the window it searched with.
        if best <= a0:
            hi = best
        elif best >= b0:
            lo = best
        else:
            lo = hi = best
        self.table[key] = (lo, hi)
        return best

    def _lead_moves(self, p: int, trump: int, done: int) -> list[int]:
        hand = self.hands[p]
        moves: list[int] = []
        pairs = hand & (hand >> 1) & QUEENS
        if pairs and (done or self.meld_first):
            # Marriages first, the most valuable first; each may be led by K or Q.
            for q in cards_of(pairs):
                moves += (q + 1 + MELD, q + MELD)
        # Then high cards first, trumps before others of the same rank.
        moves += sorted(cards_of(hand),
                        key=lambda c: -_RANK[c] * 8 - (c // 6 == trump) * 4 - c // 6)
        return moves

    def _lead(self, p: int, a: int, trump: int, done: int, need: int,
              alpha: int, beta: int) -> int:
        gain = 0
        if a >= MELD:
            a -= MELD
            trump = a // 6
            value = MARRIAGE_VALUES[trump]
            gain = self.weights[p] * value
            if p == self.decl and need > 0:
                need -= value
                if need <= 0:
                    gain += self.bonus
        self.hands[p] ^= 1 << a
        v = gain + self._next(p, [a], p, trump, a, p, done, need, alpha - gain, beta - gain)
        self.hands[p] ^= 1 << a
        return v

    # --- following ----------------------------------------------------------------

    def _next(self, p: int, trick: list[int], leader: int, trump: int, win: int,
              win_pos: int, done: int, need: int, alpha: int, beta: int) -> int:
        """The value after player ``p`` has played the last card of ``trick``."""
        k = self.k
        if len(trick) == k:
            pts = POINTS[trick[0]] + POINTS[trick[1]] + (POINTS[trick[2]] if k == 3 else 0)
            if done + 1 == self.total_tricks:
                pts += self.leftover
            gain = self.weights[win_pos] * pts
            if win_pos == self.decl and need > 0:
                need -= pts
                if need <= 0:
                    gain += self.bonus
            return gain + self._trick_start(win_pos, trump, done + 1, need,
                                            alpha - gain, beta - gain)
        q = (p + 1) % k
        self.nodes += 1
        hand = self.hands[q]
        legal = follow_mask(hand, trick[0] // 6, win, trump, *self.duties)
        maximise = q == self.decl
        best = -INF if maximise else INF
        for a in self._follow_moves(q, legal, trick, trump, win, win_pos):
            v = self._follow(q, a, trick, leader, trump, win, win_pos, done, need, alpha, beta)
            if maximise:
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
            elif v < best:
                best = v
                if v < beta:
                    beta = v
            if alpha >= beta:
                break
        return best

    def _follow(self, q: int, a: int, trick: list[int], leader: int, trump: int, win: int,
                win_pos: int, done: int, need: int, alpha: int, beta: int) -> int:
        if (a > win) if a // 6 == win // 6 else (a // 6 == trump):
            win, win_pos = a, q
        self.hands[q] ^= 1 << a
        trick.append(a)
        v = self._next(q, trick, leader, trump, win, win_pos, done, need, alpha, beta)
        trick.pop()
        self.hands[q] ^= 1 << a
        return v

    def _follow_moves(self, q: int, legal: int, trick: list[int], trump: int, win: int,
                      win_pos: int) -> list[int]:
        """Winning cards first (cheapest first), then the rest (cheapest first). The
        last player of a trick keeps one card per run of equivalent cards."""
        cards = cards_of(legal)
        if self.merge and len(trick) == self.k - 1 and len(cards) > 1:
            cards = self._merge(q, legal, cards, trump, win, win_pos)
        winners = [c for c in cards if (c > win if c // 6 == win // 6 else c // 6 == trump)]
        losers = [c for c in cards if not (c > win if c // 6 == win // 6 else c // 6 == trump)]
        if len(losers) > 1:
            losers.sort(key=_loser_key)
        return winners + losers

    def _merge(self, q: int, legal: int, cards: tuple[int, ...], trump: int, win: int,
               win_pos: int) -> tuple[int, ...]:
        hands = self.hands
        live = hands[0] | hands[1] | (hands[2] if self.k == 3 else 0) | (1 << win)
        hand = hands[q]
        keep: list[int] = []
        run: list[int] = []
        for c in cards:
            if run and _joins(run[-1], c, hand, live):
                run.append(c)
                continue
            if run:
                keep.append(_pick(run, self.decl, q, win, win_pos, trump))
            run = [c]
        keep.append(_pick(run, self.decl, q, win, win_pos, trump))
        return tuple(keep)

    def _last_trick(self, leader: int, trump: int, need: int) -> int:
        """One card each: the trick plays itself."""
        k = self.k
        hands = self.hands
        win = hands[leader].bit_length() - 1
        win_pos = leader
        pts = POINTS[win] + self.leftover
        for i in range(1, k):
            p = (leader + i) % k
            c = hands[p].bit_length() - 1
            pts += POINTS[c]
            if (c > win) if c // 6 == win // 6 else (c // 6 == trump):
                win, win_pos = c, p
        gain = self.weights[win_pos] * pts
        if win_pos == self.decl and 0 < need <= pts:
            gain += self.bonus
        return gain


_kept = threading.local()


def _signature(search: _Search) -> tuple[object, ...]:
    """Everything besides a table entry's key that its value depends on (the
    number of tricks in the deal makes the hands' size tell the tricks done)."""
    return (search.k, search.decl, search.weights, search.bonus, search.leftover,
            search.meld_first, search.duties, search.total_tricks)


def _table(signature: tuple[object, ...], keep: bool) -> dict[tuple[int, ...], tuple[int, int]]:
    """This thread's table: with ``keep``, the last search's if it scored alike."""
    table: dict[tuple[int, ...], tuple[int, int]] | None = getattr(_kept, "table", None)
    if (not keep or table is None or _kept.signature != signature
            or len(table) > _TABLE_LIMIT):
        table = _kept.table = {}
        _kept.signature = signature
    return table


def _loser_key(c: int) -> int:
    return POINTS[c] * 32 + c


def _melds_possible(hand: int) -> int:
    """Marriage points a hand may still announce."""
    pairs = hand & (hand >> 1) & QUEENS
    total = 0
    for s in range(4):
        if pairs >> (6 * s + 2) & 1:
            total += MARRIAGE_VALUES[s]
    return total


def _joins(low: int, c: int, hand: int, live: int) -> bool:
    """Whether ``c`` is equivalent to ``low`` (the next lower card of the run): same
    suit, no live card of another hand between them, and neither is half of a
    marriage still in hand (leading it later may announce the marriage)."""
    if c // 6 != low // 6:
        return False
    between = ABOVE[low] & ~ABOVE[c] & ~(1 << c)
    if between & live & ~hand:
        return False
    pair = _PAIR[c // 6]
    return (hand & pair) != pair or not ((1 << c) | (1 << low)) & pair


def _pick(run: list[int], decl: int, q: int, win: int, win_pos: int,
          trump: int) -> int:
    """The card of a run of equivalents for the trick's last player: the highest if
    the player's side takes the trick with it, else the lowest."""
    c = run[0]
    takes = (c > win) if c // 6 == win // 6 else (c // 6 == trump)
    winner = q if takes else win_pos
    own_side = (winner == decl) == (q == decl)
    return run[-1] if own_side else run[0]


def playing_seats(players: int, sitting_out: int | None) -> tuple[int, ...]:
    """The seats that play a deal, in clockwise order from the lowest: player index
    ``i`` of a :class:`Position` is seat ``playing_seats(...)[i]``."""
    return tuple(s for s in range(players) if s != sitting_out)
