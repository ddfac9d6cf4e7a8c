"""What keeping a bomb is worth: the expert bot's reserve for its own bomb.

A bomb thrown now cannot save a worse hand later in the game, so a bomb is
thrown only where it saves more than keeping it is worth. That worth is found by
optimal stopping (:func:`keep_value`): in each deal still to come the seat
declares with chance ``1 / players`` and then holds a hand whose best contract
is worth a margin drawn from ``weights/bombs.json`` (the strong bot's
declarations in simulated deals); a bomb there saves the bomb's margin less that
one, and the seat throws it where that beats keeping it for the deals after.
The deals still to come are read from the leader's distance to the goal (a
straight line fitted on games of basic bots). Both are made by
:mod:`tysiac.bots.training.bombs`.

Early in a game a bomb kept is worth about as much as it saves on a hopeless
hand, so only such a hand gets it; near the end it is worth little.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import cache
from typing import Any

import numpy as np

from ..rules import Rules
from .evaluation import layout
from .pimc import Context
from .planning import bomb_deltas, margin_of
from .valuemodel import WEIGHTS

FILE = "bombs.json"
#: The most deals foreseen (the line's reach beyond the games it was fitted on).
MAX_DEALS = 60


@cache
def _data() -> dict[str, Any]:
    return json.loads((WEIGHTS / FILE).read_text())  # type: ignore[no-any-return]


def deals_left(rules: Rules, scores: Sequence[int]) -> int:
    """The deals expected after this one, from the leader's distance to the goal."""
    c0, c1 = (float(c) for c in _data()["deals_left"][str(rules.players)])
    return round(min(MAX_DEALS, max(0.0, c0 + c1 * (rules.goal - max(scores)))))


def keep_value(ctx: Context) -> float | None:
    """What keeping the seat's next bomb is worth now, in points of its margin;
    None where bombs are not counted (no limit: one kept is never missed)."""
    view, rules = ctx.view, ctx.view.rules
    limit = rules.bombs_per_player
    if limit is None or rules.draw_game:
        return None
    left = limit - view.bombs[ctx.me]
    if left <= 0:
        return 0.0
    # The margin of each bomb still in hand, the next one first.
    thrown = [margin_of(ctx, bomb_deltas(ctx, ctx.me, limit - k), ctx.me)
              for k in range(left, 0, -1)]
    kept = _kept(layout(rules), rules.bomb_only_unraised_100, rules.players,
                 deals_left(rules, view.scores), tuple(thrown))
    return kept[left] - kept[left - 1]


@cache
def _kept(lay: str, unraised_only: bool, players: int, deals: int,
          thrown: tuple[float, ...]) -> tuple[float, ...]:
    """What holding 0, 1, ... bombs is worth over ``deals`` deals (``thrown[i]``:
    the margin of the bomb thrown with ``len(thrown) - i`` bombs left)."""
    data = _data()["margins"][lay]
    margins = list(data["unraised"]) + ([] if unraised_only else list(data["raised"]))
    total = len(data["unraised"]) + len(data["raised"])
    # Each sampled declaration comes with this chance in a deal of the seat.
    weight = 1.0 / players / total
    m = np.array(margins, dtype=np.float64)
    left = len(thrown)
    value = np.zeros(left + 1)          # value[k]: k bombs held, over the deals so far
    for _ in range(deals):
        before = value.copy()
        for k in range(1, left + 1):
            gain = thrown[left - k] - m + before[k - 1] - before[k]
            value[k] = before[k] + weight * float(np.maximum(gain, 0.0).sum())
    return tuple(float(v) for v in value)
