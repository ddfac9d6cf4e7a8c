"""``tysiac play`` on the command line: bad input is refused with a clear message and
exit status 2 (no traceback, nothing saved is lost); --plain games save and resume."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from tysiac.cli.main import main
from tysiac.rules import Rules
from tysiac.tui.plain import run_plain
from tysiac.tui.session import Session, Table


def play(args: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
         stdin: str = "q\n") -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = main(["play", *args])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(("args", "pl", "en"), [
    (["--preset", "pl-9"], "nieznany zestaw zasad 'pl-9'; są: pl-3, pl-2",
     "unknown preset 'pl-9'; presets: pl-3, pl-2"),
    (["--set", "bombs=0"], "nieznana opcja zasad 'bombs'", "unknown rule option 'bombs'"),
    (["--set", "bombs_per_player"], "oczekiwano opcja=wartość", "expected option=value"),
    (["--set", "goal=700"], "zła wartość 700 opcji 'goal'; dozwolone: 1000 albo 500",
     "bad value 700 for rule option 'goal'; allowed: 1000 or 500"),
    (["--bots", "random,grandmaster"], "nieznany poziom bota 'grandmaster'",
     "unknown bot level 'grandmaster'"),
    (["--bots", "random,random,random"], "--bots: podaj jeden poziom albo 2",
     "--bots: give one level or 2"),
    (["--seat", "3"], "--seat: miejsce od 0 do 2", "--seat: a seat from 0 to 2"),
    (["--seed", "abc"], "--seed przyjmuje liczbę całkowitą", "--seed takes a whole number"),
    (["--resume", "nowhere.json"], "nie ma pliku nowhere.json", "no such file: nowhere.json"),
    (["--resume", "g.json", "--preset", "pl-2"], "bez --preset", "drop --preset"),
    (["--name", "  "], "--name: imię od 1 do 12 znaków", "--name: a name of 1 to 12 characters"),
    (["--name", "Konstantynopolitańczykówna"], "nie 'Konstantynopolitańczykówna'",
     "not 'Konstantynopolitańczykówna'"),
])
def test_bad_input_is_refused_in_the_chosen_language(
        args: list[str], pl: str, en: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    for lang, text in (("pl", pl), ("en", en)):
        code, out, err = play([*args, "--plain", "--lang", lang], capsys, monkeypatch)
        assert code == 2
        assert err.startswith("tysiac play: ") and text in err
        assert "Traceback" not in err + out
    assert not (tmp_path / "data").exists()          # nothing was started


def test_a_new_game_does_not_overwrite_an_existing_file(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "mine.json"
    path.write_text("my notes", encoding="utf-8")
    code, _, err = play(["--plain", "--save", str(path)], capsys, monkeypatch)
    assert code == 2 and "już istnieje" in err
    assert path.read_text(encoding="utf-8") == "my notes"


def test_a_broken_save_is_refused_and_kept(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "g.json"
    path.write_text('{"format": "tysiac-record/1", "rules": {"preset": "pl-3"}', "utf-8")
    code, _, err = play(["--plain", "--resume", str(path), "--lang", "en"], capsys, monkeypatch)
    assert code == 2 and "is not a game record: not JSON" in err
    assert path.read_text("utf-8") == '{"format": "tysiac-record/1", "rules": {"preset": "pl-3"}'


def test_plain_game_saves_in_the_data_dir_and_resumes(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    code, out, _ = play(["--plain", "--preset", "pl-2", "--seed", "4", "--bots", "random",
                         "--set", "bombs_per_player=0", "--undo"], capsys, monkeypatch,
                        stdin="1\nq\n")
    assert code == 0
    [path] = (tmp_path / "tysiac" / "games").glob("*-pl-2.json")
    assert f"Zapis partii: {path}" in out
    saved = json.loads(path.read_text("utf-8"))
    assert saved["rules"] == {"preset": "pl-2", "bombs_per_player": 0}
    assert saved["table"]["seed"] == 4 and saved["table"]["undo"] is True
    assert saved["table"]["bots"] == [None, {"level": "random", "seed": 6}]
    actions = saved["deals"][0]["actions"]
    code, out, _ = play(["--plain", "--resume", str(path)], capsys, monkeypatch, stdin="q\n")
    assert code == 0
    assert json.loads(path.read_text("utf-8"))["deals"][0]["actions"] == actions
    assert "Rozdanie 1" in out


def test_the_player_names_the_seat_and_the_bots_take_other_names(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "g.json"
    code, out, _ = play(["--plain", "--preset", "pl-4", "--seat", "2", "--name", " ania  nowak ",
                         "--save", str(path)], capsys, monkeypatch)
    assert code == 0 and "ania nowak" in out
    players = json.loads(path.read_text("utf-8"))["players"]
    assert players == ["Ania", "Bartek", "ania nowak", "Celina"]
    code, _, _ = play(["--plain", "--seat", "1", "--name", "Ania", "--save",
                       str(tmp_path / "h.json")], capsys, monkeypatch)
    assert json.loads((tmp_path / "h.json").read_text("utf-8"))["players"] == \
        ["Bartek", "Ania", "Celina"]


def test_a_killed_game_resumes_at_the_move_where_it_was_killed(tmp_path: Path) -> None:
    """A real process, killed with SIGKILL after six answers: the save holds every move."""
    path = tmp_path / "g.json"
    answers = ["1"] * 6
    proc = subprocess.Popen(
        [sys.executable, "-m", "tysiac.cli.main", "play", "--plain", "--seed", "9",
         "--bots", "random", "--save", str(path)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, encoding="utf-8")
    assert proc.stdin is not None and proc.stdout is not None
    seen: list[str] = []
    reader = threading.Thread(target=lambda: seen.extend(iter(lambda: proc.stdout.read(1), "")),
                              daemon=True)
    reader.start()
    proc.stdin.write("".join(a + "\n" for a in answers))
    proc.stdin.flush()
    deadline = time.monotonic() + 60
    while "".join(seen).count("\n> ") < len(answers) + 1 and time.monotonic() < deadline:
        time.sleep(0.05)               # every answer taken, the next question asked
    proc.kill()
    proc.wait()
    assert "".join(seen).count("\n> ") == len(answers) + 1
    back = Session.resume(path)
    # The same answers in a game that was never killed reach the same move.
    ref = Session.new(Rules.preset("pl-3"), Table.build(3, 0, ["random"], 9), None)
    script = io.StringIO("".join(a + "\n" for a in answers))
    run_plain(ref, "pl", script, io.StringIO())
    assert back.game.phase == ref.game.phase and back.game.to_move == ref.game.to_move
    assert list(back.game.hands) == list(ref.game.hands)
    assert back.game.bids == ref.game.bids and back.game.tricks == ref.game.tricks
    assert back.view().legal == ref.view().legal


def test_a_game_that_cannot_be_saved_is_not_started(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "file").write_text("x", "utf-8")
    code, out, err = play(["--plain", "--save", str(tmp_path / "file" / "g.json")], capsys,
                          monkeypatch)
    assert code == 2 and err.startswith("tysiac play: nie można zapisać partii w ")
    assert "Traceback" not in err and out == ""
