"""Bot strength in the arena with fixed seeds (``make bench-bots``).

Pairings: in pl-3 ``basic`` against ``random``, ``strong`` against ``basic``, and the
``cheat`` player (it sees every card: an upper bound) against ``strong``; the same
first two in pl-2 and pl-4. Each pairing plays the duplicate format of
:mod:`tysiac.arena` with about ``--deals`` deals in all (split evenly over its
seatings) and prints the arena's table; a summary of the margins follows.
Pairings whose bots do not exist yet are skipped and named.

The full run is long (the search bots are slow): run it under ``nice``, with
``--jobs`` as cores allow. ``--quick`` is a smoke run of a few games.
"""

from __future__ import annotations

import argparse
import importlib.util
import math
import sys

from tysiac import Rules
from tysiac.arena import ArenaSpec, report_text, run_arena
from tysiac.arena.duplicate import seatings
from tysiac.arena.players import ARENA_ONLY
from tysiac.bots import LEVELS

PAIRINGS = [
    ("pl-3", "basic,random,random"),
    ("pl-3", "strong,basic,basic"),
    ("pl-3", "cheat,strong,strong"),
    ("pl-2", "basic,random"),
    ("pl-2", "strong,basic"),
    ("pl-4", "basic,random,random,random"),
    ("pl-4", "strong,basic,basic,basic"),
]
SEED = 2024


def missing(bots: str) -> list[str]:
    """The bots of a pairing that are not available."""
    out = []
    for name in dict.fromkeys(bots.split(",")):
        if name in LEVELS:
            continue
        module = ARENA_ONLY.get(name, ("", ""))[0]
        if not module or importlib.util.find_spec(module) is None:
            out.append(name)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=2000,
                        help="deals per pairing, all seatings together (default 2000)")
    parser.add_argument("--quick", action="store_true", help="a smoke run: 60 deals a pairing")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--only", action="append", default=[], metavar="TEXT",
                        help="run the pairings whose name contains TEXT (repeatable), "
                        "e.g. --only pl-3 --only strong,basic")
    args = parser.parse_args()
    deals = 60 if args.quick else args.deals
    summary = []
    for preset, bots in PAIRINGS:
        name = f"{preset} {bots}"
        if args.only and not any(text in name for text in args.only):
            continue
        absent = missing(bots)
        if absent:
            print(f"== {name}: skipped, not available yet: {', '.join(absent)}\n")
            summary.append(f"  {name:34} skipped ({', '.join(absent)} missing)")
            continue
        levels = tuple(bots.split(","))
        per_seating = math.ceil(deals / len(seatings(levels)))
        spec = ArenaSpec(levels, Rules.preset(preset), per_seating, args.seed, args.jobs)
        print(f"== {name}", flush=True)
        result = run_arena(spec)
        print(report_text(result, "en") + "\n", flush=True)
        a, b, diff, ci = result.margins[0]
        half = f" ± {ci:.1f}" if ci is not None else ""
        summary.append(f"  {name:34} {a} − {b}: {diff:+.1f}{half} points per deal "
                       f"({result.deals} deals, {result.seconds:.0f} s)")
    print("Summary (score delta per deal, 95% interval):")
    print("\n".join(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())
