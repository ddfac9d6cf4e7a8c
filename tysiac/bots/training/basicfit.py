"""The basic bot's hand-count weights (:mod:`tysiac.bots.evaluation`), fitted again.

Whole games of three (or two) ``basic`` bots, counting hands with the counts
written by hand (``selfplay.PRIOR``, so that the fit never reads its own earlier
output), are played from a seed; every deal
played to the end gives its declarer's dealt hand, the hand that played, and the
points it made (cards, marriages, leftover). The counts of
``evaluation.FEATURES`` of each hand are fitted to the points by least squares,
per table layout and stage (``pre``: the dealt hand, ``final``: the hand that
plays); the spread is the standard deviation of the residuals. Weights are
rounded as the shipped file keeps them.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import numpy as np

from ...engine import GAME_OVER, Game
from ...engine import actions as A
from ...rules import Rules
from ..base import play_deal
from ..basic import BasicBot
from ..evaluation import FEATURES, counts_from, features
from .parallel import run_all
from .selfplay import PRIOR, TABLES


def _games(args: tuple[str, int, int]) -> list[tuple[int, int, int]]:
    """(dealt hand, hand that played, points) of every deal played out in ``count``
    games of ``basic`` bots."""
    layout, seed, count = args
    preset, options = TABLES[layout]
    rules = Rules.preset(preset, **options)
    rows = []
    with counts_from(PRIOR):
        for g in range(count):
            rows += _game(rules, random.Random(f"basicfit:{seed}:{layout}:{g}").getrandbits(63))
    return rows


def _game(rules: Rules, gseed: int) -> list[tuple[int, int, int]]:
    """The rows of one game (of at most 60 deals)."""
    game = Game(rules, seed=gseed)
    bots = [BasicBot(gseed + s) for s in range(rules.players)]
    rows = []
    while game.phase != GAME_OVER and len(game.results) < 60:
        game.deal()
        play_deal(game, bots)
        if not game.results:
            continue
        r = game.results[-1]
        if r.log is None or r.declarer is None or r.bomb or r.contract is None:
            continue
        d = r.declarer
        dealt = r.log.hands[d]
        musik = r.log.musiks[0]
        for a in r.log.actions:
            if A.kind(a) == "choose_musik":
                musik = r.log.musiks[A.value_of(a)]
        final = dealt | musik
        for a in r.log.actions:
            if A.kind(a) in ("give", "discard"):
                final &= ~(1 << A.card_of(a))
        rows.append((dealt, final, r.points[d]))
    return rows


def fit(layout: str, games: int, seed: int, jobs: int) -> dict[str, object]:
    """The weights and spreads of one layout, and the samples they came from."""
    per = 10
    tasks = [(layout, seed * 1000 + i, per) for i in range(-(-games // per))]
    rows = [r for part in run_all(_games, tasks, jobs) for r in part]
    y = np.array([r[2] for r in rows], dtype=np.float64)
    out: dict[str, object] = {"samples": len(rows)}
    for stage, col in (("pre", 0), ("final", 1)):
        x = np.array([features(r[col]) for r in rows], dtype=np.float64)
        w, *_ = np.linalg.lstsq(x, y, rcond=None)
        if stage == "final":
            j = FEATURES.index("hope")      # no lone card hopes for the musik any more
            x[:, j] = 0
            w, *_ = np.linalg.lstsq(x, y, rcond=None)
            w[j] = 0.0
        spread = float(np.std(y - x @ w))
        out[stage] = {"weights": [round(float(v), 2) for v in w], "spread": round(spread)}
    return out


def write(file: Path, fits: dict[str, dict[str, object]]) -> None:
    data = {"features": list(FEATURES),
            "layouts": {layout: {stage: f[stage] for stage in ("pre", "final")}
                        for layout, f in fits.items()},
            "samples": {layout: f["samples"] for layout, f in fits.items()}}
    file.write_text(json.dumps(data, indent=1) + "\n")
