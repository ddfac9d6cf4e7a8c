"""The expert bot's parts one at a time, each against ``strong`` on the same deals
(``make bench-ablation``).

Each variant is the expert bot with the other parts switched to the strong bot's
ways; every variant plays the same deals of :mod:`paired` (the baseline played
by ``strong`` in every seat, cached; the variant in each seat in turn), so the
figures can be compared with each other. ``--scores played`` (the default)
starts each deal from a standing met in games, where the end of the game and
the barrier count, with the bombs already thrown as often as in games (``game``:
the standings only, every bomb still in hand).
"""

from __future__ import annotations

import argparse
import sys

import paired
from kernel_check import warn_if_pure

#: Each part of the expert bot with the option that makes it the strong bot's way.
STRONG_WAYS = {"bidding": "search", "inference": "none", "score": "false",
               "exchange": "false", "selfish": "false", "reserve": "fixed",
               "curve": "false"}


def alone(part: str | None, extra: str = "") -> str:
    """The expert bot with every part of ``STRONG_WAYS`` but ``part`` the strong
    bot's, and ``extra`` options."""
    options = [f"{k}={v}" for k, v in STRONG_WAYS.items() if k != part]
    return "expert:" + ",".join(options + ([extra] if extra else []))


VARIANTS = [
    ("learned bidding alone", alone("bidding")),
    ("inference from bids alone", alone("inference", "cards=false,gifts=false")),
    ("inference alone (bids, gifts, cards)", alone("inference")),
    ("game-score awareness alone", alone("score")),
    ("the wider exchange alone", alone("exchange")),
    ("the selfish defence alone", alone("selfish")),
    ("the bomb kept for later alone", alone("reserve")),
    ("the fitted contract chance alone", alone("curve")),
    ("the new search alone (αμ; off in expert)", alone(None, "search=alphamu")),
    ("all together (expert)", "expert"),
]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--preset", default="pl-3")
    parser.add_argument("--deals", type=int, default=500)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--scores", choices=("zero", "game", "played"), default="played")
    parser.add_argument("--quick", action="store_true", help="a smoke run: 6 deals")
    args = parser.parse_args()
    warn_if_pure()
    deals = 6 if args.quick else args.deals
    rows = []
    for label, spec in VARIANTS:
        print(f"== {label}: {spec}", file=sys.stderr, flush=True)
        r = paired.run(args.preset, "strong", spec, args.seed, deals, args.jobs,
                       paired.ALL_PHASES, args.scores)
        rows.append((label, r))
    print(f"Ablation, {args.preset}, {deals} deals from {args.scores} standings, against "
          f"strong (margin per seat-deal, and the chance to win in points, 95% intervals):")
    for label, r in rows:
        print(f"  {label:34} {r['gain']:+6.2f} ± {r['ci']:.2f}   chance to win "
              f"{r['equity']:+.2f} ± {r['equity_ci']:.2f}   declared {r['declared']}, "
              f"made {r['made']} (strong {r['base_declared']}, {r['base_made']}); "
              f"{r['seconds']:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
