"""A compact, readable text notation of records (like PGN for chess).

Tags first, then one block per deal. Each action is ``seat:move``; the writer puts
the bidding on one line, the exchange on the next and a trick per numbered line,
while the reader only needs the order of the tokens::

    [Format tysiac-text/1]
    [Rules pl-3 bombs_per_player=0]
    [Players ["Ania","Bartek","Celina"]]
    [FirstDealer 2]

    {deal}
    hands: AH TH KH QH 9D JS 9S / JH 9H AD AS TS KS QS / TD AC TC KC QC JC 9C
    musik: KD QD JD
    1:110 2:pass 0:120 1:pass
    0:give(1=9S,2=JD) 0:declare=120
    1. 0:QH+ 1:9H 2:TD

Moves: a bid ``110``, ``pass``, ``redeal``, ``musik=0``, ``give(1=9S,2=JD)``,
``discard(9S,JD)``, ``bomb``, ``declare=120``, a card ``QH``, a marriage lead
``QH+``. A score-sheet deal is ``{sheet} declarer=1 contract=120 cards=30,76,14
melds=,C, tricks=2,5,1`` (a bomb: ``{sheet} declarer=0 bid=100 bomb``; ``dobierany``:
``{sheet} cards=63,57 melds=H,``). Fields a line does not hold go on an ``extra:``
line as JSON. Cards are written canonically and read in any form
:func:`tysiac.cards.parse_card` reads.

Reading turns the tags and blocks into the record's JSON value, which
:mod:`.fields` checks exactly as it checks a JSON record; the reader is linear
and keeps the limits of :mod:`.limits`. Writing then reading gives the same
record, and so does JSON → text → JSON.
"""

from __future__ import annotations

import io
import json
import re
from typing import Any

from ..cards import card_str
from .errors import RecordError, bad_record
from .fields import FULL_FIELDS, SHEET_FIELDS, TOP_FIELDS, record_from_data
from .json_io import parse_json, sheet_json
from .limits import MAX_ACTIONS_PER_DEAL, MAX_DEALS, MAX_INT_DIGITS, MAX_LINE_CHARS
from .model import FullDeal, GameRecord, RecordAction, SheetRow

FORMAT = "tysiac-text/1"
_NAME = re.compile(r"\w+")


# --- writing ------------------------------------------------------------------

def write(record: GameRecord) -> str:
    """The text notation of a record."""
    options = record.rules.to_dict()
    preset = options.pop("preset")
    rules = " ".join([str(preset)] + [f"{k}={_compact(v)}" for k, v in options.items()])
    lines = [f"[Format {FORMAT}]", f"[Rules {rules}]",
             f"[Players {_compact(record.players)}]", f"[FirstDealer {record.first_dealer}]"]
    if record.start_scores is not None:
        lines.append(f"[StartScores {_compact(list(record.start_scores))}]")
    if record.extra:
        lines.append(f"[Extra {_compact(record.extra)}]")
    for deal in record.deals:
        lines.append("")
        lines.extend(_write_sheet(deal) if isinstance(deal, SheetRow)
                     else _write_deal(deal, record.rules.playing_seats))
    return "\n".join(lines) + "\n"


def _compact(v: Any) -> str:
    return json.dumps(v, ensure_ascii=False, separators=(",", ":"))


def _cards(cs: list[int] | tuple[int, ...]) -> str:
    return " ".join(card_str(c) for c in cs)


def _write_deal(d: FullDeal, width: int) -> list[str]:
    lines = ["{deal}", "hands: " + " / ".join(_cards(h) for h in d.hands)]
    if d.musik:
        lines.append("musik: " + " / ".join(_cards(m) for m in d.musik))
    if d.stock:
        lines.append("stock: " + _cards(d.stock))
    if d.extra:
        lines.append("extra: " + _compact(d.extra))
    row: list[str] = []
    kind_of_row = ""
    trick_no = 0
    players_in_trick = 0
    for a in d.actions:
        token = f"{a.p}:{_move(a)}"
        kind = "play" if a.kind == "play" else (
            "bid" if a.kind in ("bid", "pass", "redeal") else "other")
        if kind == "play":
            if players_in_trick == 0:
                if row:
                    lines.append(" ".join(row))
                trick_no += 1
                row = [f"{trick_no}."]
            players_in_trick = (players_in_trick + 1) % width
        elif kind != kind_of_row and row:
            lines.append(" ".join(row))
            row = []
        kind_of_row = kind
        row.append(token)
    if row:
        lines.append(" ".join(row))
    return lines


def _move(a: RecordAction) -> str:
    if a.kind == "bid":
        return str(a.value)
    if a.kind in ("pass", "bomb", "redeal"):
        return a.kind
    if a.kind == "declare":
        return f"declare={a.value}"
    if a.kind == "choose_musik":
        return f"musik={a.value}"
    if a.kind == "give":
        return "give(" + ",".join(f"{s}={card_str(c)}" for s, c in sorted(a.value.items())) + ")"
    if a.kind == "discard":
        return "discard(" + ",".join(card_str(c) for c in a.value) + ")"
    return card_str(a.value) + ("+" if a.meld else "")


def _write_sheet(row: SheetRow) -> list[str]:
    """``{sheet}`` and the fields the deal has, as :func:`json_io.sheet_json` writes
    them (a list as comma-separated items, melds as suit letters per seat)."""
    parts = ["{sheet}"]
    for key, value in sheet_json(row.sheet).items():
        if key == "bomb":
            parts.append("bomb")
        elif key == "melds":
            if row.sheet.melds:
                parts.append("melds=" + ",".join("".join(m) for m in value))
        elif isinstance(value, list):
            parts.append(f"{key}=" + ",".join(map(str, value)))
        else:
            parts.append(f"{key}={value}")
    lines = [" ".join(parts)]
    if row.extra:
        lines.append("extra: " + _compact(row.extra))
    return lines


# --- reading ------------------------------------------------------------------
#
# The reader turns tags and blocks into the JSON value of the record, which
# ``fields`` then checks as it checks a JSON record; its errors get the line.

_TAGS = {"Format": "format", "Rules": "rules", "Players": "players",
         "FirstDealer": "first_dealer", "StartScores": "start_scores", "Extra": ""}
_SHEET_KEYS = ("declarer", "contract", "bid", "cards", "melds", "tricks", "musik")


def is_notation(text: str) -> bool:
    """Whether a text is in this notation (a ``[Tag``, a block or a ``#`` comment
    opens it), not JSON."""
    head = text.lstrip()[:7]
    return head.startswith(("{deal}", "{sheet}", "#")) or (
        head[:1] == "[" and head[1:2].isascii() and head[1:2].isalpha())


class _Block:
    """A deal's lines, and where each of its fields and actions stands."""

    def __init__(self, number: int, line: str) -> None:
        self.number = number
        self.line = line
        self.lines: list[tuple[int, str]] = []
        self.field_lines: dict[str, int] = {}
        self.action_lines: list[int] = []


def read(text: str) -> GameRecord:
    """Read the text notation. Raises :class:`RecordError` that names the line."""
    tags: dict[str, tuple[int, str]] = {}
    blocks: list[_Block] = []
    for number, raw in enumerate(io.StringIO(text, newline="\n"), 1):
        if len(raw) > MAX_LINE_CHARS + 1:
            raise _bad(number, f"wiersz ma {len(raw)} znaków: najwyżej {MAX_LINE_CHARS}",
                       f"the line has {len(raw)} characters: at most {MAX_LINE_CHARS}")
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith(("{deal}", "{sheet}")):
            if len(blocks) == MAX_DEALS:
                raise _bad(number, f"zapis może mieć najwyżej {MAX_DEALS} rozdań",
                           f"a record holds at most {MAX_DEALS} deals")
            blocks.append(_Block(number, line))
        elif blocks:
            blocks[-1].lines.append((number, line))
        elif line.startswith("["):
            name, value = _tag(line, number)
            if name in tags:
                raise _bad(number, f"znacznik [{name}] drugi raz", f"the tag [{name}] again")
            tags[name] = (number, value)
        else:
            raise _bad(number, "oczekiwano [Znacznik ...] albo {deal}",
                       "expected [Tag ...] or {deal}")
    data = _tags_data(tags)
    data["deals"] = [_sheet_data(b) if b.line.startswith("{sheet}") else _deal_data(b)
                     for b in blocks]
    try:
        return record_from_data(data)
    except RecordError as e:
        raise _located(e, tags, blocks) from None


def _bad(line: int, pl: str, en: str, deal: int | None = None) -> RecordError:
    return bad_record(f"wiersz {line}: {pl}", f"line {line}: {en}", deal)


def _located(e: RecordError, tags: dict[str, tuple[int, str]], blocks: list[_Block]) -> RecordError:
    """The error of a field, with the line the field stands on."""
    path = e.path or ""
    line = None
    if e.deal is not None and e.deal < len(blocks):
        block = blocks[e.deal]
        line = block.number
        if e.action is not None and e.action < len(block.action_lines):
            line = block.action_lines[e.action]
        else:
            field = path.partition("].")[2].split("[")[0].split(".")[0]
            line = block.field_lines.get(field, line)
    else:
        top = path.split("[")[0].split(".")[0]
        tag = next((t for t, key in _TAGS.items() if key == top),
                   None if top in TOP_FIELDS else "Extra")      # an extra field
        line = tags[tag][0] if tag in tags else None
    if line is None:
        return e
    return RecordError(e.rule, f"wiersz {line}: {e.texts[0]}", f"line {line}: {e.texts[1]}",
                       e.deal, e.action, e.illegal, e.path)


def _tag(line: str, number: int) -> tuple[str, str]:
    parts = line[1:-1].split(None, 1) if line.endswith("]") else []
    if not parts or not _NAME.fullmatch(parts[0]):
        raise _bad(number, "znacznik to [Nazwa wartość], np. [FirstDealer 2]",
                   "a tag is [Name value], e.g. [FirstDealer 2]")
    name = parts[0]
    if name not in _TAGS:
        known = ", ".join(_TAGS)
        raise _bad(number, f"nieznany znacznik [{name}] (są: {known})",
                   f"unknown tag [{name}] (tags: {known})")
    return name, parts[1] if len(parts) > 1 else ""


def _tags_data(tags: dict[str, tuple[int, str]]) -> dict[str, Any]:
    for name in ("Players", "FirstDealer"):
        if name not in tags:
            raise bad_record(f"brak znacznika [{name} ...]", f"the tag [{name} ...] is missing")
    data: dict[str, Any] = {}
    for name, (number, value) in tags.items():
        where = f"wiersz {number}, [{name}]", f"line {number}, [{name}]"
        if name == "Format":
            if value != FORMAT:
                raise _bad(number, f"nieznany format {value[:40]!r}, oczekiwano {FORMAT!r}",
                           f"unknown format {value[:40]!r}, expected {FORMAT!r}")
        elif name == "Rules":
            data["rules"] = _rules_data(value, number)
        elif name == "Extra":
            extra = _json(value, where)
            if not isinstance(extra, dict) or any(k in TOP_FIELDS for k in extra):
                raise _bad(number, "[Extra] to obiekt JSON z polami spoza opisanych",
                           "[Extra] is a JSON object of fields not otherwise defined")
            data |= extra
        else:
            data[_TAGS[name]] = _json(value, where)
    return data


def _json(text: str, where: tuple[str, str]) -> Any:
    try:
        return parse_json(text)
    except RecordError as e:
        raise bad_record(f"{where[0]}: {e.texts[0]}", f"{where[1]}: {e.texts[1]}") from None


def _rules_data(text: str, number: int) -> dict[str, Any]:
    """``pl-3 bombs_per_player=0`` as a record's ``rules`` object; each value is
    JSON or, failing that, a bare word."""
    preset, *pairs = text.split() or [""]
    if not preset:
        raise _bad(number, "[Rules] potrzebuje nazwy zestawu zasad, np. [Rules pl-3]",
                   "[Rules] needs a preset name, e.g. [Rules pl-3]")
    out: dict[str, Any] = {"preset": preset}
    for pair in pairs:
        name, sep, raw = pair.partition("=")
        if not sep or not name:
            raise _bad(number, f"oczekiwano opcja=wartość, np. bombs_per_player=0, "
                       f"a jest {pair[:40]!r}",
                       f"expected option=value, e.g. bombs_per_player=0, not {pair[:40]!r}")
        if name in out:
            raise _bad(number, f"opcja {name[:40]!r} drugi raz", f"the option {name[:40]!r} again")
        try:
            out[name] = parse_json(raw)
        except RecordError:
            out[name] = raw
    return out


def _deal_data(block: _Block) -> dict[str, Any]:
    if block.line != "{deal}":
        raise _bad(block.number, "{deal} stoi sam w wierszu", "{deal} stands alone on its line")
    d: dict[str, Any] = {}
    actions: list[dict[str, Any]] = []
    for number, line in block.lines:
        head, sep, rest = line.partition(":")
        if sep and head in ("hands", "musik", "stock", "extra"):
            if head in block.field_lines:
                raise _bad(number, f"drugi wiersz {head}:", f"a second {head}: line")
            block.field_lines[head] = number
            if head == "extra":
                d |= _extra(rest, number, FULL_FIELDS)
                continue
            groups = [g.split() for g in rest.split("/")]
            if head == "stock" and len(groups) != 1:
                raise _bad(number, "stos to jedna lista kart, bez /",
                           "the stock is one list of cards, without /")
            d[head] = groups[0] if head == "stock" else groups
            continue
        for token in line.split():
            if token.endswith(".") and token[:-1].isascii() and token[:-1].isdigit():
                continue                                  # a trick's number
            if len(actions) == MAX_ACTIONS_PER_DEAL:
                raise _bad(number, f"rozdanie może mieć najwyżej {MAX_ACTIONS_PER_DEAL} ruchów",
                           f"a deal holds at most {MAX_ACTIONS_PER_DEAL} actions")
            actions.append(_read_move(token, number))
            block.action_lines.append(number)
    if "hands" not in d:
        raise _bad(block.number, "rozdanie bez wiersza hands:", "a deal without a hands: line")
    d["actions"] = actions
    return d


def _extra(text: str, number: int, fields: tuple[str, ...]) -> dict[str, Any]:
    value = _json(text, (f"wiersz {number}, extra:", f"line {number}, extra:"))
    if not isinstance(value, dict) or any(k in fields for k in value):
        raise _bad(number, "extra: to obiekt JSON z polami spoza opisanych",
                   "extra: is a JSON object of fields not otherwise defined")
    return value


def _number(text: str, line: int) -> int | None:
    """An integer written in ASCII digits (None if it is not one), within the
    limit on digits (a RecordError past it)."""
    digits = text[1:] if text.startswith("-") else text
    if not digits or not digits.isascii() or not digits.isdigit():
        return None
    if len(digits) > MAX_INT_DIGITS:
        raise _bad(line, f"liczba ma {len(digits)} cyfr: najwyżej {MAX_INT_DIGITS}",
                   f"a number of {len(digits)} digits: at most {MAX_INT_DIGITS}")
    return int(text)


def _read_move(token: str, line: int) -> dict[str, Any]:
    """``seat:move`` as a record action's JSON value."""
    head, _, move = token.partition(":")
    if len(head) != 1 or head not in "0123456789" or not move:
        raise _bad(line, f"nieznany ruch {token[:40]!r} (oczekiwano np. 1:110 albo 0:QH)",
                   f"unknown move {token[:40]!r} (expected e.g. 1:110 or 0:QH)")
    out: dict[str, Any] = {"p": int(head)}
    key, value = _move_value(move, line)
    if key == "":
        raise _bad(line, f"nieznany ruch {token[:40]!r}", f"unknown move {token[:40]!r}")
    out[key] = value
    if key == "play" and move.endswith("+"):
        out["meld"] = True
    return out


def _move_value(move: str, line: int) -> tuple[str, Any]:
    """The kind and the JSON value of a move; kind "" if it is none."""
    n = _number(move, line)
    if n is not None:
        return "bid", n
    if move in ("pass", "bomb", "redeal"):
        return move, True
    for prefix, kind in (("declare=", "declare"), ("musik=", "choose_musik")):
        if move.startswith(prefix):
            n = _number(move[len(prefix):], line)
            return (kind, n) if n is not None else ("", None)
    for prefix, kind in (("give(", "give"), ("discard(", "discard")):
        if move.startswith(prefix) and move.endswith(")"):
            inner = move[len(prefix):-1]
            items = inner.split(",") if inner else []
            if kind == "discard":
                return kind, items
            pairs = [item.partition("=") for item in items]
            given = {s: c for s, _, c in pairs}
            if any(not sep for _, sep, _ in pairs) or len(given) != len(pairs):
                return "", None
            return kind, given
    return "play", move[:-1] if move.endswith("+") else move


def _sheet_data(block: _Block) -> dict[str, Any]:
    first, *tokens = block.line.split()
    if first != "{sheet}":
        raise _bad(block.number, "{sheet} i pola oddzielone spacją",
                   "{sheet} and its fields separated by spaces")
    d: dict[str, Any] = {}
    for token in tokens:
        key, sep, value = token.partition("=")
        if key in d:
            raise _bad(block.number, f"pole {key[:40]!r} drugi raz",
                       f"the field {key[:40]!r} again")
        if token == "bomb":
            d["bomb"] = True
        elif sep and key in _SHEET_KEYS:
            d[key] = _sheet_value(key, value, block.number)
        else:
            raise _bad(block.number, f"nieznane pole {token[:40]!r} (są: bomb, "
                       + ", ".join(f"{k}=" for k in _SHEET_KEYS) + ")",
                       f"unknown field {token[:40]!r} (fields: bomb, "
                       + ", ".join(f"{k}=" for k in _SHEET_KEYS) + ")")
    if d.get("declarer", 0) is None:
        del d["declarer"]                          # declarer=- : no declarer (dobierany)
    for number, line in block.lines:
        if not line.startswith("extra:") or "extra" in block.field_lines:
            raise _bad(number, "po {sheet} może stać tylko wiersz extra:",
                       "only an extra: line may follow {sheet}")
        block.field_lines["extra"] = number
        d |= _extra(line[6:], number, SHEET_FIELDS + FULL_FIELDS)
    return d


def _sheet_value(key: str, value: str, line: int) -> Any:
    if key == "declarer" and value == "-":
        return None
    if key in ("declarer", "contract", "bid"):
        n = _number(value, line)
        if n is None:
            raise _bad(line, f"{key}= to liczba całkowita, a jest {value[:40]!r}",
                       f"{key}= is a whole number, not {value[:40]!r}")
        return n
    if key == "melds":
        return [list(m) for m in value.split(",")]
    items = value.split(",") if value else []
    if key == "musik":
        return items
    numbers = [_number(x, line) for x in items]
    if any(n is None for n in numbers):
        raise _bad(line, f"{key}= to liczby po przecinku, np. 30,76,14, a jest {value[:40]!r}",
                   f"{key}= is numbers with commas, e.g. 30,76,14, not {value[:40]!r}")
    return numbers


__all__ = ["FORMAT", "is_notation", "read", "write"]
