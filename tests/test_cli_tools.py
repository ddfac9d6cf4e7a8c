"""``tysiac rules`` and ``tysiac notation``: what they print, in Polish by default
and in English on request, and a clear error (exit 2, no traceback) for bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tysiac.cli.main import main
from tysiac.record import read_any

GOLDEN = Path(__file__).parent / "golden"


def test_rules_lists_every_preset_with_what_differs(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("zestaw")
    assert "pl-2 " in out and "players=2" in out.split("pl-2 ")[1].splitlines()[0]


def test_rules_of_a_preset_in_english(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "pl-4", "--lang", "en"]) == 0
    lines = capsys.readouterr().out.splitlines()
    players = next(line for line in lines if line.startswith("players "))
    assert players.split()[1] == "4" and "(2 or 3 or 4)" in players


@pytest.mark.parametrize(("lang", "message"), [
    ("pl", "nieznany zestaw zasad 'pl-7'"), ("en", "unknown preset 'pl-7'")])
def test_rules_of_an_unknown_preset(capsys: pytest.CaptureFixture[str],
                                    lang: str, message: str) -> None:
    assert main(["rules", "pl-7", "--lang", lang]) == 2
    captured = capsys.readouterr()
    assert message in captured.err and captured.out == ""


def test_notation_round_trips_a_record(tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    source = GOLDEN / "full-deal-pl3.json"
    assert main(["notation", str(source)]) == 0
    text = capsys.readouterr().out
    (tmp_path / "deal.txt").write_text(text, encoding="utf-8")
    assert main(["notation", str(tmp_path / "deal.txt")]) == 0
    back = json.loads(capsys.readouterr().out)
    assert read_any(json.dumps(back)) == read_any(source.read_text(encoding="utf-8"))


@pytest.mark.parametrize(("lang", "content", "message"), [
    ("pl", None, "nie można odczytać"),
    ("en", None, "cannot read"),
    ("pl", '{"players": ["A", "B"], "first_dealer": 0}', "tysiac notation: "),
])
def test_notation_of_a_bad_file(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                lang: str, content: str | None, message: str) -> None:
    path = tmp_path / "bad.json"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    assert main(["notation", str(path), "--lang", lang]) == 2
    captured = capsys.readouterr()
    assert message in captured.err and "Traceback" not in captured.err
    assert captured.out == ""
