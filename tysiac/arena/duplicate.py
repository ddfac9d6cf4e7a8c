"""Duplicate games: one seeded game played in every seating of the bots."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from itertools import permutations
from typing import Any

from ..engine import DEAL, GAME_OVER, Game, IllegalAction
from ..rules import Rules
from .players import ArenaError, ask, factory


@dataclass(frozen=True, slots=True)
class DealRow:
    """One settled deal, as the arena counts it."""

    declarer: int | None
    bomb: bool
    made: bool
    points: tuple[int, ...]
    delta: tuple[int, ...]
    sitting_out: int | None


@dataclass(slots=True)
class GameRun:
    """Game ``i`` played in one seating (level per seat)."""

    seating: tuple[str, ...]
    deals: list[DealRow] = field(default_factory=list)
    winner: int | str | None = None        # None: cut at the deal budget
    scores: tuple[int, ...] = ()
    times: dict[str, list[float]] = field(default_factory=dict)   # seconds per choice


def seatings(levels: tuple[str, ...]) -> list[tuple[str, ...]]:
    """Every distinct permutation of the levels, in a fixed order."""
    return sorted(set(permutations(levels)), key=lambda s: [levels.index(x) for x in s])


def game_seed(seed: int, index: int) -> int:
    """The seed of duplicate game ``index`` (the same in every seating)."""
    return random.Random(f"arena:{seed}:{index}").getrandbits(63)


def play_game(seating: tuple[str, ...], rules: Rules, seed: int, index: int,
              max_deals: int) -> GameRun:
    """Duplicate game ``index`` in one seating, stopped after ``max_deals`` deals."""
    # Every bot gets the arena seed: a bot answers a view the same way in every seating.
    bots: list[Any] = [factory(level)(seed) for level in seating]
    run = GameRun(seating, times={level: [] for level in seating})
    game = Game(rules, seed=game_seed(seed, index))
    clock = time.perf_counter
    while game.phase != GAME_OVER and len(game.results) < max_deals:
        game.deal()
        while game.phase not in (DEAL, GAME_OVER):
            seat = game.to_move
            bot = bots[seat]
            start = clock()
            action = ask(bot, game)
            run.times[seating[seat]].append(clock() - start)
            try:
                game.play(action, seat)
            except IllegalAction as e:
                raise ArenaError(f"bot {seating[seat]!r} (miejsce {seat}) wybrał niedozwolony "
                                 f"ruch {action!r}: {e.message('pl')}",
                                 f"bot {seating[seat]!r} at seat {seat} chose an illegal "
                                 f"action {action!r}: {e}") from None
        if game.results and game.log[-1] is game.results[-1].log:
            r = game.results[-1]
            run.deals.append(DealRow(r.declarer, r.bomb, r.made, r.points, r.delta,
                                     r.sitting_out))
    run.winner = game.winner
    run.scores = game.scores
    return run
