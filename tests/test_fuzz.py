"""A bounded, seeded run of the fuzzer (tests/fuzzing.py), and every input that
ever crashed a reader kept as a regression file: each gets a verdict or a
RecordError, and the command line prints the one JSON verdict for it."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, seed, settings

from tysiac.cli.main import main

from .fuzzing import REGRESSIONS, check, fuzzed_input

FILES = sorted(p for p in REGRESSIONS.iterdir() if p.suffix == ".input")


@seed(14)
@settings(max_examples=1000, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=fuzzed_input())
def test_fuzzed_records_get_a_verdict_or_a_record_error(data: bytes) -> None:
    check(data)


def test_there_are_regression_files() -> None:
    assert len(FILES) >= 20


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_regression(path: Path) -> None:
    check(path.read_bytes())


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_regression_on_the_command_line(path: Path, capsys: pytest.CaptureFixture[str],
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    for args in (["arbiter", str(path), "--explain"], ["arbiter", "-", "--lang", "en"]):
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(path.read_bytes())))
        status = main(args)
        out = capsys.readouterr().out
        assert status in (0, 1, 2)
        verdict, end = json.JSONDecoder().raw_decode(out)
        assert set(verdict) >= {"valid", "error", "deals", "scores", "next"}
        assert (status == 0) == verdict["valid"]
        assert "--explain" in args or out[end:].strip() == ""
