"""Positions of random games, and a second world for each: a different deal that
gives the seat to move the same view (for the no-peeking tests)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from tysiac import Game, IllegalAction, Rules
from tysiac.bots import LEVELS
from tysiac.cards import ALL_CARDS, cards_of
from tysiac.engine import DEAL, GAME_OVER, DealLog
from tysiac.engine import actions as A

from ..randomgames import knowable


def positions(rules: Rules, seed: int, count: int) -> list[tuple[Game, Game]]:
    """``count`` positions (a seat to move) of games played by basic bots with some
    random moves, each with the game as it stood before the deal in progress."""
    rnd = random.Random(seed)
    driver = LEVELS["basic"](seed)
    out: list[tuple[Game, Game]] = []
    game = Game(rules, seed=seed)
    while len(out) < count:
        if game.phase == GAME_OVER or len(game.results) > 30:
            game = Game(rules, seed=rnd.randrange(10**9))
        before = game.copy()
        game.deal()
        while game.phase not in (DEAL, GAME_OVER):
            if rnd.random() < 0.25 and len(out) < count:
                out.append((before, game.copy()))
            view = game.view(game.to_move)
            action = rnd.choice(view.legal) if rnd.random() < 0.2 else driver.choose(view)
            game.play(action)
    return out


def _swap_action(a: int, swap: Callable[[int], int]) -> int:
    if A.kind(a) in ("play", "give", "discard"):
        return a - A.card_of(a) + swap(A.card_of(a))
    return a


def other_world(before: Game, game: Game, rnd: random.Random) -> Game | None:
    """The same position with two cards hidden from the seat to move swapped
    between their places; None if no such world replays legally."""
    seat = game.to_move
    log = game.log[-1]
    assert isinstance(log, DealLog)
    place: dict[int, tuple[str, int]] = {}
    for s, hand in enumerate(log.hands):
        place.update((c, ("hand", s)) for c in cards_of(hand))
    for i, musik in enumerate(log.musiks):
        place.update((c, ("musik", i)) for c in cards_of(musik))
    place.update((c, ("stock", j)) for j, c in enumerate(log.stock))
    hidden = cards_of(ALL_CARDS & ~knowable(game, seat))
    if len(hidden) < 2:
        return None
    for _ in range(60):
        x, y = rnd.sample(hidden, 2)
        if place[x] == place[y]:
            continue

        def swap(c: int, x: int = x, y: int = y) -> int:
            return y if c == x else x if c == y else c

        world = before.copy()
        world.deal([[swap(c) for c in cards_of(h)] for h in log.hands],
                   [[swap(c) for c in cards_of(m)] for m in log.musiks],
                   [swap(c) for c in log.stock])
        try:
            for a in log.actions:
                world.play(_swap_action(a, swap))
        except IllegalAction:
            continue
        if hidden_state(world) != hidden_state(game):
            return world
    return None


def hidden_state(game: Game) -> tuple[Any, ...]:
    """Where the cards are now: hands, musiks, stock, discards, who drew what."""
    return game.hands, game.musiks, game.stock, game.discards, game.drawn
