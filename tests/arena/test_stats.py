"""The arena's statistics: ratio means over clusters and their 95% intervals."""

from __future__ import annotations

import math
import statistics

import pytest

from tysiac.arena.stats import quantile, ratio_difference, ratio_mean, t95


def test_equal_clusters_give_the_mean_and_the_standard_error_of_cluster_means() -> None:
    x = [30.0, 50.0, 10.0, 40.0]          # sums over 10 deals each
    mean, ci = ratio_mean(x, [10] * 4)
    per = [v / 10 for v in x]
    assert mean == pytest.approx(statistics.mean(per))
    assert ci == pytest.approx(t95(3) * statistics.stdev(per) / math.sqrt(4))


def test_unequal_clusters_weigh_by_deals() -> None:
    mean, ci = ratio_mean([10.0, 90.0], [1, 9])
    assert mean == pytest.approx(10.0)     # every deal scored 10
    assert ci == pytest.approx(0.0)


def test_no_interval_without_two_clusters() -> None:
    assert ratio_mean([5.0], [2]) == (2.5, None)
    assert ratio_mean([], []) == (0.0, None)


def test_a_difference_over_shared_clusters_cancels_the_shared_luck() -> None:
    luck = [100.0, -80.0, 35.0, 0.0, 61.0]
    deals = [10, 12, 9, 11, 10]
    a = [v + 5 * n for v, n in zip(luck, deals, strict=True)]   # 5 more per deal, every game
    diff, ci = ratio_difference(a, deals, luck, deals)
    assert diff == pytest.approx(5.0)
    assert ci == pytest.approx(0.0, abs=1e-9)
    alone = ratio_mean(a, deals)[1]
    assert alone is not None and alone > 1.0


def test_quantiles_are_nearest_rank() -> None:
    values = sorted(float(v) for v in range(1, 101))
    assert quantile(values, 0.5) == 50.0
    assert quantile(values, 0.99) == 99.0
    assert quantile([], 0.5) == 0.0


@pytest.mark.parametrize(("df", "t"), [(3, 3.182), (10, 2.228), (29, 2.045), (1000, 1.962)])
def test_student_t_quantiles(df: int, t: float) -> None:
    assert t95(df) == pytest.approx(t, rel=0.01)
