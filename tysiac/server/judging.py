"""The arbiter page's work, done off the event loop (the bots' worker pool): a record
pasted, uploaded or built in the page's form, judged by :mod:`tysiac.arbiter` exactly
as ``tysiac arbiter`` judges it, with ``--explain``'s account.

The form is turned into a record in the text notation and read through the one door,
:func:`tysiac.record.read_record`; what this module checks itself is only what a form
field can get wrong before there is a record (a card that is not one, a card twice, a
hand of the wrong size), so that the message stands next to that field. No I/O, no
web framework: plain values in, JSON values out.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from ..arbiter import INTERNAL, explain, internal_error, judge, judge_bytes
from ..cards import CardError, card_display, card_str, parse_card, sorted_for_display
from ..engine.dealing import seating
from ..engine.phases import EXCHANGE
from ..record import (
    FullDeal,
    GameRecord,
    RecordAction,
    RecordError,
    dumps,
    notation,
    read_record,
)
from ..record.limits import MAX_ACTIONS_PER_DEAL
from ..record.replay import replay
from ..rules import PRESET_NAMES, Rules, RulesError, parse_option
from .replay import replay_deal_frames

#: A message in Polish and in English.
Texts = tuple[str, str]

SEATS = 4
#: The fields of the form that hold cards: each seat's hand, the musiks, the stock.
CARD_FIELDS = (*(f"hand{i}" for i in range(SEATS)), "musik0", "musik1", "stock")
#: Characters of the moves field (the longest legal deal is about 600).
MOVES_CHARS = 20_000
#: Characters of the options field.
OPTIONS_CHARS = 2_000
#: A score before the deal, in absolute value.
SCORE_LIMIT = 100_000
NAME_CHARS = 20
#: Characters of a field of cards (24 cards as "10♥" take 96).
PILE_CHARS = 400

_SPLIT = re.compile(r"[\s,;]+")
_LINE_PREFIX = re.compile(r"^(wiersz|line) (\d+): ")
_PATH_PREFIX = re.compile(r"^deals\[\d+\]\.actions\[\d+\][.\w]*: ")
_TRICK_NUMBER = re.compile(r"\d+\.")


@dataclass(slots=True)
class Built:
    """A form as a record in the text notation, or the errors of its fields."""

    text: str | None
    errors: dict[str, Texts]
    shape: dict[str, Any]
    names: list[str] = field(default_factory=list)
    #: The line of ``text`` where the moves begin (1-based), and the moves' tokens.
    moves_line: int = 0
    tokens: list[str] = field(default_factory=list)


def shape_of(rules: Rules, dealer: int) -> dict[str, Any]:
    """What a deal of these rules looks like, for the form: the seats, how many cards
    each pile takes, and who sits out when ``dealer`` deals."""
    return {
        "players": rules.players, "hand": rules.hand_size, "musiks": rules.musik_count,
        "musik": rules.musik_size, "stock": 12 if rules.draw_game else 0,
        "sitting_out": seating(rules, dealer)[2], "dealer": dealer,
    }


def _rules(form: Mapping[str, str], errors: dict[str, Texts]) -> Rules:
    preset = form.get("preset") or "pl-3"
    if preset not in PRESET_NAMES:
        errors["preset"] = (f"Nie ma zestawu zasad {preset[:40]!r}",
                            f"there is no preset {preset[:40]!r}")
        preset = "pl-3"
    rules = Rules.preset(preset)
    text = form.get("options", "")
    if len(text) > OPTIONS_CHARS:
        errors["options"] = (f"Najwyżej {OPTIONS_CHARS} znaków", f"at most {OPTIONS_CHARS} "
                             "characters")
        return rules
    overrides: dict[str, Any] = {}
    try:
        for line in text.splitlines():
            if line.strip():
                key, value = parse_option(line)
                overrides[key] = value
        return rules.with_options(**overrides)
    except RulesError as e:
        errors["options"] = (e.message("pl"), e.message("en"))
        return rules


def _seat_field(form: Mapping[str, str], key: str, n: int, errors: dict[str, Texts]) -> int:
    raw = (form.get(key) or "0").strip()
    if raw.isascii() and raw.isdigit() and int(raw) < n:
        return int(raw)
    errors[key] = (f"Miejsce od 1 do {n}", f"a seat from 1 to {n}")
    return 0


def _names(form: Mapping[str, str], n: int, lang: str, errors: dict[str, Texts]) -> list[str]:
    names = []
    for i in range(n):
        name = " ".join((form.get(f"name{i}") or "").split())
        if len(name) > NAME_CHARS:
            errors[f"name{i}"] = (f"Imię ma najwyżej {NAME_CHARS} znaków",
                                  f"a name has at most {NAME_CHARS} characters")
        names.append(name or default_name(i, lang))
    return names


def default_name(seat: int, lang: str) -> str:
    return f"Gracz {seat + 1}" if lang == "pl" else f"Player {seat + 1}"


def _scores(form: Mapping[str, str], n: int, errors: dict[str, Texts]) -> list[int] | None:
    raw = [(form.get(f"score{i}") or "").strip() for i in range(n)]
    if not any(raw):
        return None
    scores = []
    for i, text in enumerate(raw):
        digits = text.removeprefix("-")
        if not text:
            scores.append(0)
        elif digits.isascii() and digits.isdigit() and int(text) < SCORE_LIMIT \
                and -int(text) < SCORE_LIMIT:
            scores.append(int(text))
        else:
            errors[f"score{i}"] = (f"Wynik to liczba całkowita od {-SCORE_LIMIT + 1} do "
                                   f"{SCORE_LIMIT - 1}, np. 780",
                                   f"a score is a whole number from {-SCORE_LIMIT + 1} to "
                                   f"{SCORE_LIMIT - 1}, e.g. 780")
            scores.append(0)
    return scores


def _pile_places(names: list[str]) -> dict[str, Texts]:
    """Where a card lies, as a message says it: "jest już …" / "it is … already"."""
    out: dict[str, Texts] = {f"hand{i}": (f"w ręce: {name}", f"in {name}'s hand")
                             for i, name in enumerate(names)}
    out.update(musik0=("w musiku", "in the musik"), musik1=("w musiku 2", "in musik 2"),
               stock=("w stosie", "in the stock"))
    return out


def _cards(form: Mapping[str, str], shape: dict[str, Any], names: list[str],
           errors: dict[str, Texts]) -> dict[str, list[int]]:
    """Each pile's cards, read and counted; a card twice is the later pile's error."""
    n, out = shape["players"], shape["sitting_out"]
    want = {f"hand{i}": (0 if i == out else shape["hand"]) if i < n else 0
            for i in range(SEATS)}
    want.update(musik0=shape["musik"] if shape["musiks"] >= 1 else 0,
                musik1=shape["musik"] if shape["musiks"] >= 2 else 0, stock=shape["stock"])
    where: dict[int, str] = {}
    piles: dict[str, list[int]] = {}
    places = _pile_places(names)
    for key in CARD_FIELDS:
        text = (form.get(key) or "").strip()
        piles[key] = []
        if not text and want[key] == 0:
            continue
        if want[key] == 0:
            if key.startswith("hand") and int(key[4:]) == out:
                errors[key] = (f"{names[out]} pauzuje w tym rozdaniu: bez kart",
                               f"{names[out]} sits out this deal: no cards")
            else:
                errors[key] = ("Przy tym stole to pole zostaje puste",
                               "this table leaves this field empty")
            continue
        if len(text) > PILE_CHARS:
            errors[key] = (f"Najwyżej {PILE_CHARS} znaków", f"at most {PILE_CHARS} characters")
            continue
        cards = piles[key]
        for token in _SPLIT.split(text) if text else []:
            try:
                c = parse_card(token)
            except CardError:
                errors[key] = (f"„{token[:12]}” to nie karta (np. AH, 10H, D♥, K♠)",
                               f"'{token[:12]}' is not a card (e.g. AH, 10H, Q♥, K♠)")
                break
            if c in where:
                pl, en = places[where[c]]
                same = where[c] == key
                errors[key] = (f"{card_display(c, 'pl')} drugi raz" + ("" if same else
                               f": jest już {pl}"),
                               f"{card_display(c, 'en')} twice" + ("" if same else
                               f": it is {en} already"))
                break
            where[c] = key
            cards.append(c)
        if key not in errors and len(cards) != want[key]:
            errors[key] = (f"{len(cards)} z {want[key]} kart", f"{len(cards)} of "
                           f"{want[key]} cards")
    return piles


def _moves(form: Mapping[str, str], errors: dict[str, Texts]) -> list[str]:
    text = form.get("moves") or ""
    if len(text) > MOVES_CHARS:
        errors["moves"] = (f"Najwyżej {MOVES_CHARS} znaków", f"at most {MOVES_CHARS} characters")
        return []
    lines = [line.strip() for line in text.splitlines()]
    for number, line in enumerate(lines, 1):
        head = line.split(None, 1)[0] if line else ""
        # A move is "seat:move"; a line of the notation's other kinds would change
        # the record's shape, not add a move.
        if head.startswith(("{", "[")) or head in ("hands:", "musik:", "stock:", "extra:"):
            errors["moves"] = (f"wiersz {number}: ruch to miejsce:ruch, np. 1:110 albo 0:QH",
                               f"line {number}: a move is seat:move, e.g. 1:110 or 0:QH")
            break
    if sum(len(line.split()) for line in lines) > MAX_ACTIONS_PER_DEAL:
        errors["moves"] = (f"Rozdanie ma najwyżej {MAX_ACTIONS_PER_DEAL} ruchów",
                           f"a deal has at most {MAX_ACTIONS_PER_DEAL} moves")
    return lines


def build(form: Mapping[str, str], lang: str = "pl") -> Built:
    """The record a form describes (one deal, in the text notation), or the errors
    of its fields."""
    errors: dict[str, Texts] = {}
    rules = _rules(form, errors)
    n = rules.players
    dealer = _seat_field(form, "dealer", n, errors)
    shape = shape_of(rules, dealer)
    names = _names(form, n, lang, errors)
    scores = _scores(form, n, errors)
    piles = _cards(form, shape, names, errors)
    moves = _moves(form, errors)
    if errors:
        return Built(None, errors, shape, names)
    head = notation.write(GameRecord(rules, names, dealer, [], tuple(scores) if scores else None))
    hands = " / ".join(" ".join(card_str(c) for c in piles[f"hand{i}"]) for i in range(n))
    lines = [head.rstrip("\n"), "", "{deal}", f"hands: {hands}"]
    if shape["musiks"]:
        lines.append("musik: " + " / ".join(" ".join(card_str(c) for c in piles[f"musik{i}"])
                                             for i in range(shape["musiks"])))
    if shape["stock"]:
        lines.append("stock: " + " ".join(card_str(c) for c in piles["stock"]))
    start = sum(line.count("\n") + 1 for line in lines) + 1
    tokens = [t for line in moves for t in line.split() if not _TRICK_NUMBER.fullmatch(t)]
    return Built("\n".join([*lines, *moves]) + "\n", {}, shape, names, start, tokens)


def field_of(e: RecordError, built: Built) -> tuple[str, Texts]:
    """The form field a record error of a built form belongs to, and its message
    without the notation's line (the moves' own line instead)."""
    path = e.path or ""
    texts = (e.message("pl"), e.message("en"))
    m = _LINE_PREFIX.match(texts[1])
    line = int(m.group(2)) if m else 0
    texts = (_LINE_PREFIX.sub("", texts[0]), _LINE_PREFIX.sub("", texts[1]))
    if e.action is not None and e.action < len(built.tokens):
        token = built.tokens[e.action][:40]
        texts = (f"ruch {e.action + 1} ({token}): {_PATH_PREFIX.sub('', texts[0])}",
                 f"move {e.action + 1} ({token}): {_PATH_PREFIX.sub('', texts[1])}")
        return "moves", texts
    if line >= built.moves_line:
        k = line - built.moves_line + 1
        return "moves", (f"wiersz {k}: {texts[0]}", f"line {k}: {texts[1]}")
    for key, name in (("players", "name0"), ("rules", "options"), ("start_scores", "score0"),
                      ("first_dealer", "dealer")):
        if path.startswith(key):
            return name, texts
    return "moves", texts


# --- the jobs (in a worker) ----------------------------------------------------------

def judge_record(data: bytes | str, lang: str) -> dict[str, Any]:
    """A pasted or uploaded record: the verdict of ``tysiac arbiter`` and its status,
    the account of ``--explain`` (None where the CLI prints none), the record as JSON
    (for the download) and whether it holds deals to replay."""
    verdict, status, record = judge_bytes(data, lang)
    return _result(verdict, status, record, lang)


def _result(verdict: dict[str, Any], status: int, record: GameRecord | None,
            lang: str) -> dict[str, Any]:
    account = None
    if record is not None and status != INTERNAL:
        try:
            account = explain(record, lang)
        except Exception as e:                  # a bug: the verdict the CLI would print
            verdict, status, account = internal_error(e, lang), INTERNAL, None
    return {"verdict": verdict, "status": status, "account": account,
            "players": record.players if record is not None else [],
            "error_move": _error_move(verdict, record, lang),
            "replayable": record is not None and any(isinstance(d, FullDeal)
                                                     for d in record.deals)}


def _error_move(verdict: dict[str, Any], record: GameRecord | None, lang: str) -> str | None:
    """The illegal move of a verdict in words, where it is one of the record's moves."""
    error = verdict.get("error") or {}
    i, j = error.get("deal"), error.get("action")
    if record is None or i is None or j is None or i >= len(record.deals):
        return None
    deal = record.deals[i]
    if not isinstance(deal, FullDeal) or j >= len(deal.actions):
        return None
    return move_text(deal.actions[j], record.players, lang)


def judge_form(form: Mapping[str, str], lang: str) -> dict[str, Any]:
    """A position built in the form: its field errors, or the verdict, the account and
    the position reached (for the form's move picker)."""
    built = build(form, lang)
    out: dict[str, Any] = {"shape": built.shape, "names": built.names,
                           "errors": built.errors, "status": None}
    if built.text is None:
        return out
    out["text"] = built.text
    try:
        record = read_record(built.text)
    except RecordError as e:
        key, texts = field_of(e, built)
        out["errors"] = {key: texts}
        return out
    verdict, status = judge(record, lang)
    out.update(_result(verdict, status, record, lang))
    if status != INTERNAL:
        out["position"] = position(record, lang)
    return out


def position(record: GameRecord, lang: str) -> dict[str, Any] | None:
    """Where the last full deal of a record stands (at its first illegal move, if it
    has one): each seat's cards, who receives the declarer's gives, the moves so far
    in words."""
    deal = record.deals[-1] if record.deals else None
    if not isinstance(deal, FullDeal):
        return None
    game = replay(record).game
    return {
        "phase": game.phase_name,
        "hands": [[card_str(c) for c in sorted_for_display(h)] for h in game.hands],
        "receivers": list(game.receivers) if game.phase == EXCHANGE else [],
        "discard": record.rules.musik_size if record.rules.players == 2 else 0,
        "moves": [move_text(a, record.players, lang) for a in deal.actions],
    }


def move_text(a: RecordAction, names: list[str], lang: str) -> str:
    """A record action in words: ``Bartek: 110``, ``Ania: D♥ + meldunek``."""
    pl = lang == "pl"
    name = names[a.p] if 0 <= a.p < len(names) else str(a.p)
    kind = a.kind
    if kind == "bid":
        what = str(a.value)
    elif kind in ("pass", "bomb", "redeal"):
        what = {"pass": ("pas", "pass"), "bomb": ("bomba", "bomb"),
                "redeal": ("nowe rozdanie", "redeal")}[kind][0 if pl else 1]
    elif kind == "declare":
        what = (f"gra za {a.value}" if pl else f"declares {a.value}")
    elif kind == "choose_musik":
        what = f"musik {a.value + 1}"
    elif kind == "give":
        what = ("oddaje " if pl else "gives ") + ", ".join(
            f"{card_display(c, lang)} → {names[s] if 0 <= s < len(names) else s}"
            for s, c in sorted(a.value.items()))
    elif kind == "discard":
        what = ("odkłada " if pl else "discards ") + " ".join(card_display(c, lang)
                                                             for c in a.value)
    else:
        what = card_display(a.value, lang) + (
            (" + meldunek" if pl else " + marriage") if a.meld else "")
    return f"{name}: {what}"


def _record_of(payload: bytes | str | Mapping[str, str], lang: str) -> GameRecord | None:
    """The record of a paste, an upload or a form; None where there is none (the
    judging says why)."""
    if isinstance(payload, Mapping):
        built = build(payload, lang)
        if built.text is None:
            return None
        payload = built.text
    try:
        return read_record(payload)
    except RecordError:
        return None


def export(payload: bytes | str | Mapping[str, str], fmt: str, lang: str) -> str | None:
    """The record as canonical JSON (``fmt`` "json") or in the text notation; None if
    the input is not a record."""
    record = _record_of(payload, lang)
    if record is None:
        return None
    return dumps(record) if fmt == "json" else notation.write(record)


def frames(payload: bytes | str | Mapping[str, str], lang: str) -> dict[str, Any] | None:
    """The replay page's frames of a record up to its first illegal move (every card
    open), and whether it stops at one; None if there is no full deal to show."""
    record = _record_of(payload, lang)
    if record is None:
        return None
    prefix = valid_prefix(record)
    if not prefix.deals or not isinstance(prefix.deals[0], FullDeal):
        return None
    return {"frames": replay_deal_frames(dumps(prefix)), "cut": prefix is not record}


def valid_prefix(record: GameRecord) -> GameRecord:
    """The record up to its first illegal move (itself if it is valid): what the
    replay can show of a record in dispute."""
    error = replay(record).error
    if error is None or error.deal is None:
        return record
    deals = record.deals[:error.deal + 1]
    last = deals[-1]
    if isinstance(last, FullDeal):
        if error.action is None and error.rule != "bad_record":
            deals = deals[:-1]                 # its cards are wrong: nothing to show
        else:
            deals[-1] = replace(last, actions=last.actions[:error.action])
    else:
        deals = deals[:-1]
    return replace(record, deals=deals)


__all__ = ["CARD_FIELDS", "Built", "build", "default_name", "export", "field_of", "frames",
           "judge_form", "judge_record", "move_text", "position", "shape_of", "valid_prefix"]
