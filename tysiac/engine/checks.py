"""The checked door: why an action is illegal, as a RECORD.md rule id.

Precedence (RECORD.md): the seat first (``not_your_turn``), then the kind of action
for the phase (``wrong_phase``, ``game_over``), then the specific rule; for a play:
``card_not_in_hand``, then ``meld_not_allowed``, then the follow duties.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import actions as A
from .errors import IllegalAction
from .phases import BID, CHOOSE_MUSIK, DEAL, DECLARE, EXCHANGE, GAME_OVER, PHASES, PLAY
from .tricks import check_follow, check_meld

if TYPE_CHECKING:
    from .game import Game

_PHASE_KINDS = {
    BID: ("bid", "pass"),
    CHOOSE_MUSIK: ("choose_musik", "bomb"),
    EXCHANGE: ("give", "discard", "bomb"),
    DECLARE: ("declare", "bomb"),
    PLAY: ("play",),
}


def check(g: Game, a: int, seat: int) -> None:
    """Raise :class:`IllegalAction` unless ``seat`` may take action ``a`` now."""
    kind = A.kind(a)
    if kind == "redeal":
        if g.phase == GAME_OVER:
            raise IllegalAction("game_over")
        _check_redeal(g, a, seat)
        return
    _check_turn(g, kind, seat)
    if kind == "bomb":
        _check_bomb(g, seat)
    elif kind == "bid":
        _check_bid(g, seat, A.value_of(a))
    elif kind == "declare":
        _check_declare(g, seat, A.value_of(a))
    elif kind in ("give", "discard"):
        if not g.hands[seat] >> A.card_of(a) & 1:
            raise IllegalAction("card_not_in_hand", seat=seat, card=A.card_of(a))
    elif kind == "play":
        _check_play(g, seat, a)


def check_number(g: Game, kind: str, value: int, seat: int) -> None:
    """Check a bid or a declaration (``kind``) of any integer ``value``, before it
    is encoded as an action (which holds only 0 to 1023): a value out of that
    range is illegal by the rule it breaks (too low, over the cap, off the step)."""
    _check_turn(g, kind, seat)
    if kind == "bid":
        _check_bid(g, seat, value)
    else:
        _check_declare(g, seat, value)


def _check_turn(g: Game, kind: str, seat: int) -> None:
    """The seat, then the kind of action for the phase."""
    if g.phase == GAME_OVER:
        raise IllegalAction("game_over")
    if g.phase == DEAL:
        # Between deals: after the last trick (a bomb, a redeal), or before the first.
        raise IllegalAction("wrong_phase", "over" if g.log else "", seat=seat, phase="deal")
    if seat != g.to_move:
        raise IllegalAction("not_your_turn", seat=seat, other=g.to_move)
    if kind not in _PHASE_KINDS[g.phase] or kind == ("give" if g.two else "discard"):
        raise IllegalAction("wrong_phase", seat=seat, phase=PHASES[g.phase])


def _check_redeal(g: Game, a: int, seat: int) -> None:
    if A.value_of(a) != seat:
        raise IllegalAction("not_your_turn", seat=seat, other=A.value_of(a))
    r = g.rules
    if not r.redeal_four_nines and r.redeal_weak_hand_max is None:
        raise IllegalAction("redeal_not_allowed", seat=seat)
    if g.phase != BID or g.bids:
        raise IllegalAction("redeal_not_allowed", "late", seat=seat)
    if seat not in g.redeal_seats():
        raise IllegalAction("redeal_not_allowed", "hand", seat=seat)


def _check_bomb(g: Game, seat: int) -> None:
    r = g.rules
    if r.bombs_per_player == 0:
        raise IllegalAction("bomb_not_allowed", seat=seat)
    if not g.bomb_allowed():
        limit = r.bombs_per_player
        if limit is not None and g.standing.bombs[seat] >= limit:
            raise IllegalAction("bomb_not_allowed", "used", seat=seat, count=limit)
        if r.bomb_only_unraised_100 and g.raised:
            raise IllegalAction("bomb_not_allowed", "unraised", seat=seat)
        raise IllegalAction("bomb_not_allowed", "timing", seat=seat, when=r.bomb_timing)


def _check_bid(g: Game, seat: int, value: int) -> None:
    step = g.rules.bid_step
    if value % step:
        raise IllegalAction("bid_step", seat=seat, value=value, step=step)
    if value <= g.bid:
        raise IllegalAction("bid_too_low", seat=seat, bid=g.bid)
    if not g.rules.bid_jumps and value != g.bid + step:
        raise IllegalAction("bid_step", "jump", seat=seat, step=step, next=g.bid + step)
    cap = min(g.cap(seat), A.MAX_POINTS)
    if value > cap:
        raise IllegalAction("bid_over_cap", "max" if cap == A.MAX_POINTS else "",
                            seat=seat, cap=cap)


def _check_declare(g: Game, seat: int, value: int) -> None:
    step = g.rules.bid_step
    if value % step:
        raise IllegalAction("bid_step", seat=seat, value=value, step=step)
    if value < g.bid:
        raise IllegalAction("declare_too_low", seat=seat, bid=g.bid)
    cap = min(g.declare_cap(), A.MAX_POINTS)
    if value > cap:
        raise IllegalAction("declare_over_cap", "max" if cap == A.MAX_POINTS else "",
                            seat=seat, cap=cap)


def _check_play(g: Game, seat: int, a: int) -> None:
    card = A.card_of(a)
    hand = g.hands[seat]
    if not hand >> card & 1:
        raise IllegalAction("card_not_in_hand", seat=seat, card=card)
    if A.is_meld(a):
        check_meld(seat, card, hand, leading=not g.trick,
                   first_trick_ban=not g.tricks_done and not g.rules.meld_first_trick)
    if g.trick and not g.stock:
        r = g.rules
        check_follow(seat, card, hand, g.lead_suit, g.win_card, g.trump,
                     r.must_beat, r.must_trump, r.must_overtrump)
