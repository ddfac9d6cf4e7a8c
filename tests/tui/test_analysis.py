"""The deal's analysis in the terminal game: worked out once per deal by the session,
shown under "Pokaż karty" (k) with the costly cards marked, and the game's line per
player."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

from textual.pilot import Pilot

from tysiac.analysis import NotAnalysable
from tysiac.analysis.text import MARKS
from tysiac.tui.app import TysiacApp
from tysiac.tui.summary import show_cards
from tysiac.tui.widgets import TextPage

from .helpers import new_session, play_until
from .test_app import run_app, text


def test_the_session_analyses_each_deal_once(tmp_path: Path) -> None:
    s = new_session(tmp_path / "g.json", "pl-3", seed=6, levels=("basic",))
    assert s.analysis() is None and s.analysed()[1] == 0
    play_until(s, random.Random(1), 1)
    first = s.analysis()
    assert first is not None and first.index == len(s.game.log) - 1
    assert s.analysis() is first                       # worked out once
    assert s.analysis(s.game.copy()) is first
    totals, count = s.analysed()
    assert count == 1 and totals == list(first.losses)
    play_until(s, random.Random(2), 2)
    second = s.analysis()
    assert second is not None and second is not first
    totals, count = s.analysed()
    assert count == 2
    assert [t.bidding for t in totals] == [
        a.bidding + b.bidding for a, b in zip(first.losses, second.losses, strict=True)]


def test_pokaz_karty_marks_the_costly_cards(tmp_path: Path) -> None:
    s = new_session(tmp_path / "g.json", "pl-3", seed=6, levels=("basic",))
    play_until(s, random.Random(1), 1)
    a = s.analysis()
    assert a is not None
    lines = show_cards(s.game, s.names, "pl", s.human, analysis=a)
    tricks = [line for line in lines if line[:4].strip().rstrip(".").isdigit()]
    assert len(tricks) == len(s.game.tricks)
    for i, trick in enumerate(tricks):
        marked = [c for c in a.play if c.trick == i and c.verdict in MARKS]
        assert sum(trick.count(m) for m in MARKS.values()) == len(marked)
    assert "Karty grającego (wszystkie ręce znane, najlepsza obrona):" in lines
    assert any(line.startswith("Licytacja z perspektywy") for line in lines)
    assert lines[-4].startswith("Stracone punkty")


def test_the_draw_game_says_it_is_not_analysed(tmp_path: Path) -> None:
    s = new_session(tmp_path / "g.json", "dobierany", seed=2, levels=("basic",))
    play_until(s, random.Random(3), 1)
    try:
        s.analysis()
    except NotAnalysable as e:
        assert "dobierany" in e.message("pl")
    else:
        raise AssertionError("the draw game was analysed")


def test_k_shows_the_cards_then_the_analysis(tmp_path: Path) -> None:
    s = new_session(tmp_path / "g.json", "pl-3", seed=6, levels=("basic",))
    play_until(s, random.Random(1), 1)

    async def scenario(pilot: Pilot[None], app: TysiacApp) -> None:
        assert s.between_deals
        await pilot.press("k")
        await pilot.pause()
        assert isinstance(app.screen, TextPage)
        page = text(app, "#page-text")
        assert "Rozdane karty:" in page
        for _ in range(200):                      # the analysis comes from a thread
            if "W tej partii" in text(app, "#page-text"):
                break
            await asyncio.sleep(0.05)
        page = text(app, "#page-text")
        assert "Analiza rozdania: liczę…" not in page
        assert "Lewy:" in page and "Licytacja z perspektywy" in page
        assert "W tej partii (przeanalizowane rozdania: 1):" in page
        assert page.count("Analiza rozdania 1:") == 1
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("k")                    # the second time, at once
        await pilot.pause()
        await pilot.pause()
        assert "W tej partii" in text(app, "#page-text")

    run_app(s, scenario)
