"""Reading and writing RECORD.md's JSON. Reading is lenient about card spellings
and collects nothing it does not know into ``extra``; writing is canonical."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any, TypeGuard

from ..cards import CardError, card_str, parse_card, parse_suit, suit_str
from ..engine.sheet import SheetDeal
from ..rules import Rules, RulesError
from .errors import RecordError, bad_record
from .model import FORMAT, FullDeal, GameRecord, RecordAction, SheetRow

_TOP_KEYS = ("format", "rules", "players", "first_dealer", "start_scores", "deals")
_FULL_KEYS = ("hands", "musik", "stock", "actions")
_SHEET_KEYS = ("declarer", "contract", "bid", "bomb", "cards", "melds", "tricks", "musik")


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
    "Extra data": "nadmiarowe dane po końcu JSON",
}


def loads(text: str) -> GameRecord:
    """Read a record from JSON text. Raises :class:`RecordError` (``bad_record``)."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise bad_record(f"To nie jest JSON: {_JSON_PL.get(e.msg, e.msg)} "
                         f"(wiersz {e.lineno}, kolumna {e.colno})",
                         f"not JSON: {e.msg} (line {e.lineno}, column {e.colno})") from None
    return from_json(data)


def from_json(data: Any) -> GameRecord:
    if not isinstance(data, Mapping):
        raise bad_record("Zapis partii to obiekt JSON {...}", "a record is a JSON object {...}")
    fmt = data.get("format", FORMAT)
    if fmt != FORMAT:
        raise bad_record(f"Nieznany format {fmt!r}, oczekiwano {FORMAT!r}",
                         f"unknown format {fmt!r}, expected {FORMAT!r}")
    try:
        rules = Rules.from_dict(data.get("rules", {"preset": "pl-3"}))
    except RulesError as e:
        raise bad_record(f"rules: {e.message('pl')}", f"rules: {e.message('en')}") from None
    players = data.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise bad_record("players: lista imion, np. [\"Ania\", \"Bartek\", \"Celina\"]",
                         "players: a list of names, e.g. [\"Ania\", \"Bartek\", \"Celina\"]")
    if len(players) != rules.players:
        raise bad_record(
            f"players: {len(players)} imion, a zasady są dla {rules.players} graczy",
            f"players: {len(players)} names, but the rules are for {rules.players} players")
    first = data.get("first_dealer")
    if not _is_int(first) or not 0 <= first < rules.players:
        raise bad_record(f"first_dealer: numer miejsca od 0 do {rules.players - 1}",
                         f"first_dealer: a seat number from 0 to {rules.players - 1}")
    start = data.get("start_scores")
    if start is not None and (not isinstance(start, list) or len(start) != rules.players
                              or not all(_is_int(x) for x in start)):
        raise bad_record(f"start_scores: {rules.players} liczb całkowitych",
                         f"start_scores: {rules.players} integers")
    deals = data.get("deals", [])
    if not isinstance(deals, list):
        raise bad_record("deals: lista rozdań", "deals: a list of deals")
    return GameRecord(
        rules=rules, players=list(players), first_dealer=first,
        deals=[_read_deal(d, i, rules) for i, d in enumerate(deals)],
        start_scores=tuple(start) if start is not None else None,
        extra={k: v for k, v in data.items() if k not in _TOP_KEYS},
    )


def _is_int(v: Any) -> TypeGuard[int]:
    return isinstance(v, int) and not isinstance(v, bool)


def _card(v: Any, deal: int, action: int | None, where: str) -> int:
    if not isinstance(v, str):
        raise bad_record(f"{where}: karta to tekst, np. \"QH\", a jest {json.dumps(v)}",
                         f"{where}: a card is a text like \"QH\", not {json.dumps(v)}",
                         deal, action)
    try:
        return parse_card(v)
    except CardError:
        raise bad_record(f"{where}: nieznana karta {v!r}", f"{where}: unknown card {v!r}",
                         deal, action) from None


def _cards(v: Any, deal: int, where: str) -> list[int]:
    if not isinstance(v, list):
        raise bad_record(f"{where}: lista kart", f"{where}: a list of cards", deal)
    return [_card(c, deal, None, f"{where}[{i}]") for i, c in enumerate(v)]


def _read_deal(d: Any, i: int, rules: Rules) -> FullDeal | SheetRow:
    where = f"deals[{i}]"
    if not isinstance(d, Mapping):
        raise bad_record(f"{where}: rozdanie to obiekt", f"{where}: a deal is an object", i)
    if "hands" not in d:
        if "declarer" not in d:
            raise bad_record(f"{where}: rozdanie ma \"hands\" (pełne) albo \"declarer\" (zapis)",
                             f"{where}: a deal has \"hands\" (full) or \"declarer\" (sheet)", i)
        return _read_sheet(d, i, rules)
    hands = d["hands"]
    if not isinstance(hands, list):
        raise bad_record(f"{where}.hands: lista rąk", f"{where}.hands: a list of hands", i)
    musik = d.get("musik", [])
    if not isinstance(musik, list):
        raise bad_record(f"{where}.musik: lista musików", f"{where}.musik: a list of musiks", i)
    actions = d.get("actions", [])
    if not isinstance(actions, list):
        raise bad_record(f"{where}.actions: lista ruchów", f"{where}.actions: a list of actions", i)
    return FullDeal(
        hands=[_cards(h, i, f"{where}.hands[{s}]") for s, h in enumerate(hands)],
        musik=[_cards(m, i, f"{where}.musik[{k}]") for k, m in enumerate(musik)],
        stock=_cards(d.get("stock", []), i, f"{where}.stock"),
        actions=[_read_action(a, i, j, rules) for j, a in enumerate(actions)],
        extra={k: v for k, v in d.items() if k not in _FULL_KEYS},
    )


def _read_action(a: Any, deal: int, j: int, rules: Rules) -> RecordAction:
    where = f"deals[{deal}].actions[{j}]"

    def bad(pl: str, en: str) -> RecordError:
        return bad_record(f"{where}: {pl}", f"{where}: {en}", deal, j)

    if not isinstance(a, Mapping):
        raise bad("ruch to obiekt, np. {\"p\": 1, \"bid\": 110}",
                  "an action is an object like {\"p\": 1, \"bid\": 110}")
    p = a.get("p")
    if not _is_int(p) or not 0 <= p < rules.players:
        raise bad(f"\"p\" to numer miejsca od 0 do {rules.players - 1}",
                  f"\"p\" is a seat number from 0 to {rules.players - 1}")
    kinds = [k for k in ("bid", "pass", "redeal", "choose_musik", "give", "discard", "bomb",
                         "declare", "play") if k in a]
    if len(kinds) != 1:
        raise bad("ruch ma dokładnie jedno z: bid, pass, redeal, choose_musik, give, discard, "
                  "bomb, declare, play",
                  "an action has exactly one of: bid, pass, redeal, choose_musik, give, "
                  "discard, bomb, declare, play")
    kind = kinds[0]
    v = a[kind]
    if kind in ("pass", "bomb", "redeal"):
        if v is not True:
            raise bad(f"\"{kind}\": true", f"\"{kind}\": true")
        return RecordAction(p, kind)
    if kind in ("bid", "declare"):
        if not _is_int(v):
            raise bad(f"\"{kind}\" to liczba", f"\"{kind}\" is a number")
        return RecordAction(p, kind, v)
    if kind == "choose_musik":
        if v not in (0, 1) or isinstance(v, bool):
            raise bad("\"choose_musik\" to 0 albo 1", "\"choose_musik\" is 0 or 1")
        return RecordAction(p, kind, v)
    if kind == "play":
        meld = a.get("meld", False)
        if not isinstance(meld, bool):
            raise bad("\"meld\": true albo false", "\"meld\": true or false")
        return RecordAction(p, kind, _card(v, deal, j, where + ".play"), meld)
    if kind == "give":
        if not isinstance(v, Mapping):
            raise bad("\"give\" to obiekt {miejsce: karta}", "\"give\" is an object {seat: card}")
        given = {}
        for seat, c in v.items():
            try:
                s = int(seat)
            except ValueError:
                raise bad(f"\"give\": {seat!r} to nie numer miejsca",
                          f"\"give\": {seat!r} is not a seat number") from None
            given[s] = _card(c, deal, j, f"{where}.give[{seat}]")
        return RecordAction(p, kind, given)
    if not isinstance(v, list):
        raise bad("\"discard\" to lista kart", "\"discard\" is a list of cards")
    return RecordAction(p, kind, tuple(_card(c, deal, j, f"{where}.discard") for c in v))


def _read_sheet(d: Mapping[str, Any], i: int, rules: Rules) -> SheetRow:
    where = f"deals[{i}]"

    def bad(pl: str, en: str) -> RecordError:
        return bad_record(f"{where}: {pl}", f"{where}: {en}", i)

    def integer(key: str) -> int | None:
        v = d.get(key)
        if v is not None and not _is_int(v):
            raise bad(f"\"{key}\" to liczba", f"\"{key}\" is a number")
        return v

    def int_list(key: str) -> tuple[int, ...] | None:
        v = d.get(key)
        if v is None:
            return None
        if not isinstance(v, list) or not all(_is_int(x) for x in v):
            raise bad(f"\"{key}\" to lista liczb", f"\"{key}\" is a list of numbers")
        return tuple(v)

    bomb = d.get("bomb", False)
    if not isinstance(bomb, bool):
        raise bad("\"bomb\": true albo false", "\"bomb\": true or false")
    melds_raw = d.get("melds", [])
    if not isinstance(melds_raw, list) or not all(isinstance(m, list) for m in melds_raw):
        raise bad("\"melds\" to lista list kolorów, np. [[], [\"C\"], []]",
                  "\"melds\" is a list of suit lists, e.g. [[], [\"C\"], []]")
    if any(not isinstance(s, str) for m in melds_raw for s in m):
        raise bad("\"melds\": kolory to H, D, C, S", "\"melds\": suits are H, D, C, S")
    try:
        melds = tuple(tuple(parse_suit(s) for s in m) for m in melds_raw)
    except CardError as e:
        raise bad(f"\"melds\": {e}", f"\"melds\": {e}") from None
    musik = d.get("musik", [])
    sheet = SheetDeal(
        declarer=integer("declarer"), contract=integer("contract"), bid=integer("bid"),
        bomb=bomb, cards=int_list("cards") or (), melds=melds, tricks=int_list("tricks"),
        musik=tuple(_cards(musik, i, where + ".musik")),
    )
    return SheetRow(sheet, {k: v for k, v in d.items() if k not in _SHEET_KEYS})


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
        s = d.sheet
        row: dict[str, Any] = {"declarer": s.declarer}
        if s.bid is not None:
            row["bid"] = s.bid
        if s.bomb:
            row["bomb"] = True
        else:
            row["contract"] = s.contract
            row["cards"] = list(s.cards)
            row["melds"] = [[suit_str(x) for x in m] for m in s.melds]
            if s.tricks is not None:
                row["tricks"] = list(s.tricks)
        if s.musik:
            row["musik"] = [card_str(c) for c in s.musik]
        row.update(d.extra)
        return row
    out: dict[str, Any] = {
        "hands": [[card_str(c) for c in h] for h in d.hands],
        "musik": [[card_str(c) for c in m] for m in d.musik],
        "stock": [card_str(c) for c in d.stock],
        "actions": [action_json(a) for a in d.actions],
    }
    out.update(d.extra)
    return out


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


__all__ = ["RecordError", "action_json", "dumps", "from_json", "loads", "to_json"]
