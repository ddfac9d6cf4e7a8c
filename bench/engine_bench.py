"""Engine speed: random full deals per second per table form, and legal-action
enumerations per second, through the public API (``make bench``).

Each figure is the median of several runs on one core; machines are noisy, so
compare ratios and medians, not single runs.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from tysiac import Game, Rules
from tysiac.engine import DEAL, GAME_OVER

FORMS = {
    "3 players (pl-3)": Rules.preset("pl-3"),
    "2 players 10+2x2 (pl-2)": Rules.preset("pl-2"),
    "2 players 9+2x3": Rules.preset("pl-2", two_player_layout="9+2x3"),
    "4 players (pl-4)": Rules.preset("pl-4"),
    "dobierany": Rules.preset("dobierany"),
}


def random_deals(rules: Rules, deals: int, seed: int) -> float:
    """Seconds for ``deals`` random full deals: deal, bidding, exchange,
    declaration, every trick and settling. A new game starts every 40 deals, as
    games do, so the game's history stays game-sized."""
    rnd = random.Random(seed).random
    game = Game(rules, seed=seed)
    start = time.perf_counter()
    for i in range(deals):
        if i % 40 == 0 or game.phase == GAME_OVER:
            game = Game(rules, seed=seed + i)
        game.deal()
        while game.phase != DEAL and game.phase != GAME_OVER:
            legal = game.legal_actions()
            game.apply(legal[int(rnd() * len(legal))])
    return time.perf_counter() - start


def enumerations(rules: Rules, positions: int, seed: int) -> tuple[int, float]:
    """Legal-action enumerations of positions met in random deals, timed alone."""
    rnd = random.Random(seed).random
    game = Game(rules, seed=seed)
    states = []
    while len(states) < positions:
        if game.phase == GAME_OVER or len(game.results) >= 40:
            game = Game(rules, seed=seed + len(states))
        game.deal()
        while game.phase != DEAL and game.phase != GAME_OVER:
            states.append(game.copy())
            legal = game.legal_actions()
            game.apply(legal[int(rnd() * len(legal))])
    start = time.perf_counter()
    for state in states:
        state.legal_actions()
    return len(states), time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--deals", type=int, default=20000)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    print(f"random full deals per second, one core, median of {args.runs} runs of "
          f"{args.deals} deals")
    for name, rules in FORMS.items():
        rates = [args.deals / random_deals(rules, args.deals, seed) for seed in range(args.runs)]
        print(f"  {name:26} {statistics.median(rates):>9,.0f}   "
              f"(runs: {min(rates):,.0f} .. {max(rates):,.0f})")
    rates = []
    for seed in range(args.runs):
        count, seconds = enumerations(Rules.preset("pl-3"), 30000, seed)
        rates.append(count / seconds)
    print(f"legal-action enumerations per second (pl-3 positions): "
          f"{statistics.median(rates):,.0f}")


if __name__ == "__main__":
    main()
