"""The command line in the user's language: ``--help`` and argparse's own messages in
Polish unless ``--lang en`` is on the command line.

Help strings are written in English where the options are declared; :data:`POLISH`
gives each its Polish text (the English text is the key, as gettext's msgid), and
:class:`Parser` shows the one of its language.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Sequence
from typing import Any, NoReturn, cast

from ..arena.players import ARENA_ONLY
from ..bots import LEVELS
from ..rules import PRESET_NAMES
from . import analyze, arbiter, arena, demo, hint, play, sheet

_PRESETS = ", ".join(PRESET_NAMES)

#: English help text -> Polish.
POLISH: dict[str, str] = {
    # argparse's own
    "usage: ": "użycie: ",
    "positional arguments": "argumenty",
    "options": "opcje",
    "show this help message and exit": "pokaż tę pomoc i zakończ",
    "show program's version number and exit": "pokaż wersję programu i zakończ",
    # tysiac
    "Tysiąc (Thousand), the Polish card game: play, judge and study it.":
        "Tysiąc, polska gra w karty: graj, sędziuj i badaj.",
    "Run 'tysiac COMMAND --help' for the options of a command.":
        "Opcje polecenia: 'tysiac POLECENIE --help'. Po angielsku: dodaj --lang en.",
    "play a whole game against bots in the terminal": "zagraj całą partię z botami w terminalu",
    "watch bots play a whole game, deal by deal": "zobacz, jak boty grają partię, rozdanie "
                                                   "po rozdaniu",
    "bots play duplicate games; figures per bot": "boty grają partie duplikatowe; wyniki "
                                                   "każdego bota",
    "judge a game record (JSON) against its rules": "osądź zapis partii (JSON) według jego "
                                                     "zasad",
    "convert a record between JSON and the text notation": "zamień zapis partii między JSON "
                                                            "a notacją tekstową",
    "list the presets, or a preset's options": "zestawy zasad albo opcje jednego zestawu",
    # play
    play.HELP: """Cała partia do końca z botami: na pełnym ekranie (Textual) albo linia po
linii z --plain (dla czytników ekranu i skryptów; samo, gdy nie ma terminala). Bez --preset
i --set najpierw menu wybiera zasady stołu. Partia zapisuje się po każdym ruchu jako zapis
partii (RECORD.md); --resume PLIK ją wznawia, samo --resume pokazuje zapisane partie.

Z --plain każde pytanie przyjmuje numer z listy. Karty wpisuje się jak na ekranie, jedną
formą na język: po polsku 9 W D K 10 A z kolorem ♥ ♦ ♣ ♠ albo kier, karo, trefl, pik
(D♥, D kier, 10ka); po angielsku 9 J Q K 10 A z ♥ ♦ ♣ ♠ albo H D C S (Q♥, QH, 10S).""",
    f"the rules ({_PRESETS}; default pl-3)": f"zasady ({_PRESETS}; domyślnie pl-3)",
    "bot level for every bot, or one per bot in seat order, comma-separated (e.g. "
    "strong,basic); default: basic":
        "poziom wszystkich botów albo każdego po kolei miejsc, po przecinku (np. "
        "strong,basic); domyślnie basic",
    "your seat, 0 to players-1 (default 0)": "twoje miejsce, od 0 do liczby graczy − 1 "
                                             "(domyślnie 0)",
    "your name on the score sheet (default: Ty, in English You)":
        "twoje imię w tabeli wyników (domyślnie Ty, po angielsku You)",
    "language of the game (default: pl)": "język gry (domyślnie pl)",
    "seed of the deals and the bots, for a game you can replay":
        "ziarno rozdań i botów: partię można powtórzyć",
    "override a rule option, e.g. --set bombs_per_player=0 (repeatable)":
        "zmień opcję zasad, np. --set bombs_per_player=0 (można kilka razy)",
    "allow taking back your last card (key u)": "pozwól cofnąć swoją ostatnią kartę "
                                                "(klawisz u)",
    "plain lines on stdin/stdout instead of the full screen":
        "zwykłe linie tekstu na wejściu i wyjściu zamiast pełnego ekranu",
    "save the game here (default: a new file under ~/.local/share/tysiac)":
        "zapisuj partię tutaj (domyślnie: nowy plik w ~/.local/share/tysiac)",
    "continue a saved game at the move where it stopped; without FILE, choose one of the "
    "saved games":
        "wznów zapisaną partię od ruchu, na którym stanęła; bez PLIKU: wybór z zapisanych "
        "partii",
    f"how long each bot's move stays in sight (default {play.DEFAULT_PAUSE})":
        f"ile sekund widać każdy ruch bota (domyślnie {play.DEFAULT_PAUSE})",
    "no pause between the bots' moves": "bez przerw między ruchami botów",
    # demo
    demo.DESCRIPTION: "Boty grają całą partię do końca; każde rozdanie jest wypisywane, gdy "
                      "się rozliczy, na końcu zwycięzca.",
    f"bot level for every seat, or one per seat, comma-separated ({', '.join(LEVELS)}); "
    f"default: {demo.DEFAULT_LEVEL}":
        f"poziom botów dla wszystkich miejsc albo dla każdego, po przecinku "
        f"({', '.join(LEVELS)}); domyślnie {demo.DEFAULT_LEVEL}",
    "seed of the deals and the bots, for a demo you can replay":
        "ziarno rozdań i botów: pokaz można powtórzyć",
    "override a rule option, e.g. --set bombs_per_player=0":
        "zmień opcję zasad, np. --set bombs_per_player=0",
    "stop after this many deals (default 200)": "zakończ po tylu rozdaniach (domyślnie 200)",
    "language of the text (default: pl)": "język tekstu (domyślnie pl)",
    # arena
    arena.HELP: """Boty grają partie duplikatowe: te same rozdania w każdym rozsadzeniu
botów, więc szczęście w kartach się znosi. Dla każdego bota: średnie punkty z rozdania
i zmiana wyniku na rozdanie z 95% przedziałami, kontrakty licytowane i ugrane, bomby,
wygrane partie, ranking openskill i czas decyzji; potem przewagi między botami.
Dokładne znaczenie: tysiac.arena. Kod wyjścia 2 przy złych argumentach.""",
    f"bot per seat, comma-separated ({', '.join(LEVELS)}; arena only: "
    f"{', '.join(ARENA_ONLY)}, which sees all cards)":
        f"bot na każde miejsce, po przecinku ({', '.join(LEVELS)}; tylko na arenie: "
        f"{', '.join(ARENA_ONLY)}, który widzi wszystkie karty)",
    f"rules ({_PRESETS})": f"zasady ({_PRESETS})",
    "deals per seating (default 200)": "rozdań na rozsadzenie (domyślnie 200)",
    "seed of the deals (default 1)": "ziarno rozdań (domyślnie 1)",
    "worker processes (default 1)": "liczba procesów (domyślnie 1)",
    "print one JSON object": "wypisz jeden obiekt JSON",
    "show a progress bar on stderr even when it is not a terminal":
        "pokazuj postęp na stderr także poza terminalem",
    "language of the report (default: pl)": "język raportu (domyślnie pl)",
    # arbiter
    arbiter.HELP: """Osądź zapis partii według jego zasad i wypisz werdykt jako JSON.

Kod wyjścia: 0 zapis jest poprawny, 1 niedozwolony ruch albo niespójne rozdanie
z tabeli wyników, 2 plik nie jest zapisem partii (komunikat mówi, co i gdzie).""",
    "the record, or - for standard input": "zapis partii albo - (standardowe wejście)",
    "also print a readable account of every deal": "wypisz też opis każdego rozdania",
    "language of messages and of the account (default: pl)":
        "język komunikatów i opisu (domyślnie pl)",
    # notation
    "Read a record (JSON or text notation, detected) and write it in the other form: JSON "
    "becomes text, text becomes JSON, unless --to says which.":
        "Czyta zapis partii (JSON albo notację tekstową, rozpoznaje sam) i pisze go w drugiej "
        "postaci: JSON jako tekst, tekst jako JSON, chyba że --to powie inaczej.",
    "the form to write": "postać do zapisania",
    "language of error messages (default pl)": "język komunikatów o błędach (domyślnie pl)",
    # rules
    "Without PRESET, list the presets. With it, print every rule option of that preset, its "
    "value and what it allows.":
        "Bez ZESTAWU: zestawy zasad. Z nim: każda opcja zasad tego zestawu, jej wartość, co "
        "znaczy i na co pozwala.",
    "language of the text (default pl)": "język tekstu (domyślnie pl)",
    f"the preset to show ({_PRESETS})": f"zestaw do pokazania ({_PRESETS})",
    # hint
    hint.HELP: """Czyta zapis trwającej partii (RECORD.md; JSON albo notacja tekstowa)
i wypisuje, co zagrałby bot (domyślnie ekspert, albo --level strong) za gracza, który
ma ruch, i dlaczego, z oczekiwanym bilansem rozdania każdej możliwości: zmiana wyniku
strony gracza minus strony przeciwnej, na przeciwnika, w punktach, średnio po
rozdaniach zgodnych z tym, co gracz wie. Kod wyjścia 2 dla pliku, którego nie da się
odczytać, który nie jest zapisem, zawiera niedozwolony ruch albo nie ma ruchu do
podpowiedzenia.""",
    "the record of a game in progress, or -": "zapis trwającej partii albo -",
    "the seat asking (default: the seat to move); it must be to move":
        "miejsce, które pyta (domyślnie to, które ma ruch); musi mieć ruch",
    "print JSON instead of text": "wypisz JSON zamiast tekstu",
    "the bot that advises (default: expert)": "bot, który doradza (domyślnie expert)",
    "what a bot would do next in a game record, and why":
        "co bot zagrałby teraz w zapisanej partii, i dlaczego",
    "think about this long (default: the bot's fixed budget, the same hint every time)":
        "myśl mniej więcej tyle (domyślnie stały czas bota: za każdym razem ta sama rada)",
    # analyze
    "what each deal's cards held and where points were lost":
        "co miały karty każdego rozdania i gdzie przepadły punkty",
    analyze.HELP: """Czyta zapis partii (RECORD.md; JSON albo notacja tekstowa) i analizuje każde
rozliczone rozdanie z pełnymi kartami albo to, które wskaże --deal: przy wszystkich
kartach znanych — ile mógł ugrać grający w każdym atucie i przy najlepszej wymianie;
ile była warta ręka każdego gracza w licytacji; każdą zagraną kartę z jej stratą
w otwarte karty i stratą według tego, co gracz mógł wiedzieć (ocena silnego bota
z jego miejsca), z zaznaczonymi błędami; punkty stracone przez każdego gracza
w rozgrywce i licytacji. Rozdania z tabeli wyników, rozdane od nowa i nieskończone są
pomijane z uwagą. Kod wyjścia 2 dla pliku, którego nie da się odczytać, który nie jest
zapisem, zawiera niedozwolony ruch albo nie ma rozdania do analizy.""",
    "analyse only deal N (from 1, as the record lists its deals)":
        "analizuj tylko rozdanie N (od 1, w kolejności zapisu)",
    "language of the text and the messages (default: pl)":
        "język tekstu i komunikatów (domyślnie pl)",
    # serve
    "run the web site: online tables with friends and bots":
        "uruchom stronę: stoły w sieci z przyjaciółmi i botami",
    "Serve the online tables. Open the printed address in a browser; the games are kept in "
    "the database.":
        "Serwuje stoły w sieci. Otwórz wypisany adres w przeglądarce; partie są przechowywane "
        "w bazie danych.",
    "address to listen on (default 127.0.0.1; 0.0.0.0 for the network)":
        "adres, na którym słuchać (domyślnie 127.0.0.1; 0.0.0.0 dla sieci)",
    "port (default 8000)": "port (domyślnie 8000)",
    "database URL (default: DATABASE_URL, else SQLite in the data folder)":
        "adres bazy danych (domyślnie DATABASE_URL, inaczej SQLite w folderze danych)",
    "language of messages": "język komunikatów",
    "Redis URL: this process is one node of several (default: REDIS_URL)":
        "adres Redisa: ten proces jest jednym z kilku węzłów (domyślnie REDIS_URL)",
    "node processes on this port (more than 1 needs Redis and PostgreSQL)":
        "procesy-węzły na tym porcie (więcej niż 1 potrzebuje Redisa i PostgreSQL)",
    # cluster
    "try several nodes on this machine: nodes, Redis, PostgreSQL and a load balancer":
        "wypróbuj kilka węzłów na tej maszynie: węzły, Redis, PostgreSQL i rozdzielacz ruchu",
    "Start NODES server processes on PORT+1, PORT+2, … sharing PostgreSQL and Redis, and "
    "a load balancer on PORT in front of them. Ctrl+C stops them all.":
        "Uruchamia NODES procesów serwera na PORT+1, PORT+2, … ze wspólnym PostgreSQL i "
        "Redisem oraz rozdzielacz ruchu na PORT przed nimi. Ctrl+C zatrzymuje wszystkie.",
    "how many nodes (default 3)": "ile węzłów (domyślnie 3)",
    "the load balancer's port; the nodes take the next ones (default 8000)":
        "port rozdzielacza; węzły biorą kolejne (domyślnie 8000)",
    "PostgreSQL URL (default: DATABASE_URL, else the database tysiac on 127.0.0.1)":
        "adres PostgreSQL (domyślnie DATABASE_URL, inaczej baza tysiac na 127.0.0.1)",
    "Redis URL (default: REDIS_URL, else redis://127.0.0.1:6379/0)":
        "adres Redisa (domyślnie REDIS_URL, inaczej redis://127.0.0.1:6379/0)",
}

POLISH.update(sheet.POLISH)

#: argparse's error messages, phrase by phrase, in Polish.
_ERRORS = (
    ("the following arguments are required: ", "brak wymaganych argumentów: "),
    ("unrecognized arguments: ", "nieznane argumenty: "),
    ("invalid choice: ", "nieznana wartość: "),
    ("(choose from ", "(do wyboru: "),
    ("expected one argument", "potrzebna jedna wartość"),
    ("ignored explicit argument ", "zbędna wartość "),
    ("not allowed with argument ", "nie razem z "),
    ("argument ", "argument "),
)
_INVALID = re.compile(r"invalid (\w+) value: ")


def lang_of(argv: Sequence[str]) -> str:
    """``en`` if the command line says ``--lang en`` (or ``--lang=en``), else ``pl``."""
    for i, word in enumerate(argv):
        if word == "--lang=en" or word == "--lang" and argv[i + 1:i + 2] == ["en"]:
            return "en"
    return "pl"


def translate(text: str, lang: str) -> str:
    return POLISH.get(text, text) if lang == "pl" else text


class _Translating(argparse.HelpFormatter):
    """A help formatter that shows every text in :attr:`lang`."""

    lang = "pl"

    def add_usage(self, usage: str | None, actions: Any, groups: Any,
                  prefix: str | None = None) -> None:
        super().add_usage(usage, actions, groups,
                          translate("usage: ", self.lang) if prefix is None else prefix)

    def start_section(self, heading: str | None) -> None:
        super().start_section(None if heading is None else translate(heading, self.lang))

    def add_text(self, text: str | None) -> None:
        super().add_text(None if text is None else translate(text, self.lang))

    def _get_help_string(self, action: argparse.Action) -> str | None:
        return None if action.help is None else translate(action.help, self.lang)


class Parser(argparse.ArgumentParser):
    """An argument parser that speaks :attr:`lang` (Polish unless told)."""

    lang = "pl"

    @classmethod
    def speaking(cls, lang: str) -> type[Parser]:
        """A parser class for ``lang``; subcommands take it with ``parser_class``."""
        return type("Parser", (cls,), {"lang": lang})

    def _get_formatter(self) -> argparse.HelpFormatter:
        base = cast(type[argparse.HelpFormatter], self.formatter_class)
        speaking: type[argparse.HelpFormatter] = type(
            "Formatter", (_Translating, base), {"lang": self.lang})
        return speaking(prog=self.prog)

    def error(self, message: str) -> NoReturn:
        if self.lang == "pl":
            message = _INVALID.sub("zła wartość: ", message)
            for en, pl in _ERRORS:
                message = message.replace(en, pl)
        self.print_usage(sys.stderr)
        word = "błąd" if self.lang == "pl" else "error"
        self.exit(2, f"{self.prog}: {word}: {message}\n")
