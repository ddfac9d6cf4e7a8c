"""Inference: how likely each sampled world makes what the others chose.

The sampler (:mod:`.sampling`) draws worlds uniformly among those the view allows
(voids, no trump, no card above, known gifts, the marriages a high bid proves).
This module weighs each world by the chance that the other seats, holding its
cards, would have bid, passed and declared as they did — a policy model on the
value model's verdict (:mod:`.valuemodel`):

* a bid of ``b`` (or a pass, declining ``b``) by a seat whose dealt hand reaches
  ``b`` with chance ``s`` (the ``pre`` model, over the musik it would take):
  ``sigmoid(BID_SLOPE * (s - BID_CENTRE))`` (a pass: one minus it);
* the declarer's contract ``c`` (seen by the defenders), when its hand that plays
  makes ``c`` with chance ``q`` (the ``final`` model; a gift the seat did not see
  is an unknown input): ``sigmoid(DECLARE_SLOPE * (q - DECLARE_CENTRE))``.

The constants were fitted by logistic regression on the decisions of the strong
bot in self-play (``bench/inference_fit.py``). A seat's dealt hand in a world is
read back from its cards now, the cards it played, gave and received; where the
view cannot tell which card a defender received, its cheapest card stands for it.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from ..cards import mask_of
from ..engine.views import View
from .planning import cheapest
from .playinference import PolicyModel, gift_log_weights, world_log_weights
from .sampling import World
from .valuemodel import F32, ValueModel, flags, reach_rows

BID_SLOPE = 11.5
BID_CENTRE = 0.575
DECLARE_SLOPE = 3.3
DECLARE_CENTRE = 0.85
#: No world weighs less than this share of the average (a policy model is never
#: sure; nor is the value model).
FLOOR = 0.02


@dataclass(frozen=True)
class Evidence:
    """What the view shows of the other seats' choices."""

    bids: tuple[tuple[int, int, int], ...]   # (seat, level, 1 bid / 0 pass)
    contract: tuple[int, int] | None          # (declarer, contract) seen by a defender


def evidence(view: View) -> Evidence:
    """The bids and passes of the other seats (with the level each declined or
    made), and the declarer's contract if this seat defends."""
    me = view.seat
    rules = view.rules
    level = 100
    out = []
    for seat, bid in view.bids:
        if bid:
            if seat != me:
                out.append((seat, bid, 1))
            level = bid
        elif seat != me:
            out.append((seat, level + rules.bid_step, 0))
    contract = None
    if view.declarer is not None and view.declarer != me and view.contract is not None:
        contract = (view.declarer, view.contract)
    return Evidence(tuple(out), contract)


def _sigmoid(x: F32) -> F32:
    return np.asarray(1 / (1 + np.exp(-x)), dtype=np.float32)


class Inference:
    """World weights for one view (see the module docstring)."""

    def __init__(self, view: View, model: ValueModel, edge: float,
                 policy: PolicyModel | None = None, temper: float = 1.0,
                 gifts: bool = False, cards: bool = True) -> None:
        assert view.seat is not None
        self.view = view
        self.model = model
        self.edge = edge
        self.policy = policy            # of the cards played and gifts (playinference)
        self.temper = temper            # the power their likelihood is raised to
        self.cards = cards and policy is not None   # the cards played weigh in
        self.gifts = gifts and policy is not None   # the gift received weighs in
        self.evidence = evidence(view)
        self.flags = np.array([flags(view.rules)], dtype=np.float32)
        played: dict[int, int] = {}
        for leader, trick in view.trick_history():
            seat = leader
            order = _order(view)
            for c in trick:
                played[seat] = played.get(seat, 0) | 1 << c
                seat = order[(order.index(seat) + 1) % len(order)]
        self.played = played

    @property
    def active(self) -> bool:
        return bool(self.evidence.bids or self.evidence.contract or self._cards_seen
                    or self._gift_seen)

    @property
    def _gift_seen(self) -> bool:
        view = self.view
        return self.gifts and view.declarer not in (None, view.seat) and any(
            r == view.seat for r, _ in view.given)

    @property
    def _cards_seen(self) -> bool:
        return self.cards and any(s != self.view.seat for s in self.played)

    def weights(self, worlds: list[World]) -> F32:
        """A weight per world (mean 1)."""
        w = np.ones(len(worlds), np.float32)
        if not worlds or not self.active:
            return w
        bids_by_seat: dict[int, list[tuple[int, int]]] = {}
        for seat, level, bid in self.evidence.bids:
            bids_by_seat.setdefault(seat, []).append((level, bid))
        for seat, acts in bids_by_seat.items():
            dealt = self._dealt(seat, worlds)
            if dealt is None:
                continue
            p, _ = self.model.points("pre", dealt, [], self.flags)
            for level, bid in acts:
                s = reach_rows(p, level - self.edge)
                like = _sigmoid(BID_SLOPE * (s - BID_CENTRE))
                w *= like if bid else 1 - like
        if self.evidence.contract is not None:
            w *= self._declared(worlds)
        if self._cards_seen:
            assert self.policy is not None
            ll = self.temper * world_log_weights(self.policy, self.view, worlds)
            w *= np.exp(ll - ll.max()).astype(np.float32)
        if self._gift_seen:
            assert self.policy is not None and self.view.declarer is not None
            ll = gift_log_weights(self.policy, self.view, worlds,
                                  self.played.get(self.view.declarer, 0))
            w *= np.exp(ll - ll.max()).astype(np.float32)
        w = np.maximum(w / max(float(w.mean()), 1e-12), FLOOR)
        return np.asarray(w / w.mean(), dtype=np.float32)

    def _dealt(self, seat: int, worlds: list[World]) -> npt.NDArray[np.int64] | None:
        """The seat's dealt hand in each world, or None if the view cannot say."""
        view = self.view
        played = self.played.get(seat, 0)
        now = np.array([w.hands[seat] for w in worlds], dtype=np.int64) | played
        if view.declarer is None:
            return now
        if seat == view.declarer:
            if view.musik is None or view.rules.players == 2:
                return None
            musik = mask_of(view.musik)
            known = mask_of(c for _, c in view.given)        # the gifts this seat saw
            other = [s for s in _order(view) if s not in (seat, view.seat)]
            out = []
            for w, hand in zip(worlds, now.tolist(), strict=True):
                got = known
                if len(view.given) < 2 and other:
                    # The other defender's gift: the musik card it holds if it holds
                    # one (the musik went to the declarer), else one of its own
                    # cards, the cheapest standing for it.
                    held = w.hands[other[0]] | self.played.get(other[0], 0)
                    if not held & musik:
                        got |= 1 << cheapest(held, 1)[0]
                out.append((hand | got) & ~musik)
            if any(d.bit_count() != view.rules.hand_size for d in out):
                return None
            return np.array(out, dtype=np.int64)
        received = [c for r, c in view.given if r == seat]
        if view.rules.players == 2:
            return now
        out = []
        for hand in now.tolist():
            if received:
                out.append(hand & ~(1 << received[0]))
            else:
                out.append(hand & ~(1 << cheapest(hand, 1)[0]))
        return np.array(out, dtype=np.int64)

    def _declared(self, worlds: list[World]) -> F32:
        view = self.view
        assert self.evidence.contract is not None
        declarer, contract = self.evidence.contract
        final = np.array([w.hands[declarer] | self.played.get(declarer, 0) for w in worlds],
                         dtype=np.int64)
        if view.rules.players == 2:
            extra = [np.full(len(worlds), mask_of(view.discards), dtype=np.int64)]
        else:
            mine = [c for r, c in view.given if r == view.seat]
            first = _order(view)[(_order(view).index(declarer) + 1) % len(_order(view))]
            gift = np.full(len(worlds), 1 << mine[0] if mine else 0, dtype=np.int64)
            blank = np.zeros(len(worlds), dtype=np.int64)
            extra = [gift, blank] if first == view.seat else [blank, gift]
        p, _ = self.model.points("final", final, extra, self.flags)
        q = reach_rows(p, contract - self.edge)
        return _sigmoid(DECLARE_SLOPE * (q - DECLARE_CENTRE))


def _order(view: View) -> tuple[int, ...]:
    """The playing seats clockwise."""
    return tuple(s for s in range(view.rules.players) if s != view.sitting_out)


def pick(rng_values: list[float], weights: F32, count: int) -> list[int]:
    """``count`` indices drawn in proportion to ``weights`` (systematic
    resampling from one uniform number): a world of weight w is drawn about
    ``w * count / len(weights)`` times."""
    total = float(weights.sum())
    step = total / count
    start = rng_values[0] * step
    cum = np.cumsum(weights)
    out = []
    j = 0
    for i in range(count):
        u = start + i * step
        while j < len(cum) - 1 and cum[j] <= u:
            j += 1
        out.append(j)
    return out


