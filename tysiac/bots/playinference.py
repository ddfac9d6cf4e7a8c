"""Inference from the cards played: how likely each world makes the cards that
the other seats played, and the gift the declarer gave this seat.

A policy model gives the chance of each legal card in a position: a conditional
logit (a softmax over the legal cards) on a few features of the card in the
hand that held it. Following: its points, the points it gives to a trick the
partner wins or an opponent wins, the points it wins with, whether a cheaper
card would have won too, whether it is the lowest legal card of its suit.
Leading: its points, whether it is the suit's best card left, a trump, the
length of its suit, a marriage announced, the suit's lowest card. The weights
are fitted on the strong bot's play (:mod:`.training.playfit`) and shipped in
``weights/play.json``.

A world gives each past play of another seat the hand that seat held then (its
cards in the world and the cards it played since), so a world where a seat
followed with a king while holding a nine of the suit under the declarer's ace
is less likely than one where it had nothing lower. A lead of a queen or king
without the marriage, where the world gives the seat its pair and a marriage
was allowed, has the fitted chance of a marriage kept back.

A defender's gift is read the same way: a conditional logit over the declarer's
cards (:data:`GIFT_FEATURES`), fitted on the same deals, gives the chance that
the hand a world gives the declarer would have given that card away.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np

from ..cards import ABOVE, KING, POINTS, QUEEN, SUIT_MASK, cards_of, partner
from ..engine.tricks import beats, follow_mask, trick_winner
from ..engine.views import View
from ..rules import Rules
from .sampling import Table, World
from .valuemodel import WEIGHTS

LEAD_FEATURES = ("lead_points", "lead_boss", "lead_trump", "lead_length", "lead_marriage",
                 "lead_lowest")
FOLLOW_FEATURES = ("points", "smear", "feed", "overkill", "lowest", "wins_points")
FEATURES = LEAD_FEATURES + FOLLOW_FEATURES
GIFT_FEATURES = ("gift_points", "gift_lowest", "gift_length", "gift_marriage", "gift_boss",
                 "gift_single")


@dataclass(frozen=True, slots=True)
class Play:
    """One card played, with what was public when it was played."""

    seat: int
    card: int
    meld: bool                      # a marriage announced with it
    trick: tuple[tuple[int, int], ...]   # (seat, card) already in the trick
    trump: int                      # in force for this card (-1: none; a lead: before
    #                                 its marriage, a follower: after it)
    public: int                     # every card played before this one
    after: int                      # the seat's cards played after this one
    meld_allowed: bool              # a lead where a marriage could be announced
    partner_of: tuple[int, ...]     # the seats whose wins count as this seat's side
    winner: tuple[int, int] | None  # (seat, card) winning ``trick`` (None: a lead); kept,
    #                                 not derived, as every world and card reads it


def plays(view: View) -> list[Play]:
    """Every card played this deal, in order (the draw game's are not read)."""
    rules = view.rules
    table = Table.of(view)
    history = view.trick_history()
    total: dict[int, int] = {}          # each seat's cards played this deal
    for leader, cards in history:
        seat = leader
        for c in cards:
            total[seat] = total.get(seat, 0) | 1 << c
            seat = table.nxt(seat)
    pending = set(view.melds)
    trump = -1
    public = 0
    out: list[Play] = []
    for j, (leader, cards) in enumerate(history):
        seat = leader
        trick: list[tuple[int, int]] = []
        for i, c in enumerate(cards):
            meld = i == 0 and c % 6 in (QUEEN, KING) and (seat, c // 6) in pending
            if meld:
                pending.discard((seat, c // 6))
            side = tuple(s for s in table.seats if s != seat and view.declarer is not None
                         and seat != view.declarer and s != view.declarer)
            public |= 1 << c
            out.append(Play(seat, c, meld, tuple(trick), trump, public & ~(1 << c),
                            total[seat] & ~public, i == 0 and (j > 0 or rules.meld_first_trick),
                            side, trick_winner(trick, trump) if trick else None))
            if meld:
                trump = c // 6
            trick.append((seat, c))
            seat = table.nxt(seat)
    return out


def legal_cards(hand: int, play: Play, rules: Rules) -> int:
    """The cards ``hand`` could have played at ``play``."""
    if play.winner is None:
        return hand
    win = play.winner[1]
    return follow_mask(hand, play.trick[0][1] // 6, win, play.trump, rules.must_beat,
                       rules.must_trump, rules.must_overtrump)


def features(hand: int, play: Play, c: int, legal: int) -> list[float]:
    """The features of playing ``c`` from ``hand`` (``legal``: its legal cards)."""
    trump = play.trump
    f = [0.0] * len(FEATURES)
    suit = SUIT_MASK[c // 6]
    lower_in_suit = suit & ~ABOVE[c] & ~(1 << c)
    if play.winner is None:
        f[0] = POINTS[c] / 10
        f[1] = float(not (ABOVE[c] & ~play.public & ~hand))
        f[2] = float(trump >= 0 and c // 6 == trump)
        f[3] = (hand & suit).bit_count() / 6
        f[4] = float(play.meld_allowed and c % 6 in (QUEEN, KING) and bool(hand >> partner(c) & 1))
        f[5] = float(not (hand & lower_in_suit))
        return f
    n = len(LEAD_FEATURES)
    win_seat, win = play.winner
    wins = beats(c, win, trump)
    pts = POINTS[c] / 10
    f[n] = pts
    if not wins:
        if win_seat in play.partner_of:
            f[n + 1] = pts
        else:
            f[n + 2] = pts
    else:
        cheaper = legal & ~(1 << c)
        f[n + 3] = float(any(beats(d, win, trump) and POINTS[d] < POINTS[c]
                             for d in cards_of(cheaper)))
        f[n + 5] = pts
    f[n + 4] = float(not (legal & lower_in_suit))
    return f


def gift_features(hand: int, c: int) -> list[float]:
    """The features of giving ``c`` away from the declarer's ``hand``."""
    suit = hand & SUIT_MASK[c // 6]
    length = suit.bit_count()
    return [POINTS[c] / 10, float(not (suit & ~ABOVE[c] & ~(1 << c))), length / 6,
            float(c % 6 in (QUEEN, KING) and bool(hand >> partner(c) & 1)),
            float(not (ABOVE[c] & ~hand)), float(length == 1)]


@dataclass(frozen=True)
class PolicyModel:
    """The fitted policy: a weight per feature (:data:`FEATURES`), and per feature of
    a declarer's gift (:data:`GIFT_FEATURES`)."""

    theta: tuple[float, ...]
    skip_meld: float                 # chance a seat leads a Q/K of a marriage without it
    info: dict[str, float]
    gift: tuple[float, ...] = (0.0,) * len(GIFT_FEATURES)

    def gift_log_likelihood(self, hand: int, card: int) -> float:
        """log P(the declarer gives ``card`` | it held ``hand``, ``card`` in it)."""
        cards = cards_of(hand)
        scores = [sum(t * x for t, x in zip(self.gift, gift_features(hand, c), strict=True))
                  for c in cards]
        return _log_choice(scores, cards.index(card))

    def log_likelihood(self, hand: int, play: Play, rules: Rules) -> float:
        """log P(the card played | the seat held ``hand`` then)."""
        return self.legal_log_likelihood(legal_cards(hand, play, rules), play)

    def legal_log_likelihood(self, legal: int, play: Play) -> float:
        """As :meth:`log_likelihood`, from the legal cards alone: a follow's features
        read only them, and a lead's legal cards are the whole hand."""
        if not legal >> play.card & 1:
            return -30.0           # the world breaks a follow duty the sampler missed
        if legal == 1 << play.card:
            return 0.0
        cost = 0.0
        if (not play.trick and not play.meld and play.meld_allowed
                and play.card % 6 in (QUEEN, KING) and legal >> partner(play.card) & 1):
            cost = math.log(self.skip_meld)
        cards = cards_of(legal)
        scores = [sum(t * x for t, x in zip(self.theta, features(legal, play, c, legal),
                                            strict=True)) for c in cards]
        return cost + _log_choice(scores, cards.index(play.card))


def _log_choice(scores: list[float], chosen: int) -> float:
    """log of the softmax of ``scores`` at ``chosen``."""
    top = max(scores)
    return scores[chosen] - top - math.log(sum(math.exp(s - top) for s in scores))


def world_log_weights(model: PolicyModel, view: View, worlds: list[World]) -> np.ndarray:
    """Per world: the log-likelihood of every card the other seats played."""
    rules = view.rules
    me = view.seat
    history = [p for p in plays(view) if p.seat != me]
    out = np.zeros(len(worlds))
    if rules.draw_game or not history:
        return out
    for p in history:
        # Worlds often give a seat the same legal cards at a play: each set is scored once.
        seen: dict[int, float] = {}
        held = p.after | 1 << p.card
        for i, w in enumerate(worlds):
            legal = legal_cards(w.hands[p.seat] | held, p, rules)
            ll = seen.get(legal)
            if ll is None:
                ll = seen[legal] = model.legal_log_likelihood(legal, p)
            out[i] += ll
    return out


def gift_log_weights(model: PolicyModel, view: View, worlds: list[World],
                     played: int) -> np.ndarray:
    """Per world: the log-likelihood of the gift this seat received, from the
    declarer's cards in the world, those it played (``played``) and the gift (the
    other seat's gift, unseen, is left out of the declarer's hand)."""
    out = np.zeros(len(worlds))
    mine = [c for r, c in view.given if r == view.seat]
    declarer = view.declarer
    if not mine or declarer is None or declarer == view.seat or view.rules.players == 2:
        return out
    seen: dict[int, float] = {}
    for i, w in enumerate(worlds):
        hand = w.hands[declarer] | played | 1 << mine[0]
        ll = seen.get(hand)
        if ll is None:
            ll = seen[hand] = model.gift_log_likelihood(hand, mine[0])
        out[i] = ll
    return out


FILE = "play.json"


@cache
def load() -> PolicyModel:
    """The shipped model."""
    return read(WEIGHTS / FILE)


def read(source: Path) -> PolicyModel:
    data = json.loads(source.read_text())
    gift = data.get("gift", {})
    return PolicyModel(tuple(data["theta"][k] for k in FEATURES), data["skip_meld"],
                       data.get("info", {}), tuple(gift.get(k, 0.0) for k in GIFT_FEATURES))


def write(target: Path, model: PolicyModel) -> None:
    target.write_text(json.dumps({"theta": dict(zip(FEATURES, model.theta, strict=True)),
                                  "gift": dict(zip(GIFT_FEATURES, model.gift, strict=True)),
                                  "skip_meld": model.skip_meld, "info": model.info},
                                 indent=1) + "\n")
