"""The bots' moves in the full-screen game: one at a time, each drawn and left in sight
for the pause; a trick just taken stays on the table until the next one is led."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

from tysiac.cards import card_display
from tysiac.engine.game import Game
from tysiac.engine.phases import DEAL, GAME_OVER
from tysiac.rules import Rules
from tysiac.tui.app import TysiacApp
from tysiac.tui.panels import table_content
from tysiac.tui.session import Session

from .helpers import new_session

NAMES = ["Ty", "Ania", "Bartek"]


class Recorder(TysiacApp):
    """The app, noting the number of moves of the deal at each drawing and each pause."""

    def __init__(self, session: Session, pause: float) -> None:
        super().__init__(session, "pl", pause)
        self.drawn: list[int] = []
        self.lingered: list[tuple[int, float]] = []

    def moves(self) -> int:
        log = self.session.game.log
        return len(log[-1].actions) if log else 0  # type: ignore[union-attr]

    async def redraw(self) -> None:
        self.drawn.append(self.moves())
        await super().redraw()

    async def linger(self, seconds: float) -> None:
        self.lingered.append((self.moves(), seconds))


def test_each_bot_move_is_drawn_after_a_pause(tmp_path: Path) -> None:
    s = new_session(tmp_path / "g.json", "pl-3", seed=1, levels=("basic",))

    async def main() -> None:
        app = Recorder(s, pause=0.5)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert s.view().my_turn
            # The bots bid first; every bid got its own drawing, after a pause of at
            # most 0.5 s (less the bot's thinking).
            assert app.drawn == list(range(len(app.drawn))) and len(app.drawn) >= 2
            assert [m for m, _ in app.lingered] == app.drawn[1:]
            assert all(0 < sec <= 0.5 for _, sec in app.lingered)
    asyncio.run(main())


def test_no_pause_without_one(tmp_path: Path) -> None:
    s = new_session(tmp_path / "g.json", "pl-3", seed=1, levels=("basic",))

    async def main() -> None:
        app = Recorder(s, pause=0.0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert app.lingered == []
    asyncio.run(main())


def first_trick_taken(seed: int) -> Game:
    rng = random.Random(seed)
    g = Game(Rules.preset("pl-3", bombs_per_player=0), seed=seed)
    g.deal()
    while g.phase not in (DEAL, GAME_OVER) and g.tricks_done < 1:
        g.apply(rng.choice(g.legal_actions()))
    return g


def test_a_trick_taken_stays_on_the_table_until_the_next_is_led() -> None:
    g = first_trick_taken(3)
    leader, cards, winner = g.view(0).tricks[0]
    table = table_content(g.view(0), NAMES, "pl").plain
    assert f"Lewa 1: bierze {NAMES[winner]}" in table
    assert all(card_display(c) in table for c in cards)
    rows = [line for line in table.splitlines() if line.startswith("  ")]
    assert any("★ bierze" in row and row.split()[0] == NAMES[winner] for row in rows)
    nxt = g.view(0).to_move
    assert (f"Lewa 2: wychodzi {NAMES[nxt or 0]}…" if nxt else "Lewa 2: twój ruch") in table
    g.apply(g.legal_actions()[0])                 # the next trick is led
    table = table_content(g.view(0), NAMES, "pl").plain
    assert "Lewa 1: bierze" not in table and "Lewa 2" in table
    assert "Poprzednia lewa:" in table
