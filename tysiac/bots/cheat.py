"""The ``cheat`` player: it SEES EVERY CARD — hands, musiks, stock. An upper bound
for the arena only, never a level a person plays against (it is not in
``LEVELS``).

It values actions exactly as the strong bot does (:func:`.strong.evaluate`), over
the one true world instead of sampled ones: double-dummy play, and bidding and
exchange simulated with the real musik and the real hands. The arena recognises
it by ``sees_all`` and calls :meth:`CheatBot.choose_full` with the game.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..engine.game import Game
from ..engine.views import View
from .sampling import World
from .strong import evaluate


class CheatBot:
    """Plays with every card in sight (see the module docstring)."""

    name = "cheat"
    #: Tells the arena to pass the whole game to :meth:`choose_full`.
    sees_all = True

    def __init__(self, seed: int | None = None, backend: str = "auto") -> None:
        self.seed = seed        # unused: the cheat has nothing to sample
        self.backend = backend

    def choose(self, view: View) -> int:
        raise TypeError("the cheat player needs the whole game: call choose_full(game)")

    def choose_full(self, game: Game) -> int:
        """The best action of the seat to move, knowing every card of ``game``."""
        legal = game.legal_actions()
        if len(legal) == 1:
            return legal[0]
        world = true_world(game)

        def worlds(phase: str) -> Iterator[World]:
            yield world

        return evaluate(game.view(game.to_move), worlds, self.backend)[0].action


def true_world(game: Game) -> World:
    """Where every card of the deal in progress really is."""
    musiks: tuple[int, ...] = ()
    leftover = 0
    if game.declarer < 0 or game.phase_name == "bid":
        musiks = tuple(game.musiks)
    elif game.n == 2 and not game.draw:
        if game.musik_choice < 0:
            musiks = tuple(game.musiks)
        else:
            leftover = game.musiks[1 - game.musik_choice] | game.discards
    return World(tuple(game.hands), musiks, leftover, tuple(reversed(game.stock)))
