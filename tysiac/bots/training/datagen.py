"""Labelled positions for the value model, from simulated deals.

A sample is one deal from one declarer's side: its dealt hand, the musik it
takes, the cards it gives away (3 playing seats: one to each defender) or
discards (2 players), and what the double-dummy solver then finds: the most
points the declarer makes leading against the other hands, and the points its
defenders write between them (one solve, the objective of
:func:`tysiac.bots.planning.declarer_points`).

The exchange is the heuristic one (:func:`tysiac.bots.planning.cheapest`) in half
the samples, another of the five cheapest sets in most of the rest, and two
random cards otherwise, so that the model has seen what a search of exchanges
will ask it about. The rule options that change play are drawn per sample.
Samples are drawn in chunks, each from its own seed, so a run is the same
whatever the number of processes.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from ...cards import mask_of, points_of
from ..planning import candidate_plans, cheapest
from ..solver import Position, value
from .parallel import run_all

#: Hand size, musik size and playing seats of each layout.
SHAPES = {"3": (7, 3, 3), "2x10": (10, 2, 2), "2x9": (9, 3, 2)}
CHUNK = 500
_SCALE = 1024


@dataclass
class Samples:
    """Columns of samples (see the module docstring); masks as int64."""

    dealt: npt.NDArray[np.int64]       # the declarer's dealt hand
    final: npt.NDArray[np.int64]       # the hand that plays
    extra: npt.NDArray[np.int64]       # (n, 2): gifts to the next and the one after; or
    #                                     the discards and 0 (2 players)
    flags: npt.NDArray[np.float32]     # (n, 3): meld_first_trick, must_trump, leftover
    points: npt.NDArray[np.int16]      # the declarer's double-dummy points
    defenders: npt.NDArray[np.int16]   # the defenders' points together

    def __len__(self) -> int:
        return len(self.points)

    @classmethod
    def concat(cls, parts: list[Samples]) -> Samples:
        return cls(*(np.concatenate([getattr(p, f) for p in parts])
                     for f in ("dealt", "final", "extra", "flags", "points", "defenders")))

    def save(self, file: str) -> None:
        np.savez_compressed(file, dealt=self.dealt, final=self.final, extra=self.extra,
                            flags=self.flags, points=self.points, defenders=self.defenders)

    @classmethod
    def load(cls, file: str) -> Samples:
        with np.load(file) as d:
            return cls(d["dealt"], d["final"], d["extra"], d["flags"], d["points"],
                       d["defenders"])


def draw_flags(rng: random.Random, two: bool) -> tuple[bool, bool, bool]:
    """meld_first_trick, must_trump, leftover to the last trick (2 players)."""
    return rng.random() < 0.7, rng.random() < 0.7, (not two) or rng.random() < 0.8


def one_sample(rng: random.Random, layout: str) -> tuple[int, int, int, int, tuple[bool, ...],
                                                          int, int]:
    size, msize, k = SHAPES[layout]
    deck = list(range(24))
    rng.shuffle(deck)
    dealt = mask_of(deck[:size])
    others = [mask_of(deck[size * (i + 1):size * (i + 2)]) for i in range(k - 1)]
    at = size * k
    musik = mask_of(deck[at:at + msize])
    rest = mask_of(deck[at + msize:])          # 2 players: the other musik
    meld_first, must_trump, last_trick = draw_flags(rng, k == 2)
    hand = dealt | musik
    r = rng.random()
    if r < 0.5:
        drop = cheapest(hand, msize if k == 2 else 2)
    elif r < 0.85:
        drop = rng.choice(candidate_plans(hand, msize if k == 2 else 2)).cards
    else:
        drop = tuple(rng.sample(sorted(c for c in range(24) if hand >> c & 1),
                                msize if k == 2 else 2))
    drop = tuple(rng.sample(drop, len(drop)))
    final = hand & ~mask_of(drop)
    hands: tuple[int, ...]
    if k == 2:
        hands = (final, others[0])
        leftover = rest | mask_of(drop)
        extra: tuple[int, int] = (mask_of(drop), 0)
        left_points = points_of(leftover) if last_trick else 0
    else:
        hands = (final, others[0] | 1 << drop[0], others[1] | 1 << drop[1])
        extra = (1 << drop[0], 1 << drop[1])
        left_points = 0
    weights = (_SCALE,) + (-1,) * (k - 1)
    pos = Position(hands, 0, (), -1, 0, 0, (0,) * k, weights, 0, left_points, meld_first,
                   True, must_trump, True)
    v = value(pos)[0]
    points = -(-v // _SCALE)
    return dealt, final, extra[0], extra[1], (meld_first, must_trump, last_trick), points, \
        points * _SCALE - v


def chunk(args: tuple[int, str, int, int]) -> Samples:
    seed, layout, index, count = args
    rng = random.Random(f"value:{seed}:{layout}:{index}")
    rows = [one_sample(rng, layout) for _ in range(count)]
    return Samples(
        np.array([r[0] for r in rows], np.int64), np.array([r[1] for r in rows], np.int64),
        np.array([(r[2], r[3]) for r in rows], np.int64),
        np.array([r[4] for r in rows], np.float32),
        np.array([r[5] for r in rows], np.int16), np.array([r[6] for r in rows], np.int16))


def generate(layout: str, count: int, seed: int, jobs: int) -> Samples:
    """``count`` samples of a layout."""
    tasks = [(seed, layout, i, min(CHUNK, count - i * CHUNK)) for i in range(-(-count // CHUNK))]
    return Samples.concat(run_all(chunk, tasks, jobs))
