"""File errors are told in the user's language, whatever the machine's locale."""

from __future__ import annotations

import errno

from tysiac.oserrors import os_reason


def test_a_known_reason_is_translated_and_an_unknown_one_kept() -> None:
    missing = FileNotFoundError(errno.ENOENT, "No such file or directory", "x.json")
    assert os_reason(missing, "pl") == "nie ma takiego pliku ani katalogu"
    assert os_reason(missing, "en") == "no such file or directory"
    odd = OSError(errno.EXDEV, "Invalid cross-device link")
    assert os_reason(odd, "pl") == "Invalid cross-device link"
    assert os_reason(OSError("no errno at all"), "pl") == "no errno at all"
