"""Card play that does not assume it will see every card: αμ with two own moves.

PIMC (:mod:`.pimc`) solves each world as if the seat would know every card from
then on: in each world it takes the later card that suits that world, so it
overvalues a card that leaves a guess for later (strategy fusion). Here the seat's
next own card must be the same in all the worlds it cannot tell apart by then
(the same cards seen played): αμ of Cazenave and Ventos (2019) with M = 2, the
others' cards until then being a double-dummy best reply in each world (as PIMC
assumes), and the rest of the deal after that next card solved double-dummy.

A card's value here is never above its PIMC value (one next card for a set of
worlds instead of the best in each), so the cards are searched best PIMC value
first, until no card left can beat the best value found.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from .pimc import Context, Values, average, margin, solved
from .pimc import play_values as pimc_values
from .sampling import World
from .solver import Position, Solution, after, legal_moves, solve, value


def play_values(ctx: Context, worlds: Iterable[World],
                weights: Sequence[float] | None = None) -> Values:
    """Each legal card's margin (and chance made) over the worlds, the seat's next
    card chosen once per set of worlds it cannot tell apart. While the draw
    game's stock lasts: PIMC's."""
    if ctx.view.stock_size:
        return pimc_values(ctx, worlds, weights)
    positions = solved(ctx, worlds)
    values = average(ctx, positions, weights)
    ws = [1.0] * len(positions) if weights is None else list(weights)
    best = -math.inf
    for a in sorted(values, key=lambda a: -values[a][0]):
        if values[a][0] <= best:
            break
        values[a] = unfused(ctx, positions, ws, a)
        best = max(best, values[a][0])
    return values


def unfused(ctx: Context, positions: Sequence[tuple[Position, Solution]],
            weights: Sequence[float], card: int) -> tuple[float, float | None]:
    """The margin and chance made of ``card`` with the next own card fixed per set of
    indistinguishable worlds."""
    me = ctx.seats.index(ctx.me)
    known: list[tuple[Position, float, int]] = []     # worlds valued double-dummy
    groups: dict[tuple[int, ...], list[tuple[Position, float, int]]] = {}
    for (pos, sol), w in zip(positions, weights, strict=True):
        target = sol.values[sol.moves.index(card)]
        node, seen = _replies(ctx, after(pos, card), me, target)
        if node is None:        # no choice left to the seat
            known.append((pos, w, target))
        else:
            groups.setdefault(seen, []).append((node, w, target))
    # A world told apart from the others keeps its double-dummy value.
    known += [group[0] for group in groups.values() if len(group) == 1]
    total = made = 0.0
    for node, w, target in known:
        m, ok = margin(ctx, node, target)
        total, made = total + w * m, made + w * bool(ok)
    for group in groups.values():
        if len(group) == 1:
            continue
        sols = [solve(node, ctx.backend) for node, _, _ in group]
        scores = [sum(w * margin(ctx, node, sol.values[i])[0]
                      for (node, w, _), sol in zip(group, sols, strict=True))
                  for i in range(len(sols[0].moves))]
        i = scores.index(max(scores))
        total += scores[i]
        made += sum(w * bool(margin(ctx, node, sol.values[i])[1])
                    for (node, w, _), sol in zip(group, sols, strict=True))
    n = sum(weights) or 1.0
    return total / n, None if ctx.draw else made / n


def _replies(ctx: Context, pos: Position, me: int,
             target: int) -> tuple[Position | None, tuple[int, ...]]:
    """The others' double-dummy best cards until the seat's next choice (each the
    first in order that keeps the value ``target``): the position then and the
    cards seen on the way (``None``: no choice left to the seat)."""
    seen: tuple[int, ...] = ()
    while any(pos.hands):
        moves = legal_moves(pos)
        if pos.to_move == me:
            return (pos, seen) if len(moves) > 1 else (None, seen)
        # The first best move is usually the first in order: cheaper than solve().
        move = next(m for m in moves if value(after(pos, m), ctx.backend)[0] == target)
        seen += (move,)
        pos = after(pos, move)
    return None, seen
