"""The table menu at the start of ``tysiac play``: the preset, the bots' level and every
rule option, each with a line saying what it is. ↑↓ move between rows, ←→ change the
value, Enter starts the game, Esc or q leaves without one.

A change that the rules do not allow together with the others (a barrier over the goal)
is refused with the reason. The result is the rules and the bots' level.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.widgets import Static

from ..rule_texts import option_text, preset_text
from ..rules import OPTION_IDS, PRESET_NAMES, Rules, RulesError, allowed_values

_PENALTY = {"every": 3, "points": 120}

#: The values the menu offers for each option (the preset's own is always offered too).
VALUES: dict[str, tuple[Any, ...]] = {
    "players": (2, 3, 4),
    "mode": ("standard", "dobierany"),
    "two_player_layout": ("10+2x2", "9+2x3"),
    "sitting_out": ("dealer", "right_of_dealer", "opposite_dealer"),
    "bid_step": (10, 5),
    "bid_jumps": (True, False),
    "bid_cap": ("melds_in_hand", "none"),
    "redeal_four_nines": (False, True),
    "redeal_weak_hand_max": (None, 10, 20, 30),
    "musik_reveal": ("always", "hidden_at_100", "from_130", "never"),
    "declare_cap": ("melds_in_hand", "none"),
    "leftover_cards": ("last_trick", "nobody"),
    "bomb_points": (40, 60),
    "bombs_per_player": (0, 1, 2, None),
    "bomb_timing": ("before_exchange", "after_exchange"),
    "bomb_only_unraised_100": (False, True),
    "bomb_free_first": (0, 1, 2),
    "bomb_penalty": (None, _PENALTY),
    "meld_first_trick": (True, False),
    "must_beat": (True, False),
    "must_trump": (True, False),
    "must_overtrump": (True, False),
    "rounding": ("half_up", "half_down"),
    "zero_penalty": (None, _PENALTY),
    "goal": (1000, 500),
    "barrier": (None, 400, 800, 900),
    "barrier_mode": ("start_of_deal", "cap"),
    "defender_max": (None, 490, 990),
    "barrel": (None, {"at": 880, "deals": 3, "penalty": 120},
               {"at": 800, "deals": 3, "penalty": 120}),
}

BOT_LEVELS = ("basic", "strong", "expert", "random")

#: The width of a row inside the menu's frame on an 80-column screen.
ROW_WIDTH = 72

_T = {
    "title": ("Nowa partia: zasady stołu", "A new game: the table's rules"),
    "preset": ("zestaw zasad", "preset"),
    "bots": ("boty", "bots"),
    "bots_about": ("poziom botów: basic (rozsądny), strong (szuka najlepszego ruchu, "
                   "myśli dłużej), expert (jak strong, licytuje z wyuczonego modelu i "
                   "wnioskuje z licytacji), random (losowy)",
                   "the bots' level: basic (sound), strong (searches for the best move, "
                   "thinks longer), expert (strong's search, bids from a learned model, "
                   "reads the others' bids), random"),
    "start": ("[ Graj ]", "[ Play ]"),
    "start_about": ("Enter: zacznij partię z tymi zasadami", "Enter: start the game"),
    "allowed": ("dozwolone: {text}", "allowed: {text}"),
    "option": ("w poleceniu: --set {option}=…", "on the command line: --set {option}=…"),
    "keys": ("↑↓ wiersz · ←→ zmień · Enter graj · Esc wyjdź · * zmienione",
             "↑↓ row · ←→ change · Enter play · Esc leave · * changed"),
    "refused": ("Nie można: {reason}", "Not allowed: {reason}"),
}


@dataclass(frozen=True, slots=True)
class TableChoice:
    rules: Rules
    level: str | None       # None: the bots given on the command line


def _say(key: str, lang: str, **kw: str) -> str:
    return _T[key][0 if lang == "pl" else 1].format(**kw)


def _shown(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


class TableMenu(App[TableChoice | None]):
    """The rows: the preset, the bots (unless given on the command line), every option,
    and "Play"."""

    CSS = """
    #title { height: 1; background: $primary-darken-2; padding: 0 1; }
    #rows { height: 1fr; border: round $primary; padding: 0 1; scrollbar-size-vertical: 1; }
    .row { height: 1; }
    .row:focus { background: $primary; }
    #about { height: 4; padding: 0 1; }
    #error { height: 1; padding: 0 1; color: $error; }
    #keys { height: 1; padding: 0 1; color: $text-muted; }
    """

    BINDINGS = [
        Binding("up", "row(-1)", show=False, priority=True),
        Binding("down", "row(1)", show=False, priority=True),
        Binding("shift+tab", "row(-1)", show=False, priority=True),
        Binding("tab", "row(1)", show=False, priority=True),
        Binding("left", "change(-1)", show=False, priority=True),
        Binding("right,space", "change(1)", show=False, priority=True),
        Binding("enter", "start", show=False, priority=True),
        Binding("escape,q,ctrl+c", "leave", show=False, priority=True),
    ]

    def __init__(self, lang: str = "pl", preset: str = "pl-3",
                 level: str | None = "basic") -> None:
        """``level``: the bots' level offered first; None: no bots row (given already)."""
        super().__init__()
        self.lang = lang
        self.preset = preset
        self.level = level
        self.overrides: dict[str, Any] = {}
        self.rules = Rules.preset(preset)
        self.keys = ["preset"] + (["bots"] if level is not None else []) + list(
            OPTION_IDS) + ["start"]
        self.row = 0

    def compose(self) -> ComposeResult:
        yield Static(_say("title", self.lang), id="title")
        with VerticalScroll(id="rows"):
            for key in self.keys:
                yield Static(id=f"row-{key}", classes="row")
        yield Static(id="about")
        yield Static(id="error")
        yield Static(_say("keys", self.lang), id="keys")

    def on_mount(self) -> None:
        self.draw()

    # --- drawing -------------------------------------------------------------------

    def row_text(self, key: str) -> str:
        """What the row is, in words, and its value: ``liczba graczy ... ◀ 3 ▶``; the
        row with the keyboard is marked ▸ (visible without colours too)."""
        lead = "▸ " if key == self.keys[self.row] else "  "
        return lead + self._row_text(key)

    def _row_text(self, key: str) -> str:
        lang = self.lang
        if key == "start":
            return _say("start", lang)
        if key == "preset":
            label, value, mark = _say("preset", lang), self.preset, " "
        elif key == "bots":
            label, value, mark = _say("bots", lang), str(self.level), " "
        else:
            label, value = option_text(key, lang), _shown(self.rules.options()[key])
            mark = "*" if key in self.overrides else " "
        room = ROW_WIDTH - len(value) - 6
        if len(label) > room:
            label = label[:room - 1] + "…"
        return f"{label:<{room}} {mark}◀ {value} ▶"

    def about(self, key: str) -> str:
        lang = self.lang
        if key == "preset":
            return preset_text(self.preset, lang)
        if key == "bots":
            return _say("bots_about", lang)
        if key == "start":
            return _say("start_about", lang)
        return "\n".join((option_text(key, lang),
                          _say("allowed", lang, text=allowed_values(key, lang)),
                          _say("option", lang, option=key)))

    def draw(self) -> None:
        for key in self.keys:
            self.query_one(f"#row-{key}", Static).update(self.row_text(key))
        key = self.keys[self.row]
        self.query_one("#about", Static).update(self.about(key))
        row = self.query_one(f"#row-{key}", Static)
        self.set_focus(row)
        row.scroll_visible(animate=False)

    def refuse(self, reason: str) -> None:
        self.query_one("#error", Static).update(_say("refused", self.lang, reason=reason))

    # --- keys ----------------------------------------------------------------------

    def action_row(self, step: int) -> None:
        self.row = (self.row + step) % len(self.keys)
        self.query_one("#error", Static).update("")
        self.draw()

    def action_change(self, step: int) -> None:
        key = self.keys[self.row]
        self.query_one("#error", Static).update("")
        if key == "preset":
            self.preset = _cycle(PRESET_NAMES, self.preset, step)
            self.overrides = {}
            self.rules = Rules.preset(self.preset)
        elif key == "bots":
            self.level = _cycle(BOT_LEVELS, self.level, step)
        elif key != "start":
            current = self.rules.options()[key]
            values = list(VALUES[key])
            if current not in values:
                values.append(current)
            overrides = self.overrides | {key: _cycle(values, current, step)}
            try:
                rules = Rules.preset(self.preset, **overrides)
            except RulesError as e:
                self.refuse(e.message(self.lang))
                return
            self.overrides, self.rules = _changed(rules), rules
        self.draw()

    def action_start(self) -> None:
        self.exit(TableChoice(self.rules, self.level))

    def action_leave(self) -> None:
        self.exit(None)


def _cycle(values: Sequence[Any], current: Any, step: int) -> Any:
    i = next((i for i, v in enumerate(values) if v == current and type(v) is type(current)),
             0)
    return values[(i + step) % len(values)]


def _changed(rules: Rules) -> dict[str, Any]:
    """The options that differ from the rules' preset."""
    base = Rules.preset(rules.preset_name).options()
    return {k: v for k, v in rules.options().items() if v != base[k]}


def choose_table(lang: str, level: str | None) -> TableChoice | None:
    """Run the menu in the terminal; None if the player left it."""
    return TableMenu(lang, level=level).run()


__all__ = ["BOT_LEVELS", "TableChoice", "TableMenu", "VALUES", "choose_table"]
