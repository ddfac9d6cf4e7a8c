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
    1. 0:QH+ 1:9H 2:JH

Moves: a bid ``110``, ``pass``, ``redeal``, ``musik=0``, ``give(1=9S,2=JD)``,
``discard(9S,JD)``, ``bomb``, ``declare=120``, a card ``QH``, a marriage lead
``QH+``. A score-sheet deal is ``{sheet} declarer=1 contract=120 cards=30,76,14
melds=,C, tricks=2,5,1``. Cards are written canonically and read in any form
:func:`tysiac.cards.parse_card` reads. Writing then reading gives the same record.
"""

from __future__ import annotations

import json
import re
from typing import Any

from ..cards import CardError, card_str, parse_card, parse_suit, suit_str
from ..engine.sheet import SheetDeal
from ..rules import Rules, RulesError, parse_option
from .errors import RecordError, bad_record
from .model import FullDeal, GameRecord, RecordAction, SheetRow

FORMAT = "tysiac-text/1"
_TAG = re.compile(r"^\[(\w+)\s+(.*)\]$")
_MOVE = re.compile(r"^(\d):(.+)$")


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
                     else _write_deal(deal))
    return "\n".join(lines) + "\n"


def _compact(v: Any) -> str:
    return json.dumps(v, ensure_ascii=False, separators=(",", ":"))


def _cards(cs: list[int] | tuple[int, ...]) -> str:
    return " ".join(card_str(c) for c in cs)


def _write_deal(d: FullDeal) -> list[str]:
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
    width = sum(1 for h in d.hands if h)
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
    s = row.sheet
    parts = ["{sheet}", f"declarer={'-' if s.declarer is None else s.declarer}"]
    if s.bid is not None:
        parts.append(f"bid={s.bid}")
    if s.bomb:
        parts.append("bomb")
    else:
        parts += [f"contract={s.contract}", "cards=" + ",".join(map(str, s.cards))]
        if s.melds:
            parts.append("melds=" + ",".join("".join(suit_str(x) for x in m) for m in s.melds))
        if s.tricks is not None:
            parts.append("tricks=" + ",".join(map(str, s.tricks)))
    if s.musik:
        parts.append("musik=" + ",".join(card_str(c) for c in s.musik))
    lines = [" ".join(parts)]
    if row.extra:
        lines.append("extra: " + _compact(row.extra))
    return lines


# --- reading ------------------------------------------------------------------

def is_notation(text: str) -> bool:
    """Whether a text is in this notation (a ``[Tag`` or a block opens it), not JSON."""
    return re.match(r"\s*(\[[A-Za-z]|\{deal\}|\{sheet\})", text) is not None


def read(text: str) -> GameRecord:
    """Read the text notation. Raises :class:`RecordError` (``bad_record``) that
    names the line."""
    tags: dict[str, str] = {}
    blocks: list[list[tuple[int, str]]] = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        tag = _TAG.match(line)
        if tag and not blocks:
            tags[tag.group(1)] = tag.group(2).strip()
        elif line.startswith(("{deal}", "{sheet}")):
            blocks.append([(number, line)])
        elif blocks:
            blocks[-1].append((number, line))
        else:
            raise _bad(number, "oczekiwano [Tag ...] albo {deal}", "expected [Tag ...] or {deal}")
    if tags.get("Format", FORMAT) != FORMAT:
        raise _bad(1, f"nieznany format {tags['Format']!r}", f"unknown format {tags['Format']!r}")
    rules = _read_rules(tags.get("Rules", "pl-3"))
    players = _json_tag(tags, "Players", [f"Gracz {i + 1}" for i in range(rules.players)])
    first = _json_tag(tags, "FirstDealer", None)
    start = _json_tag(tags, "StartScores", None)
    extra = _json_tag(tags, "Extra", {})
    if not isinstance(first, int) or not isinstance(players, list) \
            or not isinstance(extra, dict):
        raise _bad(1, "[FirstDealer N] i [Players [...]] są wymagane",
                   "[FirstDealer N] and [Players [...]] are required")
    deals: list[FullDeal | SheetRow] = []
    for i, lines in enumerate(blocks):
        if lines[0][1].startswith("{sheet}"):
            deals.append(_read_sheet(i, lines))
        else:
            deals.append(_read_deal(i, lines))
    return GameRecord(rules, [str(p) for p in players], first, deals,
                      tuple(start) if start is not None else None, extra)


def _bad(line: int, pl: str, en: str, deal: int | None = None) -> RecordError:
    return bad_record(f"wiersz {line}: {pl}", f"line {line}: {en}", deal)


def _json_tag(tags: dict[str, str], name: str, default: Any) -> Any:
    if name not in tags:
        return default
    try:
        return json.loads(tags[name])
    except json.JSONDecodeError:
        raise bad_record(f"[{name}]: niepoprawna wartość {tags[name]!r}",
                         f"[{name}]: bad value {tags[name]!r}") from None


def _read_rules(text: str) -> Rules:
    preset, *pairs = text.split()
    try:
        overrides = dict(parse_option(p) for p in pairs)
        return Rules.preset(preset, **overrides)
    except RulesError as e:
        raise bad_record(f"[Rules]: {e.message('pl')}", f"[Rules]: {e.message('en')}") from None


def _read_deal(i: int, lines: list[tuple[int, str]]) -> FullDeal:
    deal = FullDeal(hands=[], musik=[])
    for number, line in lines[1:]:
        head, sep, rest = line.partition(":")
        try:
            if sep and head in ("hands", "musik", "stock"):
                groups = [[parse_card(c) for c in g.split()] for g in rest.split("/")]
                if head == "hands":
                    deal.hands = groups
                elif head == "musik":
                    deal.musik = groups
                else:
                    deal.stock = groups[0]
                continue
            if sep and head == "extra":
                deal.extra = json.loads(rest)
                continue
        except (CardError, json.JSONDecodeError) as e:
            raise _bad(number, str(e), str(e), i) from None
        for token in line.split():
            if re.fullmatch(r"\d+\.", token):
                continue
            deal.actions.append(_read_move(token, number, i))
    if not deal.hands:
        raise _bad(lines[0][0], "rozdanie bez wiersza hands:", "a deal without a hands: line", i)
    return deal


def _read_move(token: str, line: int, deal: int) -> RecordAction:
    m = _MOVE.match(token)
    if not m:
        raise _bad(line, f"nieznany ruch {token!r} (oczekiwano np. 1:110 albo 0:QH)",
                   f"unknown move {token!r} (expected e.g. 1:110 or 0:QH)", deal)
    p, move = int(m.group(1)), m.group(2)
    try:
        if move.isdigit():
            return RecordAction(p, "bid", int(move))
        if move in ("pass", "bomb", "redeal"):
            return RecordAction(p, move)
        if move.startswith("declare="):
            return RecordAction(p, "declare", int(move[8:]))
        if move.startswith("musik="):
            return RecordAction(p, "choose_musik", int(move[6:]))
        if move.startswith("give(") and move.endswith(")"):
            pairs = [x.split("=") for x in move[5:-1].split(",")]
            return RecordAction(p, "give", {int(s): parse_card(c) for s, c in pairs})
        if move.startswith("discard(") and move.endswith(")"):
            return RecordAction(p, "discard", tuple(parse_card(c) for c in move[8:-1].split(",")))
        return RecordAction(p, "play", parse_card(move.rstrip("+")), move.endswith("+"))
    except (ValueError, CardError):
        raise _bad(line, f"nieznany ruch {token!r}", f"unknown move {token!r}", deal) from None


def _read_sheet(i: int, lines: list[tuple[int, str]]) -> SheetRow:
    number, first = lines[0]
    fields: dict[str, str] = {}
    bomb = False
    for token in first.split()[1:]:
        if token == "bomb":
            bomb = True
            continue
        key, _, value = token.partition("=")
        fields[key] = value

    def ints(key: str) -> tuple[int, ...] | None:
        return tuple(int(x) for x in fields[key].split(",")) if key in fields else None

    try:
        declarer = fields.get("declarer", "-")
        sheet = SheetDeal(
            declarer=None if declarer == "-" else int(declarer),
            contract=int(fields["contract"]) if "contract" in fields else None,
            bid=int(fields["bid"]) if "bid" in fields else None,
            bomb=bomb, cards=ints("cards") or (),
            melds=tuple(tuple(parse_suit(ch) for ch in m)
                        for m in fields["melds"].split(",")) if "melds" in fields else (),
            tricks=ints("tricks"),
            musik=tuple(parse_card(c) for c in fields["musik"].split(","))
            if "musik" in fields else (),
        )
        extra: dict[str, Any] = next((json.loads(line[6:]) for _, line in lines[1:]
                                      if line.startswith("extra:")), {})
    except (ValueError, CardError):
        raise _bad(number, "niepoprawny wiersz {sheet}", "a bad {sheet} line", i) from None
    return SheetRow(sheet, extra)


__all__ = ["FORMAT", "read", "write"]
