"""Keeping a sheet as people do: each deal typed into the fields of its form, read
by the form's reader and settled by the engine (scoresheet.entry, .settled)."""

from __future__ import annotations

from collections.abc import Sequence

from tysiac.rules import Rules
from tysiac.scoresheet import DealForm, SettledSheet, Sheet, read_entry, settle_sheet
from tysiac.scoresheet.entry import fields_from_pairs
from tysiac.scoresheet.settled import change


class Keeper:
    def __init__(self, rules: Rules | str, names: Sequence[str] = ("Ania", "Bartek", "Celina"),
                 first_dealer: int = 0, start: Sequence[int] | None = None) -> None:
        self.rules = Rules.preset(rules) if isinstance(rules, str) else rules
        self.sheet = Sheet(self.rules, list(names), first_dealer,
                           start_scores=tuple(start) if start is not None else None)
        self.settled: SettledSheet = settle_sheet(self.sheet)

    @property
    def names(self) -> list[str]:
        return self.sheet.players

    def form(self, at: int | None = None) -> DealForm:
        if at is None:
            assert self.settled.next is not None, "the game is over"
            return DealForm.of(self.rules, self.names, self.settled.next.number,
                               self.settled.next.dealer)
        return DealForm.of(self.rules, self.names, at + 1, self.settled.deals[at].result.dealer)

    def add(self, **pairs: str | int) -> tuple[int, ...]:
        """Enter the next deal (``cards="30,,14"``, ``melds=",C,"``…); its delta."""
        deal = self._read(self.form(), pairs)
        self.settled = change(self.sheet, [*self.sheet.deals, deal], len(self.sheet.deals))
        self.sheet = self.settled.sheet
        return self.settled.deals[-1].result.delta

    def edit(self, at: int, **pairs: str | int) -> None:
        """Correct deal ``at`` (0-based): every later deal is settled again."""
        deal = self._read(self.form(at), pairs)
        deals = list(self.sheet.deals)
        deals[at] = deal
        self.settled = change(self.sheet, deals, at)
        self.sheet = self.settled.sheet

    def _read(self, form: DealForm, pairs: dict[str, str | int]):  # type: ignore[no-untyped-def]
        fields = fields_from_pairs({k: str(v) for k, v in pairs.items() if k != "bomb"},
                                   self.names)
        if pairs.get("bomb"):
            fields["bomb"] = ["1"]
        entry = read_entry(form, fields)
        assert entry.deal is not None, entry.errors
        return entry.deal

    @property
    def scores(self) -> tuple[int, ...]:
        return self.settled.scores
