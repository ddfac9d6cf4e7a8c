"""``tysiac play`` on the command line: bad input is refused with a clear message and
exit status 2 (no traceback, nothing saved is lost); --plain games save and resume."""

from __future__ import annotations

import io
import json
import os
import shlex
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from tysiac.cli.main import main
from tysiac.cli.resume import resume_command
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
    assert err.rstrip().endswith(": taki plik już istnieje")   # not the OS's English
    assert "Traceback" not in err and out == ""


def _run(command: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    """``command`` in a shell, ``tysiac`` being this program; saves under ``tmp_path``."""
    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path), PYTHONIOENCODING="utf-8")
    tysiac = f"{shlex.quote(sys.executable)} -m tysiac.cli.main"
    # The timeout only stops a hang; the game itself takes a few seconds.
    return subprocess.run(command.replace("tysiac ", tysiac + " "), shell=True, env=env,
                          capture_output=True, text=True, encoding="utf-8", timeout=600)


def test_play_without_a_terminal_plays_plain_and_ends_with_the_input(tmp_path: Path) -> None:
    done = _run("echo 1 | tysiac play --seed 3", tmp_path)
    assert done.returncode == 0
    assert "tysiac play: to nie jest terminal: gra w trybie --plain" in done.stderr
    assert "\x1b[" not in done.stdout                       # no escape codes in the pipe
    [path] = (tmp_path / "tysiac" / "games").glob("*.json")
    assert {"p": 0, "pass": True} in json.loads(path.read_text("utf-8"))["deals"][0]["actions"]
    assert done.stdout.rstrip().endswith(f"play --resume {path}")


def test_numbers_alone_play_a_whole_game_to_its_end(tmp_path: Path) -> None:
    done = _run("yes 1 | tysiac play --plain --seed 3", tmp_path)
    assert done.returncode == 0, done.stderr
    assert "Koniec partii. Możesz: 1) koniec, 2) rewanż" in done.stdout
    assert "Nie rozumiem" not in done.stdout                  # every prompt took "1"
    [path] = (tmp_path / "tysiac" / "games").glob("*.json")
    back = Session.resume(path)
    assert back.over and back.game.winner is not None


def test_the_end_of_input_ends_the_game_saved_with_a_command_that_resumes_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "g.json"
    code, out, _ = play(["--plain", "--lang", "en", "--fast", "--seed", "5", "--save",
                         str(path)], capsys, monkeypatch, stdin="1\n")
    assert code == 0
    resume = out.strip().splitlines()[-1]
    assert resume.startswith("Resume: ") and resume.endswith(
        f" play --plain --lang en --fast --resume {path}")
    assert json.loads(path.read_text("utf-8"))["deals"][0]["actions"]
    command = shlex.split(resume.removeprefix("Resume: "))
    code, out, _ = play(command[command.index("play") + 1:], capsys, monkeypatch, stdin="q\n")
    assert code == 0 and "Deal 1" in out                      # the command resumes the game


def test_the_resume_command_names_the_program_that_runs(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    program = tmp_path / "venv" / "bin" / "tysiac"
    program.parent.mkdir(parents=True)
    program.write_text("#!/bin/sh\n", "utf-8")
    program.chmod(0o755)
    monkeypatch.setattr("sys.argv", [str(program), "play"])
    monkeypatch.setenv("PATH", str(tmp_path / "elsewhere"))
    assert resume_command(tmp_path / "g.json", ["--plain"]) == \
        f"{program} play --plain --resume {tmp_path / 'g.json'}"
    monkeypatch.setenv("PATH", str(program.parent))            # on the PATH: the short name
    assert resume_command(tmp_path / "my game.json", []) == \
        f"tysiac play --resume '{tmp_path / 'my game.json'}'"


def test_resume_alone_lists_the_saved_games_and_resumes_the_chosen(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    code, out, _ = play(["--plain", "--resume"], capsys, monkeypatch, stdin="")
    assert code == 0 and out.startswith("Brak zapisanych partii do wznowienia w ")
    for seed in (1, 2):
        assert play(["--plain", "--seed", str(seed), "--preset", "pl-2"], capsys, monkeypatch,
                    stdin="1\nq\n")[0] == 0
        time.sleep(0.01)                                    # distinct modification times
    files = sorted((tmp_path / "tysiac" / "games").glob("*.json"), key=lambda p: p.stat().st_mtime)
    code, out, _ = play(["--plain", "--resume"], capsys, monkeypatch, stdin="2\nq\n")
    assert code == 0
    listing = out.split("> ")[0]
    assert listing.startswith("Zapisane partie (ostatnio grane pierwsze):\n1) ")
    assert listing.index(str(files[1])) < listing.index(str(files[0]))
    assert ", rozdanie 1: Ty 0, Ania 0" in listing
    assert f"Zapis partii: {files[0]}" in out                 # the second listed: the older
    code, out, _ = play(["--plain", "--resume"], capsys, monkeypatch, stdin="7\n")
    assert code == 0 and "Nie ma partii '7' na liście." in out


@pytest.mark.parametrize(("args", "pl"), [
    (["--pause", "x"], "--pause: liczba sekund od 0 do 10, nie 'x'"),
    (["--pause", "-1"], "--pause: liczba sekund od 0 do 10, nie '-1'"),
    (["--pause", "11"], "--pause: liczba sekund od 0 do 10, nie '11'"),
])
def test_a_bad_pause_is_refused(args: list[str], pl: str, capsys: pytest.CaptureFixture[str],
                                monkeypatch: pytest.MonkeyPatch) -> None:
    code, _, err = play([*args, "--plain"], capsys, monkeypatch)
    assert code == 2 and err == f"tysiac play: {pl}\n"


class _FakeApp:
    """Stands for the full screen: notes how it was started."""

    started: list[tuple[Session, str, float]] = []

    def __init__(self, session: Session, lang: str, pause: float) -> None:
        self.session = session
        _FakeApp.started.append((session, lang, pause))

    def run(self) -> None:
        pass


def test_in_a_terminal_the_table_menu_chooses_the_rules_first(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    from tysiac.tui import menu
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.setattr("tysiac.cli.play._in_terminal", lambda: True)
    monkeypatch.setattr("tysiac.tui.app.TysiacApp", _FakeApp)
    asked: list[str | None] = []

    def choose(lang: str, level: str | None) -> menu.TableChoice | None:
        asked.append(level)
        return menu.TableChoice(Rules.preset("pl-2", goal=500), "strong")

    monkeypatch.setattr(menu, "choose_table", choose)
    code, out, _ = play(["--seed", "4"], capsys, monkeypatch)
    assert code == 0 and asked == ["basic"]
    session, lang, pause = _FakeApp.started[-1]
    assert session.game.rules == Rules.preset("pl-2", goal=500) and pause == 0.8
    assert [b.level for b in session.table.bots if b] == ["strong"]
    assert out.startswith("Partia zapisana: ")
    # --preset or --set: no menu; --bots given: the menu has no bots row; --fast: no pause.
    code, _, _ = play(["--preset", "pl-4", "--fast"], capsys, monkeypatch)
    assert code == 0 and asked == ["basic"] and _FakeApp.started[-1][2] == 0.0
    code, _, _ = play(["--bots", "random", "--pause", "0.3"], capsys, monkeypatch)
    assert code == 0 and asked == ["basic", None] and _FakeApp.started[-1][2] == 0.3
    monkeypatch.setattr(menu, "choose_table", lambda lang, level: None)
    before = len(list((tmp_path / "tysiac" / "games").glob("*.json")))
    code, out, _ = play([], capsys, monkeypatch)                 # left the menu: no game
    assert code == 0 and out == ""
    assert len(list((tmp_path / "tysiac" / "games").glob("*.json"))) == before
