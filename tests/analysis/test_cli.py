"""``tysiac analyze``: the text and the JSON of a record, and every kind of bad
input answered in the user's language, never with a traceback."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, seed, settings

from tysiac import Game, Rules
from tysiac.bots import make_bot
from tysiac.cli.main import main
from tysiac.engine import DEAL, GAME_OVER
from tysiac.record import dumps, to_record

from ..fuzzing import REGRESSIONS, fuzzed_input
from .deals import FORCED, LEFTOVER, TRUMP_CHANGE

GOLDEN = Path(__file__).parent.parent / "golden"


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(["analyze", *args])
    out, err = capsys.readouterr()
    return status, out, err


def write(tmp_path: Path, text: str, name: str = "game.txt") -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_the_text_in_polish(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run([write(tmp_path, TRUMP_CHANGE)], capsys)
    assert status == 0 and err == ""
    assert out.startswith("Analiza rozdania 1: Ania gra za 260: nieugrane (220 pkt)")
    assert "  wymiana z gry (9♦ → Bartek, 9♣ → Celina): najwyżej 260 pkt\n    260 do ugrania; " \
        "pierwsze wyjście: meldunek ♥ 260 · meldunek ♠ 260 · bez meldunku 260\n" in out
    assert "  5. Ania K♠✗, Bartek D♦, Celina 9♠ → Ania" in out
    assert "✗ Ania K♠: w otwarte −520 (lepiej D♠ +♠ albo K♠ +♠) — kontrakt przepada" in out
    assert "według wiedzy −520 (lepiej D♠ +♠)" in out
    assert "Ania ★: rozgrywka 520 (520) · licytacja 0 · wymiana 0" in out


def test_the_text_in_english(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run([write(tmp_path, LEFTOVER), "--lang", "en"], capsys)
    assert status == 0
    assert out.startswith("Analysis of deal 1: Ania plays 100: failed (90 pts)")
    assert "the exchange made (musik 1, discards J♠ K♠): at most 109 pts\n    100 makeable" in out
    assert "musik 1: 109 pts · musik 2:" in out
    assert "✗ Ania K♣: double-dummy −219 (9♠ best) — contract lost" in out


def bot_game(tmp_path: Path, deals: int, unfinished: bool = False) -> str:
    """A record of ``deals`` settled deals of the basic bots (and a deal begun)."""
    rules = Rules.preset("pl-3")
    game = Game(rules, seed=4)
    bots = [make_bot("basic", s) for s in range(3)]
    while len(game.results) < deals:
        game.deal()
        while game.phase not in (DEAL, GAME_OVER):
            game.play(bots[game.to_move].choose(game.view(game.to_move)))
    if unfinished:
        game.deal()
        game.play(bots[game.to_move].choose(game.view(game.to_move)))
    path = tmp_path / "game.json"
    path.write_text(dumps(to_record(game, ["Ania", "Bartek", "Celina"])), encoding="utf-8")
    return str(path)


def test_a_whole_game_ends_with_a_line_per_player(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    path = bot_game(tmp_path, 2)
    status, out, _ = run([path, "--lang", "en"], capsys)
    assert status == 0 and out.count("Analysis of deal") == 2
    assert "This game (deals analysed: 2):" in out
    status, out, _ = run([path, "--json"], capsys)
    data = json.loads(out)
    assert status == 0 and data["format"] == "tysiac-analysis/1"
    assert [d["deal"] for d in data["deals"]] == [1, 2] and data["totals"]["deals"] == 2
    for s, total in enumerate(data["totals"]["players"]):
        for key in ("play_dd", "bidding", "exchange"):
            assert total[key] == sum(d["losses"][s][key] for d in data["deals"])
    status, out, _ = run([path, "--json", "--deal", "2"], capsys)
    assert [d["deal"] for d in json.loads(out)["deals"]] == [2]


def test_the_json_of_a_deal(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run([write(tmp_path, TRUMP_CHANGE), "--json"], capsys)
    deal = json.loads(out)["deals"][0]
    assert status == 0
    assert deal["cards"]["played"] == {"give": {"1": "9D", "2": "9C"}, "points": 260,
                                       "makeable": True}
    assert deal["cards"]["by_trump"][0] == {"trump": "H", "points": 260, "makeable": True}
    k = next(c for c in deal["play"] if c["trick"] == 5 and c["seat"] == 0)
    assert k["card"] == "KS" and k["verdict"] == "mistake" and k["side"] == "declarer"
    assert k["dd"]["loss"] == 520 and k["dd"]["made"] is False and k["dd"]["made_best"] is True
    assert k["sd"]["loss"] == 520 and "KS+" in k["dd"]["best"]
    first = deal["play"][0]
    assert first["card"] == "KH+" and first["dd"]["loss"] == 0


def test_standard_input(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
                        ) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(FORCED.encode())))
    status, out, _ = run(["-", "--json"], capsys)
    assert status == 0 and json.loads(out)["deals"][0]["cards"]["played"]["points"] == 120


# --- bad input ---------------------------------------------------------------------------

UNFINISHED = FORCED.split("5. ")[0]
SHEET = """[Format tysiac-text/1]
[Rules pl-3]
[Players ["A","B","C"]]
[FirstDealer 0]

{sheet} declarer=1 contract=120 cards=30,76,14 melds=,C,
"""
DRAW = """[Format tysiac-text/1]
[Rules dobierany]
[Players ["A","B"]]
[FirstDealer 0]

{sheet} cards=63,57 melds=H,
"""
REDEAL = """[Format tysiac-text/1]
[Rules pl-3 redeal_four_nines=true]
[Players ["A","B","C"]]
[FirstDealer 2]

{deal}
hands: 9H 9D 9C 9S AH TH KH / AD TD KD QD JD QH JH / AC TC KC QC JC AS TS
musik: KS QS JS
0:redeal
"""


@pytest.mark.parametrize(("text", "args", "pl", "en"), [
    (UNFINISHED, [], "nie jest skończone", "is not finished"),
    (SHEET, [], "tylko wynikami", "score-sheet row"),
    (DRAW, [], "dobierany", "draw game"),
    (REDEAL, [], "rozdane od nowa", "dealt again"),
    (FORCED, ["--deal", "2"], "nie ma rozdania 2: zapis ma ich 1",
     "there is no deal 2: the record has 1"),
    (FORCED, ["--deal", "0"], "nie ma rozdania 0", "there is no deal 0"),
    (FORCED.replace("1. 0:AH", "1. 0:QH"), [], "niedozwolony ruch", "illegal action"),
    ("", [], "Pusty plik", "an empty file"),
    ("{not json", [], "to nie jest zapis partii", "not a game record"),
    (FORCED.replace("[Players", "[Rules pl-3]\n[Players"), [], "to nie jest zapis",
     "not a game record"),
])
def test_bad_input_is_told_in_the_users_language(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, args: list[str],
        pl: str, en: str) -> None:
    path = write(tmp_path, text)
    for lang, words in (("pl", pl), ("en", en)):
        status, out, err = run([path, *args, "--lang", lang], capsys)
        assert status == 2 and out == ""
        assert err.startswith("tysiac analyze: ") and words in err, err
        assert "Traceback" not in err and err.count("\n") == 1


def test_a_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run([str(tmp_path / "none.json"), "--lang", "en"], capsys)
    assert status == 2 and "cannot read" in err


def test_a_deal_in_progress_is_skipped_with_a_note(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run([bot_game(tmp_path, 1, unfinished=True)], capsys)
    assert status == 0
    assert "Pominięte: rozdanie 2: rozdanie 2 nie jest skończone" in out
    assert "W tej partii (przeanalizowane rozdania: 1):" in out


REGRESSION_FILES = sorted(p for p in REGRESSIONS.iterdir() if p.suffix == ".input")


@pytest.mark.parametrize("path", REGRESSION_FILES, ids=[p.stem for p in REGRESSION_FILES])
def test_the_fuzzers_regressions(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run([str(path), "--deal", "1"], capsys)
    assert status in (0, 2) and "Traceback" not in err
    assert (status == 0) == (out != "")


@seed(10)
@settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=fuzzed_input())
def test_fuzzed_records(data: bytes) -> None:
    saved = sys.stdin, sys.stdout, sys.stderr
    out, err = io.StringIO(), io.StringIO()
    try:
        sys.stdin = io.TextIOWrapper(io.BytesIO(data))
        sys.stdout, sys.stderr = out, err
        status = main(["analyze", "-", "--deal", "1", "--json"])
    finally:
        sys.stdin, sys.stdout, sys.stderr = saved
    assert status in (0, 2), err.getvalue()
    if status == 0:
        assert json.loads(out.getvalue())["deals"]
    else:
        assert err.getvalue().startswith("tysiac analyze: ") and out.getvalue() == ""


def test_the_example_of_the_docs_is_what_the_command_prints(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = (Path(__file__).parents[2] / "docs" / "ANALYSIS.md").read_text(encoding="utf-8")
    example = doc[doc.index("## An example"):]
    blocks = example.split("```")
    record, text, data = blocks[1], blocks[3], blocks[5].removeprefix("json")
    path = write(tmp_path, record.strip("\n") + "\n")
    status, out, _ = run([path, "--lang", "en"], capsys)
    assert status == 0 and out.strip("\n") == text.strip("\n")
    status, out, _ = run([path, "--json"], capsys)
    assert status == 0 and json.loads(out) == json.loads(data)
