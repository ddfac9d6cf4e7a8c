"""The one door for a record from outside (a file, an upload, a paste): bytes or
text in, a :class:`GameRecord` or a :class:`RecordError` out, and nothing else.
The limits of :mod:`.limits` are checked before the work they bound."""

from __future__ import annotations

import codecs
import re

from . import notation
from .errors import RecordError, bad_record
from .json_io import loads
from .limits import MAX_RECORD_BYTES
from .model import GameRecord

_SURROGATE = re.compile("[\ud800-\udfff]")


def read_record(data: bytes | str) -> GameRecord:
    """A record in JSON (RECORD.md) or in the text notation, detected; UTF-8,
    with or without a byte-order mark. Raises :class:`RecordError`
    (``bad_record`` or ``bad_deal``) with a Polish and an English message that
    says what is wrong and where; no other exception escapes."""
    text = _text(data)
    if not text.strip():
        raise bad_record("Pusty plik: brak zapisu partii", "an empty file: no record in it")
    return notation.read(text) if notation.is_notation(text) else loads(text)


def _too_big(size: int) -> RecordError:
    return bad_record(f"Zapis ma {size} bajtów: najwyżej {MAX_RECORD_BYTES}",
                      f"the record has {size} bytes: at most {MAX_RECORD_BYTES}")


def _text(data: bytes | str) -> str:
    if isinstance(data, str):
        if len(data) > MAX_RECORD_BYTES:
            raise _too_big(len(data))
        bad = _SURROGATE.search(data)
        if bad:
            raise bad_record(f"Niedozwolony znak \\u{ord(bad.group()):04x} na pozycji "
                             f"{bad.start()}", f"the forbidden character "
                             f"\\u{ord(bad.group()):04x} at position {bad.start()}")
        size = len(data.encode("utf-8"))
        if size > MAX_RECORD_BYTES:
            raise _too_big(size)
        return data.removeprefix("\ufeff")
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise bad_record("Zapis to tekst albo bajty", "a record is text or bytes")
    raw = bytes(data)
    if len(raw) > MAX_RECORD_BYTES:
        raise _too_big(len(raw))
    try:
        return raw.removeprefix(codecs.BOM_UTF8).decode("utf-8")
    except UnicodeDecodeError as e:
        byte = raw.removeprefix(codecs.BOM_UTF8)[e.start]
        raise bad_record(f"To nie jest tekst UTF-8: bajt 0x{byte:02x} na pozycji {e.start}",
                         f"not UTF-8 text: byte 0x{byte:02x} at position {e.start}") from None


__all__ = ["read_record"]
