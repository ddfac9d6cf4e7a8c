"""The full-screen game (Textual): one human against bots, keyboard and mouse.

The app decides only from the human's view and acts through the session, which
checks every action in the engine; an illegal card is answered with the engine's
reason. Layout for 80×24: a status line, the table with the scores beside it,
the prompt, the reason line, the action buttons, the hand and a key line.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable

from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.content import Content
from textual.widget import Widget
from textual.widgets import Button, Static
from textual.widgets.button import ButtonVariant

from ..analysis import NotAnalysable
from ..analysis.text import game_lines
from ..analysis.text import tr as analysis_tr
from ..cards import MARRIAGE_VALUES, card_str, mask_of, sorted_for_display
from ..engine import actions as A
from ..engine.errors import PHASE_NAMES, IllegalAction
from ..engine.game import Game
from ..engine.views import View
from ..oserrors import os_reason
from .panels import side_content, status_line, table_content
from .session import Session
from .summary import deal_summary, last_trick_line, score_sheet, show_cards
from .texts import (
    advice_text,
    bid_prompt,
    card,
    cards,
    declare_prompt,
    help_lines,
    reason,
    suit_name,
    tr,
    tr_about,
)
from .widgets import CardWidget, TextPage


class TysiacApp(App[None]):
    TITLE = "Tysiąc"

    CSS = """
    Screen { layout: vertical; }
    #status { height: 1; background: $primary-darken-2; color: $text; padding: 0 1; }
    #main { height: 1fr; }
    #table { width: 1fr; height: 100%; border: round $primary; padding: 0 1; }
    #side { width: 28; height: 100%; border: round $secondary; padding: 0 1; }
    #main.wide #side { display: none; }
    #prompt { height: auto; max-height: 2; padding: 0 1; text-style: bold; }
    #reason { height: auto; max-height: 2; padding: 0 1; color: $error; }
    #reason.info { color: $success; }
    #actions { height: 1; padding: 0 1; }
    #actions Button { min-width: 5; margin: 0 1 0 0; }
    #hand { height: 1; padding: 0 0; }
    #keys { height: 1; padding: 0 1; color: $text-muted; }
    """

    # Every game key is a priority binding of the app: the app handles keys one at a
    # time in the order they arrive, each on the focus the one before left, however
    # fast they come (a held arrow, a slow SSH link). Focus moves synchronously.
    BINDINGS = [
        Binding("ctrl+c", "quit", show=False, priority=True),
        Binding("q", "quit_key", show=False, priority=True),
        Binding("t", "sheet", show=False, priority=True),
        Binding("k", "show_cards", show=False, priority=True),
        Binding("question_mark,f1", "help", show=False, priority=True),
        Binding("u", "undo", show=False, priority=True),
        Binding("h", "hint", show=False, priority=True),
        Binding("p", "press('act-pass')", show=False, priority=True),
        Binding("b", "press('act-bomb')", show=False, priority=True),
        Binding("plus,equals_sign", "step(1)", show=False, priority=True),
        Binding("minus", "step(-1)", show=False, priority=True),
        Binding("up", "up_down(1)", show=False, priority=True),
        Binding("down", "up_down(-1)", show=False, priority=True),
        Binding("left,shift+tab", "move(-1)", show=False, priority=True),
        Binding("right,tab", "move(1)", show=False, priority=True),
        Binding("enter,space", "enter", show=False, priority=True),
    ]

    #: Actions of the game screen: off while a page (help, score sheet) is over it.
    GAME_ACTIONS = frozenset(("sheet", "show_cards", "help", "undo", "hint", "press", "step",
                              "up_down", "move", "enter", "quit_key"))

    def __init__(self, session: Session, lang: str = "pl", pause: float = 0.0) -> None:
        """``pause``: seconds each bot's move stays in sight before the next one."""
        super().__init__()
        self.session = session
        session.paced = True                 # the app moves the bots, one move at a time
        self.lang = lang
        self.pause = pause
        self.picks: list[int] = []          # cards picked to give or discard
        self.meld_card: int | None = None   # a K or Q waiting for "announce or not"
        self.value = 0                       # the bid or contract on the stepper
        self.note = ""                       # the reason line
        self.note_is_info = False
        self.armed: str | None = None        # "q" or "b": pressed once, asked to confirm

    # --- layout ----------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Static(id="status")
        with Horizontal(id="main"):
            yield Static(id="table")
            yield Static(id="side")
        yield Static(id="prompt")
        yield Static(id="reason")
        yield Horizontal(id="actions")
        yield Horizontal(id="hand")
        yield Static(id="keys")

    async def on_mount(self) -> None:
        await self.act(self.session.begin)

    @property
    def names(self) -> list[str]:
        return self.session.names

    def say(self, key: str, **kw: object) -> str:
        return tr(key, self.lang, **kw)

    # --- drawing ---------------------------------------------------------------------

    async def redraw(self) -> None:
        """Draw everything from the human's current view."""
        s, v, lang = self.session, self.session.view(), self.lang
        self.query_one("#status", Static).update(status_line(v, lang, self.names))
        main = self.query_one("#main")
        table = self.query_one("#table", Static)
        if s.between_deals or s.over:
            main.add_class("wide")
            lines = deal_summary(s.game, self.names, lang, s.human)
            last = last_trick_line(s.game, self.names, lang)
            table.update(Content("\n".join(lines + ["", last] if last else lines)))
        else:
            main.remove_class("wide")
            table.update(table_content(v, self.names, lang))
            self.query_one("#side", Static).update(side_content(v, self.names, lang))
        self.query_one("#prompt", Static).update(self.prompt(v))
        note = self.query_one("#reason", Static)
        note.update(self.note)
        note.set_class(self.note_is_info, "info")
        keys = self.say("keys", undo=self.say("key_undo") if s.table.undo else "")
        self.query_one("#keys", Static).update(keys)
        # Rebuilding the rows moves Textual's focus around: remember the card first.
        card_focused = self.focused.card if isinstance(self.focused, CardWidget) else None
        await self.draw_actions(v)
        await self.draw_hand(v)
        self.place_focus(v, card_focused)

    def prompt(self, v: View) -> str:
        s = self.session
        if s.over:
            w = s.game.winner
            if w == "draw":
                return self.say("game_over") + " " + self.say("draw")
            seat = int(w or 0)
            return self.say("game_over") + " " + tr_about("winner", self.lang, seat, s.human,
                                                          name=self.names[seat])
        if s.between_deals:
            return self.say("deal_over")
        if not v.my_turn:
            if s.may_redeal():
                return self.say("redeal_offer")
            return self.say("waiting", name=self.names[v.to_move or 0])
        if v.phase == "bid":
            bids = [A.value_of(a) for a in v.legal if A.kind(a) == "bid"]
            return bid_prompt(v.cap, bids, v.rules.bid_step, self.lang)
        if v.phase == "choose_musik":
            return self.say("choose_musik")
        if v.phase == "exchange":
            return self.exchange_prompt(v)
        if v.phase == "declare":
            text = declare_prompt(self.values(v), self.lang)
            return text + (self.say("bomb_too") if A.BOMB in v.legal else "")
        if self.meld_card is not None:
            suit = self.meld_card // 6
            return self.say("meld_offer", suit=suit_name(suit, self.lang),
                            value=MARRIAGE_VALUES[suit])
        return self.say("follow" if v.trick else "lead")

    def exchange_prompt(self, v: View) -> str:
        lang = self.lang
        if v.players == 2:
            need = v.rules.musik_size
            if len(self.picks) == need:
                return self.say("discard_ready", cards=cards(self.picks, lang))
            text = self.say("discard", n=need, k=len(self.picks))
        else:
            receivers = self.session.receivers()
            if len(self.picks) == len(receivers):
                return self.say("give_ready", gifts=self.gifts_text())
            text = self.say("give", name=self.names[receivers[len(self.picks)]])
        return text + (self.say("bomb_too") if A.BOMB in v.legal and not self.picks else "")

    def gifts_text(self) -> str:
        pairs = zip(self.session.receivers(), self.picks, strict=False)
        return ", ".join(f"{card(c, self.lang)} → {self.names[r]}" for r, c in pairs)

    def values(self, v: View) -> list[int]:
        """The bids or contracts the stepper runs over."""
        kind = "bid" if v.phase == "bid" else "declare"
        return [A.value_of(a) for a in v.legal if A.kind(a) == kind]

    async def draw_actions(self, v: View) -> None:
        bar = self.query_one("#actions", Horizontal)
        await bar.remove_children()
        await bar.mount_all(self.buttons(v))

    def buttons(self, v: View) -> list[Button]:
        s = self.session

        def b(key: str, ident: str, variant: ButtonVariant = "default", **kw: object) -> Button:
            return Button(self.say(key, **kw), id=f"act-{ident}", compact=True, variant=variant)

        if s.over:
            return [b("rematch", "rematch", "primary"), b("sheet", "sheet"),
                    b("show_cards", "cards"), b("quit", "quit")]
        if s.between_deals:
            return [b("next_deal", "next", "primary"), b("show_cards", "cards"),
                    b("sheet", "sheet")]
        if not v.my_turn:
            return [b("redeal", "redeal"), b("play_on", "playon", "primary")] \
                if s.may_redeal() else []
        out: list[Button] = []
        if v.phase in ("bid", "declare"):
            values = self.values(v)
            if values:
                self.value = min(max(self.value, values[0]), values[-1])
                if self.value not in values:
                    self.value = values[0]
                label = "bid_btn" if v.phase == "bid" else "declare_btn"
                out += [b(label, "value", "primary", n=self.value),
                        Button("−", id="act-minus", compact=True),
                        Button("+", id="act-plus", compact=True)]
            if A.PASS in v.legal:
                out.append(b("pass", "pass"))
            if A.redeal(s.human) in v.legal:
                out.append(b("redeal", "redeal"))
        elif v.phase == "choose_musik":
            out += [b("musik_btn", f"musik-{i}", "primary", n=i + 1) for i in (0, 1)]
        elif v.phase == "exchange":
            need = v.rules.musik_size if v.players == 2 else len(s.receivers())
            if len(self.picks) == need:
                out.append(b("confirm", "confirm", "primary"))
            if self.picks:
                out.append(b("reset", "reset"))
        elif v.phase == "play" and self.meld_card is not None:
            c = card(self.meld_card, self.lang)
            out += [b("meld_yes", "meld-yes", "primary", card=c),
                    b("meld_no", "meld-no", card=c), b("cancel", "cancel")]
        if A.BOMB in v.legal and not self.picks:
            out.append(b("bomb", "bomb", "error"))
        return out

    async def draw_hand(self, v: View) -> None:
        hand = self.query_one("#hand", Horizontal)
        await hand.remove_children()
        playable = {A.card_of(a) for a in v.legal if A.kind(a) == "play"}
        musik = set(v.musik or ()) if v.seat == v.declarer and v.phase in (
            "exchange", "declare") else set()
        widgets = []
        for c in sorted_for_display(mask_of(v.hand)):
            classes = []
            if v.phase == "play" and v.my_turn and c not in playable:
                classes.append("unplayable")
            if c in self.picks:
                classes.append("picked")
            if c in musik:
                classes.append("musik")
            widgets.append(CardWidget(c, self.lang, " ".join(classes)))
        await hand.mount_all(widgets)

    def place_focus(self, v: View, card_focused: int | None = None) -> None:
        """Put the keyboard where the next decision is: on the card that had it while
        cards are chosen, else on the first playable card or the first button."""
        s = self.session
        if v.phase == "exchange" and self.query("#act-confirm"):
            self.set_focus(self.query_one("#act-confirm"))
            return
        if card_focused in v.hand and v.phase in ("play", "exchange") \
                and self.meld_card is None:
            self.set_focus(self.query_one(f"#card-{card_str(card_focused or 0)}"))
            return
        first_button = self.query("#actions Button").first() \
            if self.query("#actions Button") else None
        if v.my_turn and v.phase in ("play", "exchange") and self.meld_card is None:
            playable = self.query("#hand CardWidget").exclude(".unplayable")
            if playable:
                self.set_focus(playable.first())
                return
        if first_button is not None:
            self.set_focus(first_button)
        elif s.over or not v.my_turn:
            self.set_focus(None)

    # --- input ---------------------------------------------------------------------------

    async def on_card_widget_chosen(self, message: CardWidget.Chosen) -> None:
        await self.choose_card(message.card)

    async def choose_card(self, c: int) -> None:
        """A card of the hand chosen (Enter on it, or a click)."""
        v = self.session.view()
        if v.my_turn and v.phase == "exchange":
            need = v.rules.musik_size if v.players == 2 else len(self.session.receivers())
            if c in self.picks:
                self.picks.remove(c)
            elif len(self.picks) < need:
                self.picks.append(c)
            self.set_note("")
            await self.redraw()
            return
        if v.my_turn and v.phase == "play":
            if A.play(c, meld=True) in v.legal:
                self.meld_card = c
                self.set_note("")
                await self.redraw()
                return
            await self.act(lambda: self.session.act(A.play(c)))
            return
        if self.session.between_deals or self.session.over:
            return
        phase = PHASE_NAMES.get(v.phase, (v.phase, v.phase))[0 if self.lang == "pl" else 1]
        self.set_note(self.say("no_cards_now", phase=phase))
        await self.redraw()

    async def on_button_pressed(self, event: Button.Pressed) -> None:
        await self.press_button((event.button.id or "").removeprefix("act-"))

    async def press_button(self, ident: str) -> None:
        """A button of the action bar pressed (Enter on it, its key, or a click)."""
        s = self.session
        if ident == "value":
            v = s.view()
            a = A.bid(self.value) if v.phase == "bid" else A.declare(self.value)
            await self.act(lambda: s.act(a))
        elif ident in ("minus", "plus"):
            await self.action_step(1 if ident == "plus" else -1)
        elif ident == "pass":
            await self.act(lambda: s.act(A.PASS))
        elif ident == "bomb":
            await self.act(lambda: s.act(A.BOMB))
        elif ident == "redeal":
            await self.act(lambda: s.act(A.redeal(s.human)))
        elif ident == "playon":
            await self.act(s.run_bots)
        elif ident.startswith("musik-"):
            await self.act(lambda: s.act(A.choose_musik(int(ident[-1]))))
        elif ident == "confirm":
            picks = list(self.picks)
            if s.view().players == 2:
                await self.act(lambda: s.discard(picks))
            else:
                await self.act(lambda: s.give(dict(zip(s.receivers(), picks, strict=True))))
        elif ident == "reset":
            self.picks = []
            await self.redraw()
        elif ident in ("meld-yes", "meld-no") and self.meld_card is not None:
            a = A.play(self.meld_card, meld=ident == "meld-yes")
            await self.act(lambda: s.act(a))
        elif ident == "cancel":
            self.meld_card = None
            await self.redraw()
        elif ident == "next":
            await self.act(s.start_deal)
        elif ident == "cards":
            self.action_show_cards()
        elif ident == "sheet":
            self.action_sheet()
        elif ident == "quit":
            self.exit()
        elif ident == "rematch":
            await self.rematch()

    async def rematch(self) -> None:
        """A new game at the same table (rules, seats, bots), saved in a new file."""
        try:
            session = await asyncio.to_thread(self.session.rematch, self.lang)
        except OSError as e:
            self.set_note(self.say("save_failed", reason=os_reason(e, self.lang)))
            await self.redraw()
            return
        session.paced = True
        self.session = session
        await self.act(session.begin)

    async def act(self, do: Callable[[], object]) -> None:
        """Run a session action, then the bots' answers; an illegal action leaves the
        game as it was and says why. Keys wait in the app's queue until it is done,
        then act in order."""
        self.query_one("#prompt", Static).update(self.say("bots_play"))
        try:
            await asyncio.to_thread(do)
        except IllegalAction as e:
            self.set_note(reason(e, self.lang, self.names, self.session.view().legal))
        else:
            self.set_note("")
            self.picks = []
            self.meld_card = None
            self.value = 0
        self.note_save_error()
        await self.redraw()
        await self.bots_move()

    async def bots_move(self) -> None:
        """The bots' moves one at a time, each drawn and left in sight for ``pause``
        seconds (less the time the bot thought), in a thread: the screen stays drawn."""
        shown = time.monotonic()
        while await asyncio.to_thread(self.session.bot_step):
            wait = self.pause - (time.monotonic() - shown)
            if wait > 0:
                await self.linger(wait)
            self.note_save_error()
            await self.redraw()
            shown = time.monotonic()

    async def linger(self, seconds: float) -> None:
        """Leave the screen as it is for ``seconds``."""
        await asyncio.sleep(seconds)

    def note_save_error(self) -> None:
        error = self.session.save_error
        if error is not None:       # the move stands; the file catches up at the next save
            self.set_note(self.say("save_failed", reason=os_reason(error, self.lang)))

    def set_note(self, text: str, info: bool = False) -> None:
        self.note = text
        self.note_is_info = info

    # --- keys ------------------------------------------------------------------------------

    async def action_step(self, step: int) -> None:
        v = self.session.view()
        values = self.values(v) if v.my_turn and v.phase in ("bid", "declare") else []
        if not values:
            return
        i = values.index(self.value) if self.value in values else 0
        self.value = values[min(max(i + step, 0), len(values) - 1)]
        await self.redraw()
        self.set_focus(self.query_one("#act-value"))

    async def action_up_down(self, step: int) -> None:
        """Up and down: raise or lower a bid or contract; elsewhere switch between the
        hand and the buttons."""
        v = self.session.view()
        if v.my_turn and v.phase in ("bid", "declare"):
            await self.action_step(step)
            return
        focused = self.focused
        row = "#hand" if focused is None or focused.parent is self.query_one("#actions") \
            else "#actions"
        items = [w for w in self.query_one(row).children if w.focusable]
        if items:
            self.set_focus(items[0])

    def action_move(self, step: int) -> None:
        """Left and right: to the neighbouring card or button."""
        focused = self.focused
        row = focused.parent if focused is not None else None
        if not isinstance(row, Widget) or row.id not in ("hand", "actions"):
            row = self.query_one("#hand")
        items = [w for w in row.children if w.focusable]
        if not items:
            return
        i = items.index(focused) if focused in items else (-1 if step > 0 else len(items))
        self.set_focus(items[(i + step) % len(items)])

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The game's keys act on the game screen only; over a page they fall through
        to the page (Esc closes it, arrows scroll it)."""
        return action not in self.GAME_ACTIONS or len(self.screen_stack) == 1

    async def on_event(self, event: events.Event) -> None:
        # Any other key answers "no" to a confirmation (q twice quits, b twice bombs).
        if isinstance(event, events.Key) and not event.is_forwarded and \
                self.armed is not None and event.key != self.armed:
            self.armed = None
            self.set_note("")
            self.query_one("#reason", Static).update("")
        await super().on_event(event)

    def confirmed(self, key: str, question: str) -> bool:
        """Whether ``key`` was pressed twice in a row; the first time asks."""
        if self.armed == key:
            self.armed = None
            return True
        self.armed = key
        self.set_note(self.say(question))
        self.query_one("#reason", Static).update(self.note)
        return False

    async def action_press(self, ident: str) -> None:
        if not self.query(f"#{ident}"):
            return
        if ident == "act-bomb" and not self.confirmed("b", "confirm_bomb"):
            return
        await self.press_button(ident.removeprefix("act-"))

    async def action_enter(self) -> None:
        """Enter (or space): the focused card or button; between deals, the next deal."""
        focused = self.focused
        if isinstance(focused, CardWidget):
            await self.choose_card(focused.card)
        elif isinstance(focused, Button):
            await self.press_button((focused.id or "").removeprefix("act-"))
        elif self.session.between_deals:
            await self.act(self.session.start_deal)

    async def action_quit_key(self) -> None:
        if self.confirmed("q", "confirm_quit"):
            self.exit()

    async def action_undo(self) -> None:
        s = self.session
        if not s.table.undo:
            self.set_note(self.say("undo_off"))
        elif s.undo():
            self.picks, self.meld_card = [], None
            self.set_note(self.say("undone"), info=True)
        else:
            self.set_note(self.say("undo_none"))
        await self.redraw()

    async def action_hint(self) -> None:
        """The hint bot's advice on the line below the prompt; the keyboard goes to
        the advised card or bid."""
        if not self.session.view().my_turn:
            self.set_note(self.say("hint_none"))
            await self.redraw()
            return
        self.set_note(self.say("thinking"), info=True)
        await self.redraw()
        picks = list(self.picks)            # the hint is for the next card to pick
        advice = await asyncio.to_thread(self.session.hint, picks)
        if advice:
            self.set_note(advice_text(advice[:3], self.session.view(), self.names, self.lang),
                          info=True)
        else:
            self.set_note(self.say("hint_picked"), info=True)
        await self.redraw()
        if advice:
            best = advice[0].action
            kind = A.kind(best)
            if kind in ("bid", "declare"):
                self.value = A.value_of(best)
                await self.redraw()
                self.set_focus(self.query_one("#act-value"))
            elif kind in ("play", "give", "discard"):
                self.set_focus(self.query_one(f"#card-{card_str(A.card_of(best))}"))

    def action_sheet(self) -> None:
        lines = score_sheet(self.session.game, self.names, self.lang)
        self.push_screen(TextPage(lines[0], lines[2:], self.say("close")))

    def action_show_cards(self) -> None:
        """"Pokaż karty" at once; the deal's analysis joins it when it is worked out
        (in a thread: about a second the first time)."""
        s = self.session
        lines = show_cards(s.game, self.names, self.lang, s.human)
        if not s.game.results:
            self.push_screen(TextPage(lines[0], lines, self.say("close")))
            return
        page = TextPage(lines[0], [*lines[2:], "", analysis_tr("analysing", self.lang)],
                        self.say("close"))
        self.push_screen(page)
        self.run_worker(self.analyse(page, s.game.copy()), exit_on_error=False)

    async def analyse(self, page: TextPage, game: Game) -> None:
        s, lang = self.session, self.lang
        try:
            analysis = await asyncio.to_thread(s.analysis, game)
        except NotAnalysable as e:
            page.show([*show_cards(game, self.names, lang, s.human)[2:], "", e.message(lang)])
            return
        totals, analysed = s.analysed()
        lines = show_cards(game, self.names, lang, s.human, analysis=analysis)
        page.show([*lines[2:], "", *game_lines(totals, self.names, analysed, lang)])

    def action_help(self) -> None:
        s, v = self.session, self.session.view()
        phase = "over" if s.over else "between" if s.between_deals else \
            v.phase if v.my_turn else "waiting"
        lines = help_lines(phase, self.lang, s.table.undo, A.BOMB in v.legal)
        self.push_screen(TextPage(self.say("help_title"), lines, self.say("close")))
