"""The fields of a record (RECORD.md): their kinds and ranges, described once for
both forms. The JSON reader hands over the parsed JSON value and the text
notation's reader turns its tags and blocks into the same values, so every
record, whichever its form, passes the same checks here.

What only the rules can judge (whose turn, which bid, one deck of cards, a
consistent score sheet) is left to the replay: an illegal action is a verdict,
not a malformed file.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any, TypeGuard, TypeVar

from ..cards import CardError, parse_card, parse_suit
from ..engine.sheet import SheetDeal
from ..rules import Rules, RulesError
from .errors import RecordError, bad_record
from .limits import MAX_ACTIONS_PER_DEAL, MAX_DEALS
from .model import ACTION_KINDS, FORMAT, FullDeal, GameRecord, RecordAction, SheetRow

#: The fields RECORD.md defines at the top, in a full deal and in a score-sheet
#: deal; anything else is kept as it came (``extra``).
TOP_FIELDS = ("format", "rules", "players", "first_dealer", "start_scores", "deals")
FULL_FIELDS = ("hands", "musik", "stock", "actions")
SHEET_FIELDS = ("declarer", "contract", "bid", "bomb", "cards", "melds", "tricks", "musik")
#: A deal without ``hands`` is a score-sheet deal when it has one of these.
_SHEET_MARKS = ("declarer", "contract", "bid", "bomb", "cards", "melds", "tricks")

T = TypeVar("T")


def shown(v: Any, limit: int = 40) -> str:
    """A value as JSON for a message, cut short: messages never echo a whole input."""
    try:
        text = json.dumps(v, ensure_ascii=False)
    except (TypeError, ValueError):
        text = repr(v)
    return text if len(text) <= limit else text[:limit - 1] + "…"


def is_int(v: Any) -> TypeGuard[int]:
    return isinstance(v, int) and not isinstance(v, bool)


class Where:
    """A place in the record, for messages: its JSON path and the deal and
    action it belongs to."""

    __slots__ = ("path", "deal", "action")

    def __init__(self, path: str, deal: int | None = None, action: int | None = None) -> None:
        self.path, self.deal, self.action = path, deal, action

    def __getitem__(self, key: int | str) -> Where:
        sub = f"{self.path}[{key}]" if isinstance(key, int) else (
            f"{self.path}.{key}" if self.path else key)
        return Where(sub, self.deal, self.action)

    def bad(self, pl: str, en: str, rule: str = "bad_record") -> RecordError:
        head = f"{self.path}: " if self.path else ""
        return RecordError(rule, head + pl, head + en, self.deal, self.action,
                           path=self.path or None)


# --- kinds of values -------------------------------------------------------------

def integer(v: Any, at: Where) -> int:
    if not is_int(v):
        raise at.bad(f"musi być liczbą całkowitą, a jest {shown(v)}",
                     f"must be a whole number, not {shown(v)}")
    return v


def seat(v: Any, at: Where, n: int) -> int:
    if not is_int(v) or not 0 <= v < n:
        raise at.bad(f"musi być numerem miejsca od 0 do {n - 1}, a jest {shown(v)}",
                     f"must be a seat number from 0 to {n - 1}, not {shown(v)}")
    return v


def flag(v: Any, at: Where) -> bool:
    if not isinstance(v, bool):
        raise at.bad(f"musi być true albo false, a jest {shown(v)}",
                     f"must be true or false, not {shown(v)}")
    return v


def card(v: Any, at: Where) -> int:
    if not isinstance(v, str):
        raise at.bad(f"karta to tekst, np. \"QH\" albo \"10♥\", a jest {shown(v)}",
                     f"a card is a text like \"QH\" or \"10♥\", not {shown(v)}")
    try:
        return parse_card(v)
    except CardError:
        raise at.bad(f"nieznana karta {shown(v)} (karty to np. QH, TH, 10♥, D♥)",
                     f"unknown card {shown(v)} (cards are e.g. QH, TH, 10♥, Q♥)") from None


def suit(v: Any, at: Where) -> int:
    try:
        if isinstance(v, str):
            return parse_suit(v)
    except CardError:
        pass
    raise at.bad(f"nieznany kolor {shown(v)} (kolory to H, D, C, S albo ♥ ♦ ♣ ♠)",
                 f"unknown suit {shown(v)} (suits are H, D, C, S or ♥ ♦ ♣ ♠)")


def listed(v: Any, at: Where, item: Callable[[Any, Where], T], what: tuple[str, str]) -> list[T]:
    if not isinstance(v, list):
        raise at.bad(f"musi być listą ({what[0]}), a jest {shown(v)}",
                     f"must be a list ({what[1]}), not {shown(v)}")
    return [item(x, at[i]) for i, x in enumerate(v)]


def cards(v: Any, at: Where) -> list[int]:
    return listed(v, at, card, ("kart", "of cards"))


def _extra(d: Mapping[str, Any], known: tuple[str, ...]) -> dict[str, Any]:
    return {k: v for k, v in d.items() if k not in known}


# --- the record --------------------------------------------------------------------

def record_from_data(data: Any) -> GameRecord:
    """A record from its JSON value. Raises :class:`RecordError` that names the field."""
    if not isinstance(data, Mapping):
        raise bad_record(f"Zapis partii to obiekt JSON {{...}}, a jest {shown(data)}",
                         f"a record is a JSON object {{...}}, not {shown(data)}")
    fmt = data.get("format", FORMAT)
    if fmt != FORMAT:
        raise Where("format").bad(f"nieznany format {shown(fmt)}, oczekiwano {FORMAT!r}",
                                  f"unknown format {shown(fmt)}, expected {FORMAT!r}")
    try:
        rules = Rules.from_dict(data.get("rules", {"preset": "pl-3"}))
    except RulesError as e:
        raise Where("rules").bad(e.message("pl"), e.message("en")) from None
    n = rules.players
    players = data.get("players")
    at = Where("players")
    if not isinstance(players, list):
        raise at.bad("lista imion, np. [\"Ania\", \"Bartek\", \"Celina\"], "
                     f"a jest {shown(players)}",
                     f"a list of names, e.g. [\"Ania\", \"Bartek\", \"Celina\"], "
                     f"not {shown(players)}")
    for i, p in enumerate(players):
        if not isinstance(p, str):
            raise at[i].bad(f"imię to tekst, a jest {shown(p)}",
                            f"a name is a text, not {shown(p)}")
    if len(players) != n:
        raise at.bad(f"{len(players)} imion, a zasady są dla {n} graczy",
                     f"{len(players)} names, but the rules are for {n} players")
    first = seat(data.get("first_dealer"), Where("first_dealer"), n)
    start = data.get("start_scores")
    if start is not None:
        scores = listed(start, Where("start_scores"), integer, ("liczb", "of numbers"))
        if len(scores) != n:
            raise Where("start_scores").bad(f"potrzeba {n} wyników, jest {len(scores)}",
                                            f"{n} scores are needed, not {len(scores)}")
    deals = data.get("deals", [])
    if not isinstance(deals, list):
        raise Where("deals").bad(f"lista rozdań, a jest {shown(deals)}",
                                 f"a list of deals, not {shown(deals)}")
    if len(deals) > MAX_DEALS:
        raise Where("deals").bad(f"{len(deals)} rozdań: zapis może mieć najwyżej {MAX_DEALS}",
                                 f"{len(deals)} deals: a record holds at most {MAX_DEALS}")
    return GameRecord(
        rules=rules, players=list(players), first_dealer=first,
        deals=[_deal(d, Where(f"deals[{i}]", i), rules) for i, d in enumerate(deals)],
        start_scores=tuple(start) if start is not None else None,
        extra=_extra(data, TOP_FIELDS),
    )


def _deal(d: Any, at: Where, rules: Rules) -> FullDeal | SheetRow:
    if not isinstance(d, Mapping):
        raise at.bad(f"rozdanie to obiekt, a jest {shown(d)}",
                     f"a deal is an object, not {shown(d)}")
    if "hands" in d:
        return _full(d, at, rules)
    if "actions" in d or "stock" in d:
        raise at.bad("rozdanie z ruchami potrzebuje \"hands\": kart każdego miejsca",
                     "a deal with actions needs \"hands\": the cards of every seat")
    if any(k in d for k in _SHEET_MARKS):
        return _sheet(d, at, rules)
    raise at.bad("rozdanie ma \"hands\" (pełne) albo wyniki z tabeli (\"declarer\", \"cards\"…)",
                 "a deal has \"hands\" (full) or the results of a score sheet "
                 "(\"declarer\", \"cards\"…)")


def _full(d: Mapping[str, Any], at: Where, rules: Rules) -> FullDeal:
    hands = listed(d["hands"], at["hands"], cards, ("rąk: list kart", "of hands: lists of cards"))
    if len(hands) != rules.players:
        raise at["hands"].bad(f"potrzeba {rules.players} rąk (pusta dla pauzującego), "
                              f"jest {len(hands)}",
                              f"{rules.players} hands are needed (empty for a seat that sits "
                              f"out), not {len(hands)}", rule="bad_deal")
    musik = listed(d.get("musik", []), at["musik"], cards, ("musików", "of musiks"))
    stock = cards(d.get("stock", []), at["stock"])
    actions = d.get("actions", [])
    if not isinstance(actions, list):
        raise at["actions"].bad(f"lista ruchów, a jest {shown(actions)}",
                                f"a list of actions, not {shown(actions)}")
    if len(actions) > MAX_ACTIONS_PER_DEAL:
        raise at["actions"].bad(
            f"{len(actions)} ruchów: rozdanie może mieć najwyżej {MAX_ACTIONS_PER_DEAL}",
            f"{len(actions)} actions: a deal holds at most {MAX_ACTIONS_PER_DEAL}")
    base = at["actions"]
    return FullDeal(
        hands=hands, musik=musik, stock=stock,
        actions=[action(a, Where(f"{base.path}[{j}]", at.deal, j), rules.players)
                 for j, a in enumerate(actions)],
        extra=_extra(d, FULL_FIELDS),
    )


def action(a: Any, at: Where, n: int) -> RecordAction:
    """One action: its seat, exactly one kind, and a value of that kind's type.
    Whether a bid's number is possible is the rules' question (the replay's)."""
    if not isinstance(a, Mapping):
        raise at.bad(f"ruch to obiekt, np. {{\"p\": 1, \"bid\": 110}}, a jest {shown(a)}",
                     f"an action is an object like {{\"p\": 1, \"bid\": 110}}, not {shown(a)}")
    p = seat(a.get("p"), at["p"], n)
    kinds = [k for k in ACTION_KINDS if k in a]
    if len(kinds) != 1:
        names = ", ".join(ACTION_KINDS)
        raise at.bad(f"ruch ma dokładnie jedno z: {names}",
                     f"an action has exactly one of: {names}")
    kind = kinds[0]
    v, here = a[kind], at[kind]
    if kind in ("pass", "bomb", "redeal"):
        if v is not True:
            raise here.bad(f"musi być true, a jest {shown(v)}", f"must be true, not {shown(v)}")
        return RecordAction(p, kind)
    if kind in ("bid", "declare"):
        return RecordAction(p, kind, integer(v, here))
    if kind == "choose_musik":
        if not is_int(v) or v not in (0, 1):
            raise here.bad(f"musi być 0 albo 1, a jest {shown(v)}",
                           f"must be 0 or 1, not {shown(v)}")
        return RecordAction(p, kind, v)
    if kind == "play":
        return RecordAction(p, kind, card(v, here), flag(a.get("meld", False), at["meld"]))
    if kind == "give":
        if not isinstance(v, Mapping):
            raise here.bad(f"obiekt {{miejsce: karta}}, np. {{\"1\": \"9S\"}}, a jest {shown(v)}",
                           f"an object {{seat: card}} like {{\"1\": \"9S\"}}, not {shown(v)}")
        seats = {str(s): s for s in range(n)}
        given = {}
        for key, c in v.items():
            if key not in seats:
                raise here.bad(f"{shown(key)} to nie numer miejsca (od 0 do {n - 1})",
                               f"{shown(key)} is not a seat number (0 to {n - 1})")
            given[seats[key]] = card(c, here[key])
        return RecordAction(p, kind, given)
    return RecordAction(p, kind, tuple(cards(v, here)))


def read_action(data: Any, players: int) -> RecordAction:
    """One action from outside (a client's message), checked as a record's action
    is: a RecordError whose message names the field (``bid: must be…``). Its
    number is the rules' question: :func:`tysiac.record.apply_record_action`."""
    return action(data, Where(""), players)


def _sheet(d: Mapping[str, Any], at: Where, rules: Rules) -> SheetRow:
    def number(key: str) -> int | None:
        v = d.get(key)
        return None if v is None else integer(v, at[key])

    def numbers(key: str) -> tuple[int, ...] | None:
        v = d.get(key)
        return None if v is None else tuple(listed(v, at[key], integer, ("liczb", "of numbers")))

    declarer = d.get("declarer")
    melds = listed(d.get("melds", []), at["melds"],
                   lambda m, w: tuple(listed(m, w, suit, ("kolorów", "of suits"))),
                   ("list kolorów, np. [[], [\"C\"], []]", "of suit lists, e.g. [[], [\"C\"], []]"))
    sheet = SheetDeal(
        declarer=None if declarer is None else seat(declarer, at["declarer"], rules.players),
        contract=number("contract"), bid=number("bid"),
        bomb=flag(d.get("bomb", False), at["bomb"]),
        cards=numbers("cards") or (), melds=tuple(melds), tricks=numbers("tricks"),
        musik=tuple(cards(d.get("musik", []), at["musik"])),
    )
    return SheetRow(sheet, _extra(d, SHEET_FIELDS))


__all__ = ["FULL_FIELDS", "SHEET_FIELDS", "TOP_FIELDS", "Where", "action", "read_action",
           "record_from_data", "shown"]
