"""Coming back to a game of ``tysiac play``: the command that resumes it (one that works
where it is printed), and the list of saved games behind ``--resume`` alone."""

from __future__ import annotations

import os
import shlex
import shutil
import sys
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import TextIO

from ..tui.saves import SaveError, games_dir, saved_files
from ..tui.session import Session

_T = {
    "none": ("Brak zapisanych partii do wznowienia w {folder}.",
             "No saved game to resume in {folder}."),
    "head": ("Zapisane partie (ostatnio grane pierwsze):",
             "Saved games (the last played first):"),
    "game": ("{i}) {when}  {preset}, rozdanie {n}: {scores}",
             "{i}) {when}  {preset}, deal {n}: {scores}"),
    "ask": ("Którą wznowić? Numer (Enter: 1, q: żadnej)",
            "Which one? A number (Enter: 1, q: none)"),
    "bad": ("Nie ma partii {text!r} na liście.", "No game {text!r} in the list."),
}

#: The most games listed.
LISTED = 9


def _say(key: str, lang: str, **kw: object) -> str:
    return _T[key][0 if lang == "pl" else 1].format(**kw)


def program() -> str:
    """How to run this program again from here: ``tysiac`` when that is the command on
    the PATH, else the full path of the one running (``make play`` runs .venv/bin/tysiac),
    else ``python -m tysiac.cli.main``."""
    argv0 = sys.argv[0]
    found = shutil.which("tysiac")
    if os.path.basename(argv0) == "tysiac" and os.path.isfile(argv0):
        if found is not None and os.path.samefile(found, argv0):
            return "tysiac"
        return shlex.quote(os.path.abspath(argv0))
    if found is not None:
        return "tysiac"
    return f"{shlex.quote(sys.executable)} -m tysiac.cli.main"


def resume_command(path: Path, flags: Sequence[str]) -> str:
    """The command that continues the game saved in ``path`` with ``flags`` (those of
    the way it was played: ``--plain``, ``--lang en``, ``--fast``)."""
    return " ".join([program(), "play", *flags, "--resume", shlex.quote(str(path))])


def saved_games(limit: int = LISTED) -> list[Session]:
    """The unfinished games of the default folder that resume, the last played first."""
    out: list[Session] = []
    for path in saved_files():
        try:
            session = Session.resume(path)
        except SaveError:
            continue
        if not session.over:
            out.append(session)
        if len(out) == limit:
            break
    return out


def choose_saved(lang: str, inp: TextIO, out: TextIO) -> Path | None:
    """List the saved games and read which one to resume; None for none."""
    games = saved_games()
    if not games:
        print(_say("none", lang, folder=games_dir()), file=out)
        return None
    print(_say("head", lang), file=out)
    for i, s in enumerate(games, 1):
        assert s.path is not None
        when = datetime.fromtimestamp(s.path.stat().st_mtime).strftime("%Y-%m-%d %H:%M")
        scores = ", ".join(f"{name} {score}" for name, score in zip(
            s.names, s.game.scores, strict=True))
        print(_say("game", lang, i=i, when=when, preset=s.game.rules.preset_name,
                   n=len(s.game.results) + (0 if s.between_deals else 1), scores=scores),
              file=out)
        print(f"   {s.path}", file=out)
    print(_say("ask", lang), file=out)
    print("> ", end="", file=out, flush=True)
    raw = inp.readline()
    line = raw.strip()
    if not raw or line.lower() in ("q", "koniec", "quit"):     # the end of input: none
        print(file=out)
        return None
    if not line:
        line = "1"
    if line.isdigit() and 1 <= int(line) <= len(games):
        return games[int(line) - 1].path
    print(_say("bad", lang, text=line), file=out)
    return None
