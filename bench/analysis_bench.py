"""The analysis of a deal (``tysiac analyze``): seconds per settled deal on one
core, median and 99th percentile, per table form (``make bench``).

Deals are played by the basic bots from fixed seeds (bombs included, as games
have them); each is analysed whole: the cards, the bidding in hindsight and
every card, double-dummy and single-dummy. The figures are CPU seconds of this
process (the analysis runs on one core), which other work on a shared machine
disturbs much less than the clock; the wall-clock median is printed beside them.
``--pure N`` also times N deals of 3 players with the pure-Python solver (slow:
about a minute a deal). Machines are noisy: compare medians across runs.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time

from tysiac import Game, Rules
from tysiac.analysis import analyse_deal
from tysiac.bots import kernel, make_bot
from tysiac.engine import DEAL, GAME_OVER

FORMS = {"3 players (pl-3)": "pl-3", "2 players (pl-2)": "pl-2", "4 players (pl-4)": "pl-4"}


def analysis_times(preset: str, deals: int, seed: int,
                   wall: list[float] | None = None) -> list[float]:
    """CPU seconds to analyse each of ``deals`` settled deals of bot games (the
    wall-clock seconds appended to ``wall``)."""
    rules = Rules.preset(preset)
    bots = [make_bot("basic", seed + s) for s in range(rules.players)]
    times: list[float] = []
    game = Game(rules, seed=seed)
    while len(times) < deals:
        if game.phase == GAME_OVER or len(game.results) >= 30:
            game = Game(rules, seed=seed + len(times) + 1)
        game.deal()
        while game.phase not in (DEAL, GAME_OVER):
            game.play(bots[game.to_move].choose(game.view(game.to_move)))
        if game.results[-1].log is not game.log[-1]:
            continue                    # a redeal: nothing to analyse
        start, cpu = time.perf_counter(), time.process_time()
        analyse_deal(game, len(game.log) - 1)
        times.append(time.process_time() - cpu)
        if wall is not None:
            wall.append(time.perf_counter() - start)
    return times


def p99(xs: list[float]) -> float:
    return statistics.quantiles(xs, n=100, method="inclusive")[98] if len(xs) > 1 else xs[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=40, help="deals per table form")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--pure", type=int, default=0,
                        help="also time this many deals with the pure-Python solver")
    parser.add_argument("--form", choices=sorted(FORMS.values()), help="one table form only")
    args = parser.parse_args()
    print(f"Analysis of a settled deal, CPU seconds per deal on one core (C kernel "
          f"{'built' if kernel.available() else 'NOT built: pure Python'}):")
    for name, preset in FORMS.items():
        if args.form and preset != args.form:
            continue
        wall: list[float] = []
        times = analysis_times(preset, args.deals, args.seed, wall)
        print(f"  {name:<18} median {statistics.median(times):5.2f}  p99 {p99(times):5.2f}"
              f"  max {max(times):5.2f}  ({len(times)} deals; wall-clock median "
              f"{statistics.median(wall):.2f})")
    if args.pure:
        env = dict(os.environ, TYSIAC_PURE_PYTHON="1")
        code = ("import statistics, sys; sys.path.insert(0, 'bench'); import analysis_bench as b;"
                f"t = b.analysis_times('pl-3', {args.pure}, {args.seed});"
                "print(f'  pure Python, 3 players: median {statistics.median(t):5.1f}"
                "  max {max(t):5.1f}  ({len(t)} deals)')")
        subprocess.run([sys.executable, "-c", code], env=env, check=True)


if __name__ == "__main__":
    main()
