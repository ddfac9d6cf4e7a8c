"""Bots never peek: two different full states that give the acting seat the same
view make every bot choose the same action (same seed), and a view holds no card
that seat cannot know.

The second state is a different deal consistent with the seat's view: two cards
hidden from the seat, dealt to different places (another hand, a musik, the stock),
swap places, and the deal's actions are replayed on it through the checked door
(a swapped card given or discarded is renamed likewise; a world in which some
earlier action would be illegal is discarded and another swap tried).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from tysiac import Game, IllegalAction, Rules
from tysiac.bots import LEVELS
from tysiac.cards import ALL_CARDS, cards_of
from tysiac.engine import DEAL, GAME_OVER, DealLog
from tysiac.engine import actions as A
from tysiac.engine.views import View

from .bots.levels import make
from .randomgames import knowable, view_cards

TABLES = {
    "pl-3": Rules.preset("pl-3"),
    "pl-2": Rules.preset("pl-2"),
    "pl-2 9+2x3": Rules.preset("pl-2", two_player_layout="9+2x3"),
    "pl-2-classic": Rules.preset("pl-2-classic"),
    "pl-4": Rules.preset("pl-4"),
    "dobierany": Rules.preset("dobierany"),
    "tournament-3": Rules.preset("tournament-3"),
    "pl-3 hidden musik, bombs before": Rules.preset(
        "pl-3", musik_reveal="never", bomb_timing="before_exchange", bombs_per_player=None,
        redeal_four_nines=True, redeal_weak_hand_max=30),
}
#: Positions per table, by level; the search bot gets fewer, with a tiny budget.
POSITIONS = {"strong": 12}
DEFAULT_POSITIONS = 150


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
        if _hidden_state(world) != _hidden_state(game):
            return world
    return None


def _hidden_state(game: Game) -> tuple[Any, ...]:
    """Where the cards are now: hands, musiks, stock, discards, who drew what."""
    return game.hands, game.musiks, game.stock, game.discards, game.drawn


def _worlds(name: str, count: int, seed: int) -> list[tuple[View, View, Game, Game]]:
    rnd = random.Random(seed)
    out = []
    for before, game in positions(TABLES[name], seed, count):
        world = other_world(before, game, rnd)
        if world is not None:
            out.append((game.view(game.to_move), world.view(game.to_move), game, world))
    # Most positions have another world (not all: late in a deal few cards are hidden).
    assert len(out) >= count // 2
    return out


@pytest.mark.parametrize("name", sorted(TABLES))
@pytest.mark.parametrize("level", sorted(LEVELS))
def test_same_view_same_choice(level: str, name: str) -> None:
    count = POSITIONS.get(level, DEFAULT_POSITIONS)
    for view, other, game, world in _worlds(name, count, seed=len(name) * 7919 + count):
        assert _hidden_state(game) != _hidden_state(world)
        assert view == other
        assert make(level, 5).choose(view) == make(level, 5).choose(other)


@pytest.mark.parametrize("name", sorted(TABLES))
def test_views_hold_only_cards_the_seat_may_know(name: str) -> None:
    for _, game in positions(TABLES[name], seed=11, count=60):
        for seat in range(game.n):
            assert view_cards(game, seat) & ~knowable(game, seat) == 0


class _Peeker:
    """Reads the full game through a back door: what the test must catch."""

    game: Game | None = None

    def choose(self, view: View) -> int:
        assert _Peeker.game is not None
        hidden = sum(_Peeker.game.hands) & ~sum(1 << c for c in view.hand)
        return view.legal[hidden % len(view.legal)]


def test_a_peeking_bot_is_caught() -> None:
    """The harness can fail: a bot that reads hidden cards answers equal views
    differently somewhere."""
    differ = 0
    for view, other, game, world in _worlds("pl-3", 40, seed=3):
        _Peeker.game = game
        first = _Peeker().choose(view)
        _Peeker.game = world
        differ += first != _Peeker().choose(other)
    assert differ > 0
