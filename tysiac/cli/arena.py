"""``tysiac arena``: bots play duplicate games; per-bot figures with 95% intervals."""

from __future__ import annotations

import argparse
import json
import sys
import time

from ..arena import ArenaError, ArenaSpec, report_json, report_text, resolve_levels, run_arena
from ..arena.players import ARENA_ONLY
from ..bots import LEVELS
from ..rules import PRESET_NAMES, Rules, RulesError, parse_option

HELP = """Bots play duplicate games: the same deals in every seating of the bots, so
the luck of the cards cancels. Prints per bot: mean deal points and score change
per deal with 95% intervals, contracts bid and made, bombs, games won, an openskill
rating and the decision time; then the margins between bots. See tysiac.arena for
the exact semantics. Exit status 2 on bad arguments."""

_T = {
    "rules": ("tysiac arena: złe zasady: {e}", "tysiac arena: bad rules: {e}"),
    "error": ("tysiac arena: {e}", "tysiac arena: {e}"),
    "bar": ("rozdania: {done}/{total}, {secs:.0f} s, zostało ~{eta:.0f} s",
            "deals: {done}/{total}, {secs:.0f} s, ~{eta:.0f} s left"),
}


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("arena", help="bots play duplicate games; figures per bot",
                       description=HELP, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--bots", required=True,
                   help=f"bot per seat, comma-separated ({', '.join(LEVELS)}; arena only: "
                   f"{', '.join(ARENA_ONLY)}, which sees all cards)")
    p.add_argument("--preset", default="pl-3", help=f"rules ({', '.join(PRESET_NAMES)})")
    p.add_argument("--set", action="append", default=[], metavar="OPTION=VALUE",
                   help="override a rule option, e.g. --set bombs_per_player=0")
    p.add_argument("--deals", type=int, default=200, help="deals per seating (default 200)")
    p.add_argument("--seed", type=int, default=1, help="seed of the deals (default 1)")
    p.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--progress", action="store_true",
                   help="show a progress bar on stderr even when it is not a terminal")
    p.add_argument("--lang", choices=("pl", "en"), default="pl",
                   help="language of the report (default: pl)")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    lang = args.lang
    i = 0 if lang == "pl" else 1
    try:
        rules = Rules.preset(args.preset, **dict(parse_option(o) for o in args.set))
    except RulesError as e:
        print(_T["rules"][i].format(e=e.message(lang)), file=sys.stderr)
        return 2
    bar = _Bar(lang) if args.progress or sys.stderr.isatty() else None
    try:
        spec = ArenaSpec(resolve_levels(args.bots, rules.players), rules, args.deals,
                         args.seed, args.jobs)
        result = run_arena(spec, bar)
    except ArenaError as e:
        print(_T["error"][i].format(e=e.message(lang)), file=sys.stderr)
        return 2
    finally:
        if bar is not None:
            bar.close()
    if args.json:
        print(json.dumps(report_json(result), ensure_ascii=False, indent=2))
    else:
        print(report_text(result, lang))
    return 0


class _Bar:
    """A one-line progress bar on stderr, redrawn at most a few times a second."""

    def __init__(self, lang: str) -> None:
        self.i = 0 if lang == "pl" else 1
        self.start = self.last = time.monotonic()
        self.drawn = False

    def __call__(self, done: int, total: int) -> None:
        now = time.monotonic()
        if now - self.last < 0.2 and done < total:
            return
        self.last = now
        secs = now - self.start
        eta = secs * (total - done) / done if done else 0.0
        filled = 30 * done // total
        text = _T["bar"][self.i].format(done=done, total=total, secs=secs, eta=eta)
        sys.stderr.write(f"\r[{'#' * filled}{'.' * (30 - filled)}] {text}  ")
        sys.stderr.flush()
        self.drawn = True

    def close(self) -> None:
        if self.drawn:
            sys.stderr.write("\n")
            sys.stderr.flush()
