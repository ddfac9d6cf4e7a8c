"""The observation vector: built from one seat's :class:`View`, never the game.

Seats are relative: slot 0 is the observing seat, slot 1 the next seat clockwise,
and so on (always 4 slots; unused ones stay 0), so an agent sees the table from
its own chair whatever its seat number. Every rule set gives a vector of the same
length (:data:`SIZE`); the values are 0/1 flags or numbers scaled to about [-1, 1].

Sections, in order: own hand (24); the trick on the table, one card slot per
relative seat (4 x 24); cards played in earlier tricks of the deal (24); cards
taken by each relative seat (4 x 24); the musik this seat saw (24); cards it gave
and was given (2 x 24); its discards (24); trump (none + 4); marriages announced
(4 seats x 4 suits); phase (7); declarer, dealer, sitting-out and obligatory seat
(4 x (none + 4)); highest bid and contract (/400); who passed (4); scores (/goal),
deal points (/400), tricks won (/12), cards in hand (/12), bombs thrown (/3) and
deals left on the barrel (/3), per relative seat (6 x 4); stock size (/12); and
the table's rules: players (2, 3, 4), draw game, musik size, goal, barrier, bid
step, bid jumps, the follow duties, marriages in the first trick (11).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from ..engine.actions import MAX_POINTS
from ..engine.phases import PHASES
from ..engine.views import View

SIZE = (24 + 4 * 24 + 24 + 4 * 24 + 24 + 2 * 24 + 24 + 5 + 16 + len(PHASES) + 4 * 5
        + 2 + 4 + 6 * 4 + 1 + 11)
#: Bounds of every value (scores are clipped to them).
LOW, HIGH = -4.0, 4.0


def encode(view: View) -> npt.NDArray[np.float32]:
    """The observation of ``view.seat``."""
    assert view.seat is not None
    me, n, rules = view.seat, view.players, view.rules
    out = np.zeros(SIZE, dtype=np.float32)
    at = 0

    def rel(seat: int) -> int:
        return (seat - me) % n

    def cards(offset: int, cs: tuple[int, ...] | list[int]) -> None:
        for c in cs:
            out[offset + c] = 1.0

    def seat_flag(offset: int, seat: int | None) -> None:
        out[offset + (0 if seat is None else 1 + rel(seat))] = 1.0

    cards(at, view.hand)
    at += 24
    for seat, c in view.trick:
        out[at + 24 * rel(seat) + c] = 1.0
    at += 4 * 24
    for _, played, winner in view.tricks:
        cards(at, played)
        cards(at + 24 + 24 * rel(winner), played)
    at += 24 + 4 * 24
    cards(at, view.musik or ())
    at += 24
    cards(at, [c for r, c in view.given if r != me])
    cards(at + 24, [c for r, c in view.given if r == me])
    at += 2 * 24
    cards(at, view.discards)
    at += 24
    out[at + (0 if view.trump is None else 1 + view.trump)] = 1.0
    at += 5
    for seat, suit in view.melds:
        out[at + 4 * rel(seat) + suit] = 1.0
    at += 16
    out[at + PHASES.index(view.phase)] = 1.0
    at += len(PHASES)
    for someone in (view.declarer, view.dealer, view.sitting_out, view.obligatory):
        seat_flag(at, someone)
        at += 5
    out[at] = view.bid / MAX_POINTS
    out[at + 1] = (view.contract or 0) / MAX_POINTS
    at += 2
    for seat, bid in view.bids:
        if bid == 0:
            out[at + rel(seat)] = 1.0
    at += 4
    for s in range(n):
        r = rel(s)
        out[at + r] = view.scores[s] / rules.goal
        out[at + 4 + r] = view.points[s] / MAX_POINTS
        out[at + 8 + r] = view.tricks_won[s] / 12
        out[at + 12 + r] = view.hand_sizes[s] / 12
        out[at + 16 + r] = min(view.bombs[s], 3) / 3
        out[at + 20 + r] = view.barrel[s] / 3
    at += 24
    out[at] = view.stock_size / 12
    at += 1
    out[at + rules.players - 2] = 1.0
    out[at + 3] = rules.draw_game
    out[at + 4] = rules.musik_size / 3
    out[at + 5] = rules.goal / 1000
    out[at + 6] = (rules.barrier or 0) / 1000
    out[at + 7] = rules.bid_step / 10
    out[at + 8] = rules.bid_jumps
    out[at + 9] = (rules.must_beat + rules.must_trump + rules.must_overtrump) / 3
    out[at + 10] = rules.meld_first_trick
    np.clip(out, LOW, HIGH, out=out)
    return out
