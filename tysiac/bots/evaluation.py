"""Hand evaluation for bidding, the exchange and the declaration: point counting.

A player counts what a hand is worth as declarer: the marriages it can announce
(the first for sure, as the declarer leads; later ones only after winning the lead
back, so they count for less), aces, tens guarded by their ace, unguarded tens,
the sequence of top cards, the length of the future trump suit and voids to trump
in, and, before the musik is seen, the hope that it completes a marriage (a lone
king or queen). :func:`estimate` turns those counts into the expected deal points
and their spread. The weights were fitted by least squares on self-play deals of
the basic bot (its own exchange and card play) for each table layout, and rounded:
they say what the counts are worth when this bot plays the hand
(``weights/basic.json``, made by ``make train-bots``).

:func:`best_drop` picks the cards to give away (3 and 4 players) or to discard
(2 players): those whose loss costs the least, counting that a card given to an
opponent takes its points to the other side.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from itertools import combinations
from math import erf, sqrt
from pathlib import Path

from ..cards import (
    ACE,
    KING,
    MARRIAGE_VALUES,
    POINTS,
    QUEEN,
    SUIT_MASK,
    SUITS,
    TEN,
    cards_of,
    marriages_in,
)
from ..rules import Rules

FEATURES = ("m1", "m2", "m3", "aces", "tens_a", "tens_b", "hope", "voids", "trump_len",
            "top", "const")

#: Weights per layout and stage ("pre": the dealt hand, before the musik;
#: "final": the hand that plays), in the order of FEATURES, then the spread
#: (standard deviation of the points around the estimate). Made by
#: ``make train-bots`` (:mod:`tysiac.bots.training.basicfit`).
WEIGHTS_FILE = Path(__file__).with_name("weights") / "basic.json"

Counts = dict[tuple[str, str], tuple[tuple[float, ...], float]]


def _load(file: Path = WEIGHTS_FILE) -> Counts:
    data = json.loads(file.read_text())
    if tuple(data["features"]) != FEATURES:
        raise ValueError(f"{file} has other features than {FEATURES}")
    return {(layout, stage): (tuple(v["weights"]), float(v["spread"]))
            for layout, stages in data["layouts"].items() for stage, v in stages.items()}


_WEIGHTS = _load()


@contextmanager
def counts_from(file: Path) -> Iterator[None]:
    """Count hands with the weights of ``file`` (the format of ``WEIGHTS_FILE``)
    meanwhile: the training's self-play, which must not depend on what an earlier
    run left in the package."""
    global _WEIGHTS
    saved, _WEIGHTS = _WEIGHTS, _load(file)
    try:
        yield
    finally:
        _WEIGHTS = saved


def layout(rules: Rules) -> str:
    if rules.players != 2:
        return "3"
    return "2x9" if rules.two_player_layout == "9+2x3" else "2x10"


def features(hand: int) -> tuple[float, ...]:
    """The counts of FEATURES for a hand (a card mask)."""
    values = sorted((MARRIAGE_VALUES[s] for s in marriages_in(hand)), reverse=True)
    values += [0, 0, 0, 0]
    aces = tens_a = tens_b = voids = top = hope = 0
    trump_len = 0
    for s in SUITS:
        held = hand & SUIT_MASK[s]
        base = 6 * s
        has = [held >> (base + r) & 1 for r in range(6)]
        aces += has[ACE]
        tens_a += has[TEN] & has[ACE]
        tens_b += has[TEN] & (1 - has[ACE])
        if has[KING] != has[QUEEN]:
            hope += MARRIAGE_VALUES[s]
        if not held:
            voids += 1
        if has[KING] and has[QUEEN]:
            trump_len = max(trump_len, held.bit_count())
        for r in (ACE, TEN, KING, QUEEN, 1, 0):
            if not has[r]:
                break
            top += 1
    return (values[0], values[1], values[2] + values[3], aces, tens_a, tens_b, hope,
            voids if trump_len else 0, trump_len, top, 1)


def estimate(hand: int, rules: Rules, stage: str) -> tuple[float, float]:
    """The expected deal points of this hand as declarer, and their spread."""
    weights, spread = _WEIGHTS[layout(rules), stage]
    return sum(w * f for w, f in zip(weights, features(hand), strict=True)), spread


def make_chance(points: float, spread: float, contract: int) -> float:
    """The chance of taking at least ``contract`` points (a normal approximation)."""
    return 0.5 * (1 + erf((points - contract + 0.5) / (spread * sqrt(2))))


def best_drop(hand: int, count: int, rules: Rules) -> tuple[int, ...]:
    """The ``count`` cards of ``hand`` to give away or discard."""
    # Points given to an opponent may be played against us; discards go to the
    # last trick's winner (often the declarer) or to nobody.
    loss = 0.5 if rules.players != 2 or rules.leftover_cards == "nobody" else 0.2
    best: tuple[float, tuple[int, ...]] | None = None
    for drop in combinations(cards_of(hand), count):
        rest = hand
        for c in drop:
            rest ^= 1 << c
        value, _ = estimate(rest, rules, "final")
        value -= loss * sum(POINTS[c] for c in drop)
        if best is None or value > best[0]:
            best = (value, drop)
    assert best is not None
    return best[1]

