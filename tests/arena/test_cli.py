"""``tysiac arena`` on the command line: reports, and bad arguments."""

from __future__ import annotations

import json
import re

import pytest

from tysiac.cli.main import main

SMALL = ["arena", "--bots", "basic,random", "--preset", "pl-2", "--deals", "20"]


def test_text_report_in_polish_by_default(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(SMALL) == 0
    out = capsys.readouterr().out
    assert "rozsadzenia: 2, rozdania na rozsadzenie: 20, razem: 40" in out.replace("\n", " ")
    assert "basic − random" in out and "95%" in out


def test_text_report_in_english(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*SMALL, "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "seatings: 2, deals per seating: 20, total: 40" in out and "score Δ/deal" in out


def test_json_report_is_one_object(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*SMALL, "--json", "--set", "bombs_per_player=0"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["bots"] == ["basic", "random"]
    assert report["rules"] == {"preset": "pl-2", "bombs_per_player": 0}
    assert report["deals"] == 40
    assert [lv["bot"] for lv in report["levels"]] == ["basic", "random"]
    assert report["levels"][0]["contracts"]["bid"] >= report["levels"][0]["contracts"]["made"]
    assert report["margins"][0]["a"] == "basic"


def test_progress_bar_on_request(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([*SMALL, "--progress", "--lang", "en"]) == 0
    err = capsys.readouterr().err
    assert "deals: 40/40" in err and err.endswith("\n")


@pytest.mark.parametrize(("args", "message"), [
    (["--bots", "basic,nobody,random"], "nieznany bot 'nobody'"),
    (["--bots", "basic,random"], "gra 3 graczy"),
    (["--bots", "basic,random,random", "--preset", "pl-9"], "nieznany zestaw zasad 'pl-9'"),
    (["--bots", "basic,random,random", "--set", "colour=red"], "nieznana opcja zasad 'colour'"),
    (["--lang", "en", "--bots", "basic,random,random", "--preset", "pl-9"],
     "unknown preset 'pl-9'"),
    (["--bots", "basic,random,random", "--deals", "0"], "--deals"),
    (["--bots", "basic,random,random", "--jobs", "0"], "--jobs"),
])
def test_bad_arguments_exit_2_with_a_message(
        capsys: pytest.CaptureFixture[str], args: list[str], message: str) -> None:
    assert main(["arena", *args]) == 2
    captured = capsys.readouterr()
    assert message in captured.err
    assert "Traceback" not in captured.err and captured.out == ""


def test_the_text_report_fits_80_columns_and_says_what_per_seat_is(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--bots", "basic,random,random", "--deals", "20"]) == 0
    out = capsys.readouterr().out
    assert max(len(line) for line in out.splitlines()) <= 80
    lines = out.splitlines()
    head = next(i for i, line in enumerate(lines) if line.startswith("bot     miejsca"))
    assert re.split(r"\s{2,}", lines[head])[:4] == ["bot", "miejsca", "partie wygrane",
                                                    "na miejsce"]
    random_row = lines[head + 2].split()
    assert random_row[:2] == ["random", "2"]              # two seats: the share per seat
    won, played = map(int, random_row[2].split("/"))
    assert random_row[3] == (f"{100 * won / played / 2:.0f}%" if played else "—")
    assert "równe szanse: 1/3 = 33%" in out.replace("\n", " ")
