"""Running an arena: duplicate games on ``jobs`` processes, merged into figures."""

from __future__ import annotations

import time
from collections.abc import Callable, Generator
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from itertools import count

from ..rules import Rules
from .duplicate import GameRun, play_game, seatings
from .players import ArenaError, factory, sees_all
from .rating import Finished, ratings
from .stats import quantile, ratio_difference, ratio_mean

Progress = Callable[[int, int], None]


@dataclass(frozen=True, slots=True)
class ArenaSpec:
    bots: tuple[str, ...]          # level per seat, as given
    rules: Rules
    deals: int                     # deals per seating
    seed: int = 1
    jobs: int = 1

    def check(self) -> None:
        if len(self.bots) != self.rules.players:
            raise ArenaError(f"przy tym stole gra {self.rules.players} graczy, "
                             f"a botów jest {len(self.bots)}",
                             f"this table has {self.rules.players} players; "
                             f"{len(self.bots)} bots given")
        if self.deals < 1:
            raise ArenaError("--deals musi wynosić co najmniej 1",
                             "--deals must be at least 1")
        if self.jobs < 1:
            raise ArenaError("--jobs musi wynosić co najmniej 1", "--jobs must be at least 1")


@dataclass(slots=True)
class LevelFigures:
    """The figures of one level, pooled over its seats and the seatings."""

    level: str
    sees_all: bool
    seats: int                           # seats it holds at the table
    deals: int = 0                       # seat-deals, sitting out included
    deal_points: float = 0.0
    deal_points_ci: float | None = None
    delta: float = 0.0
    delta_ci: float | None = None
    contracts_bid: int = 0
    contracts_made: int = 0
    bombs: int = 0
    games_finished: int = 0
    games_won: int = 0                   # by any of its seats
    rating: dict[str, float] = field(default_factory=dict)
    decisions: int = 0
    time_median_ms: float = 0.0
    time_p99_ms: float = 0.0

    @property
    def won_per_seat(self) -> float | None:
        """The share of finished games won, per seat held (1/players is even)."""
        if not self.games_finished:
            return None
        return self.games_won / self.games_finished / self.seats


@dataclass(slots=True)
class ArenaResult:
    spec: ArenaSpec
    seatings: list[tuple[str, ...]]
    games: int                           # duplicate games used
    deals: int                           # deals played, all seatings together
    levels: dict[str, LevelFigures]
    margins: list[tuple[str, str, float, float | None]]   # a, b, delta(a) - delta(b), CI
    seconds: float


class _Tally:
    """Per-level sums per duplicate game (the clusters of :mod:`.stats`)."""

    def __init__(self, levels: tuple[str, ...]) -> None:
        self.levels = tuple(dict.fromkeys(levels))
        self.delta: dict[str, tuple[list[float], list[int]]] = {
            lv: ([], []) for lv in self.levels}
        self.points: dict[str, tuple[list[float], list[int]]] = {
            lv: ([], []) for lv in self.levels}
        self.figures = {lv: LevelFigures(lv, sees_all(factory(lv)), levels.count(lv))
                        for lv in self.levels}
        self.times: dict[str, list[float]] = {lv: [] for lv in self.levels}
        self.finished: list[Finished] = []

    def add(self, runs: list[GameRun | None], left: list[int]) -> int:
        """Count one duplicate game within the deals ``left`` per seating (updated;
        None: a seating past its budget); returns the deals counted."""
        for pair in (*self.delta.values(), *self.points.values()):
            pair[0].append(0.0)
            pair[1].append(0)
        counted = 0
        for j, run in enumerate(runs):
            if run is None:
                continue
            take = min(len(run.deals), left[j])
            if take:
                for lv, ts in run.times.items():
                    self.times[lv].extend(ts)
            left[j] -= take
            counted += take
            for row in run.deals[:take]:
                for seat, lv in enumerate(run.seating):
                    fig = self.figures[lv]
                    dx, dn = self.delta[lv]
                    dx[-1] += row.delta[seat]
                    dn[-1] += 1
                    if seat != row.sitting_out:
                        px, pn = self.points[lv]
                        px[-1] += row.points[seat]
                        pn[-1] += 1
                    if seat == row.declarer:
                        fig.contracts_bid += 1
                        fig.contracts_made += row.made
                        fig.bombs += row.bomb
            if take == len(run.deals) and run.winner is not None and take:
                self.finished.append((run.seating, run.scores))
                for lv in set(run.seating):
                    self.figures[lv].games_finished += 1
                if run.winner != "draw":
                    self.figures[run.seating[int(run.winner)]].games_won += 1
        return counted

    def result(self, spec: ArenaSpec, games: int, deals: int, seconds: float) -> ArenaResult:
        rated = ratings(spec.bots, self.finished) if self.finished else {}
        for lv, fig in self.figures.items():
            fig.deals = sum(self.delta[lv][1])
            fig.delta, fig.delta_ci = ratio_mean(*self.delta[lv])
            fig.deal_points, fig.deal_points_ci = ratio_mean(*self.points[lv])
            fig.rating = rated.get(lv, {})
            ts = sorted(self.times[lv])
            fig.decisions = len(ts)
            fig.time_median_ms = 1000 * quantile(ts, 0.5)
            fig.time_p99_ms = 1000 * quantile(ts, 0.99)
        margins = []
        for i, a in enumerate(self.levels):
            for b in self.levels[i + 1:]:
                diff, ci = ratio_difference(*self.delta[a], *self.delta[b])
                margins.append((a, b, diff, ci))
        return ArenaResult(spec, seatings(spec.bots), games, deals, self.figures, margins,
                           seconds)


def run_arena(spec: ArenaSpec, progress: Progress | None = None) -> ArenaResult:
    """Play duplicate games until every seating has played ``spec.deals`` deals."""
    spec.check()
    start = time.perf_counter()
    seats = seatings(spec.bots)
    left = [spec.deals] * len(seats)
    total = spec.deals * len(seats)
    tally = _Tally(spec.bots)
    games = done = 0
    sets = _game_sets(spec, left)
    try:
        for runs in sets:
            games += 1
            done += tally.add(runs, left)
            if progress is not None:
                progress(done, total)
            if not any(left):
                break
    finally:
        sets.close()
    return tally.result(spec, games, done, time.perf_counter() - start)


def _game_sets(spec: ArenaSpec, left: list[int]) -> Generator[list[GameRun | None], None, None]:
    """Duplicate games 0, 1, 2, ... in order, each in every seating, played on
    ``spec.jobs`` processes one game a task. A seating whose budget ``left`` (kept
    by the caller) is spent gets None; a game is cut at the budget left when it
    starts, which never cuts a deal that would be counted."""
    seats = seatings(spec.bots)
    if spec.jobs == 1:
        for index in count():
            yield [play_game(s, spec.rules, spec.seed, index, left[j]) if left[j] else None
                   for j, s in enumerate(seats)]
    pool = ProcessPoolExecutor(max_workers=spec.jobs)
    tasks = ((i, j) for i in count() for j in range(len(seats)))
    pending: dict[tuple[int, int], Future[GameRun] | None] = {}
    running = 0
    try:
        for index in count():
            while running < 2 * spec.jobs or (index, len(seats) - 1) not in pending:
                i, j = next(tasks)
                future = None
                if left[j]:
                    future = pool.submit(play_game, seats[j], spec.rules, spec.seed, i, left[j])
                    running += 1
                pending[i, j] = future
            runs: list[GameRun | None] = []
            for j in range(len(seats)):
                future = pending.pop((index, j))
                runs.append(None if future is None else future.result())
                running -= future is not None
            yield runs
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
