"""A command's input file (``-`` = standard input) as bytes, and a standard output
that cannot fail on what it prints."""

from __future__ import annotations

import sys

from ..record.limits import MAX_RECORD_BYTES


class InputError(Exception):
    """A file that cannot be read; the reason in Polish and in English."""

    def __init__(self, pl: str, en: str) -> None:
        super().__init__(en)
        self.texts = (pl, en)

    def message(self, lang: str = "pl") -> str:
        return self.texts[0 if lang == "pl" else 1]


def read_input(path: str) -> bytes:
    """The bytes of ``path`` (``-``: standard input), at most one byte over the
    record size limit, so that a huge file is refused without reading it all."""
    try:
        if path == "-":
            return sys.stdin.buffer.read(MAX_RECORD_BYTES + 1)
        with open(path, "rb") as f:
            return f.read(MAX_RECORD_BYTES + 1)
    except OSError as e:
        reason = e.strerror or str(e)
        raise InputError(f"nie można odczytać {path}: {reason}",
                         f"cannot read {path}: {reason}") from None


def utf8_stdout() -> bool:
    """Make standard output replace what its encoding cannot hold (never raise);
    whether it writes UTF-8 (else JSON should be written in ASCII)."""
    out = sys.stdout
    reconfigure = getattr(out, "reconfigure", None)
    if reconfigure is not None:
        reconfigure(errors="backslashreplace")
    return (getattr(out, "encoding", None) or "").lower().replace("-", "") == "utf8"
