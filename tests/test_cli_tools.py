"""``tysiac rules`` and ``tysiac notation``: what they print, in Polish by default
and in English on request, and a clear error (exit 2, no traceback) for bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tysiac.cli.main import main
from tysiac.record import read_any
from tysiac.rule_texts import OPTION_TEXTS, PRESET_SOURCES, PRESET_TEXTS, SOURCE_TEXTS
from tysiac.rules import OPTION_IDS, PRESET_NAMES

GOLDEN = Path(__file__).parent / "golden"


def test_rules_lists_every_preset_with_what_it_is_and_what_differs(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("pl-3           we troje, zasady domowe")
    pl2 = out.split("\npl-2 ")[1].split("\npl-2-classic")[0]
    assert "we dwoje" in pl2 and "(źródło\u00a0000)" in pl2 and "players=2" in pl2
    assert "  001  pełne zasady dla trojga z wariantami" in out
    assert all(f"\n{name} " in "\n" + out for name in PRESET_NAMES)
    assert max(len(line) for line in out.splitlines()) <= 80


def test_rules_of_a_preset_say_what_each_option_is(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "pl-4", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0] == "Preset pl-4: four players: the dealer sits out, bomb 40 (source\u00a0001)"
    at = lines.index("players = 4")
    assert lines[at + 1:at + 3] == ["    number of players", "    allowed: 2 or 3 or 4"]
    at = lines.index('sitting_out = "dealer"')
    assert "adds 50 per ace in the musik" in " ".join(lines[at + 1:at + 3])
    assert all(f"{opt} = " in out for opt in OPTION_IDS)
    assert max(len(line) for line in lines) <= 80
    assert main(["rules", "pl-4"]) == 0
    out = capsys.readouterr().out
    assert "\n    liczba graczy\n    dozwolone: 2 albo 3 albo 4\n" in out
    assert "dopisuje 50 za każdego asa w musiku" in out


def test_every_option_and_preset_has_its_text_in_both_languages() -> None:
    assert set(OPTION_TEXTS) == set(OPTION_IDS)
    assert set(PRESET_TEXTS) == set(PRESET_SOURCES) == set(PRESET_NAMES)
    assert set(PRESET_SOURCES.values()) <= set(SOURCE_TEXTS)
    assert all(pl and en and pl != en for pl, en in OPTION_TEXTS.values())


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
    ("pl", None, "nie ma takiego pliku ani katalogu"),
    ("en", None, "cannot read"),
    ("en", None, "no such file or directory"),
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
