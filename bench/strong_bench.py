"""The search bots (``strong`` and ``expert``): decision times per phase at the
default budget, solver speed (Python and C), and a quick duplicate strength figure
(``make bench-strong``).

Duplicate: each deal is dealt the same way once with the opponent level in every
seat (the baseline) and once per seat with the tested level in that seat; the
figure is its score change minus the opponent level's in the same seat with the
same cards, per deal, with a 95% interval. Every deal starts a fresh game (scores 0).
Times are medians and 99th percentiles of single decisions on one core; machines
are noisy, so compare medians and ratios across runs, not single figures.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import defaultdict

from paired import make_player

from tysiac import Game, Rules
from tysiac.bots import LEVELS, kernel
from tysiac.bots.solver import Position, playing_seats, solve
from tysiac.cards import POINTS
from tysiac.engine import DEAL, GAME_OVER, PLAY


def play_deal(rules: Rules, seed: int, levels: list[str], bot_seed: int,
              times: dict[str, list[float]] | None = None,
              timed: str = "strong") -> tuple[int, ...]:
    """One deal from a fresh game; the score change of every seat."""
    game = Game(rules, seed=seed, first_dealer=seed % rules.players)
    game.deal()
    bots = [make_player(level, bot_seed) for level in levels]
    while game.phase not in (DEAL, GAME_OVER):
        seat = game.to_move
        view = game.view(seat)
        start = time.perf_counter()
        action = bots[seat].choose(view)
        if times is not None and levels[seat] == timed and len(view.legal) > 1:
            times[view.phase].append((time.perf_counter() - start) * 1000)
        game.play(action, seat)
    return game.results[-1].delta


def duplicate(rules: Rules, level: str, opponent: str, deals: int, seed: int,
              times: dict[str, list[float]]) -> tuple[float, float]:
    """Mean advantage of ``level`` over ``opponent`` per deal and its 95% half-width."""
    n = rules.players
    gains = []
    for d in range(deals):
        deal_seed = seed * 100_000 + d
        base = play_deal(rules, deal_seed, [opponent] * n, seed)
        gain = 0.0
        for s in range(n):
            levels = [opponent] * n
            levels[s] = level
            gain += play_deal(rules, deal_seed, levels, seed, times, level)[s] - base[s]
        gains.append(gain / n)
    mean = statistics.mean(gains)
    half = 1.96 * statistics.stdev(gains) / len(gains) ** 0.5 if len(gains) > 1 else 0.0
    return mean, half


def solver_speed(rules: Rules, positions: int, seed: int) -> dict[str, float]:
    """Nodes per second of both solvers on the same positions (the first trick of
    random deals; Python on a subset, it is slow)."""
    rng = random.Random(seed)
    found: list[Position] = []
    while len(found) < positions:
        game = Game(rules, seed=rng.randrange(1 << 30))
        game.deal()
        while game.phase not in (PLAY, DEAL, GAME_OVER):
            game.apply(rng.choice(game.legal_actions()))
        if game.phase != PLAY:
            continue            # a bomb or a redeal: no play to solve
        for _ in range(rng.randrange(3 * game.k)):
            game.apply(rng.choice(game.legal_actions()))
        seats = playing_seats(game.n, game.sitting_out)
        d = seats.index(game.declarer)
        taken = [0] * game.n
        for _, cards, w in game.tricks:
            taken[w] += sum(POINTS[c] for c in cards)
        found.append(Position(
            tuple(game.hands[s] for s in seats), seats.index(game.leader), tuple(game.trick),
            game.trump, game.tricks_done, d,
            tuple(taken[s] + game.meld_points[s] for s in seats),
            tuple(0 if i == d else -1 for i in range(len(seats))), game.contract))
    def rate(backend: str, subset: list[Position]) -> float:
        nodes, start = 0, time.perf_counter()
        for pos in subset:
            nodes += solve(pos, backend).nodes
        return nodes / (time.perf_counter() - start)

    few = found[: max(1, positions // 10)]
    rates = {"python": rate("python", few)}
    if kernel.available():
        rates["c"] = rate("c", found)
        rates["c/python"] = rate("c", few) / rates["python"]
    return rates


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--preset", default="pl-3")
    parser.add_argument("--deals", type=int, default=200, help="duplicate deals per opponent")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--against", default=None,
                        help="opponent levels, comma-separated (default: random, and basic "
                        "if it exists)")
    parser.add_argument("--levels", default="strong,expert",
                        help="the levels timed, comma-separated, each as level or "
                        "level:key=value;key=value (default: strong,expert)")
    args = parser.parse_args()
    rules = Rules.preset(args.preset)
    print(f"search bots, preset {args.preset}, C kernel: "
          f"{'yes' if kernel.available() else 'no (pure Python)'}")
    if rules.draw_game:       # early in the draw game the stock is played out, not solved
        print("solver speed: measured on the games with a declarer")
    else:
        rates = solver_speed(rules, 60, args.seed)
        print(f"solver nodes per second (early-deal positions): Python {rates['python']:,.0f}"
              + (f", C {rates['c']:,.0f}; C/Python {rates['c/python']:.0f}x on the same "
                 "positions" if "c" in rates else ""))
    against = args.against.split(",") if args.against else \
        [level for level in ("random", "basic") if level in LEVELS]
    for spec in args.levels.split(","):
        level = spec.replace(";", ",")
        if level.partition(":")[0] not in LEVELS:
            print(f"{level}: not available, skipped")
            continue
        times: dict[str, list[float]] = defaultdict(list)
        for opponent in against:
            mean, half = duplicate(rules, level, opponent, args.deals, args.seed, times)
            print(f"{level} vs {opponent}: {mean:+.1f} points per deal (95% ±{half:.1f}), "
                  f"{args.deals} duplicate deals")
        print(f"decision times in ms ({level}, decisions with a choice, one process):")
        for phase in ("bid", "exchange", "declare", "play"):
            ts = sorted(times.get(phase, []))
            if ts:
                print(f"  {phase:9} n={len(ts):5}  median {statistics.median(ts):7.1f}  "
                      f"p99 {_p99(ts):7.1f}  mean {statistics.mean(ts):7.1f}")
        every = sorted(t for ts in times.values() for t in ts)
        if every:
            print(f"  {'all':9} n={len(every):5}  median {statistics.median(every):7.1f}  "
                  f"p99 {_p99(every):7.1f}  mean {statistics.mean(every):7.1f}")


def _p99(ts: list[float]) -> float:
    return ts[min(len(ts) - 1, int(len(ts) * 0.99))]


if __name__ == "__main__":
    main()
