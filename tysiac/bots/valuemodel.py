"""The expert bot's value model: what a hand is worth to its declarer, learned
from simulated deals (``make train-bots``; :mod:`tysiac.bots.training`).

Two small neural networks per table layout (3 playing seats; 2 players with 10 or
9 cards), evaluated here with numpy, many hands at a time:

* ``final``: the hand that plays, once the declarer has given its two cards (3
  and 4 players: the card each defender received is an input) or discarded (2
  players: the discards are an input);
* ``pre``: a dealt hand before the musik (the declarer's exchange is the
  simulation's own, :func:`tysiac.bots.planning.cheapest` with some variety).

Each gives the distribution of the declarer's deal points (cards, marriages and,
with 2 players, the leftover cards) in 5-point bins, as the double-dummy solver
finds them with the other cards dealt at random, and the defenders' points
together. Rule options that change play are inputs: ``meld_first_trick``,
``must_trump`` and, for 2 players, ``leftover_cards``.

The weights are a small ``.npz`` file per layout in ``weights/``; the file also
holds the validation figures of the training run that made it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np
import numpy.typing as npt

from ..cards import MARRIAGE_VALUES, POINTS
from ..rules import Rules

WEIGHTS = Path(__file__).with_name("weights")
#: Width of a points bin, and the number of bins (0 .. 395 and above).
BIN = 5
BINS = 80
#: Model layouts (:func:`tysiac.bots.evaluation.layout`): 3 playing seats; 2 players by hand size.
LAYOUTS = ("3", "2x10", "2x9")
STAGES = ("pre", "final")

F32 = npt.NDArray[np.float32]
Masks = npt.NDArray[np.int64]

_SHIFT = np.arange(24, dtype=np.int64)
_POINTS = np.array(POINTS, dtype=np.float32)
_MARRIAGE = np.array(MARRIAGE_VALUES, dtype=np.float32) / 100


def flags(rules: Rules) -> tuple[float, float, float]:
    """The rule options the models take as inputs."""
    return (float(rules.meld_first_trick), float(rules.must_trump),
            float(rules.leftover_cards == "last_trick"))


def bits(masks: Masks) -> F32:
    """One row of 24 zeros and ones per card mask."""
    return ((masks[:, None] >> _SHIFT) & 1).astype(np.float32)


def hand_features(b: F32) -> F32:
    """Counts a player reads off a hand (rows of :func:`bits`): suit lengths,
    marriages, card points, aces, tens with and without their ace, voids, the
    longest suit, lone kings and queens."""
    s = b.reshape(-1, 4, 6)
    length = s.sum(axis=2)
    married = s[:, :, 2] * s[:, :, 3]
    half = np.abs(s[:, :, 2] - s[:, :, 3])
    aces, tens = s[:, :, 5], s[:, :, 4]
    cols = [
        length / 6, married,
        (married @ _MARRIAGE)[:, None],
        (b @ _POINTS)[:, None] / 120,
        aces.sum(axis=1, keepdims=True) / 4,
        (tens * aces).sum(axis=1, keepdims=True) / 4,
        (tens * (1 - aces)).sum(axis=1, keepdims=True) / 4,
        (length == 0).sum(axis=1, keepdims=True) / 4,
        length.max(axis=1, keepdims=True) / 6,
        (half @ _MARRIAGE)[:, None],
    ]
    return np.concatenate(cols, axis=1).astype(np.float32)


def encode(stage: str, hands: Masks, extra: list[Masks], rule_flags: F32) -> F32:
    """Model inputs: the hand's cards and counts, the cards of ``extra`` (final
    stage: each gift, or the discards), the rule flags (one row per hand, or one
    row for all)."""
    hb = bits(hands)
    cols = [hb, hand_features(hb)]
    if stage == "final":
        cols += [bits(m) for m in extra]
    f = np.broadcast_to(rule_flags, (len(hands), rule_flags.shape[-1]))
    cols.append(f.astype(np.float32))
    return np.concatenate(cols, axis=1)


@dataclass(frozen=True)
class Network:
    """A multilayer perceptron with ReLU hidden layers; the output is ``BINS``
    logits of the declarer's points and the defenders' points / 100."""

    weights: tuple[F32, ...]
    biases: tuple[F32, ...]
    mean: F32
    scale: F32

    def __call__(self, x: F32) -> tuple[F32, F32]:
        h = (x - self.mean) / self.scale
        last = len(self.weights) - 1
        for i, (w, b) in enumerate(zip(self.weights, self.biases, strict=True)):
            h = h @ w + b
            if i < last:
                np.maximum(h, 0, out=h)
        logits = h[:, :BINS]
        logits = logits - logits.max(axis=1, keepdims=True)
        p = np.exp(logits)
        p /= p.sum(axis=1, keepdims=True)
        return p.astype(np.float32), (h[:, BINS] * 100).astype(np.float32)

    def arrays(self, prefix: str) -> dict[str, npt.NDArray[np.float32]]:
        out = {f"{prefix}mean": self.mean, f"{prefix}scale": self.scale}
        for i, (w, b) in enumerate(zip(self.weights, self.biases, strict=True)):
            out[f"{prefix}w{i}"] = w
            out[f"{prefix}b{i}"] = b
        return out

    @classmethod
    def from_arrays(cls, data: dict[str, npt.NDArray[np.float32]], prefix: str) -> Network:
        ws, bs = [], []
        i = 0
        while f"{prefix}w{i}" in data:
            ws.append(np.asarray(data[f"{prefix}w{i}"], dtype=np.float32))
            bs.append(np.asarray(data[f"{prefix}b{i}"], dtype=np.float32))
            i += 1
        return cls(tuple(ws), tuple(bs), np.asarray(data[f"{prefix}mean"], dtype=np.float32),
                   np.asarray(data[f"{prefix}scale"], dtype=np.float32))


@dataclass(frozen=True)
class ValueModel:
    """The networks of one layout and what their training run measured."""

    layout: str
    nets: dict[str, Network]
    info: dict[str, float]

    def points(self, stage: str, hands: Masks, extra: list[Masks],
               rule_flags: F32) -> tuple[F32, F32]:
        """(per hand: the probabilities of the declarer's points by bin, the
        expected points of the defenders together)."""
        return self.nets[stage](encode(stage, hands, extra, rule_flags))


def path(layout_name: str, root: Path = WEIGHTS) -> Path:
    return root / f"value-{layout_name}.npz"


@cache
def load(layout_name: str, root: Path = WEIGHTS) -> ValueModel:
    """The model of a layout in ``root`` (the shipped one by default). Raises
    ``FileNotFoundError`` with the command that makes it."""
    file = path(layout_name, root)
    if not file.exists():
        make = ("make train-bots" if root == WEIGHTS
                else f"python -m tysiac.bots.training --only value --out {root}")
        raise FileNotFoundError(f"{file} is missing: run `{make}`")
    return read(file)


def read(file: Path) -> ValueModel:
    with np.load(file) as data:
        arrays = {k: data[k] for k in data.files}
    nets = {stage: Network.from_arrays(arrays, f"{stage}.") for stage in STAGES
            if f"{stage}.w0" in arrays}
    info = {k[5:]: float(v) for k, v in arrays.items() if k.startswith("info.")}
    return ValueModel(str(arrays["layout"]), nets, info)


def write(file: Path, model: ValueModel) -> None:
    arrays: dict[str, npt.NDArray[np.generic]] = {"layout": np.array(model.layout)}
    for stage, net in model.nets.items():
        arrays.update(net.arrays(f"{stage}."))
    for k, v in model.info.items():
        arrays[f"info.{k}"] = np.array(v, dtype=np.float64)
    file.parent.mkdir(parents=True, exist_ok=True)
    np.savez_compressed(file, **arrays)  # type: ignore[arg-type]


def _cumulative(p: F32) -> F32:
    """P(bin >= i) for i = 0 .. BINS, per row of bin probabilities."""
    tail = np.cumsum(p[:, ::-1], axis=1)[:, ::-1]
    return np.concatenate([tail, np.zeros((len(p), 1), np.float32)], axis=1, dtype=np.float32)


def _reach(cum: F32, rows: npt.NDArray[np.int64] | slice,
           levels: npt.NDArray[np.float64]) -> F32:
    x = np.clip(levels / BIN, 0, BINS)
    i = np.floor(x).astype(np.int64)
    frac = x - i
    above = cum[rows, np.minimum(i + 1, BINS)]
    here = cum[rows, np.minimum(i, BINS)] - above
    # The bin holding the level counts in proportion to its part at or above it.
    return np.asarray(above + here * (1 - frac), dtype=np.float32)


def reach_rows(p: F32, levels: npt.ArrayLike) -> F32:
    """P(declarer's points >= ``levels[i]``) for each row ``i`` of bins ``p``."""
    lv = np.broadcast_to(np.asarray(levels, dtype=np.float64), (len(p),))
    return _reach(_cumulative(p), np.arange(len(p)), lv)


def reach_grid(p: F32, levels: npt.ArrayLike) -> F32:
    """P(declarer's points >= each of ``levels``): rows of ``p`` by columns."""
    lv = np.asarray(levels, dtype=np.float64)
    return _reach(_cumulative(p), slice(None), lv)
