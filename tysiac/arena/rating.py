"""Ratings of the levels from finished games (openskill, Plackett-Luce).

openskill is the ``bots`` extra; it is imported here only, when ratings are asked
for, so the engine and the other layers never need it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

#: (level per seat, final score per seat) of each finished game, in a fixed order.
Finished = tuple[tuple[str, ...], tuple[int, ...]]


def ratings(levels: Sequence[str], games: Sequence[Finished]) -> dict[str, dict[str, float]]:
    """``{level: {"mu", "sigma", "ordinal"}}`` after rating ``games`` in order. Each
    seat is one team, ranked by its final score; a level holding several seats
    moves by the mean of their updates (games between its own seats tell nothing)."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    current: dict[str, Any] = {level: model.rating(name=level) for level in dict.fromkeys(levels)}
    for seating, scores in games:
        teams = [[current[level]] for level in seating]
        rated = model.rate(teams, scores=list(scores))
        for level in set(seating):
            mine = [team[0] for team, s in zip(rated, seating, strict=True) if s == level]
            new = model.rating(mu=sum(r.mu for r in mine) / len(mine),
                               sigma=sum(r.sigma for r in mine) / len(mine), name=level)
            current[level] = new
    return {level: {"mu": r.mu, "sigma": r.sigma, "ordinal": r.ordinal()}
            for level, r in current.items()}
