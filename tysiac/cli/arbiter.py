"""``tysiac arbiter FILE``: judge a game record (RECORD.md, "The arbiter")."""

from __future__ import annotations

import argparse
import json
import sys

from ..arbiter import NOT_A_RECORD, explain, judge_text
from .inputs import InputError, read_text

HELP = """Judge a game record against its rules and print the verdict as JSON.

Exit status: 0 the record is valid, 1 an illegal action or an inconsistent
score-sheet deal, 2 the file is not a record (the message says what and where)."""


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("arbiter", help="judge a game record (JSON) against its rules",
                       description=HELP, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("file", metavar="FILE", help="the record, or - for standard input")
    p.add_argument("--explain", action="store_true",
                   help="also print a readable account of every deal")
    p.add_argument("--lang", choices=("pl", "en"), default="pl",
                   help="language of messages and of the account (default: pl)")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    try:
        text = read_text(args.file, args.lang)
    except InputError as e:
        print(f"tysiac arbiter: {e}", file=sys.stderr)
        return NOT_A_RECORD
    verdict, status, record = judge_text(text, args.lang)
    print(_pretty(verdict))
    if status == NOT_A_RECORD:
        print(f"tysiac arbiter: {verdict['error']['message']}", file=sys.stderr)
    if args.explain and record is not None:
        print()
        print(explain(record, args.lang))
    return status


def _pretty(verdict: dict[str, object]) -> str:
    """One key per line, each deal on a line of its own: readable and still JSON."""
    def dump(v: object) -> str:
        return json.dumps(v, ensure_ascii=False)

    lines = []
    for key, value in verdict.items():
        if key == "deals" and isinstance(value, list) and value:
            body = ",\n".join("    " + dump(d) for d in value)
            lines.append(f'  "{key}": [\n{body}\n  ]')
        else:
            lines.append(f"  {dump(key)}: {dump(value)}")
    return "{\n" + ",\n".join(lines) + "\n}"
