"""Shared pieces of the terminal game's tests: a bot that never bids, sessions
with fixed seeds, and a human that plays random legal moves through the session."""

from __future__ import annotations

import random
from pathlib import Path

from tysiac.engine import actions as A
from tysiac.engine.views import View
from tysiac.rules import Rules
from tysiac.tui.session import Session, Table


class PassiveBot:
    """Passes whenever it may, else takes the first legal action (the lowest
    contract, the first card): the human wins every bidding they enter."""

    name = "passive"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def choose(self, view: View) -> int:
        return A.PASS if A.PASS in view.legal else view.legal[0]


def new_session(path: Path | None, preset: str = "pl-3", seed: int = 7,
                levels: tuple[str, ...] = ("random",), human: int = 0, undo: bool = False,
                lang: str = "pl", **overrides: object) -> Session:
    rules = Rules.preset(preset, **overrides)
    return Session.new(rules, Table.build(rules.players, human, list(levels), seed, undo),
                       path, lang)


def human_move(s: Session, rng: random.Random) -> None:
    """One random legal decision of the human, through the session."""
    v = s.view()
    if v.phase == "exchange" and not (A.BOMB in v.legal and rng.random() < 0.2):
        hand = list(v.hand)
        rng.shuffle(hand)
        if v.players == 2:
            s.discard(hand[:v.rules.musik_size])
        else:
            s.give(dict(zip(s.receivers(), hand, strict=False)))
        return
    s.act(rng.choice(v.legal))


def play_until(s: Session, rng: random.Random, stop: int) -> None:
    """Play (human moves random) until ``stop`` deals are settled or the game ends."""
    s.begin()
    while not s.over and len(s.game.results) < stop:
        if s.between_deals:
            s.start_deal()
        elif s.view().my_turn:
            human_move(s, rng)
        else:
            s.run_bots()
