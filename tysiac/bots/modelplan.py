"""Bidding valued with the value model (:mod:`.valuemodel`) instead of solving
sampled deals.

The model gives, for a hand that plays (and the cards given away or discarded),
the distribution of the declarer's points; a contract ``c`` is made with the
chance that the points reach ``c - edge`` (``edge``: what a declarer makes at the
table beyond the double-dummy count, measured on played deals). Every value is a
deal margin (:mod:`.pimc`), as the strong bot's.

* A bid ``b`` is worth, averaged over sampled worlds, what the seat would do after
  taking the musik in that world: the best exchange and contract at or above
  ``b``, or a bomb where the rules will allow one. The musik is seen before those
  choices, so each world takes its own best (the option the bid buys).
* A pass is worth what the highest bidder would do with its cards in each world:
  its best exchange and contract at the bid, or its bomb, valued from this seat.

The simulated exchanges are the first few of the strong bot's candidates: a model
asked to rank every exchange picks its own errors (measured: an exchange chosen
by the model lost about 16 points where it differed from the strong bot's).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from ..cards import MARRIAGE_VALUES, mask_of
from ..engine import actions as A
from .pimc import Context, Values
from .planning import bomb_deltas, bomb_margin, candidate_plans, margin_of, may_bomb_later
from .sampling import World
from .valuemodel import F32, ValueModel, flags, reach_grid

#: Exchanges simulated per world in bidding: the first of ``candidate_plans``.
SIM_PLANS = 3
#: Points a declarer makes at the table beyond its double-dummy points.
EDGE = 5.0

I64 = npt.NDArray[np.int64]
_NEG = -1e9


@dataclass(frozen=True)
class Planner:
    """What the valuations of one view share."""

    ctx: Context
    model: ValueModel
    edge: float = EDGE

    @property
    def flags(self) -> F32:
        return np.array([flags(self.ctx.view.rules)], dtype=np.float32)

    @property
    def two(self) -> bool:
        return self.ctx.two

    # --- the model's verdict on hands that play -------------------------------------

    def outcomes(self, final: I64, extra: list[I64]) -> tuple[F32, F32]:
        """(points bins, defenders' points) of hands that play."""
        if not self.two:
            return self.model.points("final", final, extra, self.flags)
        return self.model.points("final", final, extra[:1], self.flags)

    def grid(self, low: int) -> I64:
        rules = self.ctx.view.rules
        return np.arange(low, A.MAX_POINTS + 1, rules.bid_step, dtype=np.int64)

    def made(self, p: F32, grid: I64) -> F32:
        """P(made) of each contract of ``grid`` (columns) for each row of ``p``."""
        return reach_grid(p, grid - self.edge)

    def margins(self, declarer: int, q: F32, written: F32, grid: I64) -> F32:
        """This seat's expected margin when ``declarer`` plays each contract of
        ``grid`` made with chances ``q`` (rows, columns) and the defenders take
        ``written`` points together (rows)."""
        ctx = self.ctx
        k = ctx.k
        counting = sum(ctx.adds[s] for s in ctx.seats if s != declarer)
        w = written[:, None] * (counting / (k - 1))          # points the defenders write
        won = (2 * q - 1) * grid[None, :]
        if declarer == ctx.me:
            return np.asarray(won - w / (k - 1), dtype=np.float32)
        mine = w / counting if counting and ctx.adds[ctx.me] else np.zeros_like(w)
        return np.asarray(mine - (won + w - mine) / (k - 1), dtype=np.float32)

    def capped(self, final: I64, grid: I64, low: int) -> npt.NDArray[np.bool_]:
        """Which contracts of ``grid`` each hand may declare when the bid is ``low``."""
        rules = self.ctx.view.rules
        if rules.declare_cap == "none":
            return np.ones((len(final), len(grid)), dtype=np.bool_)
        cap = 120 + marriage_totals(final)
        return (grid[None, :] <= np.maximum(cap, low)[:, None])

    # --- exchanges -----------------------------------------------------------------

    def exchanges(self, hand: int) -> tuple[I64, list[I64]]:
        """The exchanges a declarer holding ``hand`` (musik taken) is simulated to
        make: the first ``SIM_PLANS`` of ``candidate_plans`` (a search over every
        exchange would pick the model's errors): the hands that play and the
        model's extra inputs (each gift, or the discards)."""
        rules = self.ctx.view.rules
        left = rules.musik_size if self.two else 2
        rows = [p.cards for p in candidate_plans(hand, left)[:SIM_PLANS]]
        final = np.array([hand & ~mask_of(r) for r in rows], dtype=np.int64)
        if self.two:
            return final, [np.array([mask_of(r) for r in rows], dtype=np.int64)]
        return final, [np.array([1 << r[j] for r in rows], dtype=np.int64) for j in range(2)]

    def stacked(self, hands: list[int]) -> tuple[I64, list[I64], I64]:
        """``exchanges`` of several hands in one batch (one evaluation of the model):
        the hands that play, the extra inputs, and where each hand's rows start
        (``bounds[i]:bounds[i + 1]``)."""
        rows = [self.exchanges(hand) for hand in hands]
        final = np.concatenate([f for f, _ in rows])
        extra = [np.concatenate(e) for e in zip(*(x for _, x in rows), strict=True)]
        bounds = np.cumsum([0] + [len(f) for f, _ in rows])
        return final, extra, bounds

    def best_contracts(self, declarer: int, final: I64, extra: list[I64],
                       low: int) -> tuple[F32, F32, F32, I64]:
        """For each hand that plays with the bid at ``low``: (this seat's margin of the
        contract the declarer prefers, its chance made, the declarer's own margin of
        it, the contract), the declarer choosing by its own margin."""
        p, written = self.outcomes(final, extra)
        grid = self.grid(low)
        q = self.made(p, grid)
        allowed = self.capped(final, grid, low)
        allowed[:, 0] = True
        mine = self.margins(self.ctx.me, q, written, grid) if declarer == self.ctx.me \
            else self.margins(declarer, q, written, grid)
        theirs = mine if declarer == self.ctx.me else _as_declarer(self, declarer, q, written,
                                                                   grid)
        pick = np.argmax(np.where(allowed, theirs, _NEG), axis=1)
        rows = np.arange(len(final))
        return mine[rows, pick], q[rows, pick], theirs[rows, pick], grid[pick]


def _as_declarer(planner: Planner, declarer: int, q: F32, written: F32, grid: I64) -> F32:
    """The declarer's own margin (how it chooses its contract)."""
    ctx = planner.ctx
    k = ctx.k
    counting = sum(ctx.adds[s] for s in ctx.seats if s != declarer)
    w = written[:, None] * (counting / (k - 1))
    return np.asarray((2 * q - 1) * grid[None, :] - w / (k - 1), dtype=np.float32)


def marriage_totals(masks: I64) -> I64:
    total = np.zeros(len(masks), dtype=np.int64)
    for s, v in enumerate(MARRIAGE_VALUES):
        total += ((masks >> (6 * s + 2)) & (masks >> (6 * s + 3)) & 1) * v
    return total


def own_bomb(planner: Planner, declarer: int) -> float:
    """What a bomb is worth to the declarer itself (how it decides to throw one)."""
    ctx = planner.ctx
    return margin_of(ctx, bomb_deltas(ctx, declarer), declarer)


# --- the decisions ----------------------------------------------------------------------

def plan_bid(planner: Planner, worlds: list[World], weights: F32 | None = None) -> Values:
    """Bidding: each legal bid against a pass (see the module docstring)."""
    ctx = planner.ctx
    view = ctx.view
    bids = [a for a in view.legal if A.kind(a) == "bid"]
    w = np.ones(len(worlds), np.float32) if weights is None else weights
    w = w / w.sum()
    values: Values = {}
    opponent = view.bidder
    if opponent is not None and opponent != ctx.me and worlds:
        raised = any(b for _, b in view.bids)
        bomb_ok = may_bomb_later(ctx, opponent, raised)
        # Each world: the exchange the opponent prefers, or its bomb.
        final, extra, bounds = planner.stacked(
            [world.hands[opponent] | world.musiks[0] for world in worlds])
        me_m, q, theirs, _ = planner.best_contracts(opponent, final, extra, view.bid)
        pick = np.array([bounds[i] + int(np.argmax(theirs[bounds[i]:bounds[i + 1]]))
                         for i in range(len(worlds))])
        mine, made = me_m[pick], q[pick]
        if bomb_ok:
            bombs = own_bomb(planner, opponent) > theirs[pick]
            mine = np.where(bombs, np.float32(bomb_margin(ctx, opponent)), mine)
            made = np.where(bombs, np.float32(0.0), made)
        values[A.PASS] = (float(w @ mine), float(w @ made))
    else:
        values[A.PASS] = (-10.0, None)
    if bids and worlds:
        lows = [A.value_of(a) for a in bids]
        table = bid_table(planner, worlds, min(lows))
        grid = planner.grid(min(lows))
        for a, b in zip(bids, lows, strict=True):
            j = int(np.searchsorted(grid, b))
            values[a] = (float(w @ table[0][:, j]), float(w @ table[1][:, j]))
    for a in view.legal:
        if A.kind(a) == "redeal":
            values[a] = (0.0, None)
    return values


def bid_table(planner: Planner, worlds: list[World], low: int) -> tuple[F32, F32]:
    """(this seat's value of winning the bidding at each contract of
    ``grid(low)`` in each world, the chance made of what it then plays): it takes
    the musik, and chooses its exchange and contract, or a bomb, seeing it."""
    ctx = planner.ctx
    hand = mask_of(ctx.view.hand)
    final, extra, bounds = planner.stacked([hand | world.musiks[0] for world in worlds])
    p, written = planner.outcomes(final, extra)
    grid = planner.grid(low)
    q = planner.made(p, grid)
    m = planner.margins(ctx.me, q, written, grid)
    allowed = planner.capped(final, grid, low)
    capped = np.where(allowed, m, _NEG)
    # Winning at grid[j]: any allowed contract from grid[j] up, or grid[j] itself.
    suffix = np.maximum.accumulate(capped[:, ::-1], axis=1)[:, ::-1]
    arg = np.where(suffix >= m, _suffix_arg(capped), np.arange(len(grid))[None, :])
    best = np.maximum(suffix, m)
    rows = np.arange(len(final))[:, None]
    chance = q[rows, arg]
    n = len(worlds)
    value = np.full((n, len(grid)), _NEG, np.float32)
    made = np.zeros((n, len(grid)), np.float32)
    for i in range(n):
        b, c = best[bounds[i]:bounds[i + 1]], chance[bounds[i]:bounds[i + 1]]
        top = np.argmax(b, axis=0)
        value[i] = b[top, np.arange(len(grid))]
        made[i] = c[top, np.arange(len(grid))]
    if may_bomb_later(ctx, ctx.me, raised=True):
        bomb = bomb_margin(ctx, ctx.me)
        worse = value < bomb
        value = np.where(worse, bomb, value)
        made = np.where(worse, 0.0, made)
    return value.astype(np.float32), made.astype(np.float32)


def _suffix_arg(m: F32) -> I64:
    """Per row and column j: the column from j on with the largest value."""
    n, c = m.shape
    arg = np.empty((n, c), dtype=np.int64)
    best = np.full(n, _NEG, np.float32)
    cur = np.zeros(n, dtype=np.int64)
    for j in range(c - 1, -1, -1):
        better = m[:, j] >= best
        cur = np.where(better, j, cur)
        best = np.where(better, m[:, j], best)
        arg[:, j] = cur
    return arg
