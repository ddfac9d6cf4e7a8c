"""Bot strength in the arena with fixed seeds (``make bench-bots``).

Pairings: in pl-3 ``basic`` against ``random``, ``strong`` against ``basic``,
``expert`` against ``basic`` and against ``strong``, and the ``cheat`` player (it
sees every card: an upper bound) against ``strong`` and against ``expert``; in
pl-2 (both layouts), pl-4 and dobierany ``expert`` against ``strong``, and the
older pairings; in pl-3 with each option that changes play (no meld in the first
trick, ``must_trump`` off, a bid step of 5, no bombs) ``expert`` against ``strong``.
Each pairing plays the duplicate format of :mod:`tysiac.arena` with about
``--deals`` deals in all (split evenly over its seatings) and prints
the arena's table; a summary of the margins follows, then each search bot's
contracts: the share of its seat-deals it declared, and the share of those made.
Pairings whose bots do not exist yet are skipped and named.

The full run is long (the search bots are slow): run it under ``nice``, with
``--jobs`` as cores allow. ``--quick`` is a smoke run of a few games.
"""

from __future__ import annotations

import argparse
import importlib.util
import math
import sys

from kernel_check import warn_if_pure
from paired import table_rules

from tysiac.arena import ArenaSpec, report_text, run_arena
from tysiac.arena.duplicate import seatings
from tysiac.arena.players import ARENA_ONLY
from tysiac.bots import LEVELS

#: (table, the bots): the table is a preset, then a 2-player layout or rule options.
PAIRINGS = [
    ("pl-3", "basic,random,random"),
    ("pl-3", "strong,basic,basic"),
    ("pl-3", "expert,basic,basic"),
    ("pl-3", "expert,strong,strong"),
    ("pl-3", "cheat,strong,strong"),
    ("pl-3", "cheat,expert,expert"),
    ("pl-2", "basic,random"),
    ("pl-2", "strong,basic"),
    ("pl-2", "expert,strong"),
    ("pl-2 9+2x3", "expert,strong"),
    ("pl-4", "basic,random,random,random"),
    ("pl-4", "strong,basic,basic,basic"),
    ("pl-4", "expert,strong,strong,strong"),
    ("dobierany", "expert,strong"),
    ("pl-3 meld_first_trick=false", "expert,strong,strong"),
    ("pl-3 must_trump=false", "expert,strong,strong"),
    ("pl-3 bid_step=5", "expert,strong,strong"),
    ("pl-3 bombs_per_player=0", "expert,strong,strong"),
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
    warn_if_pure()
    deals = 60 if args.quick else args.deals
    summary: list[str] = []
    contracts: list[str] = []
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
        spec = ArenaSpec(levels, table_rules(preset), per_seating, args.seed, args.jobs)
        print(f"== {name}", flush=True)
        result = run_arena(spec)
        print(report_text(result, "en") + "\n", flush=True)
        a, b, diff, ci = result.margins[0]
        half = f" ± {ci:.1f}" if ci is not None else ""
        summary.append(f"  {name:34} {a} − {b}: {diff:+.1f}{half} points per deal "
                       f"({result.deals} deals, {result.seconds:.0f} s)")
        for level in ("strong", "expert"):
            fig = result.levels.get(level)
            if fig is not None and fig.deals:
                played = fig.contracts_bid - fig.bombs
                made = fig.contracts_made / played if played else 0.0
                share = fig.contracts_bid / fig.deals
                contracts.append(f"  {name:34} {level:7} declared {share:5.1%} of its "
                                 f"seat-deals, made {made:5.1%} of those played "
                                 f"(bombs {fig.bombs})")
    print("Summary (score delta per deal, 95% interval):")
    print("\n".join(summary))
    if contracts:
        print("Contracts (declared: per seat-deal, forced 100s and bombs included):")
        print("\n".join(contracts))
    return 0


if __name__ == "__main__":
    sys.exit(main())
