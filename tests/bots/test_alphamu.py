"""Card play with the seat's next card fixed per set of worlds it cannot tell apart
(``expert:search=alphamu``): the solver's one-move step agrees with its values, a
card is never worth more than PIMC says, a guess left for later costs what it
costs, and the bot plays legally, the same way for the same view, without peeking
(the option is not a level, so ``tests/test_no_peeking.py`` does not reach it)."""

from __future__ import annotations

import random

import pytest

from tysiac import Game, Rules
from tysiac.bots import ExpertBot
from tysiac.bots.alphamu import play_values, unfused
from tysiac.bots.pimc import Context, margin, play_position, solved
from tysiac.bots.pimc import play_values as pimc_values
from tysiac.bots.sampling import Sampler
from tysiac.bots.solver import Position, after, solve, value
from tysiac.cards import mask_of, parse_card
from tysiac.engine import DEAL, GAME_OVER, PLAY
from tysiac.engine.views import View

from .worlds import hidden_state, other_world, positions


def _play_views(rules: Rules, seed: int, count: int) -> list[Game]:
    return [game for _, game in positions(rules, seed, count * 4)
            if game.phase == PLAY and len(game.legal_actions()) > 1][:count]


@pytest.mark.parametrize("preset", ["pl-3", "pl-2"])
def test_after_gives_the_value_solve_gives_each_move(preset: str) -> None:
    rng = random.Random(3)
    for game in _play_views(Rules.preset(preset), seed=5, count=8):
        ctx = Context.of(game.view(game.to_move))
        pos = play_position(ctx, Sampler(ctx.view).sample(rng, 1)[0])
        sol = solve(pos)
        assert [value(after(pos, m))[0] for m in sol.moves] == list(sol.values)


@pytest.mark.parametrize("preset", ["pl-3", "pl-2"])
def test_no_card_is_worth_more_than_pimc_says(preset: str) -> None:
    rng = random.Random(4)
    for game in _play_views(Rules.preset(preset), seed=6, count=6):
        ctx = Context.of(game.view(game.to_move))
        worlds = Sampler(ctx.view).sample(rng, 6)
        pimc = pimc_values(ctx, worlds)
        mine = play_values(ctx, worlds)
        assert mine.keys() == pimc.keys()
        assert all(mine[a][0] <= pimc[a][0] + 1e-9 for a in mine)
        # The best value is a searched card's own, not PIMC's bound of it.
        top = max(v for v, _ in mine.values())
        searched = solved(ctx, worlds)
        assert any(abs(unfused(ctx, searched, [1.0] * len(worlds), a)[0] - top) < 1e-9
                   for a in mine if mine[a][0] == top)


def test_a_guess_left_for_later_is_no_longer_free() -> None:
    """2 players, no trump, 20 points to the last trick's winner. The opponent holds
    the A♣ or the A♠ (and the 9 of the other suit), and the 9♥. Leading the A♥ the
    seat sees only the forced 9♥, then must guess which ten to lose first to take
    the last trick; leading the 10♣ shows the ace or the nine, and nothing is left to
    guess. PIMC values both alike (each world guessed right) and takes the A♥, the
    first in order; with the next card fixed for both worlds the A♥ loses the
    leftover in one of the two."""
    ctx = Context.of(_pl2_view())
    def hand(*cards: str) -> int:
        return mask_of(parse_card(c) for c in cards)

    mine = hand("AH", "TC", "TS")
    worlds = (hand("9H", "AC", "9S"), hand("9H", "AS", "9C"))
    solved = []
    for theirs in worlds:
        pos = Position((mine, theirs), 0, (), -1, 5, 0, (60, 40), (0, -1), leftover=20)
        solved.append((pos, solve(pos)))
    ace, ten = parse_card("AH"), parse_card("TC")

    def pimc(card: int) -> float:
        return sum(margin(ctx, pos, sol.values[sol.moves.index(card)])[0]
                   for pos, sol in solved) / len(solved)

    assert pimc(ace) == pimc(ten)
    assert unfused(ctx, solved, [1.0, 1.0], ten)[0] == pimc(ten)
    assert unfused(ctx, solved, [1.0, 1.0], ace)[0] == pimc(ace) - 10


def _pl2_view() -> View:
    game = Game(Rules.preset("pl-2"), seed=1)
    game.deal()
    return game.view(0)


@pytest.mark.parametrize("preset", ["pl-3", "pl-2", "dobierany"])
def test_expert_with_alphamu_plays_legally_and_the_same_for_the_same_view(preset: str) -> None:
    rules = Rules.preset(preset)
    game = Game(rules, seed=2)
    game.deal()
    bots = [ExpertBot(s, worlds=3, search="alphamu") for s in range(rules.players)]
    while game.phase not in (DEAL, GAME_OVER):
        seat = game.to_move
        view = game.view(seat)
        action = bots[seat].choose(view)
        assert action in view.legal
        if view.phase == "play":
            assert ExpertBot(seat, worlds=3, search="alphamu").choose(view) == action
        game.play(action, seat)


@pytest.mark.parametrize("preset", ["pl-3", "pl-2"])
def test_expert_with_alphamu_does_not_peek(preset: str) -> None:
    rnd = random.Random(9)
    compared = 0
    for before, game in positions(Rules.preset(preset), seed=8, count=40):
        if game.phase != PLAY or len(game.legal_actions()) < 2:
            continue
        world = other_world(before, game, rnd)
        if world is None:
            continue
        assert hidden_state(world) != hidden_state(game)
        view, other = game.view(game.to_move), world.view(game.to_move)
        assert view == other
        bot = ExpertBot(5, worlds=3, search="alphamu")
        assert bot.choose(view) == bot.choose(other)
        compared += 1
    assert compared >= 3


def test_an_unknown_search_is_refused() -> None:
    with pytest.raises(ValueError, match="alphamu"):
        ExpertBot(1, search="alpha-mu")
