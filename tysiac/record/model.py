"""The game record of RECORD.md as Python values, independent of its text forms."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..engine.sheet import SheetDeal
from ..rules import Rules

FORMAT = "tysiac-record/1"

#: The kinds of record actions, as RECORD.md names them.
ACTION_KINDS = ("bid", "pass", "redeal", "choose_musik", "give", "discard", "bomb",
                "declare", "play")


@dataclass(frozen=True, slots=True)
class RecordAction:
    """One action of a record. ``value``: the bid or declaration, the musik index,
    the card played, ``{seat: card}`` given, the cards discarded; ``None`` for
    pass, bomb and redeal."""

    p: int
    kind: str
    value: Any = None
    meld: bool = False


@dataclass(slots=True)
class FullDeal:
    """A deal with every card and every action (cards as ints)."""

    hands: list[list[int]]
    musik: list[list[int]]
    stock: list[int] = field(default_factory=list)
    actions: list[RecordAction] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)   # fields kept as they came


@dataclass(slots=True)
class SheetRow:
    """A deal given by its results (a score-sheet deal)."""

    sheet: SheetDeal
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass(slots=True)
class GameRecord:
    rules: Rules
    players: list[str]
    first_dealer: int
    deals: list[FullDeal | SheetRow] = field(default_factory=list)
    start_scores: tuple[int, ...] | None = None
    extra: dict[str, Any] = field(default_factory=dict)   # anything else, kept
