"""Every bot level plays thousands of random positions of every preset and
option variant legally: each choice goes through the engine's checked door.

Positions are reached by the bot playing every seat, with one move in four
taken at random instead, so that bots also meet positions they would not steer
into (odd bids, a marriage broken, a bomb thrown)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tysiac import Game, IllegalAction
from tysiac.bots import LEVELS
from tysiac.engine import DEAL, GAME_OVER

from ..randomgames import VARIANTS
from .levels import make

#: Decisions checked per variant; the search bot, at its smallest budget, fewer.
DECISIONS = {"strong": 100}
DEFAULT_DECISIONS = 2000


def phases_of(name: str) -> set[str]:
    rules = VARIANTS[name]
    if rules.draw_game:
        return {"play"}
    both = {"bid", "exchange", "declare", "play"}
    return both | {"choose_musik"} if rules.players == 2 else both


@pytest.mark.parametrize("name", sorted(VARIANTS))
@pytest.mark.parametrize("level", sorted(LEVELS))
def test_every_choice_is_legal(level: str, name: str) -> None:
    rules = VARIANTS[name]
    target = DECISIONS.get(level, DEFAULT_DECISIONS)
    rnd = random.Random(f"{level}/{name}")
    bot = make(level, 3)
    phases: Counter[str] = Counter()
    game = Game(rules, seed=rnd.randrange(10**9))
    while sum(phases.values()) < target:
        if game.phase == GAME_OVER or len(game.results) >= 40:
            game = Game(rules, seed=rnd.randrange(10**9))
        game.deal()
        while game.phase not in (DEAL, GAME_OVER):
            view = game.view(game.to_move)
            if rnd.random() < 0.25:
                game.play(rnd.choice(view.legal))
                continue
            action = bot.choose(view)
            try:
                game.play(action)
            except IllegalAction as e:
                pytest.fail(f"{level} chose {action} ({e}) in phase {view.phase}; "
                            f"legal: {view.legal}")
            phases[view.phase] += 1
    assert set(phases) == phases_of(name)
