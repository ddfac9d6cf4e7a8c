"""Widgets of the full-screen game: a card in the hand, a scrollable text page."""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.content import Content
from textual.message import Message
from textual.screen import ModalScreen
from textual.widgets import Static

from ..cards import card_str
from .panels import card_content


class CardWidget(Static, can_focus=True):
    """One card of the hand. Enter, space (keys of the app) or a click chooses it; an
    unplayable card is dimmed but still answers, so the player learns why it cannot be
    played."""

    DEFAULT_CSS = """
    CardWidget { width: auto; height: 1; padding: 0 1; }
    CardWidget.unplayable { text-opacity: 45%; }
    CardWidget.picked { background: $accent 60%; }
    CardWidget.musik { text-style: underline; }
    CardWidget:focus { background: $primary; }
    """

    class Chosen(Message):
        def __init__(self, card: int) -> None:
            super().__init__()
            self.card = card

    def __init__(self, card: int, lang: str, classes: str = "") -> None:
        # A picked card is raised (↑), as one lifts a card from the hand: visible without
        # colours too.
        label = card_content(card, lang)
        if "picked" in classes.split():
            label = Content.assemble("↑", label)
        super().__init__(label, id=f"card-{card_str(card)}", classes=classes)
        self.card = card

    def on_click(self) -> None:
        self.screen.set_focus(self)
        self.post_message(self.Chosen(self.card))


class TextPage(ModalScreen[None]):
    """A page of text over the game (score sheet, "Pokaż karty", help); Esc closes."""

    # Priority, as the game's keys: the page closes before the next key is handled.
    BINDINGS = [Binding("escape,q,enter,t,k,question_mark", "app.pop_screen", show=False,
                        priority=True)]

    DEFAULT_CSS = """
    TextPage { align: center middle; }
    TextPage > VerticalScroll { width: 100%; height: 100%; border: round $primary;
                                padding: 0 1; background: $surface; }
    """

    def __init__(self, title: str, lines: Sequence[str], footer: str) -> None:
        super().__init__()
        self.title_text = title
        self.lines = list(lines)
        self.footer = footer

    def compose(self) -> ComposeResult:
        with VerticalScroll() as scroll:
            scroll.border_title = self.title_text
            scroll.border_subtitle = self.footer
            yield Static(Content("\n".join(self.lines)), id="page-text")

    def show(self, lines: Sequence[str]) -> None:
        """Put ``lines`` on the page (nothing if it was closed meanwhile)."""
        self.lines = list(lines)
        if self.is_attached:
            self.query_one("#page-text", Static).update(Content("\n".join(self.lines)))
