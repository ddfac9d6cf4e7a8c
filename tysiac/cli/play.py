"""``tysiac play``: a whole game against bots in the terminal (full screen or plain)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..oserrors import os_reason
from ..rules import PRESET_NAMES, Rules, RulesError, parse_option
from ..tui.saves import SaveError, default_path
from ..tui.session import DEFAULT_LEVEL, Session, Table
from .resume import choose_saved, resume_command

if TYPE_CHECKING:
    from ..tui.menu import TableChoice

HELP = """Play a whole game to the goal against bots: full screen (Textual) by default,
or line by line with --plain (for screen readers and scripts; taken by itself when there
is no terminal). Without --preset or --set a menu chooses the table's rules first. The
game is saved after every move as a game record (RECORD.md); --resume FILE continues it,
--resume alone lists the saved games.

With --plain every question takes a number from its list. Cards are typed as shown, one
form per language: Polish 9 W D K 10 A with a suit ♥ ♦ ♣ ♠ or kier, karo, trefl, pik
(D♥, D kier, 10ka); English 9 J Q K 10 A with ♥ ♦ ♣ ♠ or H D C S (Q♥, QH, 10S)."""

#: Seconds a bot's move stays in sight before the next one (full screen).
DEFAULT_PAUSE = 0.8
MAX_PAUSE = 10.0

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
    "saved": ("Partia zapisana: {path}\nWznów: {command}",
              "Game saved: {path}\nResume: {command}"),
    "saved_over": ("Partia zapisana: {path}", "Game saved: {path}"),
    "pause": ("--pause: liczba sekund od 0 do {most}, nie {text!r}",
              "--pause: a number of seconds from 0 to {most}, not {text!r}"),
    "no_terminal": ("to nie jest terminal: gra w trybie --plain (odpowiedzi numerami "
                    "na wejściu)",
                    "not a terminal: playing with --plain (numbered answers on standard "
                    "input)"),
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
    p.add_argument("--resume", nargs="?", const="", default=None, metavar="FILE",
                   help="continue a saved game at the move where it stopped; "
                   "without FILE, choose one of the saved games")
    p.add_argument("--pause", default=None, metavar="SECONDS",
                   help=f"how long each bot's move stays in sight (default {DEFAULT_PAUSE})")
    p.add_argument("--fast", action="store_true",
                   help="no pause between the bots' moves")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    lang = args.lang
    plain = args.plain or not _in_terminal()
    if plain and not args.plain:
        print(f"tysiac play: {PlayError('no_terminal').message(lang)}", file=sys.stderr)
    try:
        pause = _pause(args)
        if args.resume == "":
            chosen = choose_saved(lang, sys.stdin, sys.stdout)
            if chosen is None:
                return 0
            args.resume = str(chosen)
        choice = None
        if not plain and args.resume is None and args.preset is None and args.set is None:
            _check_flags(args)
            choice = _menu(args)
            if choice is None:
                return 0
        session = _session(args, choice)
    except (PlayError, SaveError) as e:
        print(f"tysiac play: {e.message(lang)}", file=sys.stderr)
        return 2
    except OSError as e:
        err = PlayError("cannot_save", path=e.filename, reason=os_reason(e, lang))
        print(f"tysiac play: {err.message(lang)}", file=sys.stderr)
        return 2
    flags = _flags(args)
    if plain:
        from ..tui.plain import run_plain
        return run_plain(session, lang, sys.stdin, sys.stdout,
                         lambda path: resume_command(path, flags))
    try:
        from ..tui.app import TysiacApp
    except ImportError:
        print(f"tysiac play: {PlayError('no_textual').message(lang)}", file=sys.stderr)
        return 2
    app = TysiacApp(session, lang, pause)
    try:
        app.run()
    finally:
        session = app.session                   # a rematch is a new game, saved anew
        if session.path is not None:
            key = "saved_over" if session.over else "saved"
            print(PlayError(key, path=session.path,
                            command=resume_command(session.path, flags)).message(lang))
    return 0


def _in_terminal() -> bool:
    return sys.stdin.isatty() and sys.stdout.isatty()


def _flags(args: argparse.Namespace) -> list[str]:
    """The flags a resumed game keeps: how it is played, not what it is."""
    return (["--plain"] if args.plain else []) + (["--lang", "en"] if args.lang == "en" else [])\
        + (["--fast"] if args.fast else []) + (
            ["--pause", args.pause] if args.pause is not None and not args.fast else [])


def _pause(args: argparse.Namespace) -> float:
    if args.fast:
        return 0.0
    if args.pause is None:
        return DEFAULT_PAUSE
    try:
        pause = float(args.pause)
    except ValueError:
        pause = -1.0
    if not 0 <= pause <= MAX_PAUSE:
        raise PlayError("pause", most=f"{MAX_PAUSE:g}", text=args.pause)
    return pause


def _menu(args: argparse.Namespace) -> TableChoice | None:
    """The table menu (the full screen without --preset or --set)."""
    try:
        from ..tui.menu import choose_table
    except ImportError:
        raise PlayError("no_textual") from None
    return choose_table(args.lang, None if args.bots else DEFAULT_LEVEL)


def _check_flags(args: argparse.Namespace) -> None:
    """What can be refused before the menu is refused before it."""
    _int("--seat", args.seat, 0)
    _int("--seed", args.seed, None)
    _name(args.name)
    if args.save and Path(args.save).exists():
        raise PlayError("exists", path=args.save)


def _session(args: argparse.Namespace, choice: TableChoice | None = None) -> Session:
    if args.resume is not None:
        given = [flag for flag, value in (
            ("--preset", args.preset), ("--bots", args.bots), ("--seat", args.seat),
            ("--seed", args.seed), ("--set", args.set), ("--undo", args.undo),
            ("--save", args.save), ("--name", args.name)) if value is not None]
        if given:
            raise PlayError("with_resume", flags=", ".join(given))
        return Session.resume(Path(args.resume))
    if choice is not None:
        rules = choice.rules
        levels = [choice.level] if choice.level else args.bots.split(",")
    else:
        rules = _rules(args.preset or "pl-3", args.set or [])
        levels = args.bots.split(",") if args.bots else []
    seat = _int("--seat", args.seat, 0)
    seed = _int("--seed", args.seed, None)
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
