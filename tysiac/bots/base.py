"""The one bot interface: a bot sees a seat's view, never the full state.

A bot is deterministic given its seed and the view it is shown: two games that
give the acting seat the same view make the bot choose the same action. That is
how "bots never peek" is guaranteed, and ``tests/test_no_peeking.py`` proves it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol

from ..engine import DEAL, GAME_OVER, Game
from ..engine.views import View


class Bot(Protocol):
    """Chooses one of ``view.legal`` for the seat ``view.seat``."""

    name: str

    def choose(self, view: View) -> int:
        ...


class RandomBot:
    """Uniformly random legal actions: the baseline."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    def choose(self, view: View) -> int:
        return position_rng(self.seed, view).choice(view.legal)


def position_rng(seed: int | None, view: View) -> random.Random:
    """A generator seeded by the bot's seed and the position the view shows, so a
    bot answers the same view the same way, however the game got there."""
    key = (seed, view.seat, view.deal_number, view.phase, view.bids, view.tricks,
           view.trick, view.hand, view.given, view.discards)
    return random.Random(repr(key))


def play_deal(game: Game, bots: Sequence[Bot]) -> list[int]:
    """Play the deal in progress to its end, each seat by its bot (asked only when
    it has a choice); the actions, in order."""
    actions = []
    while game.phase not in (DEAL, GAME_OVER):
        seat = game.to_move
        view = game.view(seat)
        a = view.legal[0] if len(view.legal) == 1 else bots[seat].choose(view)
        actions.append(a)
        game.play(a, seat)
    return actions
