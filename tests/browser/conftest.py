"""Browser tests: Playwright (PyPI) driving Debian's Chromium at /usr/bin/chromium.

Without the browser these tests are skipped with the command that installs it; under
``CI=true`` a missing browser fails them. ``TYSIAC_CAPTURES=DIR`` saves a screenshot
of every phase there (docs/web-captures/ holds the last set).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ..server.conftest import fast_config
from ..server.helpers import ServerThread

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@pytest.fixture
def chromium() -> Iterator[Any]:
    """A browser per test: Playwright's sync API keeps an event loop running while it
    is open, which would stop other tests in this worker from running their own."""
    if not os.path.exists(CHROMIUM):
        message = (f"no {CHROMIUM}: install it with 'apt-get install chromium' "
                   "(make test does, as root)")
        if os.environ.get("CI") == "true":
            pytest.fail(message)
        pytest.skip(message)
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield browser
        browser.close()


@pytest.fixture
def site(tmp_path: Path) -> Iterator[ServerThread]:
    """The site with bots that pause a little, as people would see them."""
    config = fast_config(f"sqlite:///{tmp_path}/site.db", bot_delay=0.05, trick_pause=0.05)
    with ServerThread(config) as s:
        yield s


@pytest.fixture
def captures() -> Path | None:
    where = os.environ.get("TYSIAC_CAPTURES")
    if not where:
        return None
    path = Path(where)
    path.mkdir(parents=True, exist_ok=True)
    return path
