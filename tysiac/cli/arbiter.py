"""``tysiac arbiter FILE``: judge a game record (RECORD.md, "The arbiter")."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from ..arbiter import INTERNAL, NOT_A_RECORD, explain, internal_error, judge_bytes, not_a_record
from ..record.errors import bad_record
from .inputs import InputError, read_input, utf8_stdout

HELP = """Judge a game record against its rules and print the verdict as JSON.

Exit status: 0 the record is valid, 1 an illegal action or an inconsistent
score-sheet deal, 2 the file is not a record (the message says what and where),
3 an internal error (a bug; the verdict's rule is internal_error). Every status
prints the one JSON verdict."""


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
    utf8 = utf8_stdout()
    try:
        verdict, status, account = _verdict(args.file, args.lang, args.explain)
    except Exception as e:                                   # a bug, never expected
        verdict, status, account = internal_error(e, args.lang), INTERNAL, None
    print(_pretty(verdict, utf8))
    if status in (NOT_A_RECORD, INTERNAL):
        print(f"tysiac arbiter: {verdict['error']['message']}", file=sys.stderr)
    if account is not None:
        print()
        print(account)
    return status


def _verdict(path: str, lang: str, with_account: bool
             ) -> tuple[dict[str, Any], int, str | None]:
    """The verdict, the status and the account (computed before anything is printed)."""
    try:
        data = read_input(path)
    except InputError as e:
        return not_a_record(bad_record(*e.texts), lang), NOT_A_RECORD, None
    verdict, status, record = judge_bytes(data, lang)
    if not with_account or record is None or status == INTERNAL:
        return verdict, status, None
    return verdict, status, explain(record, lang)


def _pretty(verdict: dict[str, object], utf8: bool = True) -> str:
    """One key per line, each deal on a line of its own: readable and still JSON
    (ASCII escapes where standard output is not UTF-8)."""
    def dump(v: object) -> str:
        return json.dumps(v, ensure_ascii=not utf8)

    lines = []
    for key, value in verdict.items():
        if key == "deals" and isinstance(value, list) and value:
            body = ",\n".join("    " + dump(d) for d in value)
            lines.append(f'  "{key}": [\n{body}\n  ]')
        else:
            lines.append(f"  {dump(key)}: {dump(value)}")
    return "{\n" + ",\n".join(lines) + "\n}"
