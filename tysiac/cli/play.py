"""``tysiac play``: a whole game against bots in the terminal (full screen or plain)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from ..rules import PRESET_NAMES, Rules, RulesError, parse_option
from ..tui.saves import SaveError, default_path
from ..tui.session import Session, Table

HELP = """Play a whole game to the goal against bots: full screen (Textual) by default,
or line by line with --plain (for screen readers and scripts). The game is saved
after every move as a game record (RECORD.md); --resume FILE continues it."""

#: The longest player name: the score panel of an 80-column screen has room for it.
MAX_NAME = 12

_E = {
    "rules": ("{pl}", "{en}"),
    "number": ("{flag} przyjmuje liczbę całkowitą, a nie {text!r}",
               "{flag} takes a whole number, not {text!r}"),
    "with_resume": ("--resume wznawia zapisaną partię z jej ustawieniami: bez {flags}",
                    "--resume continues a saved game with its own settings: drop {flags}"),
    "exists": ("plik {path} już istnieje: wznów go (--resume) albo podaj inną nazwę",
               "{path} already exists: resume it (--resume) or choose another name"),
    "no_textual": ("gra pełnoekranowa potrzebuje pakietu textual "
                   "(pip install 'tysiac[tui]'); bez niego: --plain",
                   "the full-screen game needs textual (pip install 'tysiac[tui]'); "
                   "without it: --plain"),
    "name": ("--name: imię od 1 do {most} znaków, nie {text!r}",
             "--name: a name of 1 to {most} characters, not {text!r}"),
    "cannot_save": ("nie można zapisać partii w {path}: {reason}",
                    "cannot save the game in {path}: {reason}"),
    "saved": ("Partia zapisana: {path}\nWznów: tysiac play --resume {path}",
              "Game saved: {path}\nResume: tysiac play --resume {path}"),
}


class PlayError(Exception):
    def __init__(self, key: str, **kw: Any) -> None:
        super().__init__(key)
        self.key = key
        self.kw = kw

    def message(self, lang: str) -> str:
        return _E[self.key][0 if lang == "pl" else 1].format(**self.kw)


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("play", help="play a whole game against bots in the terminal",
                       description=HELP, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--preset", default=None, metavar="PRESET",
                   help=f"the rules ({', '.join(PRESET_NAMES)}; default pl-3)")
    p.add_argument("--bots", default=None, metavar="LEVELS",
                   help="bot level for every bot, or one per bot in seat order, "
                   "comma-separated (e.g. strong,basic); default: basic")
    p.add_argument("--seat", default=None, metavar="N",
                   help="your seat, 0 to players-1 (default 0)")
    p.add_argument("--name", default=None, metavar="NAME",
                   help="your name on the score sheet (default: Ty, in English You)")
    p.add_argument("--lang", choices=("pl", "en"), default="pl",
                   help="language of the game (default: pl)")
    p.add_argument("--seed", default=None, metavar="S",
                   help="seed of the deals and the bots, for a game you can replay")
    p.add_argument("--set", action="append", default=None, metavar="OPTION=VALUE",
                   help="override a rule option, e.g. --set bombs_per_player=0 (repeatable)")
    p.add_argument("--undo", action="store_true", default=None,
                   help="allow taking back your last card (key u)")
    p.add_argument("--plain", action="store_true",
                   help="plain lines on stdin/stdout instead of the full screen")
    p.add_argument("--save", default=None, metavar="FILE",
                   help="save the game here (default: a new file under ~/.local/share/tysiac)")
    p.add_argument("--resume", default=None, metavar="FILE",
                   help="continue a saved game at the move where it stopped")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    lang = args.lang
    try:
        session = _session(args)
    except (PlayError, SaveError) as e:
        print(f"tysiac play: {e.message(lang)}", file=sys.stderr)
        return 2
    except OSError as e:
        err = PlayError("cannot_save", path=e.filename, reason=e.strerror)
        print(f"tysiac play: {err.message(lang)}", file=sys.stderr)
        return 2
    try:
        if args.plain:
            from ..tui.plain import run_plain
            status = run_plain(session, lang, sys.stdin, sys.stdout)
        else:
            try:
                from ..tui.app import TysiacApp
            except ImportError:
                print(f"tysiac play: {PlayError('no_textual').message(lang)}", file=sys.stderr)
                return 2
            TysiacApp(session, lang).run()
            status = 0
    finally:
        if session.path is not None and not args.plain:
            print(PlayError("saved", path=session.path).message(lang))
    return status


def _session(args: argparse.Namespace) -> Session:
    if args.resume is not None:
        given = [flag for flag, value in (
            ("--preset", args.preset), ("--bots", args.bots), ("--seat", args.seat),
            ("--seed", args.seed), ("--set", args.set), ("--undo", args.undo),
            ("--save", args.save), ("--name", args.name)) if value is not None]
        if given:
            raise PlayError("with_resume", flags=", ".join(given))
        return Session.resume(Path(args.resume))
    rules = _rules(args.preset or "pl-3", args.set or [])
    seat = _int("--seat", args.seat, 0)
    seed = _int("--seed", args.seed, None)
    levels = args.bots.split(",") if args.bots else []
    table = Table.build(rules.players, seat, levels, seed, bool(args.undo))
    path = Path(args.save) if args.save else default_path(rules.preset_name)
    if path.exists():
        raise PlayError("exists", path=path)
    return Session.new(rules, table, path, args.lang, _name(args.name))


def _name(text: str | None) -> str | None:
    if text is None:
        return None
    name = " ".join(text.split())
    if not 0 < len(name) <= MAX_NAME:
        raise PlayError("name", most=MAX_NAME, text=text)
    return name


def _rules(preset: str, sets: list[str]) -> Rules:
    try:
        return Rules.preset(preset, **dict(parse_option(text) for text in sets))
    except RulesError as e:
        raise PlayError("rules", pl=e.message("pl"), en=e.message("en")) from None


def _int(flag: str, text: str | None, default: int | None) -> Any:
    if text is None:
        return default
    try:
        return int(text)
    except ValueError:
        raise PlayError("number", flag=flag, text=text) from None
