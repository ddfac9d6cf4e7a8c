"""Means per deal with 95% intervals over independent clusters (duplicate games).

The deals of one duplicate game, across its seatings, are not independent (that
is the point: they share the cards), so each game is one sample: for cluster i a
sum ``x[i]`` over ``n[i]`` seat-deals. The mean per deal is the ratio estimator
``r = sum(x) / sum(n)``; its variance, by the delta method,
``sum((x[i] - r n[i])^2) / (m (m - 1) nbar^2)`` over m clusters.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

Z95 = 1.959964


def ratio_mean(x: Sequence[float], n: Sequence[int]) -> tuple[float, float | None]:
    """The mean per deal and the half-width of its 95% interval (None with fewer
    than two clusters)."""
    total = sum(n)
    if not total:
        return 0.0, None
    r = sum(x) / total
    m = len(n)
    if m < 2:
        return r, None
    nbar = total / m
    ss = sum((xi - r * ni) ** 2 for xi, ni in zip(x, n, strict=True))
    return r, Z95 * math.sqrt(ss / (m * (m - 1))) / nbar


def ratio_difference(xa: Sequence[float], na: Sequence[int], xb: Sequence[float],
                     nb: Sequence[int]) -> tuple[float, float | None]:
    """``mean(a) - mean(b)`` over the same clusters, and its 95% half-width."""
    ta, tb = sum(na), sum(nb)
    m = len(na)
    if not ta or not tb:
        return 0.0, None
    ra, rb = sum(xa) / ta, sum(xb) / tb
    if m < 2:
        return ra - rb, None
    ma, mb = ta / m, tb / m
    ss = sum(((xai - ra * nai) / ma - (xbi - rb * nbi) / mb) ** 2
             for xai, nai, xbi, nbi in zip(xa, na, xb, nb, strict=True))
    return ra - rb, Z95 * math.sqrt(ss / (m * (m - 1)))


def quantile(sorted_values: Sequence[float], q: float) -> float:
    """The ``q`` quantile (nearest rank) of already sorted values; 0 for none."""
    if not sorted_values:
        return 0.0
    k = max(0, math.ceil(q * len(sorted_values)) - 1)
    return sorted_values[k]
