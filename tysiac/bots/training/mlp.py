"""A small multilayer perceptron trained with Adam, in numpy (the ``train`` extra).

The output layer is ``BINS`` logits (cross-entropy against the bin of the
declarer's points) and one linear unit (squared error against the defenders'
points / 100). Deterministic for a seed on one machine.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from ..valuemodel import BIN, BINS, F32, Network


@dataclass
class Fit:
    network: Network
    #: Validation figures: cross-entropy of the points' bins, mean absolute error
    #: of the expected points and of the defenders' points, the Brier score of
    #: "at least 100 points", the samples used.
    figures: dict[str, float]


def train(x: F32, points: npt.NDArray[np.int16], defenders: npt.NDArray[np.int16],
          hidden: tuple[int, ...] = (128, 64), epochs: int = 12, batch: int = 256,
          lr: float = 2e-3, seed: int = 0, holdout: float = 0.05) -> Fit:
    rng = np.random.default_rng(seed)
    n = len(x)
    order = rng.permutation(n)
    nval = max(1, int(n * holdout))
    val, tr = order[:nval], order[nval:]
    mean = x[tr].mean(axis=0).astype(np.float32)
    scale = (x[tr].std(axis=0) + 1e-3).astype(np.float32)
    xs = ((x - mean) / scale).astype(np.float32)
    ybin = np.minimum(points.astype(np.int64) // BIN, BINS - 1)
    ydef = (defenders.astype(np.float32) / 100)
    sizes = (x.shape[1], *hidden, BINS + 1)
    ws = [(rng.standard_normal((a, b)) * np.sqrt(2 / a)).astype(np.float32)
          for a, b in zip(sizes[:-1], sizes[1:], strict=True)]
    bs = [np.zeros(b, np.float32) for b in sizes[1:]]
    params = ws + bs
    m = [np.zeros_like(p) for p in params]
    v = [np.zeros_like(p) for p in params]
    step = 0
    b1, b2 = 0.9, 0.999
    for epoch in range(epochs):
        rate = lr * (0.5 * (1 + np.cos(np.pi * epoch / epochs)))
        perm = rng.permutation(tr)
        for start in range(0, len(perm), batch):
            idx = perm[start:start + batch]
            grads = _grads(ws, bs, xs[idx], ybin[idx], ydef[idx])
            step += 1
            for i, g in enumerate(grads):
                m[i] = b1 * m[i] + (1 - b1) * g
                v[i] = b2 * v[i] + (1 - b2) * g * g
                mh = m[i] / (1 - b1 ** step)
                vh = v[i] / (1 - b2 ** step)
                params[i] -= (rate * mh / (np.sqrt(vh) + 1e-8)).astype(np.float32)
    k = len(ws)
    net = Network(tuple(params[:k]), tuple(params[k:]), mean, scale)
    return Fit(net, evaluate(net, x[val], points[val], defenders[val]))


def _grads(ws: list[F32], bs: list[F32], x: F32, ybin: npt.NDArray[np.int64],
           ydef: F32) -> list[F32]:
    acts = [x]
    h = x
    for i, (w, b) in enumerate(zip(ws, bs, strict=True)):
        h = h @ w + b
        if i < len(ws) - 1:
            h = np.maximum(h, 0)
        acts.append(h)
    out = acts[-1]
    logits = out[:, :BINS]
    logits = logits - logits.max(axis=1, keepdims=True)
    p = np.exp(logits)
    p /= p.sum(axis=1, keepdims=True)
    n = len(x)
    d = np.empty_like(out)
    d[:, :BINS] = p
    d[np.arange(n), ybin] -= 1
    d[:, BINS] = (out[:, BINS] - ydef)
    d /= n
    gw: list[F32] = [np.empty(0, np.float32)] * len(ws)
    gb: list[F32] = [np.empty(0, np.float32)] * len(ws)
    for i in range(len(ws) - 1, -1, -1):
        gw[i] = acts[i].T @ d
        gb[i] = d.sum(axis=0)
        if i:
            d = (d @ ws[i].T) * (acts[i] > 0)
    return gw + gb


def evaluate(net: Network, x: F32, points: npt.NDArray[np.int16],
             defenders: npt.NDArray[np.int16]) -> dict[str, float]:
    """The figures of :class:`Fit` for a network on samples."""
    p, dfd = net(x)
    ybin = np.minimum(points.astype(np.int64) // BIN, BINS - 1)
    ce = float(-np.log(np.maximum(p[np.arange(len(p)), ybin], 1e-9)).mean())
    centres = np.arange(BINS, dtype=np.float32) * BIN + (BIN - 1) / 2
    expected = p @ centres
    mae = float(np.abs(expected - points).mean())
    over = p[:, 100 // BIN:].sum(axis=1)
    brier = float(((over - (points >= 100)) ** 2).mean())
    return {"cross_entropy": ce, "points_mae": mae,
            "defenders_mae": float(np.abs(dfd - defenders).mean()), "brier_100": brier,
            "samples": float(len(x))}
