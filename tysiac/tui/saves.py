"""Where games are saved and how: RECORD.md records written atomically.

A save is written to a temporary file in the same folder and renamed over the old
one, so a crash or Ctrl-C at any moment leaves either the previous good record or
the new one, never a broken file.
"""

from __future__ import annotations

import os
import re
import tempfile
from datetime import datetime
from pathlib import Path

from ..oserrors import os_reason
from ..record import GameRecord, RecordError, loads


class SaveError(Exception):
    """A save that cannot be read or written, with the reason in Polish and English."""

    def __init__(self, pl: str, en: str) -> None:
        super().__init__(en)
        self.texts = (pl, en)

    def message(self, lang: str = "pl") -> str:
        return self.texts[0 if lang == "pl" else 1]


def data_dir() -> Path:
    """The user's data folder for tysiac (XDG: ``~/.local/share/tysiac``)."""
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(Path.home(), ".local", "share")
    return Path(base) / "tysiac"


def default_path(preset: str, now: datetime | None = None) -> Path:
    """A new file for a game: ``<data dir>/games/2024-05-01-183000-pl-3.json`` (with
    ``-2``, ``-3``, ... if a game was started in the same second)."""
    stamp = (now or datetime.now()).strftime("%Y-%m-%d-%H%M%S")
    folder = games_dir()
    path = folder / f"{stamp}-{preset}.json"
    n = 1
    while path.exists():
        n += 1
        path = folder / f"{stamp}-{preset}-{n}.json"
    return path


def games_dir() -> Path:
    """Where games are saved unless told otherwise."""
    return data_dir() / "games"


def next_path(path: Path, preset: str) -> Path:
    """A new file for the next game of a table (a rematch): a new default file if
    ``path`` is one, else beside it with a number: ``mine.json`` -> ``mine-2.json``."""
    if path.parent == games_dir():
        return default_path(preset)
    stem = re.sub(r"-\d+$", "", path.stem)
    n = 2
    while (path.parent / f"{stem}-{n}{path.suffix}").exists():
        n += 1
    return path.parent / f"{stem}-{n}{path.suffix}"


def saved_files() -> list[Path]:
    """The games in the default folder, the last played first."""
    try:
        files = [p for p in games_dir().glob("*.json") if p.is_file()]
    except OSError:
        return []
    return sorted(files, key=lambda p: p.stat().st_mtime, reverse=True)


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` so that the file is always whole."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def read_record(path: Path) -> GameRecord:
    """Read a saved record; :class:`SaveError` says what is wrong with the file."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SaveError(f"nie ma pliku {path}", f"no such file: {path}") from None
    except OSError as e:
        raise SaveError(f"nie można odczytać {path}: {os_reason(e, 'pl')}",
                        f"cannot read {path}: {os_reason(e, 'en')}") from None
    except UnicodeDecodeError as e:
        raise SaveError(f"nie można odczytać {path}: {e}", f"cannot read {path}: {e}") from None
    try:
        return loads(text)
    except RecordError as e:
        raise SaveError(f"{path} nie jest zapisem partii: {e.message('pl')}",
                        f"{path} is not a game record: {e.message('en')}") from None
