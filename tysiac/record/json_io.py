"""Reading and writing RECORD.md's JSON. Reading checks the limits of
:mod:`.limits` and then every field (:mod:`.fields`); writing is canonical."""

from __future__ import annotations

import json
import math
import re
from typing import Any

from ..cards import card_str, suit_str
from ..engine.sheet import SheetDeal
from .errors import RecordError, bad_record
from .fields import record_from_data
from .limits import MAX_INT_DIGITS, MAX_JSON_VALUES, MAX_NESTING
from .model import FORMAT, FullDeal, GameRecord, RecordAction, SheetRow

# --- reading ------------------------------------------------------------------

#: The messages of Python's JSON reader, for Polish users.
_JSON_PL = {
    "Expecting value": "brak wartości",
    "Expecting ',' delimiter": "brak przecinka",
    "Expecting ':' delimiter": "brak dwukropka",
    "Expecting property name enclosed in double quotes": "brak nazwy pola w cudzysłowie",
    "Unterminated string starting at": "niezamknięty napis",
    "Invalid control character at": "niedozwolony znak sterujący",
    "Invalid \\escape": "błędna sekwencja \\",
    "Invalid \\uXXXX escape": "błędna sekwencja \\uXXXX",
    "Extra data": "nadmiarowe dane po końcu JSON",
}

_SURROGATE = re.compile("[\ud800-\udfff]")


class _Refused(Exception):
    """A value the JSON reader must not build (a limit, a non-standard number)."""

    def __init__(self, pl: str, en: str) -> None:
        self.texts = (pl, en)


def _int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise _Refused(f"liczba ma {len(text.lstrip('-'))} cyfr: najwyżej {MAX_INT_DIGITS}",
                       f"a number of {len(text.lstrip('-'))} digits: at most {MAX_INT_DIGITS}")
    return int(text)


def _float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _Refused(f"liczba {text[:20]} jest poza zakresem", f"the number {text[:20]} is "
                       "out of range")
    return value


def _constant(text: str) -> Any:
    raise _Refused(f"{text} to nie liczba JSON", f"{text} is not a JSON number")


def parse_json(text: str, where: str = "") -> Any:
    """A JSON value, within the limits: at most MAX_JSON_VALUES values, no NaN
    or Infinity, integers of at most MAX_INT_DIGITS digits, nesting of at most
    MAX_NESTING, no lone surrogates
    (``"\\ud800"``). Raises :class:`RecordError` (``bad_record``); ``where``
    opens its message."""
    head = f"{where}: " if where else ""
    if _values_over_limit(text):
        raise bad_record(f"{head}ponad {MAX_JSON_VALUES} wartości JSON: za dużo",
                         f"{head}over {MAX_JSON_VALUES} JSON values: too many")
    try:
        value = json.loads(text, parse_int=_int, parse_float=_float, parse_constant=_constant)
    except json.JSONDecodeError as e:
        opening = f"{head}to nie jest JSON" if head else "To nie jest JSON"
        raise bad_record(f"{opening}: {_JSON_PL.get(e.msg, e.msg)} "
                         f"(wiersz {e.lineno}, kolumna {e.colno})",
                         f"{head}not JSON: {e.msg} (line {e.lineno}, column {e.colno})") from None
    except _Refused as e:
        raise bad_record(head + e.texts[0], head + e.texts[1]) from None
    except RecursionError:
        fault = "deep"
    else:
        fault = _fault(value)
    if fault == "deep":
        raise bad_record(f"{head}zagnieżdżenie głębsze niż {MAX_NESTING} poziomów",
                         f"{head}nested deeper than {MAX_NESTING} levels")
    if fault:
        raise bad_record(f"{head}tekst z niedozwolonym znakiem {fault} (samotny surogat UTF-16)",
                         f"{head}a text holds the forbidden character {fault} "
                         "(a lone UTF-16 surrogate)")
    return value


def _fault(value: Any) -> str:
    """Why a value breaks the limits: ``deep`` (a container deeper than
    MAX_NESTING), the escape of a lone surrogate in a string, or "" (it does not).
    Level by level, so that the work stays in C where it can."""
    strings: list[str] = []
    level = [value]
    for depth in range(1, MAX_NESTING + 2):
        below: list[Any] = []
        for v in level:
            if isinstance(v, dict):
                if depth > MAX_NESTING:
                    return "deep"
                strings.extend(v)
                below.extend(v.values())
            elif isinstance(v, list):
                if depth > MAX_NESTING:
                    return "deep"
                below.extend(v)
            elif isinstance(v, str):
                strings.append(v)
        level = below
    bad = _SURROGATE.search("".join(strings))
    return f"\\u{ord(bad.group()):04x}" if bad else ""


def _values_over_limit(text: str) -> bool:
    """Whether a JSON text holds more than MAX_JSON_VALUES values: a value ends at
    a comma or opens an array or object, outside strings. Linear; the exact
    count (which skips strings) only where the plain count of those characters
    is over the limit."""
    count = text.count(",") + text.count("[") + text.count("{")
    if count <= MAX_JSON_VALUES:
        return False
    count, at, end = 0, 0, len(text)
    while True:
        quote = text.find('"', at)
        stop = end if quote < 0 else quote
        count += text.count(",", at, stop) + text.count("[", at, stop) \
            + text.count("{", at, stop)
        if count > MAX_JSON_VALUES:
            return True
        if quote < 0:
            return False
        try:
            at = json.decoder.scanstring(text, quote + 1)[1]  # type: ignore[attr-defined]
        except ValueError:                 # not JSON: json.loads says where
            return False


def loads(text: str) -> GameRecord:
    """Read a record from JSON text. Raises :class:`RecordError` (``bad_record``).
    For input from outside use :func:`tysiac.record.read_record`, which also
    checks the size and the encoding."""
    return from_json(parse_json(text))


def from_json(data: Any) -> GameRecord:
    """A record from its parsed JSON value (RecordError if it is not one)."""
    return record_from_data(data)


# --- writing ------------------------------------------------------------------

def to_json(record: GameRecord) -> dict[str, Any]:
    """The canonical JSON object of a record."""
    out: dict[str, Any] = {
        "format": FORMAT,
        "rules": record.rules.to_dict(),
        "players": list(record.players),
        "first_dealer": record.first_dealer,
    }
    if record.start_scores is not None:
        out["start_scores"] = list(record.start_scores)
    out["deals"] = [_write_deal(d) for d in record.deals]
    out.update(record.extra)
    return out


def dumps(record: GameRecord, indent: int | None = 2) -> str:
    return json.dumps(to_json(record), ensure_ascii=False, indent=indent)


def _write_deal(d: FullDeal | SheetRow) -> dict[str, Any]:
    if isinstance(d, SheetRow):
        return sheet_json(d.sheet) | d.extra
    out: dict[str, Any] = {
        "hands": [[card_str(c) for c in h] for h in d.hands],
        "musik": [[card_str(c) for c in m] for m in d.musik],
        "stock": [card_str(c) for c in d.stock],
        "actions": [action_json(a) for a in d.actions],
    }
    out.update(d.extra)
    return out


def sheet_json(s: SheetDeal) -> dict[str, Any]:
    """A score-sheet deal's fields, those it has (RECORD.md, "Score sheet"): a
    ``dobierany`` deal has no declarer, a bomb no contract, cards or melds."""
    row: dict[str, Any] = {}
    if s.declarer is not None:
        row["declarer"] = s.declarer
    if s.contract is not None:
        row["contract"] = s.contract
    if s.bid is not None:
        row["bid"] = s.bid
    if s.bomb:
        row["bomb"] = True
    if s.cards or not s.bomb:
        row["cards"] = list(s.cards)
    if s.melds or not s.bomb:
        row["melds"] = [[suit_str(x) for x in m] for m in s.melds]
    if s.tricks is not None:
        row["tricks"] = list(s.tricks)
    if s.musik:
        row["musik"] = [card_str(c) for c in s.musik]
    return row


def action_json(a: RecordAction) -> dict[str, Any]:
    """A record action in RECORD.md's canonical JSON form."""
    out: dict[str, Any] = {"p": a.p}
    if a.kind in ("pass", "bomb", "redeal"):
        out[a.kind] = True
    elif a.kind in ("bid", "declare", "choose_musik"):
        out[a.kind] = a.value
    elif a.kind == "play":
        out["play"] = card_str(a.value)
        if a.meld:
            out["meld"] = True
    elif a.kind == "give":
        out["give"] = {str(s): card_str(c) for s, c in sorted(a.value.items())}
    else:
        out["discard"] = [card_str(c) for c in a.value]
    return out


__all__ = ["RecordError", "action_json", "dumps", "from_json", "loads", "parse_json",
           "sheet_json", "to_json"]
