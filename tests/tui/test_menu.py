"""The table menu at the start of ``tysiac play``: the preset, the bots and every rule
option chosen with the arrows, a change the rules refuse explained."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable

from textual.pilot import Pilot
from textual.widgets import Static

from tysiac.rules import OPTION_IDS, Rules, parse_option
from tysiac.tui.menu import VALUES, TableChoice, TableMenu

Scenario = Callable[[Pilot[TableChoice | None], TableMenu], Awaitable[None]]


def run_menu(scenario: Scenario, lang: str = "pl", level: str | None = "basic",
             ) -> TableChoice | None:
    async def main() -> TableChoice | None:
        app = TableMenu(lang, level=level)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await scenario(pilot, app)
            await pilot.pause()
        return app.return_value
    return asyncio.run(main())


def shown(app: TableMenu, selector: str) -> str:
    content = app.query_one(selector, Static).content
    return str(getattr(content, "plain", content))


def test_enter_at_once_plays_pl3_with_basic_bots() -> None:
    async def scenario(pilot: Pilot[TableChoice | None], app: TableMenu) -> None:
        assert shown(app, "#about").startswith("we troje, zasady domowe")
        await pilot.press("enter")

    choice = run_menu(scenario)
    assert choice == TableChoice(Rules.preset("pl-3"), "basic")


def test_the_preset_the_bots_and_an_option_are_chosen_with_the_arrows() -> None:
    async def scenario(pilot: Pilot[TableChoice | None], app: TableMenu) -> None:
        await pilot.press("right")                               # pl-3 -> pl-2
        assert shown(app, "#row-preset").startswith("▸ zestaw zasad ")
        assert shown(app, "#row-preset").endswith("◀ pl-2 ▶")
        await pilot.press("down", "right")                       # basic -> strong
        await pilot.press(*["down"] * (1 + OPTION_IDS.index("bombs_per_player")))
        assert shown(app, "#about").startswith("ile bomb ma każdy na partię")
        await pilot.press("left")                                # 1 -> 0
        row = shown(app, "#row-bombs_per_player")
        assert row.startswith("▸ ile bomb ma każdy na partię") and row.endswith(" *◀ 0 ▶")
        assert len(row) == 74
        await pilot.press("enter")

    choice = run_menu(scenario)
    assert choice == TableChoice(Rules.preset("pl-2", bombs_per_player=0), "strong")


def test_a_change_the_rules_refuse_is_explained_and_not_taken() -> None:
    async def scenario(pilot: Pilot[TableChoice | None], app: TableMenu) -> None:
        await pilot.press(*["down"] * (2 + OPTION_IDS.index("mode")))
        await pilot.press("right")                               # dobierany with 3 players
        assert shown(app, "#error") == "Nie można: mode=dobierany to gra we dwoje (players=2)"
        assert '◀ "standard" ▶' in shown(app, "#row-mode")
        await pilot.press("down")
        assert shown(app, "#error") == ""
        await pilot.press("escape")

    assert run_menu(scenario) is None


def test_without_a_bots_row_when_the_bots_are_given_and_in_english() -> None:
    async def scenario(pilot: Pilot[TableChoice | None], app: TableMenu) -> None:
        assert not app.query("#row-bots")
        await pilot.press("down")
        assert shown(app, "#about") == ("number of players\nallowed: 2 or 3 or 4\n"
                                        "on the command line: --set players=…")
        await pilot.press("up", "up", "enter")                   # up wraps to "Play"

    assert run_menu(scenario, "en", None) == TableChoice(Rules.preset("pl-3"), None)


def test_every_option_has_values_to_offer_and_each_is_allowed() -> None:
    assert set(VALUES) == set(OPTION_IDS)
    for option, values in VALUES.items():
        assert len(values) >= 2
        for value in values:                       # each passes the option's own check
            assert parse_option(f"{option}={json.dumps(value)}")[0] == option
