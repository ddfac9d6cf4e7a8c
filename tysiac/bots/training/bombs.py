"""What keeping a bomb is worth (:mod:`tysiac.bots.bombs`): its two inputs, made
from simulated deals and games.

* The margins of declarers: deals of ``strong`` bots (pl-3, and pl-2 in both
  layouts; fresh games, bombs off so that every declarer declares) are played to
  the declaration, and the declarer's best contract, as the strong bot values it
  there, is a sample, kept apart by whether it is an obligatory 100 nobody raised
  (the only bomb some tables allow).
* The deals a game still lasts: games of ``basic`` bots (pl-2, pl-3, pl-4); at
  each deal, the leader's distance to the goal against the deals still to come,
  fitted by least squares as a straight line (its mean absolute error on a
  fifth of the games held out is printed).
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import numpy as np

from ...engine import DEAL, DECLARE, GAME_OVER, Game
from ...rules import Rules
from ..bombs import FILE
from ..strong import StrongBot
from .parallel import run_all
from .selfplay import PRESETS, TABLES, basic_game


def _declarations(args: tuple[str, int, int, int]) -> list[tuple[float, bool]]:
    """(the declarer's best margin, an obligatory 100 nobody raised) of deals."""
    lay, seed, start, count = args
    preset, options = TABLES[lay]
    rules = Rules.preset(preset, bombs_per_player=0, **options)   # every declarer declares
    out = []
    for d in range(start, start + count):
        rng = random.Random(f"bombs:{seed}:{lay}:{d}")
        game = Game(rules, seed=rng.getrandbits(63), first_dealer=d % rules.players)
        game.deal()
        bots = [StrongBot(rng.getrandbits(32)) for _ in range(rules.players)]
        while game.phase not in (DEAL, GAME_OVER):
            view = game.view(game.to_move)
            if game.phase == DECLARE:
                best = max(a.expected for a in bots[game.to_move].advise(view))
                out.append((best, not any(b for _, b in view.bids)))
                break
            a = view.legal[0] if len(view.legal) == 1 else bots[game.to_move].choose(view)
            game.play(a, game.to_move)
    return out


def _lengths(args: tuple[int, int, int, Path]) -> list[tuple[int, list[tuple[int, int]]]]:
    """(game, (leader's distance to the goal, deals after it) per deal) of games of
    basic bots counting hands with ``counts``."""
    players, seed, count, counts = args
    out = []
    for g in range(count):
        gseed = random.Random(f"bombs:{seed}:{players}:{g}").getrandbits(63)
        game, standings = basic_game(players, gseed, counts)
        if game.phase == GAME_OVER:
            gaps = [game.rules.goal - max(scores) for scores in standings]
            out.append((g, [(gap, len(gaps) - i - 1) for i, gap in enumerate(gaps)]))
    return out


def fit(deals: int, games: int, seed: int, jobs: int, counts: Path) -> dict[str, Any]:
    """The contents of ``weights/bombs.json``, with the figures of the fit; the
    games' basic bots count hands with ``counts``."""
    margins: dict[str, dict[str, list[float]]] = {}
    for lay in TABLES:
        per = max(1, deals // (4 * jobs))
        tasks = [(lay, seed, i, min(per, deals - i)) for i in range(0, deals, per)]
        rows = [r for part in run_all(_declarations, tasks, jobs) for r in part]
        margins[lay] = {"unraised": sorted(round(m, 1) for m, u in rows if u),
                        "raised": sorted(round(m, 1) for m, u in rows if not u)}
    lines: dict[str, list[float]] = {}
    errors: dict[str, float] = {}
    for players in PRESETS:
        per = min(10, games)
        runs = [(players, seed * 1000 + i, per, counts) for i in range(-(-games // per))]
        played = [r for part in run_all(_lengths, runs, jobs) for r in part]
        train = [row for i, (_, rows) in enumerate(played) if i % 5 for row in rows]
        valid = [row for i, (_, rows) in enumerate(played) if not i % 5 for row in rows] or train
        x, y = np.array(train, dtype=np.float64).T
        c1, c0 = np.polyfit(x, y, 1)
        xv, yv = np.array(valid, dtype=np.float64).T
        lines[str(players)] = [round(float(c0), 3), round(float(c1), 5)]
        errors[str(players)] = round(float(np.abs(c0 + c1 * xv - yv).mean()), 2)
    return {"margins": margins, "deals_left": lines, "deals_left_mae": errors,
            "declarations": {lay: len(m["unraised"]) + len(m["raised"])
                             for lay, m in margins.items()},
            "seed": seed}


def write(folder: Path, data: dict[str, Any]) -> None:
    """``data`` as the weight file in ``folder``."""
    (folder / FILE).write_text(json.dumps(data, indent=1) + "\n")
