"""A command's input file (``-`` = standard input) as bytes, and a standard output
that cannot fail on what it prints."""

from __future__ import annotations

import sys

from ..engine.game import Game
from ..oserrors import os_reason
from ..record import GameRecord, RecordError, read_record, replay
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
        raise InputError(f"nie można odczytać {path}: {os_reason(e, 'pl')}",
                         f"cannot read {path}: {os_reason(e, 'en')}") from None


def read_game(path: str) -> tuple[GameRecord, Game]:
    """The record in ``path`` (``-``: standard input) and the game it describes;
    :class:`InputError` if the file cannot be read, is not a record, or holds an
    illegal action."""
    try:
        record = read_record(read_input(path))
    except RecordError as e:
        raise _not_a_record(e.message("pl"), e.message("en")) from None
    result = replay(record)
    error = result.error
    if error is None:
        return record, result.game
    pl, en = error.message("pl", record.players), error.message("en", record.players)
    if error.is_format_error:
        raise _not_a_record(pl, en)
    raise InputError(f"zapis zawiera niedozwolony ruch ({error.where('pl')}): {pl}",
                     f"the record holds an illegal action ({error.where('en')}): {en}")


def _not_a_record(pl: str, en: str) -> InputError:
    return InputError(f"to nie jest zapis partii: {pl}", f"not a game record: {en}")


def utf8_stdout() -> bool:
    """Make standard output replace what its encoding cannot hold (never raise);
    whether it writes UTF-8 (else JSON should be written in ASCII)."""
    out = sys.stdout
    reconfigure = getattr(out, "reconfigure", None)
    if reconfigure is not None:
        reconfigure(errors="backslashreplace")
    return (getattr(out, "encoding", None) or "").lower().replace("-", "") == "utf8"
