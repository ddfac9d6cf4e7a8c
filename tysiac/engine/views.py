"""Per-seat views: exactly what one seat (or a spectator) knows, and nothing else.

A :class:`View` is a frozen snapshot built from a :class:`~tysiac.engine.game.Game`;
it holds no reference to the game, so a bot or a client given a view cannot reach
hidden cards. It is complete for play: a seat's legal actions depend only on what
that seat knows, and the view carries them.

Public: bids, the revealed musik, every trick, marriages, trump, scores, card
counts. Private to a seat: its hand, its drawn cards (dobierany), a card it was
given; to the declarer: the musik it took, the cards it gave and discarded.
Settled deals (``results``) are public in full: what "Pokaż karty" shows.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..cards import POINTS, cards_of, marriage_total, mask_of
from ..rules import Rules
from . import actions as A
from .phases import BID, PHASES

if TYPE_CHECKING:
    from .game import Game
    from .results import DealResult

Trick = tuple[int, tuple[int, ...], int]   # (leader, cards in play order, winner)


@dataclass(frozen=True, slots=True)
class View:
    rules: Rules
    seat: int | None                  # None: a spectator
    phase: str                        # as RECORD.md's next.phase, or "deal"/"game_over"
    to_move: int | None
    dealer: int
    sitting_out: int | None
    scores: tuple[int, ...]
    bombs: tuple[int, ...]            # bombs thrown so far, per seat
    zeros: tuple[int, ...]            # zeros marked so far (zero_penalty)
    barrel: tuple[int, ...]           # deals left on the barrel, 0 = not on it
    deal_number: int                  # deals settled so far
    # The deal in progress (between deals: the deal just settled).
    hand: tuple[int, ...]             # own cards now
    hand_sizes: tuple[int, ...]
    obligatory: int | None            # the seat with the obligatory 100
    bids: tuple[tuple[int, int], ...] # (seat, bid) in order, 0 = pass; the 100 is implied
    bid: int                          # the highest bid so far
    bidder: int | None
    declarer: int | None              # once bidding is over
    contract: int | None              # once declared
    musik_choice: int | None          # 2 players: the musik taken
    musik: tuple[int, ...] | None     # the taken musik, if this seat has seen it
    musik_revealed: bool
    given: tuple[tuple[int, int], ...]   # (receiver, card) that this seat knows
    discards: tuple[int, ...]         # the declarer's own discards
    drawn: tuple[int, ...]            # dobierany: own cards drawn from the stock
    stock_size: int
    trump: int | None
    trick: tuple[tuple[int, int], ...]   # (seat, card) of the trick on the table
    tricks: tuple[Trick, ...]         # completed tricks of this deal
    melds: tuple[tuple[int, int], ...]   # (seat, suit) in order of announcement
    points: tuple[int, ...]           # card points taken + marriages, this deal
    tricks_won: tuple[int, ...]
    legal: tuple[int, ...]            # this seat's legal actions: all when it is to move,
    #                                   else a redeal it may ask for out of turn
    results: tuple[DealResult, ...]   # settled deals
    winner: int | str | None

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def my_turn(self) -> bool:
        return self.seat is not None and self.to_move == self.seat

    @property
    def cap(self) -> int:
        """Own bidding cap: 120 plus the marriages of the hand (as dealt, in bidding)."""
        if self.rules.bid_cap == "none":
            return A.MAX_POINTS
        return 120 + marriage_total(mask_of(self.hand))

    def trick_history(self) -> list[tuple[int, tuple[int, ...]]]:
        """(leader, cards in order of play) of every trick of the deal so far, the
        one on the table last."""
        out = [(leader, cards) for leader, cards, _ in self.tricks]
        if self.trick:
            out.append((self.trick[0][0], tuple(c for _, c in self.trick)))
        return out


def build_view(g: Game, seat: int | None) -> View:
    """What ``seat`` knows of ``g`` (``None``: a spectator)."""
    declarer = g.declarer if g.declarer >= 0 and g.phase != BID else None
    mine = seat is not None and seat == declarer
    musik = None
    if declarer is not None and (g.musik_revealed or mine):
        if not g.two:
            musik = cards_of(g.musiks[0])
        elif g.musik_choice >= 0:
            musik = cards_of(g.musiks[g.musik_choice])
    seats, s = [], g.leader
    for _ in g.trick:
        seats.append(s)
        s = g.nxt[s]
    card_points = [0] * g.n
    for _, cards, w in g.tricks:
        card_points[w] += sum(POINTS[c] for c in cards)
    return View(
        rules=g.rules, seat=seat, phase=PHASES[g.phase],
        to_move=g.to_move if g.to_move >= 0 else None,
        dealer=g.dealer, sitting_out=g.sitting_out,
        scores=g.standing.scores, bombs=g.standing.bombs, zeros=g.standing.zeros,
        barrel=g.standing.barrel, deal_number=len(g.results),
        hand=cards_of(g.hands[seat]) if seat is not None else (),
        hand_sizes=tuple(h.bit_count() for h in g.hands),
        obligatory=g.obligatory if g.obligatory >= 0 else None,
        bids=tuple(g.bids), bid=g.bid, bidder=g.bidder if g.bidder >= 0 else None,
        declarer=declarer,
        contract=g.contract if declarer is not None and g.contract else None,
        musik_choice=g.musik_choice if g.musik_choice >= 0 else None,
        musik=musik, musik_revealed=g.musik_revealed,
        given=tuple((r, c) for r, c in g.given if mine or r == seat),
        discards=cards_of(g.discards) if mine else (),
        drawn=tuple(c for s, c in g.drawn if s == seat),
        stock_size=len(g.stock),
        trump=g.trump if g.trump >= 0 else None,
        trick=tuple(zip(seats, g.trick, strict=True)), tricks=tuple(g.tricks), melds=tuple(g.melds),
        points=tuple(card_points[s] + g.meld_points[s] for s in range(g.n)),
        tricks_won=tuple(g.won),
        legal=_legal(g, seat),
        results=tuple(g.results), winner=g.winner,
    )


def _legal(g: Game, seat: int | None) -> tuple[int, ...]:
    if seat is None:
        return ()
    if g.to_move == seat:
        return g.legal_actions()
    return (A.redeal(seat),) if seat in g.redeal_seats() else ()
