"""The score sheet in a real browser: a family of three keeps a whole game of house-3
to 1000 on a phone by tapping, makes mistakes (a wrong total, a deal entered wrong,
one entered by mistake), fixes them, and reads back the totals, the winner and the
chart; the statistics on a desktop; English."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from tysiac.rules import Rules

from ..scoresheet.keeper import Keeper
from .pages import PHONE

NAMES = ["Ania", "Bartek", "Celina"]
#: The family's game, deal by deal, as they would tell it (seats: Ania 0, Bartek 1,
#: Celina 2; cards in seat order, the empty one worked out by the sheet).
GAME: list[dict[str, Any]] = [
    dict(declarer=1, contract=120, cards="30,,14", melds=",C,"),
    dict(declarer=2, bomb=1),
    dict(declarer=0, contract=140, cards=",20,10", melds="H,,"),
    dict(declarer=1, contract=160, cards="10,,20", melds=",D,"),
    dict(declarer=2, contract=120, cards="25,15,", melds=",,C"),
    dict(declarer=0, contract=120, cards=",25,15", melds="C,,"),
    dict(declarer=1, contract=110, cards="40,,45"),
    dict(declarer=2, contract=140, cards="20,10,", melds=",,H"),
    dict(declarer=0, contract=120, cards=",25,15", melds="S,,"),
    dict(declarer=1, contract=120, cards="25,,15", melds=",C,"),
    dict(declarer=2, contract=100, cards="30,25,"),
    dict(declarer=0, contract=150, cards=",20,10", melds="H,,"),
    dict(declarer=1, contract=120, cards="15,,25", melds=",S,"),
    dict(declarer=2, contract=120, cards="25,15,", melds=",,C"),
    dict(declarer=0, contract=120, cards=",25,15", melds="D,,"),
    dict(declarer=1, contract=120, cards="25,,15", melds=",C,"),
    dict(declarer=2, contract=120, cards="25,15,", melds=",,C"),
    dict(declarer=0, contract=120, cards=",25,15", melds="C,,"),
]


class SheetPage:
    def __init__(self, page: Any, captures: Path | None, prefix: str,
                 touch: bool = False) -> None:
        self.page = page
        self.touch = touch
        self.captures = captures
        self.prefix = prefix
        self.errors: list[str] = []
        page.on("pageerror", lambda e: self.errors.append(str(e)))

    def shot(self, name: str) -> None:
        if self.captures is not None:
            self.page.screenshot(path=str(self.captures / f"{self.prefix}{name}.png"),
                                 full_page=True)

    def tap(self, selector: str) -> None:
        """A finger on a phone, the mouse elsewhere."""
        target = self.page.locator(selector).first
        target.tap() if self.touch else target.click()

    def fill_deal(self, d: dict[str, Any], shot: str | None = None) -> None:
        """Tap a deal into the form: the declarer, the contract by its + button, the
        bomb, the card points typed (all but one), the marriages."""
        form = "#deal-form"
        self.tap(f"{form} .declarer label:has(input[value='{d['declarer']}'])")
        if d.get("bomb"):
            self.tap(f"{form} label.bomb")
        else:
            now = int(self.page.input_value("#contract"))
            for _ in range((d["contract"] - now) // 10):
                self.tap(f"{form} button.step[data-step='1']")
            assert self.page.input_value("#contract") == str(d["contract"])
            for seat, value in enumerate(d["cards"].split(",")):
                if value:
                    self.page.locator(f"{form} input[name=cards{seat}]").fill(value)
            for seat, suits in enumerate(d.get("melds", ",,").split(",")):
                for suit in suits:
                    self.tap(f"{form} label:has(input[name=melds{seat}][value={suit}])")
        if shot:
            self.shot(shot)

    def save(self) -> None:
        with self.page.expect_navigation():
            self.tap("#deal-form button[type=submit]")

    def totals(self) -> list[int]:
        return [int(x) for x in self.page.locator("#paper tfoot td.total").all_inner_texts()]

    def fits(self) -> None:
        width = self.page.evaluate("document.documentElement.scrollWidth")
        assert width <= PHONE["width"], width                 # nothing to scroll sideways


def start_game(s: SheetPage, base: str, names: list[str], preset: str) -> None:
    page = s.page
    page.goto(base + "/sheets")
    page.fill("#nickname", "Mama")                            # a guest: just a name
    s.tap("form button[type=submit]")
    page.wait_for_url("**/sheets")
    s.shot("home")
    s.tap("a.button.primary:has-text('Nowa gra')")
    page.wait_for_selector("#new-sheet")
    for i, name in enumerate(names):
        page.fill(f"#player{i}", name)
    page.select_option("#preset", preset)
    s.shot("new")
    with page.expect_navigation():
        s.tap("#new-sheet button[type=submit]")
    page.wait_for_selector("#deal-form")


def test_a_family_keeps_a_whole_game_on_a_phone(chromium: Any, site: Any,
                                                captures: Path | None) -> None:
    context = chromium.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    s = SheetPage(page, captures, "scoresheet-phone-", touch=True)
    start_game(s, site.base, NAMES, "house-3")
    s.fits()
    expected = Keeper("house-3", NAMES)
    for i, deal in enumerate(GAME, 1):
        if i == 4:                                   # told wrong: Bartek seems to fail
            s.fill_deal({**deal, "cards": "20,,30"})
        elif i == 5:                                 # a total over 120 first
            s.fill_deal({**deal, "cards": "80,60,"})
            s.save()
            assert "120" in page.locator("#cards-error").inner_text()
            assert page.input_value("input[name=cards0]") == "80"     # nothing lost
            assert page.locator("input[name=melds2][value=C]").is_checked()
            s.shot("error")
            page.locator("input[name=cards0]").fill(deal["cards"].split(",")[0])
            page.locator("input[name=cards1]").fill(deal["cards"].split(",")[1])
        elif i == 9:                                 # entered for the wrong player: undo
            s.fill_deal({**deal, "declarer": 1, "cards": "25,,15", "melds": ",S,"})
            s.save()
            assert len(s.totals()) == 3 and page.locator("tr#deal-9").count() == 1
            with page.expect_navigation():
                s.tap("button.undo")
            assert page.locator("tr#deal-9").count() == 0
            s.fill_deal(deal)
        else:
            s.fill_deal(deal, shot="deal" if i == 3 else None)
        if i == 3:
            auto = page.locator("input.num.auto")                 # Ania's, worked out
            assert auto.count() == 1 and auto.input_value() == "90"
        s.save()
        expected.add(**deal) if i != 4 else expected.add(**{**deal, "cards": "20,,30"})
        assert s.totals() == list(expected.scores), i
        if i == 6:
            s.shot("middle")
            # The mistaken deal 4 is corrected: every later deal is settled again.
            with page.expect_navigation():
                s.tap("tr#deal-4 th a")
            assert page.input_value("input[name=cards0]") == "20"
            page.locator("input[name=cards0]").fill("10")
            page.locator("input[name=cards2]").fill("20")
            assert "100 z 120" in page.locator(".cards .sum.off").inner_text()
            page.locator("input[name=cards1]").fill("90")
            assert page.locator(".cards .sum.off").count() == 0
            s.shot("fix")
            with page.expect_navigation():
                s.tap("#deal-form button[type=submit]")
            expected.edit(3, **deal_of(GAME[3]))
            assert "Poprawiono rozdanie 4" in page.locator(".flash").inner_text()
            assert s.totals() == list(expected.scores)
            assert "★160✓" in page.locator("tr#deal-4").inner_text()
        s.fits()
    assert s.totals() == [1040, 800, 650] == list(expected.scores)
    assert page.locator("#status").inner_text().startswith("Wygrywa Ania!")
    assert page.locator("#deal-form").count() == 0                  # no deal after the end
    assert "Ania" in page.locator("ul.standing li.winner").inner_text()
    # The chart: each line's points are the paper sheet's totals.
    rows = page.locator("#paper tbody tr.deal")
    assert rows.count() == len(GAME)
    for seat, name in enumerate(NAMES):
        points = [int(x) for x in page.eval_on_selector_all(
            f"svg.chart .point[data-series='{name}']", "els => els.map(e => e.dataset.value)")]
        paper = [int(rows.nth(i).locator("td .total").nth(seat).inner_text())
                 for i in range(len(GAME))]
        assert points == [0] + paper
    s.shot("winner")
    s.fits()
    # The group's statistics, on the phone too.
    with page.expect_navigation():
        s.tap("a:has-text('Statystyki: Rodzina')")
    table = page.locator("#players-table").inner_text()
    assert re.search(r"Ania\s+1\s+1\s+100%", table), table
    s.shot("stats")
    assert not s.errors, s.errors
    context.close()


def deal_of(d: dict[str, Any]) -> dict[str, Any]:
    return dict(d)


def test_statistics_and_the_sheet_on_a_desktop_and_in_english(chromium: Any, site: Any,
                                                              captures: Path | None) -> None:
    page = chromium.new_page(viewport={"width": 1100, "height": 800})
    s = SheetPage(page, captures, "scoresheet-desktop-")
    start_game(s, site.base, NAMES + ["Darek"], "pl-4")
    for deal in ({"declarer": 2, "contract": 120, "cards": ",50,70,", "melds": ",,C,"},
                 {"declarer": 3, "bomb": 1},
                 {"declarer": 0, "contract": 100, "cards": "100,20,,", "melds": ""}):
        s.fill_deal({**deal, "melds": deal.get("melds") or ",,,"})
        s.save()
    assert "Pauzuje" in page.locator(".dealt").inner_text() or \
        "pauzuje" in page.locator(".dealt").inner_text()
    s.shot("sheet")
    page.goto(site.base + "/sheets/g/1/stats")
    s.shot("stats")
    with page.expect_navigation():
        page.locator("#players-table a:has-text('Celina')").click()
    assert page.locator("svg.chart").count() == 1              # contracts by size
    s.shot("player")
    page.click("a.lang")
    assert page.locator("h1").inner_text() == "Player statistics: Celina"
    page.goto(site.base + "/sheets/1")
    assert "Enter deal 4" in page.locator("#deal-form h2").inner_text()
    assert Rules.preset("pl-4").players == 4
    assert not s.errors, s.errors
