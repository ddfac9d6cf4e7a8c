"""Why a file could not be read or written, in the user's language: the operating
system's own text (``strerror``) follows the machine's locale, usually English."""

from __future__ import annotations

import errno

_REASONS = {
    errno.ENOENT: ("nie ma takiego pliku ani katalogu", "no such file or directory"),
    errno.EACCES: ("brak uprawnień", "permission denied"),
    errno.EPERM: ("operacja niedozwolona", "operation not permitted"),
    errno.EISDIR: ("to jest katalog, nie plik", "is a directory"),
    errno.ENOTDIR: ("część ścieżki nie jest katalogiem", "not a directory"),
    errno.ENOSPC: ("brak miejsca na dysku", "no space left on device"),
    errno.EROFS: ("system plików tylko do odczytu", "read-only file system"),
    errno.ENAMETOOLONG: ("za długa nazwa pliku", "file name too long"),
    errno.EEXIST: ("taki plik już istnieje", "file exists"),
    errno.EIO: ("błąd wejścia-wyjścia", "input/output error"),
}


def os_reason(error: OSError, lang: str) -> str:
    """The reason of ``error`` in Polish (``lang == "pl"``) or English; the system's
    text for a reason not translated here."""
    texts = _REASONS.get(error.errno) if error.errno is not None else None
    if texts is not None:
        return texts[0 if lang == "pl" else 1]
    return error.strerror or str(error)
