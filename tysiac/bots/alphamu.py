"""Card play that does not assume it will see every card: αμ with two own moves.

PIMC (:mod:`.pimc`) solves each world as if the seat would know every card from
then on: in each world it takes the later card that suits that world, so it
overvalues a card that leaves a guess for later (strategy fusion). Here the seat's
next own card must be the same in all the worlds it cannot tell apart by then: in
each world the others play a double-dummy best reply (as PIMC assumes), and the
seat's next card is the one best on average over every sampled world in which the
cards it saw may have been played; the rest of the deal is solved double-dummy.
That is αμ of Cazenave and Ventos (2019) with M = 2 and the mean over the worlds
at the seat's node in place of Pareto fronts.

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
    """The margin and chance made of ``card`` when the seat's next card is one card
    for all the worlds in which the others may have played what it saw."""
    me = ctx.seats.index(ctx.me)
    chosen: dict[tuple[int, ...], dict[int, int]] = {}
    total = made = 0.0
    for i, ((pos, sol), w) in enumerate(zip(positions, weights, strict=True)):
        target = sol.values[sol.moves.index(card)]
        seen = _replies(ctx, after(pos, card), me, target)
        if seen is not None:
            if seen not in chosen:
                chosen[seen] = _one_card(ctx, positions, weights, card, seen)
            target = chosen[seen].get(i, target)
        m, ok = margin(ctx, pos, target)
        total, made = total + w * m, made + w * bool(ok)
    n = sum(weights) or 1.0
    return total / n, None if ctx.draw else made / n


def _one_card(ctx: Context, positions: Sequence[tuple[Position, Solution]],
              weights: Sequence[float], card: int, seen: tuple[int, ...]) -> dict[int, int]:
    """The seat's next card after ``card`` and ``seen``, best on average over the
    worlds in which ``seen`` is legal: its value in each of them (by index). A world
    told apart from every other keeps its double-dummy value (nothing returned)."""
    nodes = {}
    for j, (pos, _) in enumerate(positions):
        node = _replay(after(pos, card), seen)
        if node is not None:
            nodes[j] = node
    if len(nodes) < 2:
        return {}
    sols = {j: solve(node, ctx.backend) for j, node in nodes.items()}
    moves = len(sols[next(iter(sols))].moves)
    scores = [sum(weights[j] * margin(ctx, nodes[j], sol.values[k])[0]
                  for j, sol in sols.items()) for k in range(moves)]
    k = scores.index(max(scores))
    return {j: sol.values[k] for j, sol in sols.items()}


def _replies(ctx: Context, pos: Position, me: int, target: int) -> tuple[int, ...] | None:
    """The others' double-dummy best cards until the seat's next choice, each the
    first in order that keeps the value ``target`` (``None``: the seat has no choice
    left)."""
    seen: tuple[int, ...] = ()
    while any(pos.hands):
        moves = legal_moves(pos)
        if pos.to_move == me:
            return seen if len(moves) > 1 else None
        # The first best move is usually the first in order: cheaper than solve().
        move = next(m for m in moves if value(after(pos, m), ctx.backend)[0] == target)
        seen += (move,)
        pos = after(pos, move)
    return None


def _replay(pos: Position, moves: tuple[int, ...]) -> Position | None:
    """The position after ``moves``, or ``None`` if one of them is not legal."""
    for move in moves:
        if move not in legal_moves(pos):
            return None
        pos = after(pos, move)
    return pos
