"""Say so when the bots' solver runs without its C kernel.

A bench run directly (``python bench/...``) on a fresh checkout, before any make
target has built the kernel, would otherwise measure the pure-Python solver,
about 50 times slower, and print figures that look like the bots' own.
"""

from __future__ import annotations

import os
import sys

from tysiac.bots import kernel


def warn_if_pure() -> None:
    """A note on stderr when the kernel is not loaded."""
    if kernel.available():
        return
    why = ("TYSIAC_PURE_PYTHON is set" if os.environ.get("TYSIAC_PURE_PYTHON")
           else "it is not built: run `make setup`")
    print(f"note: the solver's C kernel is not loaded ({why}); the pure-Python solver "
          "is about 50 times slower", file=sys.stderr)
