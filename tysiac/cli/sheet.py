"""``tysiac sheet``: score sheets of games played with real cards, kept in the same
database as the web site (``--database``, else ``DATABASE_URL``, else SQLite in the
user's data folder): new, add, edit, delete, undo, show, list, groups, stats, and
import and export of records (JSON, the text notation) and sheets (CSV).

A deal is written as the fields of a record's score-sheet deal, e.g.
``declarer=Bartek contract=120 cards=30,,14 melds=,C,`` (one empty card count is
worked out as 120 minus the rest). Exit status: 0 done, 1 refused (the message says
why), 2 nothing to work on (no such sheet or group, an unreadable file).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from pathlib import Path
from typing import Any

from ..oserrors import os_reason
from ..rules import PRESET_NAMES, Rules, RulesError, parse_option
from ..scoresheet.errors import SheetError
from ..scoresheet.texts import say
from .inputs import InputError, utf8_stdout

HELP = """Score sheets of games played with real cards, in the web site's database.

A deal is given as fields: declarer=NAME contract=120 bid=110 bomb cards=30,,14
melds=,C, tricks=2,5,1 musik="AS KH QH" (cards and melds per seat in seat order;
one empty card count is 120 minus the rest). Exit status: 0 done, 1 refused by the
rules or the input (the message says why), 2 no such sheet or group, or a file that
cannot be read."""

POLISH: dict[str, str] = {
    "keep score sheets of games played with real cards":
        "prowadź tabele wyników gier prawdziwymi kartami",
    HELP: """Tabele wyników gier prawdziwymi kartami, w bazie danych strony.

Rozdanie podaje się polami: declarer=IMIĘ contract=120 bid=110 bomb cards=30,,14
melds=,C, tricks=2,5,1 musik="AS KH QH" (karty i meldunki po kolei miejsc; jedną
pustą liczbę punktów liczy się jako 120 minus reszta). Kod wyjścia: 0 zrobione,
1 odrzucone przez zasady albo złe dane (komunikat mówi dlaczego), 2 nie ma takiej
tabeli albo grupy, albo pliku nie da się odczytać.""",
    "database URL (default: DATABASE_URL, else SQLite in the data folder)":
        "adres bazy danych (domyślnie DATABASE_URL, inaczej SQLite w folderze danych)",
    "language of the text (default: pl)": "język tekstu (domyślnie pl)",
    "start a sheet": "zacznij tabelę",
    "enter the next deal": "wpisz następne rozdanie",
    "correct a deal: every later one is settled again":
        "popraw rozdanie: każde późniejsze zostanie przeliczone",
    "delete the last deal": "usuń ostatnie rozdanie",
    "undo the sheet's last change": "cofnij ostatnią zmianę tabeli",
    "print a sheet as a paper sheet looks": "wypisz tabelę tak, jak wygląda na papierze",
    "list the groups and their sheets": "wypisz grupy i ich tabele",
    "statistics of a group or of one player": "statystyki grupy albo jednego gracza",
    "write a sheet as a record (JSON, text) or CSV": "zapisz tabelę jako zapis partii (JSON, "
                                                     "tekst) albo CSV",
    "read a sheet from a record or a CSV file": "wczytaj tabelę z zapisu partii albo pliku CSV",
    "the group: its number or name (a new name makes a new group)":
        "grupa: jej numer albo nazwa (nowa nazwa tworzy nową grupę)",
    "the group: its number or name": "grupa: jej numer albo nazwa",
    "players' names in seat order, comma-separated":
        "imiona graczy po kolei miejsc, po przecinku",
    f"the rules ({', '.join(PRESET_NAMES)}; default: the group's house rules)":
        f"zasady ({', '.join(PRESET_NAMES)}; domyślnie zasady domu grupy)",
    "override a rule option, e.g. --set goal=500 (repeatable)":
        "zmień opcję zasad, np. --set goal=500 (można kilka razy)",
    "who deals first: a name (default: the first player)":
        "kto rozdaje pierwszy: imię (domyślnie pierwszy gracz)",
    "the sheet's number": "numer tabeli",
    "the deal's number (1, 2, …)": "numer rozdania (1, 2, …)",
    "the deal's fields, e.g. declarer=Ania contract=120 cards=30,,14 melds=,C,":
        "pola rozdania, np. declarer=Ania contract=120 cards=30,,14 melds=,C,",
    "one player's statistics": "statystyki jednego gracza",
    "print JSON": "wypisz JSON",
    "the form to write (default json)": "postać do zapisania (domyślnie json)",
    "write to FILE instead of standard output": "zapisz do PLIKU zamiast na wyjście",
    "the file (- for standard input)": "plik (- to standardowe wejście)",
}

_T = {
    "no_db": ("Brak pakietów bazy danych ({name}): pip install 'tysiac[web]' albo make setup.",
              "The database packages are missing ({name}): pip install 'tysiac[web]', or make "
              "setup."),
    "no_sheet": ("Nie ma tabeli {id}.", "There is no sheet {id}."),
    "no_group": ("Nie ma grupy {name}.", "There is no group {name}."),
    "many_groups": ("Kilka grup nazywa się {name}: podaj numer ({ids}).",
                    "Several groups are called {name}: give its number ({ids})."),
    "no_deal": ("Tabela {id} nie ma rozdania {n}.", "Sheet {id} has no deal {n}."),
    "new": ("Tabela {id} w grupie {group}: {names}; {rules}.",
            "Sheet {id} in the group {group}: {names}; {rules}."),
    "field": ("{word}: pole to klucz=wartość, np. contract=120",
              "{word}: a field is key=value, e.g. contract=120"),
    "group_line": ("Grupa {id}: {name} — gracze: {players}; zaproszenie: /sheets/join/{invite}",
                   "Group {id}: {name} — players: {players}; invite: /sheets/join/{invite}"),
    "sheet_line": ("  tabela {id}: {names} — {state}, {deals} rozd., {scores}",
                   "  sheet {id}: {names} — {state}, {deals} deals, {scores}"),
    "imported": ("Wczytano tabelę {id}; rozdania: {n}.", "Loaded sheet {id}; deals: {n}."),
    "no_player": ("W grupie nie ma gracza {name}.", "The group has no player {name}."),
    "undone": ("Cofnięto: {what}.", "Undone: {what}."),
    "nothing": ("Brak.", "None."),
}


def _t(key: str, lang: str, **values: Any) -> str:
    return _T[key][0 if lang == "pl" else 1].format(**values)


class _Failed(Exception):
    def __init__(self, message: str, status: int) -> None:
        super().__init__(message)
        self.status = status


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser("sheet", help="keep score sheets of games played with real cards",
                       description=HELP, formatter_class=argparse.RawDescriptionHelpFormatter)
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--database", metavar="URL", default=None,
                        help="database URL (default: DATABASE_URL, else SQLite in the data "
                             "folder)")
    common.add_argument("--lang", choices=("pl", "en"), default="pl",
                        help="language of the text (default: pl)")
    cmds = p.add_subparsers(dest="sheet_command", metavar="SUBCOMMAND", required=True,
                            parser_class=type(p))

    def add(name: str, help_: str) -> argparse.ArgumentParser:
        c = cmds.add_parser(name, help=help_, description=help_, parents=[common])
        c.set_defaults(run=run)
        return c

    c = add("new", "start a sheet")
    c.add_argument("--group", required=True,
                   help="the group: its number or name (a new name makes a new group)")
    c.add_argument("--players", required=True,
                   help="players' names in seat order, comma-separated")
    c.add_argument("--preset", choices=PRESET_NAMES, default=None,
                   help=f"the rules ({', '.join(PRESET_NAMES)}; default: the group's house "
                        "rules)")
    c.add_argument("--set", action="append", default=[], metavar="OPTION=VALUE",
                   help="override a rule option, e.g. --set goal=500 (repeatable)")
    c.add_argument("--first-dealer", default=None,
                   help="who deals first: a name (default: the first player)")
    for name, help_ in (("add", "enter the next deal"),
                        ("edit", "correct a deal: every later one is settled again")):
        c = add(name, help_)
        c.add_argument("sheet", type=int, help="the sheet's number")
        if name == "edit":
            c.add_argument("deal", type=int, help="the deal's number (1, 2, …)")
        c.add_argument("fields", nargs="+", metavar="FIELD",
                       help="the deal's fields, e.g. declarer=Ania contract=120 cards=30,,14 "
                            "melds=,C,")
    for name, help_ in (("delete", "delete the last deal"),
                        ("undo", "undo the sheet's last change"),
                        ("show", "print a sheet as a paper sheet looks")):
        add(name, help_).add_argument("sheet", type=int, help="the sheet's number")
    c = add("list", "list the groups and their sheets")
    c.add_argument("--group", default=None, help="the group: its number or name")
    c = add("stats", "statistics of a group or of one player")
    c.add_argument("--group", required=True, help="the group: its number or name")
    c.add_argument("--player", default=None, help="one player's statistics")
    c.add_argument("--json", action="store_true", help="print JSON")
    c = add("export", "write a sheet as a record (JSON, text) or CSV")
    c.add_argument("sheet", type=int, help="the sheet's number")
    c.add_argument("--format", choices=("json", "text", "csv"), default="json",
                   help="the form to write (default json)")
    c.add_argument("-o", "--output", metavar="FILE", default=None,
                   help="write to FILE instead of standard output")
    c = add("import", "read a sheet from a record or a CSV file")
    c.add_argument("file", metavar="FILE", help="the file (- for standard input)")
    c.add_argument("--group", required=True,
                   help="the group: its number or name (a new name makes a new group)")


def run(args: argparse.Namespace) -> int:
    utf8_stdout()
    try:
        from . import sheet_store
    except ImportError as e:                 # the web extra is not installed
        print(_t("no_db", args.lang, name=e.name), file=sys.stderr)
        return 2
    try:
        text = asyncio.run(sheet_store.command(args))
    except _Failed as e:
        print(f"tysiac sheet: {e}", file=sys.stderr)
        return e.status
    except SheetError as e:
        print(f"tysiac sheet: {e.message(args.lang)}", file=sys.stderr)
        return 1
    except (RulesError, InputError) as e:
        print(f"tysiac sheet: {e.message(args.lang)}", file=sys.stderr)
        return 1 if isinstance(e, RulesError) else 2
    if text:
        print(text)
    return 0


def rules_of(preset: str | None, options: list[str], default: dict[str, Any] | None,
             players: int) -> Rules:
    """The rules of a new sheet: the preset with the options, else the house rules
    (if they are for as many players), else the usual preset for the players."""
    from ..scoresheet.csv_io import DEFAULT_PRESETS
    overrides = dict(parse_option(o) for o in options)
    if preset is not None:
        return Rules.preset(preset, **overrides)
    if default is not None:
        house = Rules.from_dict(default)
        if house.players == players:
            return house.with_options(**overrides)
    return Rules.preset(DEFAULT_PRESETS.get(players, "pl-3"), **overrides)


def pairs(fields: list[str], lang: str) -> dict[str, str]:
    """``key=value`` words as a dict; a bare ``bomb`` is ``bomb=1``."""
    out = {}
    for word in fields:
        key, sep, value = word.partition("=")
        if not sep:
            if key.strip().lower() in ("bomb", "bomba"):
                out["bomb"] = "1"
                continue
            raise _Failed(_t("field", lang, word=word[:20]), 1)
        out[key.strip().lower()] = value
    return out


def write_output(text: str, path: str | None) -> str:
    """The text for standard output, or written to ``path`` (and nothing to print)."""
    if path is None:
        return text.rstrip("\n")
    try:
        Path(path).write_text(text, encoding="utf-8")
    except OSError as e:
        raise InputError(f"nie można zapisać {path}: {os_reason(e, 'pl')}",
                         f"cannot write {path}: {os_reason(e, 'en')}") from None
    return ""


def as_json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, indent=2)


__all__ = ["HELP", "POLISH", "register", "run", "say"]
