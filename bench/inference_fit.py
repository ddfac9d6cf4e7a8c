"""The constants of the policy model of :mod:`tysiac.bots.inference`, fitted on
decisions cached by ``bench/paired.py``: the strong bot's own in self-play
(``--baseline strong``), or, with ``--opponents LEVEL``, the opponents' decisions
in the deals of a baseline played among them (as the arena seats them).

Every bid and pass gives (the chance the seat's dealt hand reaches the level, by
the ``pre`` value model; bid or not); every declaration gives (the chance the
hand that plays makes the contract, by the ``final`` model; 1), with a 0 at the
next contract up where the cap allowed it and at the bid for a bomb. A logistic
regression on each prints the slope and the centre. The bids are also fitted with
more terms (the hand's mean points by the model, the level, whether a seat bid
above 100 before): every fourth deal is held out, and its log-loss a decision is
printed for the shipped constants, the refitted ones and the terms.
"""

from __future__ import annotations

import argparse
import json

import numpy as np
import numpy.typing as npt
import paired
from kernel_check import warn_if_pure

from tysiac.bots.evaluation import layout
from tysiac.bots.inference import BID_CENTRE, BID_SLOPE
from tysiac.bots.modelplan import EDGE
from tysiac.bots.valuemodel import BIN, flags, load, reach_rows
from tysiac.cards import marriage_total
from tysiac.engine import BID, DECLARE
from tysiac.engine import actions as A

Array = npt.NDArray[np.float64]


def _biased(x: Array) -> Array:
    """``x`` with a column of ones: the bias is the last weight."""
    return np.column_stack([x, np.ones(len(x))])


def logistic(x: Array, y: Array) -> Array:
    """Weights of a logistic regression of ``y`` on the columns of ``x`` and a
    bias (the last weight), by Newton's method."""
    x = _biased(x)
    w = np.zeros(x.shape[1])
    for _ in range(60):
        p = 1 / (1 + np.exp(-(x @ w)))
        g = x.T @ (p - y)
        h = (x * (p * (1 - p))[:, None]).T @ x + 1e-6 * np.eye(x.shape[1])
        w -= np.linalg.solve(h, g)
    return w


def log_loss(p: Array, y: Array) -> float:
    p = np.clip(p, 1e-9, 1 - 1e-9)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def _predict(x: Array, w: Array) -> Array:
    return np.asarray(1 / (1 + np.exp(-(_biased(x) @ w))))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--preset", default="pl-3")
    parser.add_argument("--baseline", default="strong", help="the cached baseline's level")
    parser.add_argument("--opponents", help="fit the decisions of these seats of a "
                        "baseline played among them")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--scores", choices=("zero", "game", "played"), default="zero")
    parser.add_argument("--edge", type=float, default=EDGE)
    args = parser.parse_args()
    warn_if_pure()
    rules = paired.table_rules(args.preset)
    model = load(layout(rules))
    fl = np.array([flags(rules)], np.float32)
    path = paired.baseline_path(args.preset, args.baseline, args.seed, args.scores,
                                args.opponents)
    rows = [json.loads(line) for line in path.read_text().splitlines() if line]
    bid_hands, bid_levels, bid_y, contested, held = [], [], [], [], []
    dec_hands, dec_g1, dec_g2, dec_levels, dec_y = [], [], [], [], []
    for i, row in enumerate(rows):
        start = paired._start_for(rules, args.scores, i)
        for mine, base in paired.seat_games(row):
            g = paired.deal_game(rules, args.seed, i, start)
            dealt = list(g.hands)
            for a in base["actions"]:
                fitted = g.to_move != mine
                if fitted and g.phase == BID and A.kind(a) in ("bid", "pass"):
                    level = A.value_of(a) if a != A.PASS else g.bid + rules.bid_step
                    bid_hands.append(dealt[g.to_move])
                    bid_levels.append(level)
                    bid_y.append(int(a != A.PASS))
                    contested.append(int(g.bid > 100))
                    held.append(i % 4 == 0)
                if (fitted and g.phase == DECLARE and rules.players != 2
                        and len(g.given) == 2):
                    final = g.hands[g.declarer]
                    cap = max(g.bid, 120 + marriage_total(final))
                    gifts = (1 << g.given[0][1], 1 << g.given[1][1])
                    if a == A.BOMB:
                        pairs = [(g.bid, 0)]
                    else:
                        c = A.value_of(a)
                        pairs = [(c, 1)] + ([(c + rules.bid_step, 0)]
                                            if c + rules.bid_step <= cap else [])
                    for level, made in pairs:
                        dec_hands.append(final)
                        dec_g1.append(gifts[0])
                        dec_g2.append(gifts[1])
                        dec_levels.append(level)
                        dec_y.append(made)
                g.apply(a)
    p, _ = model.points("pre", np.array(bid_hands, np.int64), [], fl)
    levels = np.array(bid_levels, np.float64)
    y = np.array(bid_y, np.float64)
    s = reach_rows(p, levels - args.edge).astype(np.float64)
    mean = (p @ (BIN * np.arange(p.shape[1]))).astype(np.float64)
    terms = np.column_stack([s, mean / 100, (levels - 100) / 100, contested])
    test = np.array(held)
    train = ~test
    print(f"bids: {len(y)} decisions ({int(y.sum())} bids), {int(test.sum())} held out")
    shipped = 1 / (1 + np.exp(-BID_SLOPE * (s - BID_CENTRE)))
    print(f"  shipped (slope {BID_SLOPE}, centre {BID_CENTRE}): held-out log-loss "
          f"{log_loss(shipped[test], y[test]):.4f}")
    w = logistic(s[train, None], y[train])
    print(f"  fitted: slope {w[0]:.2f}, centre {-w[1] / w[0]:.3f}; held-out log-loss "
          f"{log_loss(_predict(s[test, None], w), y[test]):.4f}")
    w = logistic(terms[train], y[train])
    names = ("s", "mean/100", "(level-100)/100", "contested", "bias")
    print(f"  with more terms: held-out log-loss {log_loss(_predict(terms[test], w), y[test]):.4f}"
          "; weights " + ", ".join(f"{n} {v:.2f}" for n, v in zip(names, w, strict=True)))
    if dec_y:
        p, _ = model.points("final", np.array(dec_hands, np.int64),
                            [np.array(dec_g1, np.int64), np.array(dec_g2, np.int64)], fl)
        q = reach_rows(p, np.array(dec_levels, np.float64) - args.edge).astype(np.float64)
        w = logistic(q[:, None], np.array(dec_y, np.float64))
        print(f"declarations: {len(dec_y)} samples: slope {w[0]:.2f}, "
              f"centre {-w[1] / w[0]:.3f}")


if __name__ == "__main__":
    main()
