"""A score sheet: its players, rules, first dealer and deals given by their results.
It is a record of score-sheet deals (RECORD.md) and converts to and from one."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..cards import cards_of
from ..engine.results import DealResult
from ..engine.sheet import SheetDeal
from ..record import GameRecord, SheetRow, replay
from ..rules import Rules
from .errors import SheetError


@dataclass(slots=True)
class Sheet:
    rules: Rules
    players: list[str]
    first_dealer: int
    deals: list[SheetDeal] = field(default_factory=list)
    start_scores: tuple[int, ...] | None = None

    def record(self, extra: dict[str, Any] | None = None) -> GameRecord:
        """The sheet as RECORD.md's record: one score-sheet deal per deal."""
        return GameRecord(self.rules, list(self.players), self.first_dealer,
                          [SheetRow(d) for d in self.deals], self.start_scores,
                          dict(extra or {}))

    def with_deals(self, deals: list[SheetDeal]) -> Sheet:
        return Sheet(self.rules, list(self.players), self.first_dealer, deals,
                     self.start_scores)

    @classmethod
    def from_record(cls, record: GameRecord) -> tuple[Sheet, bool]:
        """A sheet of a record's results: score-sheet deals as they are, a played deal
        as its results (declarer, bid, contract, card points, marriages, tricks, the
        musik with 4 players). Also whether an unfinished last deal was left out.
        :class:`SheetError` if the record is not valid (the arbiter's message)."""
        result = replay(record)
        if result.error is not None:
            e = result.error
            where = (f"rozdanie {e.deal + 1}: ", f"deal {e.deal + 1}: ") \
                if e.deal is not None else ("", "")
            raise SheetError(where[0] + e.message("pl", record.players),
                             where[1] + e.message("en", record.players), e.deal)
        game = result.game
        sheets = iter([d.sheet for d in record.deals if isinstance(d, SheetRow)])
        deals = [next(sheets) if r.log is None else results_of(r) for r in game.results]
        unfinished = game.phase_name not in ("deal", "game_over")   # a deal still in play
        sheet = cls(record.rules, list(record.players), record.first_dealer, deals,
                    record.start_scores)
        return sheet, unfinished


def results_of(r: DealResult) -> SheetDeal:
    """A played deal as a score-sheet deal: what a paper sheet would have written."""
    musik: tuple[int, ...] = ()
    if r.sitting_out is not None and r.log is not None:
        musik = cards_of(r.log.musiks[0])       # the sitting-out seat's bonus
    if r.bomb:
        return SheetDeal(r.declarer, bid=r.bid, bomb=True, musik=musik)
    return SheetDeal(r.declarer, r.contract, r.bid, False, r.cards, r.melds,
                     r.tricks if r.tricks_known else None, musik)
