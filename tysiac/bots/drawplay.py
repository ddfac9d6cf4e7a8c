"""The expert bot's card play in the draw game while the stock lasts: answers that
do not foresee the stock.

The strong bot values a lead, world by world, by the opponent's best answer in
that world (:func:`.pimc.stock_value` of the world alone), and that answer knows the order of the
stock, the cards each side will draw next, which nobody at the table knows. Here
each world is played out with ``orders`` orders of its stock, and the answer is
the one best for the opponent on average over them: one answer to a lead for the
hand it holds, not one per order of the draw.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import replace

from .pimc import Context, Values, stock_value
from .sampling import World


def draw_values(ctx: Context, worlds: Iterable[World], orders: int,
                rng: random.Random) -> Values:
    """The average value of each legal card over ``worlds``, each played out with
    ``orders`` orders of its stock (the world's own first)."""
    legal = ctx.view.legal
    sums = dict.fromkeys(legal, 0.0)
    n = 0
    for world in worlds:
        n += 1
        shuffled = [replace(world, stock=tuple(rng.sample(world.stock, len(world.stock))))
                    for _ in range(orders - 1)]
        variants = [world, *shuffled]
        for a in legal:
            sums[a] += stock_value(ctx, variants, a)
    return {a: (sums[a] / max(n, 1), None) for a in legal}

