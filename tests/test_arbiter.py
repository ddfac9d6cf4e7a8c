"""The arbiter on hand-checked records, bad files and its command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tysiac.arbiter import explain, judge_text
from tysiac.cli.main import main
from tysiac.record import loads

GOLDEN = Path(__file__).parent / "golden"


def verdict_of(name: str) -> tuple[dict, int]:  # type: ignore[type-arg]
    verdict, status, _ = judge_text((GOLDEN / name).read_text(encoding="utf-8"), "en")
    return verdict, status


def test_a_full_deal_worked_out_by_hand() -> None:
    verdict, status = verdict_of("full-deal-pl3.json")
    assert status == 0 and verdict["valid"] and verdict["error"] is None
    assert verdict["deals"] == [{
        "dealer": 2, "declarer": 0, "bid": 120, "contract": 120, "bomb": False,
        "points": [175, 45, 0], "melds": [["H"], [], []], "tricks": [6, 2, 0],
        "delta": [120, 50, 0], "scores": [120, 50, 0],
    }]
    assert verdict["scores"] == [120, 50, 0]
    assert verdict["finished"] is False and verdict["winner"] is None
    assert verdict["next"] is None          # the record ends between deals


def test_the_must_beat_example_of_record_md() -> None:
    verdict, status = verdict_of("must-beat-mistake.json")
    assert status == 1 and not verdict["valid"]
    error = verdict["error"]
    assert (error["deal"], error["action"], error["rule"]) == (0, 7, "must_beat")
    assert error["message"] == "Bartek has K♥ and must beat Q♥"   # cards as the account shows
    assert error["messages"]["pl"] == "Bartek ma K♥ i musi przebić D♥"
    assert verdict["next"] is None and verdict["deals"] == []


def test_a_game_in_progress_names_the_next_move() -> None:
    data = json.loads((GOLDEN / "must-beat-mistake.json").read_text(encoding="utf-8"))
    data["deals"][0]["actions"].pop()           # before Bartek's mistake
    verdict, status, _ = judge_text(json.dumps(data))
    assert status == 0
    assert verdict["next"] == {"p": 1, "phase": "play", "legal": ["KH"]}


def test_score_sheet_deals() -> None:
    verdict, status = verdict_of("sheet-examples.json")
    assert status == 0, verdict["error"]
    deltas = [d["delta"] for d in verdict["deals"]]
    # 152 >= 140 -> +140; 23 -> 20; 5 -> 10. A bomb: 60 to each opponent. 108 < 110.
    assert deltas == [[140, 20, 10], [60, 60, 0], [10, -110, 0]]
    assert verdict["deals"][0]["points"] == [152, 23, 5]
    assert verdict["deals"][1]["bomb"] is True and verdict["deals"][1]["contract"] is None
    assert [d["dealer"] for d in verdict["deals"]] == [2, 0, 1]
    assert verdict["scores"] == [210, -30, 10]


def test_an_inconsistent_sheet_is_exit_1() -> None:
    data = json.loads((GOLDEN / "sheet-examples.json").read_text(encoding="utf-8"))
    data["deals"][0]["cards"] = [92, 23, 6]
    verdict, status, _ = judge_text(json.dumps(data), "en")
    assert status == 1
    assert verdict["error"]["rule"] == "bad_sheet" and verdict["error"]["deal"] == 0
    assert "121" in verdict["error"]["message"]


@pytest.mark.parametrize("text, fragment", [
    ("not json", "not JSON"),
    ("[1, 2]", "a record is a JSON object"),
    ('{"players": ["A", "B", "C"], "first_dealer": 0}', "deals"),
    ('{"rules": {"preset": "pl-3", "bomb_timing": "never"}, "players": ["A","B","C"],'
     ' "first_dealer": 0}', "bomb_timing"),
    ('{"players": ["A", "B"], "first_dealer": 0}', "rules are for 3 players"),
])
def test_files_that_are_not_records_exit_2(text: str, fragment: str) -> None:
    verdict, status, record = judge_text(text, "en")
    if fragment == "deals":                     # no deals at all is a valid, empty game
        assert status == 0 and verdict["scores"] == [0, 0, 0]
        return
    assert status == 2 and record is None
    assert verdict["error"]["rule"] == "bad_record"
    assert fragment in verdict["error"]["message"]


@pytest.mark.parametrize("text, polish", [
    ('{"deals": [1 2]}', "brak przecinka (wiersz 1, kolumna 14)"),
    ("{deals: []}", "brak nazwy pola w cudzysłowie"),
    ('{"deals": []} x', "nadmiarowe dane"),
])
def test_a_json_mistake_is_told_in_polish(text: str, polish: str) -> None:
    verdict, status, _ = judge_text(text, "pl")
    assert status == 2
    assert verdict["error"]["message"].startswith(f"To nie jest JSON: {polish}")


def test_unknown_card_and_card_twice_say_where() -> None:
    data = json.loads((GOLDEN / "full-deal-pl3.json").read_text(encoding="utf-8"))
    data["deals"][0]["hands"][1][3] = "XD"
    verdict, status, _ = judge_text(json.dumps(data), "en")
    assert status == 2 and "deals[0].hands[1][3]" in verdict["error"]["message"]
    data["deals"][0]["hands"][1][3] = "AH"
    verdict, status, _ = judge_text(json.dumps(data), "en")
    assert status == 2 and verdict["error"]["rule"] == "bad_deal"
    assert "A♥" in verdict["error"]["message"] and verdict["error"]["deal"] == 0


def test_command_line_exit_codes_and_explain(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arbiter", str(GOLDEN / "full-deal-pl3.json")]) == 0
    out = capsys.readouterr().out
    assert json.loads(out)["valid"] is True
    assert main(["arbiter", str(GOLDEN / "must-beat-mistake.json"), "--explain"]) == 1
    out = capsys.readouterr().out
    assert "Bartek ma K♥ i musi przebić D♥" in out and "Lewa" not in out.split("✗")[1]
    bad = tmp_path / "bad.json"
    bad.write_text("{oops", encoding="utf-8")
    assert main(["arbiter", str(bad), "--lang", "en"]) == 2
    captured = capsys.readouterr()
    assert "not JSON" in captured.err and "Traceback" not in captured.err
    assert main(["arbiter", str(tmp_path / "missing.json")]) == 2
    assert "nie można odczytać" in capsys.readouterr().err


def test_explain_tells_the_deal() -> None:
    record = loads((GOLDEN / "full-deal-pl3.json").read_text(encoding="utf-8"))
    text = explain(record, "pl")
    assert "Licytacja: Ania 100 (obowiązkowe), Bartek 110, Celina pas, Ania 120, Bartek pas" \
        in text
    assert "Lewa 1: Ania D♥ (meldunek ♥ 100), Bartek 9♥, Celina 9♣ → bierze Ania." in text
    assert "Ania: 175 pkt ≥ 120 → +120." in text
    assert "Bartek: 45 pkt → +50." in text
    english = explain(record, "en")
    assert "Trick 8: Bartek A♦, Celina A♣, Ania Q♦ → Bartek takes it." in english
