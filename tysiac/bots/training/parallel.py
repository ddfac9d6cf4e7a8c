"""Training tasks over several processes."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import TypeVar

T = TypeVar("T")
R = TypeVar("R")


def run_all(fn: Callable[[T], R], tasks: Sequence[T], jobs: int) -> list[R]:
    """``fn`` of every task, in order; on ``jobs`` processes (one: in this one, so
    a small run needs no pool)."""
    if jobs == 1:
        return [fn(t) for t in tasks]
    with ProcessPoolExecutor(jobs) as pool:
        return list(pool.map(fn, tasks))
