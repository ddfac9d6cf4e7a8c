"""Keys of the full-screen game as people press them: in bursts (a held arrow, a slow
SSH link delivers several keys at once), with confirmations for the keys that cannot be
taken back, and a help page that matches the phase."""

from __future__ import annotations

from pathlib import Path

from textual import events
from textual.pilot import Pilot

from tysiac.cards import card_str
from tysiac.engine import actions as A
from tysiac.tui.app import TysiacApp
from tysiac.tui.widgets import CardWidget, TextPage

from .helpers import new_session
from .test_app import buttons, hand, label, run_app, text

_CHARS = {"enter": "\r", "space": " ", "plus": "+", "minus": "-", "escape": "\x1b",
          "question_mark": "?"}


async def burst(pilot: Pilot[None], *keys: str) -> None:
    """Send ``keys`` together: every one is queued before the app handles the first."""
    app = pilot.app
    driver = app._driver
    assert driver is not None
    for key in keys:
        event = events.Key(key, _CHARS.get(key, key if len(key) == 1 else None))
        event.set_sender(app)
        driver.send_message(event)
    await pilot.pause()
    await pilot.pause()


async def to_first_lead(pilot: Pilot[None], app: TysiacApp) -> None:
    """Bid the lowest raise (the bots pass), give the first two cards, declare the
    lowest contract: the human leads the first trick, every card playable."""
    s = app.session
    while s.view().phase == "bid":
        await pilot.press("enter")
        await pilot.pause()
    await pilot.click(f"#{hand(app)[0].id}")
    await pilot.click(f"#{hand(app)[1].id}")
    await pilot.click("#act-confirm")
    await pilot.pause()
    await pilot.press("enter")
    await pilot.pause()
    v = s.view()
    assert v.phase == "play" and v.my_turn and not v.trick


def test_keys_sent_together_act_in_order_on_the_current_focus(
        tmp_path: Path, passive: str) -> None:
    s = new_session(tmp_path / "g.json", "pl-3", seed=3, levels=(passive,))

    async def scenario(pilot: Pilot[None], app: TysiacApp) -> None:
        # Bidding: Right, Right, Enter presses "+", not the bid that had the focus.
        assert s.view().phase == "bid" and app.focused is app.query_one("#act-value")
        assert label(app, "act-value") == "Licytuj 110"
        await burst(pilot, "right", "right", "enter")
        assert s.view().phase == "bid" and s.view().my_turn     # no bid was placed
        assert label(app, "act-value") == "Licytuj 120"
        await to_first_lead(pilot, app)
        cards = hand(app)
        assert app.focused is cards[0]
        # Three Rights move three cards.
        await burst(pilot, "right", "right", "right")
        assert app.focused is cards[3]
        # Left then Enter plays (or offers the marriage of) the card now focused.
        await burst(pilot, "left", "enter")
        chosen = cards[2].card
        plays = [A.card_of(a) for a in s.game.log[-1].actions  # type: ignore[union-attr]
                 if A.kind(a) == "play"]
        assert app.meld_card == chosen or plays[:1] == [chosen]

    run_app(s, scenario)


def test_a_burst_across_the_buttons_of_the_bidding(tmp_path: Path, passive: str) -> None:
    s = new_session(tmp_path / "g.json", "pl-3", seed=3, levels=(passive,))

    async def scenario(pilot: Pilot[None], app: TysiacApp) -> None:
        # The cap is 120: "+" twice stops there; Right, Enter presses "−".
        await burst(pilot, "plus", "plus", "right", "enter")
        assert label(app, "act-value") == "Licytuj 110"
        assert s.view().phase == "bid" and s.view().my_turn
        await burst(pilot, "plus", "enter")                        # the focus is on the bid
        assert (0, 120) in s.game.bids

    run_app(s, scenario)


def test_focus_follows_every_arrow_of_a_held_key(tmp_path: Path, passive: str) -> None:
    s = new_session(tmp_path / "g.json", "pl-3", seed=3, levels=(passive,))

    async def scenario(pilot: Pilot[None], app: TysiacApp) -> None:
        await to_first_lead(pilot, app)
        cards = hand(app)
        await burst(pilot, *["right"] * 10)
        assert app.focused is cards[10 % len(cards)]
        assert isinstance(app.focused, CardWidget)

    run_app(s, scenario)


def test_help_and_text_pages_close_before_the_next_key(tmp_path: Path, passive: str) -> None:
    s = new_session(tmp_path / "g.json", "pl-3", seed=3, levels=(passive,))

    async def scenario(pilot: Pilot[None], app: TysiacApp) -> None:
        await pilot.press("question_mark")
        assert "stawka na przycisku" in text(app, "#page-text")          # bidding's keys
        await pilot.press("escape")
        await burst(pilot, "question_mark", "escape", "plus")
        assert not isinstance(app.screen, TextPage)
        assert label(app, "act-value") == "Licytuj 120"        # "+" reached the game
        assert "act-pass" in buttons(app) and A.PASS in s.view().legal
        assert text(app, "#prompt").startswith("Licytujesz")

    run_app(s, scenario)


def test_the_hint_while_giving_is_for_the_card_still_to_give(tmp_path: Path,
                                                              passive: str) -> None:
    s = new_session(tmp_path / "g.json", "pl-3", seed=3, levels=(passive,))

    async def scenario(pilot: Pilot[None], app: TysiacApp) -> None:
        await pilot.press("enter")                        # the bots pass: we declare
        await pilot.pause()
        v = s.view()
        assert v.phase == "exchange" and v.my_turn
        best = A.card_of(s.hint()[0].action)             # what the hint says first
        await pilot.click(f"#card-{card_str(best)}")      # given to Ania
        assert text(app, "#prompt").startswith("Oddaj kartę graczowi Bartek")
        await pilot.press("h")
        for _ in range(400):                              # the advice is computed in a thread
            await pilot.pause(0.05)
            if not text(app, "#reason").startswith("Myślę"):
                break
        note = text(app, "#reason")
        assert note.startswith("Rada (bilans pkt): oddaj ")
        assert A.describe(A.give(best), "pl") not in note
        advised = {A.card_of(a.action) for a in s.hint([best])}
        assert best not in advised and app.focused.card in advised  # type: ignore[union-attr]
        await pilot.click(f"#{app.focused.id}")           # type: ignore[union-attr]
        await pilot.press("h")
        await pilot.pause()
        assert text(app, "#reason") == "Karty wybrane: zatwierdź albo zacznij od nowa."

    run_app(s, scenario)


def test_b_and_q_ask_for_a_second_press(tmp_path: Path, passive: str) -> None:
    s = new_session(tmp_path / "g.json", "pl-3", seed=3, levels=(passive,))

    async def scenario(pilot: Pilot[None], app: TysiacApp) -> None:
        await pilot.press("enter")                          # the bots pass: we declare
        await pilot.pause()
        await pilot.click(f"#{hand(app)[0].id}")
        await pilot.click(f"#{hand(app)[1].id}")
        await pilot.click("#act-confirm")
        await pilot.pause()
        assert s.view().phase == "declare" and A.BOMB in s.view().legal
        await pilot.press("b")
        assert s.view().phase == "declare"
        assert text(app, "#reason").startswith("Naciśnij b jeszcze raz, by rzucić bombę")
        await pilot.press("right", "b")                     # another key said no: asked again
        assert s.view().phase == "declare" and text(app, "#reason").startswith("Naciśnij b")
        await pilot.press("b")
        await pilot.pause()
        assert s.between_deals and s.game.results[0].bomb
        await pilot.press("q")
        assert app.is_running
        assert text(app, "#reason").startswith("Naciśnij q jeszcze raz, by zakończyć")
        await pilot.press("escape")
        assert text(app, "#reason") == ""
        await pilot.press("q", "q")
        await pilot.pause()
        assert not app.is_running

    run_app(s, scenario)
