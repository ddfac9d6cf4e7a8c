"""Playing the table page by clicking, as a person would: read what the page offers,
click it."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from playwright.sync_api import TimeoutError as PlaywrightTimeout

PHONE = {"width": 360, "height": 640}


class TablePage:
    def __init__(self, page: Any, captures: Path | None = None, prefix: str = "") -> None:
        self.page = page
        self.captures = captures
        self.prefix = prefix
        self.taken: set[str] = set()
        self.errors: list[str] = []
        page.on("pageerror", lambda e: self.errors.append(str(e)))

    def shot(self, name: str) -> None:
        """A screenshot of this phase, once, when captures are asked for."""
        if self.captures is None or name in self.taken:
            return
        self.taken.add(name)
        self.page.screenshot(path=str(self.captures / f"{self.prefix}{name}.png"), full_page=True)

    def has(self, selector: str) -> bool:
        return self.page.locator(selector).count() > 0

    def click(self, selector: str, wait: bool = True) -> None:
        """Click, then (``wait``) let the server answer: a new version or an error."""
        app = self.page.locator("#app")
        mark = (app.get_attribute("data-version"), app.get_attribute("data-errors"))
        try:
            self.page.locator(selector).first.click(timeout=5000)
        except PlaywrightTimeout:
            if self.has(selector):
                raise
            return            # the page moved on between seeing it and clicking: look again
        if not wait:
            return
        deadline = time.time() + 5
        while time.time() < deadline:
            if (app.get_attribute("data-version"), app.get_attribute("data-errors")) != mark:
                return
            time.sleep(0.02)

    def guest(self, name: str) -> None:
        self.page.fill("#nickname", name)
        self.page.locator("form button[type=submit]").first.click()

    def step(self, next_deal: bool = True) -> str | None:
        """Do what the page asks of this seat now, if anything; what it did.
        ``next_deal=False``: never go on to the next deal."""
        for key, what in (("seen", "seen"), ("next", "next"), ("meld-yes", "meld"),
                          ("confirm", "confirm"), ("declare", "declare"), ("bid", "bid"),
                          ("musik-0", "musik")):
            if key == "next" and not next_deal:
                continue
            if self.has(f"[data-key={key}]"):
                self.shot(what)
                self.click(f"[data-key={key}]")
                return what
        if self.has("[data-key=pass]"):
            self.click("[data-key=pass]")
            return "pass"
        prompt = self.page.locator(".prompt").inner_text() if self.has(".prompt") else ""
        free = ".hand button.card:not(.picked)"
        if any(w in prompt for w in ("Oddaj", "Give", "Odłóż", "Discard")) and self.has(free):
            self.shot("exchange")
            self.click(free, wait=False)         # picking is the page's own business
            return "pick"
        if self.has(".hand button.card.legal"):
            self.shot("play")
            self.click(".hand button.card.legal")
            return "play"
        return None

    def until(self, done: Any, timeout: float = 120, next_deal: bool = True) -> None:
        """Step until ``done()`` holds. ``next_deal=False`` for a wait that ends with
        the deal: the summary may come between ``done()`` and the step, whose
        "next deal" would then start another."""
        deadline = time.time() + timeout
        while not done():
            if time.time() > deadline:
                raise TimeoutError(self.page.locator("#app").inner_text()[:2000])
            if self.step(next_deal) is None:
                time.sleep(0.05)
        assert not self.errors, self.errors
