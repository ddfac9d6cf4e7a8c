"""What the analysis of a deal finds, as plain values (see docs/ANALYSIS.md).

Points are the score sheet's, seen from the declarer's side: a position's
**result** is the declarer's written score (+contract or −contract) minus the
deal points of the defenders whose points count (none over the barrier or on
the barrel). Both sides play for the contract first and points second, as the
bots' solver does; the declarer wants the result high, the defenders low. A
card's **loss** is how much worse the result is for its side than after the
best card (0 for the best card): a 20-point trick given away costs 20, a
contract thrown away costs twice the contract.
"""

from __future__ import annotations

from dataclasses import dataclass

#: The verdicts of a card (see :class:`CardReview`).
VERDICTS = ("forced", "best", "mistake", "lucky", "unlucky")


@dataclass(frozen=True, slots=True)
class Exchange:
    """The declarer's exchange: the cards given (in the order of ``receivers``) or
    discarded (2 players; ``musik`` the musik taken), and the most points the
    declarer then takes double-dummy."""

    cards: tuple[int, ...]
    receivers: tuple[int, ...]          # () for discards
    musik: int | None                   # 2 players: the musik taken
    points: int


@dataclass(frozen=True, slots=True)
class Cards:
    """What the declarer's cards held, every hand known: the most points (cards and
    marriages) against the best defence with the hands as they were played, per
    trump of the first lead, and with the best exchange found with the same musik."""

    played: Exchange | None             # None: a bomb before the exchange
    #: (marriage suit of the first lead, or None for a lead without one, points);
    #: empty where no marriage may be announced in the first trick.
    by_trump: tuple[tuple[int | None, int], ...]
    best: Exchange
    best_by_trump: tuple[tuple[int | None, int], ...]
    searched: int                       # exchanges solved
    contract: int                       # the contract played, or the bid of a bomb

    @property
    def makeable(self) -> bool:
        return self.played is not None and self.played.points >= self.contract

    @property
    def makeable_best(self) -> bool:
        return self.best.points >= self.contract


@dataclass(frozen=True, slots=True)
class SeatBidding:
    """The bidding in hindsight for one seat: what its dealt hand was worth with the
    musik it would have got, next to what it bid.

    ``worth``: the highest contract it could have made double-dummy (with the best
    exchange found), None if not even the lowest. ``verdict``: ``right``,
    ``too_high`` (bid or played above its worth), ``left_points`` (it could have
    played a higher contract), ``obligatory`` (it had to play the obligatory 100
    it could not make), ``bomb_makeable`` (a bomb gave up a contract it could
    make) or ``bomb_right``. ``loss``: the points that cost on the sheet (0 for a
    seat that did not play)."""

    seat: int
    bid: int | None                     # its highest bid of its own (not the obligatory 100)
    obligatory: bool                    # it held the obligatory 100
    contract: int | None                # the declarer's contract (a bomb: None)
    worth: int | None
    best: Exchange
    #: 2 players: the best exchange with each musik (the choice is blind).
    by_musik: tuple[Exchange, ...]
    verdict: str
    loss: int


@dataclass(frozen=True, slots=True)
class CardReview:
    """One card played, valued double-dummy (every hand known) and single-dummy
    (the strong bot's evaluation from the seat's own view).

    ``verdict``: ``forced`` (the only legal card), ``best`` (no loss worth a
    mark), ``mistake`` (it lost points with what the seat could know, and
    double-dummy), ``lucky`` (a mistake with what the seat knew, though it cost
    nothing double-dummy), ``unlucky`` (it cost double-dummy, but was right with
    what the seat knew). Only ``mistake`` and ``lucky`` are marked as mistakes.
    ``sd_loss`` is the mean over the sampled worlds of the loss against the card
    best on average; ``noise`` its standard error."""

    trick: int                          # from 0
    seat: int
    action: int                         # the engine action (a marriage lead included)
    declarer_side: bool
    choices: int                        # legal actions at that moment
    dd_loss: int
    dd_best: tuple[int, ...]            # every action as good as the best
    #: Double-dummy after this card and after the best one: (contract made, result);
    #: None where the card was forced (not evaluated).
    after: tuple[bool, int] | None
    after_best: tuple[bool, int] | None
    sd_loss: float | None               # None where the card was forced
    sd_best: int | None
    worlds: int
    noise: float                        # the standard error of sd_loss
    verdict: str

    @property
    def marked(self) -> bool:
        return self.verdict in ("mistake", "lucky")

    @property
    def contract_lost(self) -> bool:
        """Double-dummy, this card changed the contract's fate against its side."""
        if self.after is None or self.after_best is None:
            return False
        return self.after[0] != self.after_best[0]


@dataclass(frozen=True, slots=True)
class SeatLoss:
    """Points a seat lost in one deal (or a game): in play, with what it could know
    (the single-dummy loss of its marked cards) and double-dummy (every loss of its
    cards); in the bidding; in the exchange (the declarer's)."""

    seat: int
    play: float = 0.0
    play_dd: int = 0
    bidding: int = 0
    exchange: int = 0

    def __add__(self, other: SeatLoss) -> SeatLoss:
        return SeatLoss(self.seat, self.play + other.play, self.play_dd + other.play_dd,
                        self.bidding + other.bidding, self.exchange + other.exchange)


@dataclass(frozen=True, slots=True)
class DealAnalysis:
    """The whole analysis of one settled deal."""

    index: int                          # the record's deals[index]
    dealer: int
    declarer: int
    sitting_out: int | None
    bid: int
    contract: int | None                # None: a bomb
    made: bool
    points: tuple[int, ...]             # deal points as played
    start_result: int | None            # double-dummy result at the first lead
    cards: Cards
    bidding: tuple[SeatBidding, ...]
    exchange_loss: int
    play: tuple[CardReview, ...]
    tricks: tuple[tuple[int, tuple[int, ...], int], ...]   # (leader, cards, winner)
    losses: tuple[SeatLoss, ...]        # per seat (zeros for the sitting-out seat)

    @property
    def number(self) -> int:
        return self.index + 1
