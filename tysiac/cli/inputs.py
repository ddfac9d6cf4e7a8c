"""Reading a command's input file (``-`` = standard input) with a friendly error."""

from __future__ import annotations

import sys


class InputError(Exception):
    """A file that cannot be read; the message says which and why."""


def read_text(path: str, lang: str = "pl") -> str:
    if path == "-":
        return sys.stdin.read()
    try:
        with open(path, encoding="utf-8") as f:
            return f.read()
    except (OSError, UnicodeDecodeError) as e:
        reason = e.strerror if isinstance(e, OSError) and e.strerror else str(e)
        raise InputError(f"nie można odczytać {path}: {reason}" if lang == "pl"
                         else f"cannot read {path}: {reason}") from None
