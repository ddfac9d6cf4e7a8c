"""``tysiac arbiter`` prints the one JSON verdict of RECORD.md for every status,
whatever the input bytes: a binary or non-UTF-8 file as on standard input, a file
with a byte-order mark, a missing file, an internal error (status 3), a standard
output that is not UTF-8; ``--explain`` never fails after printing."""

from __future__ import annotations

import importlib
import io
import json
import sys
from pathlib import Path
from typing import Any

import pytest

from tysiac.cli.main import main

GOLDEN = Path(__file__).parent / "golden"
RECORD = (GOLDEN / "full-deal-pl3.json").read_bytes()


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict[str, Any], str]:
    status = main(["arbiter", *args])
    captured = capsys.readouterr()
    verdict, end = json.JSONDecoder().raw_decode(captured.out)
    return status, verdict, captured.out[end:]


def stdin(monkeypatch: pytest.MonkeyPatch, data: bytes) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))


@pytest.mark.parametrize("data", [bytes(range(256)), RECORD[:100] + b"\xff" + RECORD[100:]])
def test_binary_and_non_utf8_files_get_the_verdict_as_on_stdin(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        data: bytes) -> None:
    path = tmp_path / "record.json"
    path.write_bytes(data)
    status, verdict, rest = run(capsys, str(path), "--lang", "en")
    assert status == 2 and verdict["error"]["rule"] == "bad_record" and rest.strip() == ""
    assert "not UTF-8 text" in verdict["error"]["message"]
    stdin(monkeypatch, data)
    assert run(capsys, "-", "--lang", "en")[:2] == (status, verdict)


def test_a_file_with_a_byte_order_mark_is_read(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "record.json"
    path.write_bytes(b"\xef\xbb\xbf" + RECORD)
    assert run(capsys, str(path))[0] == 0
    main(["notation", str(path)])
    text = capsys.readouterr().out
    path.write_bytes(b"\xef\xbb\xbf" + text.encode())
    status, verdict, _ = run(capsys, str(path), "--explain")
    assert status == 0 and verdict["valid"]


def test_a_missing_file_gets_a_json_verdict(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    status, verdict, _ = run(capsys, str(tmp_path / "none.json"))
    assert status == 2 and verdict["error"]["rule"] == "bad_record"
    assert "nie można odczytać" in verdict["error"]["message"]
    assert "cannot read" in verdict["error"]["messages"]["en"]


def test_an_internal_error_is_a_verdict_with_status_3(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: object) -> None:
        raise ZeroDivisionError("a bug")
    monkeypatch.setattr(importlib.import_module("tysiac.arbiter.judge"), "replay", broken)
    status, verdict, _ = run(capsys, str(GOLDEN / "full-deal-pl3.json"))
    assert status == 3 and verdict["error"]["rule"] == "internal_error"
    assert "ZeroDivisionError" in verdict["error"]["messages"]["en"]


def test_explain_fails_before_printing_or_not_at_all(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: object) -> str:
        raise KeyError("a bug")
    monkeypatch.setattr("tysiac.cli.arbiter.explain", broken)
    status, verdict, rest = run(capsys, str(GOLDEN / "full-deal-pl3.json"), "--explain")
    assert status == 3 and verdict["valid"] is False and rest.strip() == ""


def test_a_standard_output_that_is_not_utf8(monkeypatch: pytest.MonkeyPatch) -> None:
    out = io.TextIOWrapper(io.BytesIO(), encoding="ascii")
    monkeypatch.setattr(sys, "stdout", out)
    assert main(["arbiter", str(GOLDEN / "must-beat-mistake.json"), "--explain"]) == 1
    out.flush()
    text = out.buffer.getvalue().decode("ascii")    # type: ignore[attr-defined]
    verdict, _ = json.JSONDecoder().raw_decode(text)
    assert verdict["error"]["messages"]["pl"] == "Bartek ma K♥ i musi przebić D♥"
    assert "\\u2665" in text                         # the account's ♥, escaped
