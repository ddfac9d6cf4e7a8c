"""Means per deal with 95% intervals over independent clusters (duplicate games).

The deals of one duplicate game, across its seatings, are not independent (that
is the point: they share the cards), so each game is one sample: for cluster i a
sum ``x[i]`` over ``n[i]`` seat-deals. The mean per deal is the ratio estimator
``r = sum(x) / sum(n)``; its variance, by the delta method,
``sum((x[i] - r n[i])^2) / (m (m - 1) nbar^2)`` over m clusters. The 95% interval
uses Student's t with m - 1 degrees of freedom, as a few dozen games are usual.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

Z95 = 1.959964


def t95(df: int) -> float:
    """The two-sided 95% quantile of Student's t (Cornish-Fisher expansion, within
    1% from 3 degrees of freedom on)."""
    z = Z95
    return (z + (z**3 + z) / (4 * df) + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df**2)
            + (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / (384 * df**3))


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
    return r, t95(m - 1) * math.sqrt(ss / (m * (m - 1))) / nbar


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
    return ra - rb, t95(m - 1) * math.sqrt(ss / (m * (m - 1)))


def quantile(sorted_values: Sequence[float], q: float) -> float:
    """The ``q`` quantile (nearest rank) of already sorted values; 0 for none."""
    if not sorted_values:
        return 0.0
    k = max(0, math.ceil(q * len(sorted_values)) - 1)
    return sorted_values[k]
