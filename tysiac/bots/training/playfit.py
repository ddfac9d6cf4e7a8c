"""The card-play and gift policies of :mod:`tysiac.bots.playinference`, fitted on
the strong bot's play.

Deals of ``strong`` bots are played from a seed (pl-3 and pl-2, from standings
drawn as met in games); once a deal is over every card has been played, so the
hand each seat held at each of its plays is known: the card and the seat's cards
played after it. Each play with a choice is a sample: the features of every
legal card and the one chosen. A conditional logit is fitted by Newton's
method; deals are split into training and validation (the log-loss per play and
the share of plays the model's favourite card matches are printed). The
declarers' gifts of the same deals (3 playing seats; the hand each was chosen
from is the cards the declarer played and the gifts) fit the gift policy the
same way.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from ...cards import KING, QUEEN, cards_of, partner
from ...engine import Game
from ...rules import Rules
from ..base import play_deal
from ..playinference import (
    FEATURES,
    GIFT_FEATURES,
    PolicyModel,
    features,
    gift_features,
    legal_cards,
    plays,
)
from ..strong import StrongBot
from .parallel import run_all

PRESETS = ("pl-3", "pl-2")
#: Candidates per play at most (a hand of 10 cards leads any of them).
WIDTH = 12
F64 = npt.NDArray[np.float64]


@dataclass
class Samples:
    x: F64                      # (plays, WIDTH, features)
    valid: npt.NDArray[np.bool_]   # (plays, WIDTH)
    chosen: npt.NDArray[np.int64]  # (plays,)
    deal: npt.NDArray[np.int64]    # (plays,) for the split
    skipped: int                # Q/K leads of a marriage held, not announced
    could: int                  # Q/K leads of a marriage held, announcing allowed


def _deals(args: tuple[str, int, int, int]) -> list[tuple[int, str, list[int]]]:
    """(deal number, preset, actions) of ``count`` deals of strong bots."""
    preset, seed, start, count = args
    out = []
    for d in range(start, start + count):
        game, rng = _start(preset, seed, d)
        bots = [StrongBot(rng.getrandbits(32)) for _ in game.scores]
        out.append((d, preset, play_deal(game, bots)))
    return out


def samples_of(games: list[tuple[int, Rules, Game]]) -> Samples:
    """The plays with a choice of finished deals."""
    xs, valid, chosen, deal = [], [], [], []
    skipped = could = 0
    for d, rules, game in games:
        view = game.view(0)
        for p in plays(view):
            hand = p.after | 1 << p.card
            if (not p.trick and p.meld_allowed and p.card % 6 in (QUEEN, KING)
                    and hand >> partner(p.card) & 1):
                could += 1
                skipped += not p.meld
                if not p.meld:
                    continue
            legal = legal_cards(hand, p, rules)
            cards = cards_of(legal)
            if len(cards) < 2:
                continue
            x, ok = _padded([features(hand, p, c, legal) for c in cards], len(FEATURES))
            xs.append(x)
            valid.append(ok)
            chosen.append(cards.index(p.card))
            deal.append(d)
    return Samples(np.array(xs), np.array(valid), np.array(chosen), np.array(deal),
                   skipped, could)


def _padded(rows: list[list[float]], width: int) -> tuple[F64, npt.NDArray[np.bool_]]:
    """A choice's candidates as ``WIDTH`` rows of ``width`` features, and which are real."""
    x = np.zeros((WIDTH, width))
    x[:len(rows)] = rows
    ok = np.zeros(WIDTH, dtype=np.bool_)
    ok[:len(rows)] = True
    return x, ok


def gifts_of(games: list[tuple[int, Rules, Game]]) -> Samples:
    """The declarers' gifts of finished deals (3 and 4 players): each chosen from
    the cards it played and the gifts not yet given."""
    xs, valid, chosen, deal = [], [], [], []
    for d, rules, game in games:
        declarer = game.view(0).declarer
        if rules.players == 2 or declarer is None:
            continue
        view = game.view(declarer)
        hand = 0
        for p in plays(view):
            if p.seat == declarer:
                hand |= 1 << p.card
        if not hand:
            continue                # a bomb: no cards played
        gifts = [c for _, c in view.given]
        hand |= sum(1 << c for c in gifts)
        for c in gifts:
            cards = cards_of(hand)
            x, ok = _padded([gift_features(hand, e) for e in cards], len(GIFT_FEATURES))
            xs.append(x)
            valid.append(ok)
            chosen.append(cards.index(c))
            deal.append(d)
            hand &= ~(1 << c)
    return Samples(np.array(xs).reshape(-1, WIDTH, len(GIFT_FEATURES)),
                   np.array(valid).reshape(-1, WIDTH), np.array(chosen, dtype=np.int64),
                   np.array(deal, dtype=np.int64), 0, 0)


def _replay(rows: list[tuple[int, str, list[int]]], seed: int) -> list[tuple[int, Rules, Game]]:
    out = []
    for d, preset, actions in rows:
        game, _ = _start(preset, seed, d)
        for a in actions:
            game.play(a, game.to_move)
        out.append((d, game.rules, game))
    return out


def _start(preset: str, seed: int, d: int) -> tuple[Game, random.Random]:
    """Deal ``d`` of a fit, dealt from a standing drawn as met in games, and the
    random source its bots' seeds come from."""
    rules = Rules.preset(preset)
    rng = random.Random(f"playfit:{seed}:{preset}:{d}")
    scores = tuple(rng.randrange(-100, rules.goal * 7 // 10, 10) for _ in range(rules.players))
    game = Game(rules, seed=rng.getrandbits(63), first_dealer=d % rules.players,
                start_scores=scores)
    game.deal()
    return game, rng


def _log_probs(theta: F64, s: Samples) -> F64:
    z = np.where(s.valid, s.x @ theta, -np.inf)
    z -= z.max(axis=1, keepdims=True)
    return np.asarray(z - np.log(np.exp(z).sum(axis=1, keepdims=True)))


def newton(s: Samples, ridge: float = 1e-2) -> F64:
    theta = np.zeros(s.x.shape[2])
    rows = np.arange(len(s.chosen))
    for _ in range(25):
        p = np.exp(_log_probs(theta, s))                      # (n, W)
        mean = np.einsum("nw,nwf->nf", p, s.x)
        grad = (s.x[rows, s.chosen] - mean).sum(axis=0) - ridge * theta
        centred = s.x - mean[:, None, :]
        hess = np.einsum("nw,nwf,nwg->fg", p, centred, centred) + ridge * np.eye(len(theta))
        step = np.linalg.solve(hess, grad)
        theta += step
        if np.abs(step).max() < 1e-6:
            break
    return theta


def _subset(s: Samples, keep: npt.NDArray[np.bool_]) -> Samples:
    return Samples(s.x[keep], s.valid[keep], s.chosen[keep], s.deal[keep], s.skipped, s.could)


def _validate(s: Samples) -> tuple[F64, dict[str, float]]:
    """Fitted on the deals not held out: the log-loss, a uniform choice's and the
    share of choices the favourite matches on the held-out fifth; then the
    weights fitted on every deal."""
    val = s.deal % 5 == 0
    theta = newton(_subset(s, ~val))
    v = _subset(s, val)
    if not len(v.chosen):
        return newton(s), {}
    lp = _log_probs(theta, v)
    figures = {"val_log_loss": round(float(-lp[np.arange(len(v.chosen)), v.chosen].mean()), 4),
               "val_uniform_log_loss": round(float(np.log(v.valid.sum(axis=1)).mean()), 4),
               "val_top1": round(float((lp.argmax(axis=1) == v.chosen).mean()), 4)}
    return newton(s), figures


def fit(deals: int, seed: int, jobs: int) -> PolicyModel:
    per = min(5, deals)
    tasks = [(preset, seed, i, per) for preset in PRESETS for i in range(0, deals, per)]
    rows = [r for chunk in run_all(_deals, tasks, jobs) for r in chunk]
    games = _replay(rows, seed)
    s = samples_of(games)
    theta, figures = _validate(s)
    g = gifts_of(games)
    gift, gift_figures = _validate(g)
    skip = max(s.skipped, 1) / max(s.could, 1)
    info = {"deals": float(len(rows)), "plays": float(len(s.chosen)), "seed": float(seed),
            **figures, "gifts": float(len(g.chosen)),
            **{f"gift_{k}": v for k, v in gift_figures.items()}}
    return PolicyModel(tuple(float(round(t, 4)) for t in theta), round(skip, 4), info,
                       tuple(float(round(t, 4)) for t in gift))
