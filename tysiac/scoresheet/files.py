"""A sheet in and out of files: read from a record (JSON or the text notation,
played deals becoming their results) or from CSV, detected; written as a record
(JSON, text) or as CSV. One door for the web and the command line."""

from __future__ import annotations

from typing import Any

from ..record import RecordError, dumps, notation, read_record
from ..rules import Rules, RulesError
from .csv_io import read_csv, write_csv
from .errors import SheetError
from .model import Sheet
from .settled import SettledSheet

#: The forms a sheet is written in: (media type, file extension).
FORMS = {"json": ("application/json", "json"), "text": ("text/plain; charset=utf-8", "txt"),
         "csv": ("text/csv; charset=utf-8", "csv")}


def read_sheet(data: bytes, house: dict[str, Any] | None = None) -> tuple[Sheet, bool]:
    """A sheet from a file: a record (its first line that is not a ``#`` comment
    opens with ``{`` or ``[``) or else CSV, whose rules default to ``house``. Also
    whether an unfinished last deal of a record was left out. :class:`SheetError`
    says what is wrong."""
    text = data.decode("utf-8", "replace").lstrip("\ufeff")
    first = next((line.strip() for line in text.splitlines()
                  if line.strip() and not line.lstrip().startswith("#")), "")
    if first.startswith(("{", "[")):
        try:
            record = read_record(data)
        except RecordError as e:
            raise SheetError(e.message("pl"), e.message("en")) from None
        return Sheet.from_record(record)
    try:
        default = Rules.from_dict(house) if house else None
    except RulesError:
        default = None
    return read_csv(data, default), False


def write_sheet(settled: SettledSheet, form: str, extra: dict[str, Any] | None = None) -> str:
    """The sheet as ``json`` or ``text`` (a record, with ``extra``) or ``csv``."""
    if form == "csv":
        return write_csv(settled)
    record = settled.sheet.record(extra)
    return dumps(record) + "\n" if form == "json" else notation.write(record)
