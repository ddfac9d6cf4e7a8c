"""``tysiac notation FILE``: convert a record between JSON and the text notation."""

from __future__ import annotations

import argparse
import sys

from ..record import RecordError, dumps, notation, read_record
from .inputs import InputError, read_input, utf8_stdout


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "notation", help="convert a record between JSON and the text notation",
        description="Read a record (JSON or text notation, detected) and write it in the "
        "other form: JSON becomes text, text becomes JSON, unless --to says which.")
    p.add_argument("file", metavar="FILE", help="the record, or - for standard input")
    p.add_argument("--to", choices=("text", "json"), help="the form to write")
    p.add_argument("--lang", choices=("pl", "en"), default="pl",
                   help="language of error messages (default pl)")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    utf8_stdout()
    try:
        data = read_input(args.file)
        record = read_record(data)
    except InputError as e:
        print(f"tysiac notation: {e.message(args.lang)}", file=sys.stderr)
        return 2
    except RecordError as e:
        print(f"tysiac notation: {e.message(args.lang)}", file=sys.stderr)
        return 2
    was_text = notation.is_notation(data.decode("utf-8-sig"))   # UTF-8: it was read
    to = args.to or ("json" if was_text else "text")
    sys.stdout.write(notation.write(record) if to == "text" else dumps(record) + "\n")
    return 0
