"""The ``cheat`` player: it SEES EVERY CARD — hands, musiks, stock. An upper bound
for the arena only, never a level a person plays against (it is not in
``LEVELS``). Beside it, ``musik-seer``: the expert bot that sees only the musik,
and only while bidding.

It values actions exactly as the strong bot does (:func:`.strong.evaluate`), over
the one true world instead of sampled ones: double-dummy play, and bidding and
exchange simulated with the real musik and the real hands. The arena recognises
it by ``sees_all`` and calls :meth:`CheatBot.choose_full` with the game.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace

from ..engine.game import Game
from ..engine.views import View
from .expert import ExpertBot
from .sampling import MUSIK, Place, Sampler, World
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


class KnownMusikSampler(Sampler):
    """Worlds of a view in which the musiks are the true ones: only the others'
    hands are drawn."""

    def __init__(self, view: View, musiks: tuple[int, ...]) -> None:
        self.musiks = musiks                # read by _places, which __init__ calls
        super().__init__(view)

    def _places(self) -> tuple[list[Place], int, int]:
        places, unknown, restricted = super()._places()
        self.fixed = any(p.kind == MUSIK for p in places)   # hidden from the view
        if not self.fixed:
            return places, unknown, restricted
        known = 0
        for m in self.musiks:
            known |= m
        return [p for p in places if p.kind != MUSIK], unknown & ~known, restricted

    def _world(self, placed: dict[tuple[int, int], int], rng: random.Random) -> World:
        world = super()._world(placed, rng)
        return replace(world, musiks=self.musiks) if self.fixed else world


class MusikSeer(ExpertBot):
    """The expert bot that SEES THE MUSIK while bidding, and nothing else: what
    knowing the musik before anyone has shown it is worth (arena only). Its worlds
    in bidding draw only the others' hands; after the bidding it is the expert
    bot (the musik is then shown, or known to the declarer)."""

    name = "musik-seer"
    sees_all = True

    def choose_full(self, game: Game) -> int:
        view = game.view(game.to_move)
        if view.phase != "bid" or len(view.legal) == 1:
            return self.choose(view)
        return self.advise(view, KnownMusikSampler(view, tuple(game.musiks)))[0].action
