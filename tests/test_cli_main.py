"""The ``tysiac`` command itself: alone it prints its help, ``--version``, ``--help`` in
Polish unless ``--lang en`` (argparse's own messages too), every option described; and
``tysiac demo`` by default: good bots playing a game to its winner."""

from __future__ import annotations

import argparse

import pytest

from tysiac import __version__
from tysiac.cli.helptext import POLISH
from tysiac.cli.main import COMMANDS, build_parser, main


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    try:
        code = main(argv)
    except SystemExit as e:            # --help, --version and usage errors exit argparse's way
        code = int(e.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def test_tysiac_alone_prints_its_help(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run([], capsys)
    assert code == 0 and err == ""
    assert out.startswith("użycie: tysiac [-h] [--version] COMMAND ...")
    assert "Tysiąc, polska gra w karty" in out
    assert all(f"    {name} " in out for name in COMMANDS)


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["--version"], capsys)[:2] == (0, f"tysiac {__version__}\n")


@pytest.mark.parametrize("command", COMMANDS)
def test_help_speaks_polish_unless_told_english(command: str,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run([command, "--help"], capsys)
    assert code == 0 and out.startswith(f"użycie: tysiac {command} ")
    assert "\nopcje:\n" in out and "pokaż tę pomoc i zakończ" in out
    code, out, _ = run([command, "--help", "--lang", "en"], capsys)
    assert code == 0 and out.startswith(f"usage: tysiac {command} ")
    assert "show this help message and exit" in out


def _parsers() -> list[tuple[str, argparse.ArgumentParser]]:
    parser = build_parser("en")
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return [("tysiac", parser), *sub.choices.items()]


@pytest.mark.parametrize(("name", "parser"), _parsers(), ids=lambda x: str(x)[:12])
def test_every_option_is_described_in_both_languages(name: str,
                                                     parser: argparse.ArgumentParser) -> None:
    texts = [parser.description] if parser.description else []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            texts += [str(a.help) for a in action._choices_actions]
        elif not isinstance(action, argparse._VersionAction):
            assert action.help, f"{name} {action.option_strings or action.dest} has no help"
            texts.append(action.help)
    missing = [t for t in texts if t not in POLISH]
    assert not missing, f"{name}: no Polish for {missing}"


def test_argparse_messages_speak_polish(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["demo", "--preset", "pl-9"], capsys)
    assert code == 2 and err.startswith("użycie: tysiac demo ")
    assert "tysiac demo: błąd: argument --preset: nieznana wartość: 'pl-9' (do wyboru: " in err
    code, _, err = run(["arena", "--lang", "en"], capsys)
    assert code == 2 and "tysiac arena: error: the following arguments are required: --bots" \
        in err
    code, _, err = run(["arena"], capsys)
    assert "tysiac arena: błąd: brak wymaganych argumentów: --bots" in err
    code, _, err = run(["demo", "--seed", "x"], capsys)
    assert code == 2 and "argument --seed: zła wartość: 'x'" in err


def test_demo_shows_good_bots_playing_to_a_winner(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["demo", "--seed", "2"], capsys)
    lines = out.splitlines()
    assert code == 0
    assert lines[0] == "Pokazowa partia (pl-3): Basic 1, Basic 2, Basic 3"
    assert lines[-1].startswith("Wygrywa Basic ") and lines[-1].endswith("!")
    assert len([line for line in lines if line.startswith("Rozdanie")]) < 60
