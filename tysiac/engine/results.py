"""What a game keeps of each deal: the log of cards and actions, and the result."""

from __future__ import annotations

from dataclasses import dataclass


class DealLog:
    """A deal as dealt, and the actions taken in it: what a record stores. Each
    action is by the seat to move at its turn (a redeal names its own seat), so
    replaying the log tells who acted."""

    __slots__ = ("dealer", "hands", "musiks", "stock", "actions")

    def __init__(self, dealer: int, hands: tuple[int, ...], musiks: tuple[int, ...],
                 stock: tuple[int, ...], actions: list[int] | None = None) -> None:
        self.dealer = dealer
        self.hands = hands        # masks, one per seat (0 for the sitting-out seat)
        self.musiks = musiks      # masks
        self.stock = stock        # cards, top first (dobierany)
        self.actions = actions if actions is not None else []

    def copy(self) -> DealLog:
        return DealLog(self.dealer, self.hands, self.musiks, self.stock, list(self.actions))


@dataclass(slots=True)
class DealResult:
    """A settled deal, as RECORD.md's arbiter reports it; ``log`` holds every card
    dealt and every action, from which "Pokaż karty" replays the tricks.
    Read-only by convention."""

    dealer: int
    declarer: int | None
    bid: int | None
    contract: int | None
    bomb: bool
    points: tuple[int, ...]            # unrounded deal points: cards + marriages (+ leftover)
    cards: tuple[int, ...]             # card points taken (2 players: leftover included)
    melds: tuple[tuple[int, ...], ...] # suits announced by each seat
    tricks: tuple[int, ...]
    delta: tuple[int, ...]
    scores: tuple[int, ...]
    sitting_out: int | None
    log: DealLog | None                # None for a score-sheet deal
    #: False for a score-sheet deal that gives no tricks: ``tricks`` then holds
    #: what scoring assumes (a trick for a seat with card points), not a count.
    tricks_known: bool = True

    @property
    def made(self) -> bool:
        return (self.declarer is not None and self.contract is not None and not self.bomb
                and self.points[self.declarer] >= self.contract)
