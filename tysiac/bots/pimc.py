"""Card play over sampled worlds (Perfect Information Monte Carlo), and the margin
every decision of the search bots is valued in.

The **deal margin** of a seat (see ``strong.Advice``) is its own score change in
the deal minus the average change of the other playing seats, so that the
declarer's ``+contract``/``-contract`` and the defenders' points weigh as they do
on the score sheet. A defender who adds nothing (at the barrier, on the barrel)
writes nothing, which is how the game's context enters every decision.

Card play: each world is solved double-dummy from the position (:mod:`.solver`)
and every legal card gets its average margin. While the draw game's stock lasts
(no follow duty, cards drawn after each trick) a world is played out instead: the
candidate card, the opponent's best answer to a lead, quick play by both sides to
the empty stock, then the exact solution of the rest.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..cards import MARRIAGE_VALUES, POINTS, QUEENS, cards_of, points_of
from ..engine import actions as A
from ..engine.views import View
from .sampling import Table, World
from .solver import Position, Solution, decode, solve, value

Values = dict[int, tuple[float, float | None]]   # action -> (margin, chance made)


@dataclass(frozen=True, slots=True)
class Context:
    """What every valuation of one view needs."""

    view: View
    me: int
    seats: tuple[int, ...]          # playing seats; solver player i is seats[i]
    table: Table
    adds: tuple[int, ...]           # per seat: 1 if its defender points count, else 0
    backend: str
    #: What keeping this seat's bomb is worth, in points of margin (None: the fixed
    #: guess of ``planning.BOMB_RESERVE``).
    reserve: float | None = None
    #: A defender's own points break ties between lines equal for the defenders
    #: together (:func:`play_position`), and count as its own in the margin.
    selfish: bool = False
    #: (edge, spread) of the chance to make a simulated contract (None: planning's
    #: ``SIM_EDGE`` and ``SIM_SPREAD``; :func:`.planning.made_chance`).
    curve: tuple[float, float] | None = None

    @classmethod
    def of(cls, view: View, backend: str = "auto") -> Context:
        assert view.seat is not None
        table = Table.of(view)
        return cls(view, view.seat, table.seats, table,
                   tuple(_adds(view, s) for s in range(view.rules.players)), backend)

    @property
    def k(self) -> int:
        return len(self.seats)

    @property
    def draw(self) -> bool:
        return self.view.rules.draw_game

    @property
    def two(self) -> bool:
        return self.view.rules.players == 2 and not self.draw

    def leftover_points(self, cards: int) -> int:
        rules = self.view.rules
        return points_of(cards) if self.two and rules.leftover_cards == "last_trick" else 0


def _adds(view: View, seat: int) -> int:
    """Whether a defender's points are written (RULES.md section 7)."""
    rules = view.rules
    if rules.draw_game:
        return 1
    if view.barrel[seat]:
        return 0
    return 0 if rules.barrier is not None and view.scores[seat] >= rules.barrier else 1


#: A selfish defender's weights (:func:`play_position`): its partner's points
#: weigh ``SPLIT``, its own one more, so that the defenders' points together come
#: first and its own share breaks ties; more than any deal's points, so that both
#: can be read back from the value.
SPLIT = 512


def seat_margin(ctx: Context, declarer: int, contract: int, made: bool,
                written: float, mine: float | None = None) -> float:
    """The seat's margin when ``declarer`` plays ``contract`` and the defenders write
    ``written`` points between them, ``mine`` of them this seat's: own score change
    minus the others' average. Without ``mine`` a defender's share of ``written`` is
    taken as even among the defenders whose points count."""
    won = contract if made else -contract
    if declarer == ctx.me:
        return won - written / (ctx.k - 1)
    if mine is None:
        counting = sum(ctx.adds[s] for s in ctx.seats if s != declarer)
        mine = written / counting if counting and ctx.adds[ctx.me] else 0.0
    return mine - (won + written - mine) / (ctx.k - 1)


def _selfish(ctx: Context, declarer: int) -> bool:
    """Whether this seat defends beside a partner and both write their points."""
    return (ctx.selfish and not ctx.draw and declarer != ctx.me and ctx.k == 3
            and all(ctx.adds[s] for s in ctx.seats if s != declarer))


def play_position(ctx: Context, world: World) -> Position:
    """The solver's position of the deal in progress in ``world``."""
    view, rules = ctx.view, ctx.view.rules
    idx = {s: i for i, s in enumerate(ctx.seats)}
    if ctx.draw:
        declarer = idx[ctx.me]
        weights = tuple(1 if s == ctx.me else -1 for s in ctx.seats)
        contract = 0
    else:
        assert view.declarer is not None
        declarer = idx[view.declarer]
        if _selfish(ctx, view.declarer):
            weights = tuple(0 if s == view.declarer else -SPLIT - (s == ctx.me)
                            for s in ctx.seats)
        else:
            weights = tuple(0 if s == view.declarer else -ctx.adds[s] for s in ctx.seats)
        contract = view.contract or view.bid
    leader = view.trick[0][0] if view.trick else view.to_move
    assert leader is not None
    return Position(
        tuple(world.hands[s] for s in ctx.seats), idx[leader], tuple(c for _, c in view.trick),
        -1 if view.trump is None else view.trump, len(view.tricks), declarer,
        tuple(view.points[s] for s in ctx.seats), weights, contract,
        ctx.leftover_points(world.leftover), rules.meld_first_trick, rules.must_beat,
        rules.must_trump, rules.must_overtrump,
    )


def margin(ctx: Context, pos: Position, v: int) -> tuple[float, bool | None]:
    """The seat's deal margin and whether the contract is made, for a value ``v``
    of a play position of the view (see :func:`play_position`)."""
    if ctx.draw:
        return float(v), None
    made, lin = decode(pos, v)
    declarer = ctx.seats[pos.declarer]
    if _selfish(ctx, declarer):
        written, mine = divmod(-lin, SPLIT)
        return seat_margin(ctx, declarer, pos.contract, made, written, mine), made
    return seat_margin(ctx, declarer, pos.contract, made, -lin), made


def play_values(ctx: Context, worlds: Iterable[World],
                weights: Sequence[float] | None = None) -> Values:
    """PIMC: the average margin of each legal card over the worlds (weighted by
    ``weights`` if given), each world solved double-dummy (while the draw game's
    stock lasts: played out by :func:`rollout` to the empty stock, then solved)."""
    if not ctx.view.stock_size:
        return average(ctx, solved(ctx, worlds), weights)
    legal = ctx.view.legal
    sums = dict.fromkeys(legal, 0.0)
    n = 0.0
    for i, world in enumerate(worlds):
        w = 1.0 if weights is None else weights[i]
        n += w
        for a in legal:
            sums[a] += w * stock_value(ctx, [world], a)
    return {a: (sums[a] / (n or 1.0), None) for a in legal}


def solved(ctx: Context, worlds: Iterable[World]) -> list[tuple[Position, Solution]]:
    """Each world's play position with its double-dummy solution (the worlds are
    drawn one at a time, so that a time budget counts the solving)."""
    out = []
    for world in worlds:
        pos = play_position(ctx, world)
        out.append((pos, solve(pos, ctx.backend)))
    return out


def average(ctx: Context, positions: Sequence[tuple[Position, Solution]],
            weights: Sequence[float] | None = None) -> Values:
    """The average margin and chance made of each legal card over solved worlds."""
    legal = ctx.view.legal
    sums = dict.fromkeys(legal, 0.0)
    made = dict.fromkeys(legal, 0.0)
    n = 0.0
    for i, (pos, sol) in enumerate(positions):
        w = 1.0 if weights is None else weights[i]
        n += w
        for a, v in zip(sol.moves, sol.values, strict=True):
            m, ok = margin(ctx, pos, v)
            sums[a] += w * m
            made[a] += w * bool(ok)
    n = n or 1.0
    if ctx.draw:
        return {a: (sums[a] / n, None) for a in legal}
    return {a: (sums[a] / n, made[a] / n) for a in legal}


# --- the draw game while the stock lasts ------------------------------------------

def stock_value(ctx: Context, orders: Sequence[World], first: int) -> float:
    """The value of ``first`` while the stock lasts, over one world played with each
    of ``orders`` (the same hands, orders of its stock): a lead is met by the answer
    best for the opponent on average over them (each answer rolled out); a card
    that ends the trick is rolled out as it is."""
    def mean(answer: int | None) -> float:
        return sum(rollout(ctx, w, first, answer) for w in orders) / len(orders)

    if ctx.view.trick:
        return mean(None)
    return min(mean(b) for b in cards_of(orders[0].hands[ctx.table.nxt(ctx.me)]))


def rollout(ctx: Context, world: World, first: int, answer: int | None = None) -> float:
    """Own points minus the opponent's after playing ``first`` (and the opponent
    ``answer``, if given): both sides play :func:`_greedy` until the stock is
    empty, then the rest is solved exactly."""
    view, rules = ctx.view, ctx.view.rules
    me = ctx.me
    other = ctx.table.nxt(me)
    hands = {me: world.hands[me], other: world.hands[other]}
    stock = list(world.stock)
    points = {s: view.points[s] for s in (me, other)}
    trick = [(s, c) for s, c in view.trick]
    trump = -1 if view.trump is None else view.trump
    done = len(view.tricks)
    seat = me
    action = first
    while True:
        if action >= A.MELD and action < A.GIVE:
            action -= A.MELD
            trump = action // 6
            points[seat] += MARRIAGE_VALUES[trump]
        hands[seat] ^= 1 << action
        trick.append((seat, action))
        seat = ctx.table.nxt(seat)
        if len(trick) == 2:
            (s0, c0), (s1, c1) = trick
            win = s1 if ((c1 > c0) if c1 // 6 == c0 // 6 else c1 // 6 == trump) else s0
            points[win] += POINTS[c0] + POINTS[c1]
            trick = []
            done += 1
            seat = win
            if stock:
                hands[win] |= 1 << stock.pop(0)
                hands[ctx.table.nxt(win)] |= 1 << stock.pop(0)
            if not stock:
                break
        if answer is not None and trick:
            action, answer = answer, None
            continue
        action = _greedy(hands[seat], trick, trump, bool(done) or rules.meld_first_trick)
    if not hands[me]:
        return float(points[me] - points[other])
    idx = {s: i for i, s in enumerate(ctx.seats)}
    pos = Position((hands[ctx.seats[0]], hands[ctx.seats[1]]), idx[seat], (), trump, done,
                   idx[me], (points[ctx.seats[0]], points[ctx.seats[1]]),
                   tuple(1 if s == me else -1 for s in ctx.seats), 0, 0,
                   rules.meld_first_trick, rules.must_beat, rules.must_trump,
                   rules.must_overtrump)
    return float(value(pos, ctx.backend, keep=True)[0])


def _greedy(hand: int, trick: list[tuple[int, int]], trump: int, may_meld: bool) -> int:
    """A quick player for the stock phase (no duty to follow): announce the best
    marriage, lead low; take a trick worth taking with the cheapest winner, else
    throw the cheapest card."""
    cards = cards_of(hand)
    if not trick:
        pairs = hand & (hand >> 1) & QUEENS
        if pairs and may_meld:
            q = cards_of(pairs)[0]           # hearts first: the most valuable
            return q + A.MELD
        return min(cards, key=lambda c: (POINTS[c], c // 6 == trump, c))
    led = trick[0][1]
    winners = [c for c in cards if ((c > led) if c // 6 == led // 6 else c // 6 == trump)]
    if winners and (POINTS[led] >= 10 or min(POINTS[c] for c in winners) >= 10):
        return min(winners, key=lambda c: (c // 6 == trump, POINTS[c], c))
    return min(cards, key=lambda c: (POINTS[c], c // 6 == trump, c))
