"""Bad input never crashes (issue 14, and the arbiter's part of issue 11): every
class of crash the fuzzing found, each with the verdict or the message it gets
now, in both languages."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from tysiac.arbiter import explain, judge_bytes
from tysiac.record import RecordError, dumps, notation, read_record
from tysiac.record.limits import (
    MAX_INT_DIGITS,
    MAX_JSON_VALUES,
    MAX_LINE_CHARS,
    MAX_NESTING,
    MAX_RECORD_BYTES,
)

GOLDEN = Path(__file__).parent / "golden"
FULL: dict[str, Any] = json.loads((GOLDEN / "full-deal-pl3.json").read_text(encoding="utf-8"))
TEXT = notation.write(read_record(json.dumps({k: v for k, v in FULL.items() if k != "comment"})))


def judged(data: Any, lang: str = "en") -> tuple[dict[str, Any], int]:
    raw = data if isinstance(data, (str, bytes)) else json.dumps(data)
    verdict, status, _ = judge_bytes(raw, lang)
    return verdict, status


def full(**change: Any) -> dict[str, Any]:
    """The golden full deal with ``actions[i] = value`` for each ``a<i>=value``."""
    data = copy.deepcopy(FULL)
    for key, value in change.items():
        data["deals"][0]["actions"][int(key[1:])] = value
    return data


def refused(data: Any) -> RecordError:
    with pytest.raises(RecordError) as e:
        read_record(data if isinstance(data, (str, bytes)) else json.dumps(data))
    assert e.value.message("pl") and e.value.message("en")
    return e.value


# --- action values outside their encoding -------------------------------------------

@pytest.mark.parametrize(("action", "rule"), [
    ({"p": 1, "bid": 3000}, "bid_over_cap"),
    ({"p": 1, "bid": 1100}, "bid_over_cap"),          # was wrong_phase (read as a declaration)
    ({"p": 1, "bid": 1020}, "bid_over_cap"),
    ({"p": 1, "bid": -1020}, "bid_too_low"),
    ({"p": 1, "bid": -1024}, "bid_step"),             # off the step comes first
    ({"p": 1, "bid": 115}, "bid_step"),
])
def test_a_bid_of_any_integer_is_judged_by_the_rule_it_breaks(action: dict[str, Any],
                                                              rule: str) -> None:
    verdict, status = judged(full(a0=action))
    assert status == 1 and verdict["error"]["rule"] == rule
    assert (verdict["error"]["deal"], verdict["error"]["action"]) == (0, 0)


def test_values_that_wrapped_into_another_action_are_not_judged_legal() -> None:
    # -1024 + BID is 0, the play of 9H: where a card was due it was judged legal.
    verdict, status = judged(full(a7={"p": 1, "bid": -1024}))
    assert status == 1 and verdict["error"]["rule"] == "wrong_phase"
    # 1144 + BID is "declare 120": it was judged legal where the declaration is due.
    verdict, status = judged(full(a5={"p": 0, "bid": 1144}))
    assert status == 1 and verdict["error"]["rule"] == "wrong_phase"
    verdict, status = judged(full(a5={"p": 0, "declare": 3000}))
    assert status == 1 and verdict["error"]["rule"] == "declare_over_cap"


def test_text_moves_out_of_range() -> None:
    verdict, status = judged(TEXT.replace("1:110", "1:99999"))
    assert status == 1 and verdict["error"]["rule"] == "bid_step"
    verdict, status = judged(TEXT.replace("1:110", "1:99990"))
    assert status == 1 and verdict["error"]["rule"] == "bid_over_cap"
    verdict, status = judged(TEXT.replace("1:110", "9:redeal"))
    assert status == 2 and "0 to 2" in verdict["error"]["message"]
    assert "line 9" in verdict["error"]["message"]


# --- types and shapes: the JSON and the text reader check the same ----------------------

@pytest.mark.parametrize(("change", "fragment"), [
    ({"a0": {"p": 1, "choose_musik": 1.0}}, "must be 0 or 1"),
    ({"a0": {"p": 1, "bid": "110"}}, "must be a whole number, not \"110\""),
    ({"a0": {"p": 1, "bid": True}}, "must be a whole number"),
    ({"a0": {"p": 1.0, "pass": True}}, "seat number"),
    ({"a4": {"p": 0, "give": {"01": "9S", "2": "JS"}}}, "\"01\" is not a seat"),
])
def test_action_types(change: dict[str, Any], fragment: str) -> None:
    verdict, status = judged(full(**change))
    assert status == 2 and fragment in verdict["error"]["message"]


@pytest.mark.parametrize(("key", "value", "fragment"), [
    ("rules", {"preset": "pl-3", "name": "x"}, "unknown rule option 'name'"),
    ("rules", {"preset": "pl-3", "goal": 500, "barrier": 500}, "barrier (500) must be below"),
    ("start_scores", ["a", 0, 0], "start_scores[0]"),
    ("start_scores", 5, "start_scores"),
    ("start_scores", [0, 0], "3 scores are needed"),
    ("first_dealer", 3, "first_dealer"),
    ("first_dealer", True, "first_dealer"),
    ("players", ["A", "B"], "2 names"),
    ("players", ["A", "B", 3], "players[2]"),
])
def test_top_fields_in_both_forms(key: str, value: Any, fragment: str) -> None:
    data = copy.deepcopy(FULL)
    data[key] = value
    assert fragment in refused(data).message("en")
    # The same field as a text tag gets the same check, and names its line.
    tag = {"rules": None, "start_scores": "StartScores", "first_dealer": "FirstDealer",
           "players": "Players"}[key]
    if tag is None:
        return
    lines = [line for line in TEXT.splitlines() if not line.startswith(f"[{tag} ")]
    lines.insert(1, f"[{tag} {json.dumps(value)}]")
    e = refused("\n".join(lines))
    assert fragment in e.message("en") and "line 2" in e.message("en")


@pytest.mark.parametrize(("old", "new", "fragment"), [
    ("[Rules pl-3]", "[Rules ]", "needs a preset name"),
    ("[Rules pl-3]", "[Rules pl-3 name=x]", "unknown rule option 'name'"),
    ("[FirstDealer 2]", "[FirstDealer true]", "first_dealer"),
    ("[FirstDealer 2]", "[FirstDealer 7]", "first_dealer"),
    ("[FirstDealer 2]", "[StartScores [NaN,0,0]]\n[FirstDealer 2]", "NaN is not a JSON number"),
    ("[FirstDealer 2]", "[FirstDealer 2]\n[Extra 5]", "[Extra] is a JSON object"),
    ("[FirstDealer 2]", "[FirstDealer 2]\n[Extra {\"deals\":[]}]", "[Extra] is a JSON object"),
    ("[FirstDealer 2]", "[FirstDealer 2]\n[Event x]", "unknown tag [Event]"),
    ("musik: QD JS 9S", "musik: QD JS 9S\nextra: 5", "extra: is a JSON object"),
    ("{deal}", "{deal} x", "{deal} stands alone"),
])
def test_text_tags_and_fields(old: str, new: str, fragment: str) -> None:
    assert old in TEXT
    assert fragment in refused(TEXT.replace(old, new)).message("en")


def test_a_sheet_seat_outside_the_table_is_a_bad_record_and_explain_survives() -> None:
    sheet = json.loads((GOLDEN / "sheet-examples.json").read_text(encoding="utf-8"))
    for i in (0, 1):                           # a played deal, a bomb
        data = copy.deepcopy(sheet)
        data["deals"][i]["declarer"] = 7
        assert "deals[" in refused(data).message("en")
    data = copy.deepcopy(sheet)
    data["deals"][1]["declarer"] = None        # a bomb of nobody: a bad sheet, told
    verdict, status = judged(data)
    assert status == 1 and verdict["error"]["rule"] == "bad_sheet"
    assert "Błąd" in explain(read_record(json.dumps(data)), "pl")


def test_empty_hands_with_a_play_are_a_bad_deal_and_write_as_text() -> None:
    data = copy.deepcopy(FULL)
    data["deals"][0]["hands"] = [[], [], []]
    data["deals"][0]["actions"] = [{"p": 1, "play": "QH"}]
    record = read_record(json.dumps(data))
    assert notation.read(notation.write(record)) == record
    verdict, status = judged(data)
    assert status == 2 and verdict["error"]["rule"] == "bad_deal"
    data["deals"][0]["hands"] = []
    assert refused(data).rule == "bad_deal"


# --- limits ------------------------------------------------------------------------

def test_limits_are_refused_with_a_message() -> None:
    deep = "[" * 5000 + "]" * 5000
    assert f"deeper than {MAX_NESTING}" in refused(deep).message("en")
    nested = copy.deepcopy(FULL)
    nested["comment"] = json.loads("[" * MAX_NESTING + "]" * MAX_NESTING)
    assert "deeper" in refused(nested).message("en")
    big = json.dumps(FULL).replace('"first_dealer": 2', '"first_dealer": ' + "9" * 5000)
    assert f"at most {MAX_INT_DIGITS}" in refused(big).message("en")
    assert f"at most {MAX_INT_DIGITS}" in refused(TEXT.replace("1:110", "1:" + "9" * 5000)
                                                  ).message("en")
    assert "NaN is not a JSON number" in refused(
        json.dumps(FULL).replace('"first_dealer": 2', '"first_dealer": NaN')).message("en")
    assert f"at most {MAX_RECORD_BYTES}" in refused(b" " * (MAX_RECORD_BYTES + 1)).message("en")
    many = '{"junk": [' + "[0]," * MAX_JSON_VALUES + "[0]]}"
    assert f"over {MAX_JSON_VALUES} JSON values" in refused(many).message("en")
    brackets = copy.deepcopy(FULL)                 # brackets inside a text are no values
    brackets["comment"] = "[{," * MAX_JSON_VALUES
    assert read_record(json.dumps(brackets)).extra["comment"] == brackets["comment"]
    assert f"at most {MAX_RECORD_BYTES}" in refused("ą" * (MAX_RECORD_BYTES // 2 + 1)
                                                    ).message("en")


def test_long_lines_read_in_linear_time_or_are_refused() -> None:
    # "[A", 100,000 spaces and "x" took 27 s with the tag's regular expression.
    line = "[A" + " " * (MAX_LINE_CHARS - 10) + "x"
    assert "a tag is [Name value]" in refused(line + "\n").message("en")
    assert "unknown tag [A]" in refused(line + "]").message("en")
    assert f"at most {MAX_LINE_CHARS}" in refused("[A" + " " * MAX_LINE_CHARS + "x").message("en")
    moves = TEXT.replace("1:110", " ".join(["1:pass"] * 20_000))
    assert "at most" in refused(moves).message("en")


# --- text --------------------------------------------------------------------------

def test_lone_surrogates_and_bad_utf8_are_refused() -> None:
    data = json.dumps(FULL).replace("Ania", "\\ud800")
    assert "surrogate" in refused(data).message("en")
    assert "surrogate" in refused(TEXT.replace("Ania", "\\ud800")).message("en")
    assert "at position" in refused("\ud800" + json.dumps(FULL)).message("en")
    assert "not UTF-8" in refused(json.dumps(FULL).encode() + b"\xff").message("en")
    assert "UTF-8" in refused(b"\x00\xff\xfe binary").message("pl")


def test_a_byte_order_mark_is_skipped_in_both_forms() -> None:
    bom = "\ufeff"
    assert read_record((bom + TEXT).encode()) == read_record(TEXT)
    assert read_record(bom + json.dumps(FULL)) == read_record(json.dumps(FULL))


# --- round trips -----------------------------------------------------------------------

@pytest.mark.parametrize("row", [
    {"cards": [63, 57], "melds": [["H"], []]},                       # dobierany: no declarer
    {"cards": [63, 57], "melds": [["H"], []], "tricks": [7, 5]},
])
def test_a_dobierany_sheet_deal_has_no_declarer(row: dict[str, Any]) -> None:
    data = {"rules": {"preset": "dobierany"}, "players": ["A", "B"], "first_dealer": 0,
            "deals": [row]}
    verdict, status = judged(data)
    assert status == 0, verdict["error"]
    assert verdict["deals"][0]["declarer"] is None
    record = read_record(json.dumps(data))
    text = notation.write(record)
    assert "declarer" not in text and "contract" not in text
    assert dumps(read_record(text)) == dumps(record)
    assert json.loads(dumps(record))["deals"][0] == row
    data["deals"][0] = row | {"declarer": 0, "contract": 100}
    verdict, status = judged(data)
    assert status == 1 and verdict["error"]["rule"] == "bad_sheet"


# --- the arbiter's messages (issue 11) ---------------------------------------------------

def sheet_row(**fields: Any) -> dict[str, Any]:
    data = json.loads((GOLDEN / "sheet-examples.json").read_text(encoding="utf-8"))
    data["deals"][0] |= fields
    return data


def test_card_points_say_which_seat_is_wrong() -> None:
    verdict, status = judged(sheet_row(cards=[-10, 116, 14]))
    assert status == 1
    assert "cards[0] is -10" in verdict["error"]["messages"]["en"]
    assert "cards[0] = -10" in verdict["error"]["messages"]["pl"]
    verdict, _ = judged(sheet_row(cards=[92, 28]))
    assert "one per seat), not 2" in verdict["error"]["messages"]["en"]


def test_a_contract_given_as_text_must_be_a_number() -> None:
    verdict, status = judged(sheet_row(contract="120"))
    assert status == 2
    assert "must be a whole number, not \"120\"" in verdict["error"]["messages"]["en"]
    assert "musi być liczbą całkowitą" in verdict["error"]["messages"]["pl"]


def test_an_unknown_meld_suit_is_told_in_polish() -> None:
    verdict, _ = judged(sheet_row(melds=[["X"], [], []]))
    pl = verdict["error"]["messages"]["pl"]
    assert "nieznany kolor \"X\"" in pl and "not a suit" not in pl and "expected" not in pl


def test_a_text_record_without_its_musik() -> None:
    text = "\n".join(line for line in TEXT.splitlines() if not line.startswith("musik:"))
    verdict, status = judged(text, "pl")
    assert status == 2 and verdict["error"]["rule"] == "bad_deal"
    assert verdict["error"]["messages"]["pl"] == \
        "Brak musiku: przy tym stole jest jeden musik z 3 kart"
    assert verdict["error"]["messages"]["en"] == \
        "the musik is missing: this table has one musik of 3 cards"


def test_an_action_after_the_last_trick_says_the_deal_is_over() -> None:
    data = copy.deepcopy(FULL)
    data["deals"][0]["actions"].append({"p": 1, "play": "QS"})
    verdict, status = judged(data)
    assert status == 1 and verdict["error"]["rule"] == "wrong_phase"
    en, pl = verdict["error"]["messages"]["en"], verdict["error"]["messages"]["pl"]
    assert "dealing" not in en and "rozdawanie" not in pl
    assert "deal is already over" in en and "Rozdanie już się skończyło" in pl


def test_sheet_deals_without_trick_counts_report_no_tricks() -> None:
    verdict, status = judged(json.loads((GOLDEN / "sheet-examples.json").read_text("utf-8")))
    assert status == 0
    assert [d["tricks"] for d in verdict["deals"]] == [None, None, None]
    verdict, _ = judged(sheet_row(tricks=[6, 1, 1]))
    assert verdict["deals"][0]["tricks"] == [6, 1, 1]
