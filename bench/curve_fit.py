"""The chance to make a simulated contract (:func:`tysiac.bots.planning.made_chance`),
fitted on a bot's own declarations (the deals cached by ``bench/paired.py``).

Each declaration played (bombs left out) is taken from the declarer's view: its
hand against ``--worlds`` sampled worlds, each solved double-dummy for the
declarer's points, and whether the contract was made. The curve's (edge, spread)
is chosen by maximum likelihood over a grid, the chance of a declaration being
the mean over its worlds; the expert bot's shipped curve for the layout
(``expert.CURVE``) and the strong bot's (5, 8) are printed beside it, and the
share made against the share foreseen by bins of the contract. With
``--opponents LEVEL`` the declarations are the bot's among those opponents (the
deals of ``paired.py --opponents``): only the seat it holds in each.
"""

from __future__ import annotations

import argparse
import math
import random
from typing import Any

import paired
from kernel_check import warn_if_pure

from tysiac.bots.evaluation import layout
from tysiac.bots.expert import CURVE
from tysiac.bots.pimc import Context
from tysiac.bots.planning import SIM_EDGE, SIM_SPREAD, declarer_points, made_chance
from tysiac.bots.sampling import Sampler
from tysiac.cards import mask_of

Row = tuple[list[int], int, bool]     # the worlds' points, the contract, made


def declaration(args: tuple[str, int, int, dict[str, Any], int, int | None]) -> Row | None:
    """The declaration of a cached deal (with ``seat``: only if that seat's)."""
    preset, seed, index, base, worlds, seat = args
    rules = paired.table_rules(preset)
    game = paired.deal_game(rules, seed, index, paired._start_for(rules, "played", index))
    points: list[int] | None = None
    for a in base["actions"]:
        if game.phase_name == "declare" and points is None:
            if seat not in (None, game.to_move):
                return None         # another seat's declaration: not solved
            view = game.view(game.to_move)
            ctx, hand = Context.of(view), mask_of(view.hand)
            points = [declarer_points(ctx, w, ctx.me, hand, {}, w.leftover)[0]
                      for w in Sampler(view).sample(random.Random(index), worlds)]
        game.play(a, game.to_move)
    result = game.results[-1]
    if points is None or result.bomb or result.contract is None:
        return None
    return points, result.contract, result.made


def chance(row: Row, curve: tuple[float, float]) -> float:
    points, contract, _ = row
    return sum(made_chance(p, contract, curve) for p in points) / len(points)


def likelihood(rows: list[Row], curve: tuple[float, float]) -> float:
    total = 0.0
    for row in rows:
        p = min(max(chance(row, curve), 1e-9), 1 - 1e-9)
        total += math.log(p if row[2] else 1 - p)
    return total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--preset", default="pl-3")
    parser.add_argument("--level", default="expert", help="whose declarations (cached deals)")
    parser.add_argument("--seed", type=int, default=20)
    parser.add_argument("--deals", type=int, default=800)
    parser.add_argument("--worlds", type=int, default=32)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--opponents", help="the others' level in the cached deals")
    args = parser.parse_args()
    warn_if_pure()
    base = paired.baselines(args.preset, args.level, args.seed, args.deals, args.jobs, "played",
                            args.opponents)
    rules = paired.table_rules(args.preset)
    tasks = [(args.preset, args.seed, i, game, args.worlds, s)
             for i, row in enumerate(base) for s, game in paired.seat_games(row)]
    rows = [r for r in paired._map(declaration, tasks, args.jobs) if r is not None]
    grid = [(float(e), float(s)) for e in range(-4, 21) for s in (3, 4, 5, 6, 8, 10, 12)]
    best = max(grid, key=lambda c: likelihood(rows, c))
    strong = (float(SIM_EDGE), SIM_SPREAD)
    made = sum(r[2] for r in rows) / len(rows)
    print(f"{len(rows)} declarations, made {made:.1%}")
    shipped = CURVE.get(layout(rules), strong)
    curves = (("fitted", best), ("shipped", shipped), ("strong", strong))
    for name, curve in curves:
        foreseen = sum(chance(r, curve) for r in rows) / len(rows)
        print(f"{name} (edge, spread) = {curve}: log-likelihood "
              f"{likelihood(rows, curve):.1f}, foreseen {foreseen:.1%}")
    for low, high in ((100, 100), (105, 115), (120, 135), (140, 400)):
        part = [r for r in rows if low <= r[1] <= high]
        if part:
            shares = ", ".join(f"{name} {sum(chance(r, c) for r in part) / len(part):.1%}"
                               for name, c in curves)
            print(f"  contracts {low}-{high}: {len(part)}, made "
                  f"{sum(r[2] for r in part) / len(part):.1%}, foreseen {shares}")


if __name__ == "__main__":
    main()
