"""The chance that a seat wins the game from a score state (a logistic model per
table size, fitted on simulated games by :mod:`tysiac.bots.training.winprob`;
weights in ``weights/winprob.json``).

Scores are read relative to the goal, so the same weights serve goal 1000 and
500; the barrier (or the barrel's mark) is a feature because a seat beyond it
scores only as declarer.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import cache
from math import exp

from ..engine import actions as A
from ..engine.views import View
from ..rules import Rules
from .valuemodel import WEIGHTS

FEATURES = ("own", "best_other", "mean_other", "lead", "own_squared", "own_barrier",
            "other_barrier", "const")


def features(rules: Rules, scores: Sequence[int], seat: int) -> tuple[float, ...]:
    goal = rules.goal
    own = scores[seat] / goal
    others = [s / goal for i, s in enumerate(scores) if i != seat]
    mark = rules.barrier if rules.barrier is not None else (
        rules.barrel.at if rules.barrel is not None else None)
    line = mark / goal if mark is not None else 2.0
    best = max(others)
    return (own, best, sum(others) / len(others), own - best, own * own,
            float(own >= line), float(best >= line), 1.0)


@cache
def _weights() -> dict[int, tuple[float, ...]]:
    data = json.loads((WEIGHTS / "winprob.json").read_text())
    return {int(k): tuple(v) for k, v in data["weights"].items()}


def win_chance(rules: Rules, scores: Sequence[int], seat: int) -> float:
    """The chance that ``seat`` wins the game from ``scores`` (before a deal)."""
    if scores[seat] >= rules.goal:
        return 1.0
    w = _weights()[rules.players]
    z = sum(a * b for a, b in zip(w, features(rules, scores, seat), strict=True))
    return 1 / (1 + exp(-max(-30.0, min(30.0, z))))


def game_values(view: View, values: dict[int, tuple[float, float | None]],
                weight: float) -> dict[int, tuple[float, float | None]]:
    """Bids, passes and declarations (``Values``: margin, chance made) with what
    the game adds: a contract that reaches the goal when made wins the game, worth
    ``weight`` points times the chance to win this seat gains (its own contract)
    or loses (the highest bidder's, on a pass)."""
    rules = view.rules
    if view.seat is None or rules.draw_game or not weight:
        return values
    me = view.seat
    chance = win_chance(rules, view.scores, me)
    out = dict(values)
    for a, (m, made) in values.items():
        if made is None:
            continue
        kind = A.kind(a)
        if kind in ("bid", "declare") and view.scores[me] + A.value_of(a) >= rules.goal:
            out[a] = (m + made * (1 - chance) * weight, made)
        elif kind == "pass" and view.bidder is not None and view.bidder != me \
                and view.scores[view.bidder] + view.bid >= rules.goal:
            out[a] = (m - made * chance * weight, made)
    return out
