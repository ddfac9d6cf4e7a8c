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

import pytest

from tysiac import Game, Rules
from tysiac.bots import LEVELS
from tysiac.engine.views import View

from .bots.levels import make
from .bots.worlds import hidden_state, other_world, positions
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
#: Positions per table, by level; the search bots get fewer, with a tiny budget.
POSITIONS = {"strong": 12, "expert": 12}
DEFAULT_POSITIONS = 150


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
        assert hidden_state(game) != hidden_state(world)
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
