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

#: The strong bot's exchange, defence and bomb (its fixed reserve).
_OFF = "exchange=false,selfish=false,reserve=fixed"
VARIANTS = [
    ("learned bidding alone", f"expert:inference=none,score=false,{_OFF}"),
    ("inference from bids alone",
     f"expert:bidding=search,score=false,cards=false,gifts=false,{_OFF}"),
    ("inference alone (bids, gifts, cards)", f"expert:bidding=search,score=false,{_OFF}"),
    ("game-score awareness alone", f"expert:bidding=search,inference=none,{_OFF}"),
    ("the wider exchange alone",
     "expert:bidding=search,inference=none,score=false,selfish=false,reserve=fixed"),
    ("the selfish defence alone",
     "expert:bidding=search,inference=none,score=false,exchange=false,reserve=fixed"),
    ("the bomb kept for later alone",
     "expert:bidding=search,inference=none,score=false,exchange=false,selfish=false"),
    ("the new search alone (αμ; off in expert)",
     f"expert:bidding=search,inference=none,score=false,search=alphamu,{_OFF}"),
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
