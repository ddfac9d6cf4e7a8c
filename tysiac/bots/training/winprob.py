"""The chance to win the game from a score state, fitted on simulated games.

Games of ``basic`` bots are played from a seed at each table size (2, 3 and 4
players, the presets pl-2, pl-3, pl-4); every deal's starting standing, seen from
each seat, is a sample labelled by whether that seat won the game. A logistic
regression per table size on the features of :func:`tysiac.bots.winprob.features`
is fitted by Newton's method; games are split into training and validation.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt

from ..winprob import FEATURES, features
from .parallel import run_all
from .selfplay import PRESETS, basic_game


@dataclass
class Table:
    weights: dict[int, list[float]]    # per table size
    games: int
    states: int
    log_loss: float                     # validation, all sizes together


def _games(args: tuple[int, int, int, Path]) -> list[tuple[int, list[list[float]], list[int]]]:
    """(game, features, won) per seat and deal of ``count`` games of basic bots
    counting hands with ``counts``."""
    players, seed, count, counts = args
    out = []
    for g in range(count):
        gseed = random.Random(f"winprob:{seed}:{players}:{g}").getrandbits(63)
        game, states = basic_game(players, gseed, counts)
        if game.winner is None or game.winner == "draw":
            continue
        rows, won = [], []
        for scores in states:
            for s in range(players):
                rows.append(list(features(game.rules, scores, s)))
                won.append(int(game.winner == s))
        out.append((g, rows, won))
    return out


def _fit(x: npt.NDArray[np.float64], y: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]:
    w = np.zeros(x.shape[1])
    for _ in range(30):
        p = 1 / (1 + np.exp(-(x @ w)))
        grad = x.T @ (p - y) + 1e-3 * w
        hess = (x * (p * (1 - p))[:, None]).T @ x + 1e-3 * np.eye(len(w))
        w -= np.linalg.solve(hess, grad)
    return w


def fit(games: int, seed: int, jobs: int, counts: Path) -> Table:
    """The model from ``games`` games per table size, of basic bots counting hands
    with ``counts`` (the file of the basic bot's weights)."""
    weights: dict[int, list[float]] = {}
    loss, states, played, checked = 0.0, 0, 0, 0
    for players in PRESETS:
        per = 10
        tasks = [(players, seed * 1000 + i, per, counts) for i in range(-(-games // per // 3))]
        results = [r for part in run_all(_games, tasks, jobs) for r in part]
        played += len(results)
        train = [r for i, r in enumerate(results) if i % 5]
        valid = [r for i, r in enumerate(results) if not i % 5] or train
        x = np.array([row for _, rows, _ in train for row in rows])
        y = np.array([v for _, _, won in train for v in won], dtype=np.float64)
        w = _fit(x, y)
        weights[players] = [round(float(v), 4) for v in w]
        xv = np.array([row for _, rows, _ in valid for row in rows])
        yv = np.array([v for _, _, won in valid for v in won], dtype=np.float64)
        p = np.clip(1 / (1 + np.exp(-(xv @ w))), 1e-6, 1 - 1e-6)
        loss += float(-(yv * np.log(p) + (1 - yv) * np.log(1 - p)).sum())
        states += len(yv) + len(y)
        checked += len(yv)
    return Table(weights, played, states, loss / max(1, checked))


def write(file: Path, table: Table) -> None:
    data = {"features": list(FEATURES), "weights": {str(k): v for k, v in table.weights.items()},
            "games": table.games, "validation_log_loss": round(table.log_loss, 4)}
    file.write_text(json.dumps(data, indent=1) + "\n")
