"""The ``strong`` bot: search over the hidden cards.

It samples worlds consistent with its view (:mod:`.sampling`), solves each with
the double-dummy solver (:mod:`.solver`) and takes the action with the best
average: Perfect Information Monte Carlo. Bidding, the exchange and the
declaration are decided the same way, by simulating the deal as declarer in each
world (:mod:`.planning`); card play in :mod:`.pimc`. Every decision is valued as the seat's expected
**deal margin** (:class:`Advice`), which is also what :mod:`.hint` shows.

Budget: by default a fixed number of worlds per decision (``DEFAULT_WORLDS``), so
the bot is deterministic given its seed and the view (``position_rng``); with
``budget_ms`` it samples worlds until the time is used (at least two). ``worlds=N``
fixes the count for every phase.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from ..engine.views import View
from .base import position_rng
from .pimc import Context, Values, play_values
from .planning import plan_bid, plan_declare, plan_exchange, plan_musik
from .sampling import Sampler, World

#: Worlds sampled per decision at the default budget, by phase. Card play early
#: in the deal, when every world is a large search, uses ``EARLY_PLAY_WORLDS``.
DEFAULT_WORLDS = {"play": 20, "bid": 10, "exchange": 8, "declare": 12, "choose_musik": 4}
#: Play worlds by the cards left in the hand of the seat to move (more: fewer worlds).
EARLY_PLAY_WORLDS = {10: 8, 9: 10, 8: 10, 7: 14}
#: In time mode: the fewest worlds, and how many are sampled at a time.
MIN_WORLDS = 2
_BATCH = 4


@dataclass(frozen=True, slots=True)
class Advice:
    """One candidate action and what the search expects of it.

    ``expected``: the seat's expected deal margin in points, averaged over the
    sampled worlds: its own score change in this deal minus the average change of
    the other playing seats. A declarer writes +contract or -contract; defenders
    write their deal points (shared evenly between two defenders, as the solver
    plays them as one team), nothing at the barrier or on the barrel; a bomb
    writes the bomb points. Card play is valued with every world solved
    double-dummy from the position; bidding, exchange and declaration by solving
    the whole deal after a quick exchange (``planning``). In the draw game: own
    points minus the opponent's.

    ``made``: the chance that the contract is made: of the contract being played
    (card play), of the seat's own contract (a bid, an exchange, a declaration),
    or of the current highest bid played by its bidder (a pass). ``None`` where no
    contract is played (the draw game, a redeal).
    """

    action: int
    expected: float
    made: float | None = None


Worlds = Callable[[str], Iterator[World]]


class StrongBot:
    """Search over the hidden cards (see the module docstring)."""

    name = "strong"

    def __init__(self, seed: int | None = None, budget_ms: float | None = None,
                 worlds: int | None = None, backend: str = "auto") -> None:
        self.seed = seed
        self.budget_ms = budget_ms
        self.worlds = worlds
        self.backend = backend

    def choose(self, view: View) -> int:
        if len(view.legal) == 1:
            return view.legal[0]
        return self.advise(view)[0].action

    def advise(self, view: View, sampler: Sampler | None = None) -> list[Advice]:
        """Every candidate action of ``view`` with its value, best first, over worlds
        drawn by ``sampler`` (by default, the worlds consistent with ``view``)."""
        if view.seat is None or not view.legal:
            raise ValueError("advice needs the view of the seat to move")
        rng = position_rng(self.seed, view)
        sampler = sampler or Sampler(view)
        source = world_source(view, sampler, rng, self.budget_ms, self.worlds)
        return ranked(view, self._values(view, source, sampler, rng))

    def _values(self, view: View, source: Worlds, sampler: Sampler,
                rng: random.Random) -> Values:
        """The value of each candidate action (a subclass may value them its way)."""
        return search_values(Context.of(view, self.backend), source)


def world_count(view: View, phase: str, fixed: int | None = None) -> int:
    """Worlds per decision at the default budget (or ``fixed``)."""
    if fixed:
        return fixed
    if phase == "play":
        return EARLY_PLAY_WORLDS.get(len(view.hand), DEFAULT_WORLDS[phase])
    return DEFAULT_WORLDS[phase]


def world_source(view: View, sampler: Sampler, rng: random.Random, budget_ms: float | None,
                 fixed: int | None) -> Worlds:
    """The worlds of each phase: ``DEFAULT_WORLDS`` (card play early in the deal:
    ``EARLY_PLAY_WORLDS``), or ``fixed`` for every phase; with ``budget_ms``,
    worlds until the time is used (at least ``MIN_WORLDS``, at most ``fixed``)."""
    def worlds(phase: str) -> Iterator[World]:
        if budget_ms is None:
            yield from sampler.sample(rng, world_count(view, phase, fixed))
            return
        deadline = time.perf_counter() + budget_ms / 1000
        made = 0
        while made < MIN_WORLDS or time.perf_counter() < deadline:
            for world in sampler.sample(rng, _BATCH):
                made += 1
                yield world
            if fixed is not None and made >= fixed:
                return
    return worlds


def evaluate(view: View, worlds: Worlds, backend: str = "auto") -> list[Advice]:
    """Value the candidate actions of ``view`` over the worlds ``worlds(phase)``
    yields; best first, ties in the order of ``view.legal``."""
    return ranked(view, search_values(Context.of(view, backend), worlds))


def search_values(ctx: Context, worlds: Worlds) -> Values:
    """The value of each candidate action of ``ctx.view`` over ``worlds(phase)``."""
    phase = ctx.view.phase
    if phase == "play":
        return play_values(ctx, worlds("play"))
    if phase == "bid":
        return plan_bid(ctx, worlds("bid"))
    if phase == "exchange":
        return plan_exchange(ctx, worlds("exchange"))
    if phase == "declare":
        return plan_declare(ctx, worlds("declare"))
    return plan_musik(ctx, worlds("choose_musik"))


def ranked(view: View, values: Values) -> list[Advice]:
    """Advice from values: the legal actions, best first, ties in the order of
    ``view.legal``."""
    order = {a: i for i, a in enumerate(view.legal)}
    advice = [Advice(a, round(v, 2), None if m is None else round(m, 3))
              for a, (v, m) in values.items() if a in order]
    advice.sort(key=lambda x: (-x.expected, order[x.action]))
    return advice
