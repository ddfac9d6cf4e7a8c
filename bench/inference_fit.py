"""The constants of the policy model of :mod:`tysiac.bots.inference`, fitted on the
strong bot's own decisions in self-play (the deals cached by ``bench/paired.py``).

Every bid and pass of every seat gives (the chance its dealt hand reaches the
level, by the ``pre`` value model; bid or not); every declaration gives (the
chance the hand that plays makes the contract, by the ``final`` model; 1), with
a 0 at the next contract up where the cap allowed it and at the bid for a bomb.
A logistic regression on each prints the slope and the centre.
"""

from __future__ import annotations

import argparse
import json

import numpy as np
import paired
from kernel_check import warn_if_pure

from tysiac import Rules
from tysiac.bots.evaluation import layout
from tysiac.bots.valuemodel import flags, load, reach_rows
from tysiac.cards import marriage_total
from tysiac.engine import BID, DECLARE
from tysiac.engine import actions as A


def logistic(s: np.ndarray, y: np.ndarray) -> tuple[float, float]:
    x = np.stack([s, np.ones_like(s)], axis=1)
    w = np.zeros(2)
    for _ in range(50):
        p = 1 / (1 + np.exp(-(x @ w)))
        g = x.T @ (p - y)
        h = (x * (p * (1 - p))[:, None]).T @ x + 1e-6 * np.eye(2)
        w -= np.linalg.solve(h, g)
    return float(w[0]), float(-w[1] / w[0])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--preset", default="pl-3")
    parser.add_argument("--level", default="strong")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--edge", type=float, default=7.0)
    args = parser.parse_args()
    warn_if_pure()
    rules = Rules.preset(args.preset)
    model = load(layout(rules))
    fl = np.array([flags(rules)], np.float32)
    path = paired.baseline_path(args.preset, args.level, args.seed, "zero")
    rows = [json.loads(line) for line in path.read_text().splitlines() if line]
    bid_hands, bid_levels, bid_y = [], [], []
    dec_hands, dec_g1, dec_g2, dec_levels, dec_y = [], [], [], [], []
    for i, row in enumerate(rows):
        g = paired.deal_game(rules, args.seed, i)
        dealt = list(g.hands)
        for a in row["actions"]:
            if g.phase == BID and A.kind(a) in ("bid", "pass"):
                level = A.value_of(a) if a != A.PASS else g.bid + rules.bid_step
                bid_hands.append(dealt[g.to_move])
                bid_levels.append(level)
                bid_y.append(int(a != A.PASS))
            if g.phase == DECLARE and rules.players != 2 and len(g.given) == 2:
                final = g.hands[g.declarer]
                cap = max(g.bid, 120 + marriage_total(final))
                gifts = (1 << g.given[0][1], 1 << g.given[1][1])
                if a == A.BOMB:
                    pairs = [(g.bid, 0)]
                else:
                    c = A.value_of(a)
                    pairs = [(c, 1)] + ([(c + rules.bid_step, 0)] if c + rules.bid_step <= cap
                                        else [])
                for level, y in pairs:
                    dec_hands.append(final)
                    dec_g1.append(gifts[0])
                    dec_g2.append(gifts[1])
                    dec_levels.append(level)
                    dec_y.append(y)
            g.apply(a)
    p, _ = model.points("pre", np.array(bid_hands, np.int64), [], fl)
    s = reach_rows(p, np.array(bid_levels, np.float64) - args.edge)
    slope, centre = logistic(s.astype(np.float64), np.array(bid_y, np.float64))
    print(f"bids: {len(bid_y)} decisions ({sum(bid_y)} bids): slope {slope:.2f}, "
          f"centre {centre:.3f}")
    if dec_y:
        p, _ = model.points("final", np.array(dec_hands, np.int64),
                            [np.array(dec_g1, np.int64), np.array(dec_g2, np.int64)], fl)
        q = reach_rows(p, np.array(dec_levels, np.float64) - args.edge)
        slope, centre = logistic(q.astype(np.float64), np.array(dec_y, np.float64))
        print(f"declarations: {len(dec_y)} samples: slope {slope:.2f}, centre {centre:.3f}")


if __name__ == "__main__":
    main()
