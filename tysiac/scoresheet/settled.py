"""What a score sheet's deals came to: each deal settled by replaying the sheet as a
record through the engine (the arbiter's own replay), with the notes of why each
score was written as it was, and where the game stands now."""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.dealing import seating
from ..engine.results import DealResult
from ..engine.review import standings
from ..engine.scoring import Note, Standing
from ..engine.sheet import SheetDeal
from ..record import RecordError, replay
from .errors import SheetError
from .model import Sheet


@dataclass(frozen=True, slots=True)
class SettledDeal:
    number: int                 # 1, 2, …: as the sheet shows it
    sheet: SheetDeal
    result: DealResult          # points, delta, scores as the arbiter reports them
    notes: tuple[Note, ...]     # barrier, barrel, caps, penalties (engine.review)
    standing: Standing          # after the deal: scores, bombs, zeros, barrel


@dataclass(frozen=True, slots=True)
class NextDeal:
    """Who deals the next deal, who plays it (clockwise from the dealer's left), who
    sits it out (4 players) and who holds the obligatory 100 (None: dobierany)."""

    number: int
    dealer: int
    playing: tuple[int, ...]
    sitting_out: int | None
    obligatory: int | None


@dataclass(slots=True)
class SettledSheet:
    sheet: Sheet
    deals: list[SettledDeal]
    standing: Standing
    winner: int | str | None
    next: NextDeal | None       # None once the game is over
    error: SheetError | None    # the first deal the rules refuse; ``deals`` stop before it

    @property
    def scores(self) -> tuple[int, ...]:
        return self.standing.scores

    @property
    def finished(self) -> bool:
        return self.winner is not None

    def on_barrier(self, seat: int) -> bool:
        """Whether ``seat`` starts the next deal at or over the barrier: as a defender
        it adds nothing (RULES.md section 7)."""
        barrier = self.sheet.rules.barrier
        return barrier is not None and not self.finished and self.scores[seat] >= barrier

    def barrel_left(self, seat: int) -> int:
        """Deals ``seat`` has left on the barrel to reach the goal; 0: not on it."""
        return 0 if self.finished else self.standing.barrel[seat]


def settle_sheet(sheet: Sheet) -> SettledSheet:
    """Settle every deal of ``sheet``; the first one the rules refuse is ``error``."""
    record = sheet.record()
    result = replay(record)
    game = result.game
    deals = [SettledDeal(i + 1, sheet.deals[i], r, tuple(notes), standing)
             for i, (r, (standing, notes)) in enumerate(zip(game.results, standings(game),
                                                            strict=True))]
    nxt = None
    if not game.is_over:
        order, _, out = seating(sheet.rules, game.dealer)
        nxt = NextDeal(len(deals) + 1, game.dealer, order, out,
                       None if sheet.rules.draw_game else order[0])
    error = _sheet_error(result.error, sheet.players) if result.error else None
    return SettledSheet(sheet, deals, game.standing, game.winner, nxt, error)


def _sheet_error(e: RecordError, names: list[str]) -> SheetError:
    field = None
    if e.rule == "bad_sheet" and e.illegal is not None:
        field = e.illegal.params.get("field")
    elif e.rule == "bomb_not_allowed":
        field = "bomb"
    return SheetError(e.message("pl", names), e.message("en", names), e.deal, field)


def change(sheet: Sheet, deals: list[SheetDeal], at: int) -> SettledSheet:
    """The sheet with ``deals`` in place of its deals, where deal ``at`` is the one
    added or corrected: settled, every later deal again. :class:`SheetError` if the
    rules refuse the changed deal (its field named) or, because of it, a later one
    (nothing is to be stored then)."""
    settled = settle_sheet(sheet.with_deals(deals))
    e = settled.error
    if e is None:
        return settled
    if e.deal is not None and e.deal > at:
        later = e.deal + 1
        raise SheetError(
            f"Po tej zmianie rozdanie {later} przestaje się zgadzać: {e.message('pl')}. "
            f"Popraw albo cofnij najpierw rozdanie {later}.",
            f"After this change deal {later} no longer holds: {e.message('en')}. "
            f"Correct or undo deal {later} first.", at)
    raise SheetError(e.texts[0], e.texts[1], at, e.field)
