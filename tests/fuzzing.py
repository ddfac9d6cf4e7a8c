"""Structure-aware fuzzing of everything that reads a record from outside: the
readers (JSON and text), the arbiter's verdict, ``--explain``, the notation
writer and the hint.

Inputs are legal records of every preset (full deals, games in progress, score
sheets, the golden files), mutated at three levels: the JSON tree (a field
replaced, removed, added, a list item doubled), the text notation (a line or a
token replaced, removed, doubled) and the bytes (flipped, cut, a byte-order mark,
invalid UTF-8). :func:`check` says what must hold for any input: a verdict or a
:class:`RecordError`, nothing else; a record that reads writes back to itself in
both forms. ``tests/test_fuzz.py`` runs a bounded search; ``tests/fuzz_run.py``
(``make fuzz``) a long one.
"""

from __future__ import annotations

import codecs
import hashlib
import json
import random
from functools import cache
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from tysiac import Game, Rules
from tysiac.arbiter import ILLEGAL, NOT_A_RECORD, VALID, explain, judge, judge_bytes
from tysiac.bots.hint import advice_json, hint
from tysiac.engine.sheet import SheetDeal
from tysiac.record import (
    GameRecord,
    RecordError,
    SheetRow,
    dumps,
    loads,
    notation,
    read_record,
    replay,
    to_json,
    to_record,
)
from tysiac.record.fields import FULL_FIELDS, SHEET_FIELDS, TOP_FIELDS
from tysiac.record.limits import MAX_LINE_CHARS, MAX_RECORD_BYTES
from tysiac.record.model import ACTION_KINDS
from tysiac.rules import OPTION_IDS

from .randomgames import VARIANTS, random_game

GOLDEN = Path(__file__).parent / "golden"
REGRESSIONS = Path(__file__).parent / "fuzz_regressions"


# --- what must hold ----------------------------------------------------------------

def check(data: bytes, with_hint: bool = True) -> None:
    """Every reader and judge on ``data``: a verdict or a RecordError, never
    another exception; what reads writes back to the same record in both forms."""
    try:
        record = read_record(data)
    except RecordError as e:
        assert e.rule in ("bad_record", "bad_deal"), e.rule
        assert e.message("pl") and e.message("en")
        verdict, status, none = judge_bytes(data, "en")
        assert status == NOT_A_RECORD and none is None and verdict["error"]["rule"] == e.rule
        _printable(verdict)
        return
    for lang in ("pl", "en"):
        verdict, status = judge(record, lang)
        assert status in (VALID, ILLEGAL, NOT_A_RECORD), verdict["error"]
        _printable(verdict)
        _printable(explain(record, lang))
    _round_trips(record)
    if with_hint and status == VALID and verdict["next"] is not None:
        game = replay(record).game
        advice = hint(game.view(game.to_move), budget_ms=1, worlds=2)
        assert advice
        _printable([advice_json(a, "pl") for a in advice])


def _printable(value: Any) -> None:
    """Writable as UTF-8 JSON or text: no lone surrogates, no NaN."""
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False,
                                                           allow_nan=False)
    text.encode("utf-8")


def _round_trips(record: GameRecord) -> None:
    text = notation.write(record)
    canonical = dumps(record)
    if max(map(len, text.split("\n"))) <= MAX_LINE_CHARS:
        again = notation.read(text)
        assert dumps(again) == canonical
        assert notation.write(again) == text
    if len(canonical.encode("utf-8")) <= MAX_RECORD_BYTES:
        assert dumps(loads(canonical)) == canonical


# --- the legal records mutated --------------------------------------------------------

def sheet_of(record: GameRecord, seed: int) -> GameRecord:
    """The record's settled deals as score-sheet deals (tricks given or not)."""
    game = replay(record).game
    rnd = random.Random(seed)
    rows: list[Any] = []
    for r in game.results:
        rows.append(SheetRow(SheetDeal(
            declarer=r.declarer, contract=r.contract, bid=r.bid, bomb=r.bomb,
            cards=() if r.bomb else r.cards, melds=() if r.bomb else r.melds,
            tricks=r.tricks if rnd.random() < 0.5 and not r.bomb else None,
            musik=tuple(c for c in range(24) if r.log and r.log.musiks[0] >> c & 1)
            if r.sitting_out is not None and r.log else ())))
    return GameRecord(record.rules, record.players, record.first_dealer, rows,
                      record.start_scores, {"source": "sheet"})


@cache
def corpus() -> tuple[GameRecord, ...]:
    """Legal records of every variant: whole deals, a game cut mid-deal, score
    sheets, sheets and full deals mixed, and the golden files."""
    out: list[GameRecord] = []
    for k, (_name, rules) in enumerate(sorted(VARIANTS.items())):
        game = random_game(rules, 100 + k, deals=3, play_bias=0.5)
        names = [f"P{i}" for i in range(rules.players)]
        whole = to_record(game, names, {"site": "fuzz"})
        out.append(whole)
        out.append(to_record(_midway(rules, 300 + k), names))
        sheet = sheet_of(whole, k)
        out.append(sheet)
        out.append(GameRecord(rules, names, whole.first_dealer,
                              sheet.deals[:1] + whole.deals[1:], None, {}))
    for path in sorted(GOLDEN.glob("*.json")):
        out.append(loads(path.read_text(encoding="utf-8")))
    return tuple(out)


def _midway(rules: Rules, seed: int) -> Game:
    """A game stopped at a random moment of its first deal."""
    rnd = random.Random(seed)
    game = Game(rules, seed=seed)
    game.deal()
    for _ in range(rnd.randrange(1, 30)):
        if game.phase_name in ("deal", "game_over"):
            break
        game.apply(rnd.choice(game.legal_actions()))
    return game


INTERESTING: tuple[Any, ...] = (
    None, True, False, 0, 1, 2, 3, 4, 5, 9, 23, 24, 99, 100, 105, 110, 120, 400, 990, 1000,
    1023, 1024, 1100, 1144, 3000, -1, -10, -1024, 10**15, 10**16, 2**63, 1.0, 0.5, -0.0,
    1e308, "", "QH", "10♥", "D♥", "XX", "H", "C", "Q", "pl-3", "pl-9", "dobierany",
    "\ud800", "a\u2028b", "]\n[", "[]", [], {}, [[]], [0, 0, 0], [-10, 116, 14], ["QH"],
    {"1": "9S", "2": "JD"}, {"every": 3, "points": 120}, {"at": 880, "deals": 3, "penalty": 0},
)
KEYS = TOP_FIELDS + FULL_FIELDS + SHEET_FIELDS + ACTION_KINDS + OPTION_IDS + (
    "p", "meld", "preset", "name", "extra", "1", "9")
TOKENS = (
    "9:pass", "0:99999", "1:-1024", "1:1144", "0:QH++", "0:give()", "0:discard()", "1:musik=1",
    "1:musik=1.0", "2:declare=3000", "0:redeal", "0:bomb", "[Rules ]", "[Rules pl-3 name=x]",
    "[Rules pl-3 goal=500]", "[FirstDealer true]", "[FirstDealer 7]", "[Players []]",
    "[StartScores [NaN,0,0]]", "[StartScores null]", "[Extra []]", "[Extra {\"deals\":1}]",
    "[Format x]", "[A  x]", "{sheet}", "{deal}", "{sheet} declarer=7", "cards=-10,116,14",
    "melds=X,,", "tricks=1,1,1", "declarer=-", "bomb", "hands:", "musik:", "stock: QH",
    "extra: 5", "extra: {\"hands\":1}", "#", "1.", "0:" + "9" * 30, "\ufeff", "[", "]",
)


@st.composite
def tree_mutation(draw: st.DrawFn, data: Any) -> Any:
    """One change somewhere in a JSON value (copied)."""
    data = json.loads(json.dumps(data))
    spots: list[tuple[Any, Any]] = []
    stack = [data]
    while stack:
        node = stack.pop()
        items = node.items() if isinstance(node, dict) else enumerate(node)
        for key, child in items:
            spots.append((node, key))
            if isinstance(child, (dict, list)):
                stack.append(child)
    if not spots:
        return draw(value_strategy())
    node, key = spots[draw(st.integers(0, len(spots) - 1))]
    op = draw(st.sampled_from(("replace", "replace", "delete", "add", "double")))
    if op == "replace":
        node[key] = draw(value_strategy())
    elif op == "delete":
        del node[key]
    elif op == "add" and isinstance(node, dict):
        node[draw(st.sampled_from(KEYS))] = draw(value_strategy())
    elif isinstance(node, list):
        node.insert(key, node[key])
    else:
        node[key] = [node[key]]
    return data


def value_strategy() -> st.SearchStrategy[Any]:
    return st.one_of(st.sampled_from(INTERESTING), st.integers(-2000, 2000),
                     st.text(max_size=6), st.floats(allow_nan=True, allow_infinity=True),
                     st.lists(st.sampled_from(INTERESTING), max_size=4))


@st.composite
def text_mutation(draw: st.DrawFn, text: str) -> str:
    lines = text.split("\n")
    i = draw(st.integers(0, len(lines) - 1))
    op = draw(st.sampled_from(("token", "token", "line", "delete", "double", "number")))
    if op == "token":
        tokens = lines[i].split(" ")
        j = draw(st.integers(0, len(tokens) - 1))
        tokens[j] = draw(st.one_of(st.sampled_from(TOKENS), st.text(max_size=5)))
        lines[i] = " ".join(tokens)
    elif op == "line":
        lines[i] = draw(st.sampled_from(TOKENS))
    elif op == "delete":
        del lines[i]
    elif op == "double":
        lines.insert(i, lines[i])
    else:
        lines[i] = "".join(str(draw(st.integers(-5, 5000))) if ch.isdigit() and
                           draw(st.booleans()) else ch for ch in lines[i])
    return "\n".join(lines)


@st.composite
def byte_mutation(draw: st.DrawFn, data: bytes) -> bytes:
    op = draw(st.sampled_from(("flip", "insert", "cut", "bom", "bad_utf8")))
    at = draw(st.integers(0, max(0, len(data) - 1)))
    if op == "flip" and data:
        return data[:at] + bytes([data[at] ^ draw(st.integers(1, 255))]) + data[at + 1:]
    if op == "insert":
        return data[:at] + draw(st.binary(min_size=1, max_size=4)) + data[at:]
    if op == "cut":
        return data[:at]
    if op == "bom":
        return codecs.BOM_UTF8 + data
    return data[:at] + draw(st.sampled_from((b"\xff", b"\xc3", b"\xed\xa0\x80", b"\x00"))) \
        + data[at:]


@st.composite
def fuzzed_input(draw: st.DrawFn) -> bytes:
    """A legal record, changed a few times at the JSON, text or byte level."""
    record = draw(st.sampled_from(corpus()))
    tree = to_json(record)
    for _ in range(draw(st.integers(0, 3))):
        tree = draw(tree_mutation(tree))
    if draw(st.booleans()):
        text = json.dumps(tree, ensure_ascii=draw(st.booleans()),
                          indent=draw(st.sampled_from((None, 2))))
    else:
        try:
            text = notation.write(read_record(json.dumps(tree)))
        except RecordError:
            text = notation.write(record)
        for _ in range(draw(st.integers(0, 3))):
            text = draw(text_mutation(text))
    data = text.encode("utf-8", "surrogatepass")
    for _ in range(draw(st.integers(0, 2)) if draw(st.booleans()) else 0):
        data = draw(byte_mutation(data))
    return data


def save_regression(data: bytes) -> Path:
    """Keep a crashing input under tests/fuzz_regressions/, named by its content."""
    REGRESSIONS.mkdir(exist_ok=True)
    path = REGRESSIONS / f"found-{hashlib.sha1(data).hexdigest()[:12]}.input"
    path.write_bytes(data)
    return path


__all__ = ["check", "corpus", "fuzzed_input", "save_regression"]
