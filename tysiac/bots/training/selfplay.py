"""The tables the fits play on, and whole games of basic bots from 0, which the
fits of game-level figures read (the win-chance model, the deals a game still
lasts).

Every game of basic bots names the hand counts its bots play with, so that a run
depends on its seed and the code alone, never on what an earlier run left in the
package: the fit of the basic bot's own counts plays with ``PRIOR`` (the counts
written by hand before any fit), the later fits with the counts that fit made.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ...engine import GAME_OVER, Game
from ...rules import Rules
from ..base import play_deal
from ..basic import BasicBot
from ..evaluation import counts_from

#: The table of each size.
PRESETS = {2: "pl-2", 3: "pl-3", 4: "pl-4"}
#: The table of each layout of the value models (a preset and its options).
TABLES: dict[str, tuple[str, dict[str, Any]]] = {
    "3": ("pl-3", {}), "2x10": ("pl-2", {}), "2x9": ("pl-2", {"two_player_layout": "9+2x3"})}
#: A game still going after this many deals is stopped (not ended: callers skip it).
MAX_DEALS = 80
#: The basic bot's hand counts as written by hand, before any fit (the format of
#: ``evaluation.WEIGHTS_FILE``): the bots of the basic bot's own fit play with them.
PRIOR = Path(__file__).with_name("prior.json")


def basic_game(players: int, seed: int, counts: Path) -> tuple[Game, list[tuple[int, ...]]]:
    """A game of basic bots counting hands with ``counts`` at the table of
    ``players``, played to its end (or ``MAX_DEALS`` deals), and the standings at
    the start of each deal."""
    game = Game(Rules.preset(PRESETS[players]), seed=seed)
    bots = [BasicBot(seed + s) for s in range(players)]
    standings: list[tuple[int, ...]] = []
    with counts_from(counts):
        while game.phase != GAME_OVER and len(game.results) < MAX_DEALS:
            standings.append(game.scores)
            game.deal()
            play_deal(game, bots)
    return game, standings
