"""Every card of a deal valued twice: double-dummy (the real hands, solved) and
single-dummy (the strong bot's evaluation from the seat's own view: worlds
consistent with what it could know, sampled by its sampler, each solved the same
way, averaged).

Both value a card by the deal's **result** (see :mod:`.model`): the declarer's
written score minus the counted defenders' points, after that card and the best
play of everybody. A card whose single-dummy loss reaches ``MISTAKE_MIN``, and
stands out of the sampling's noise, is a mistake; the double-dummy loss says
whether it cost anything in these cards.

Budget: a forced card is not evaluated at all; a real choice is solved once in
the real world and in :func:`worlds_for` sampled worlds — as many as the real
world's solve says fit in ``DECISION_NODES`` solver nodes, within a maximum that
grows as the hands shrink: few early in a hard deal, where every world is a large
search, more later, where solving is cheap. Node counts, unlike a clock, keep the
analysis the same on every machine.
"""

from __future__ import annotations

from collections.abc import Sequence
from math import sqrt
from statistics import mean, stdev

from ..bots.base import position_rng
from ..bots.cheat import true_world
from ..bots.pimc import Context, play_position
from ..bots.sampling import Sampler, World
from ..bots.solver import decode, solve
from ..engine import actions as A
from ..engine.game import Game
from .model import CardReview

#: A loss from this many points is worth a mark (a jack given away is not):
#: single-dummy, a mistake; double-dummy only, bad luck.
MISTAKE_MIN = 5
#: A single-dummy loss is a mistake only this many standard errors above zero: one
#: world of a few where the contract's fate flips is no proof.
NOISE_RATIO = 1.5
#: Worlds sampled per decision at most, by the cards in the hand of the seat to move.
WORLDS = {10: 8, 9: 8, 8: 8, 7: 10, 6: 12}
LATE_WORLDS = 16
#: Solver nodes a decision's sampled worlds may take, judged by the real world's
#: solve (the worlds are alike in size), and the fewest worlds whatever the cost.
DECISION_NODES = 2_500_000
MIN_WORLDS = 3
#: The seed of the sampling: with the position it makes the analysis repeatable.
SEED = 0

Results = dict[int, tuple[bool, int]]     # action -> (contract made, result)


def worlds_for(cards_in_hand: int, nodes: int) -> int:
    """Worlds to sample for a decision whose real world took ``nodes`` to solve."""
    most = WORLDS.get(cards_in_hand, LATE_WORLDS)
    return max(MIN_WORLDS, min(most, DECISION_NODES // max(nodes, 1)))


def results_in(ctx: Context, world: World) -> tuple[Results, int]:
    """Every legal action's (made, result) in ``world``, from the view's position,
    and the solver's nodes. The solver's position
    (:func:`~tysiac.bots.pimc.play_position`) weighs the counted defenders' points
    by −1 and the declarer's by 0, so its value decodes to the result less the
    declarer's written score."""
    pos = play_position(ctx, world)
    sol = solve(pos, ctx.backend)
    out: Results = {}
    for a, v in zip(sol.moves, sol.values, strict=True):
        made, points = decode(pos, v)
        out[a] = (made, (pos.contract if made else -pos.contract) + points)
    return out, sol.nodes


def review_card(game: Game, action: int, seed: int = SEED,
                backend: str = "auto") -> CardReview:
    """The review of ``action`` by the seat to move in ``game`` (the play phase;
    ``game`` is not changed)."""
    seat = game.to_move
    trick = game.tricks_done
    view = game.view(seat)
    legal = view.legal
    declarer_side = seat == game.declarer
    if len(legal) == 1:
        return CardReview(trick, seat, action, declarer_side, 1, 0, (action,), None, None,
                          None, None, 0, 0.0, "forced")
    ctx = Context.of(view, backend)
    sign = 1 if declarer_side else -1         # the side to move wants sign * result high
    # Among equals, a marriage announced is named first: it is what the card is for.
    order = sorted(legal, key=lambda a: not A.is_meld(a))
    real, nodes = results_in(ctx, true_world(game))
    top = max(sign * r for _, r in real.values())
    dd_best = tuple(a for a in order if sign * real[a][1] == top)
    count = worlds_for(len(view.hand), nodes)
    worlds = Sampler(view).sample(position_rng(seed, view), count)
    solved = [results_in(ctx, world)[0] for world in worlds]
    sums = {a: sum(sign * w[a][1] for w in solved) for a in legal}
    sd_best = max(order, key=lambda a: sums[a])     # the first of equals
    losses = [sign * (w[sd_best][1] - w[action][1]) for w in solved]
    sd_loss = round(float(mean(losses)), 1) if losses else 0.0
    noise = round(stdev(losses) / sqrt(len(losses)), 1) if len(losses) > 1 else 0.0
    dd_loss = top - sign * real[action][1]
    return CardReview(trick, seat, action, declarer_side, len(legal), dd_loss, dd_best,
                      real[action], real[dd_best[0]], sd_loss, sd_best, len(worlds), noise,
                      verdict(dd_loss, sd_loss, noise))


def verdict(dd_loss: int, sd_loss: float, noise: float = 0.0) -> str:
    """The verdict of a real choice (see :class:`~.model.CardReview`): a mistake
    when the single-dummy loss reaches ``MISTAKE_MIN`` and stands out of the noise
    of the sampling (``NOISE_RATIO`` standard errors of the loss per world)."""
    if sd_loss >= MISTAKE_MIN and sd_loss >= NOISE_RATIO * noise:
        return "mistake" if dd_loss > 0 else "lucky"
    return "unlucky" if dd_loss >= MISTAKE_MIN else "best"


def review_play(game: Game, plays: Sequence[int], seed: int = SEED,
                backend: str = "auto") -> list[CardReview]:
    """Review each of ``plays`` (engine play actions) from ``game``, which stands at
    the first of them and ends after the last."""
    out = []
    for a in plays:
        out.append(review_card(game, a, seed, backend))
        game.apply(a)
    return out
