"""The expert bot's draw-game play while the stock lasts (:mod:`tysiac.bots.drawplay`):
with one order of the stock it is the strong bot's PIMC; with more, a lead's answer
is one per hand, and a card that ends a trick is valued over every order."""

from __future__ import annotations

import random

import pytest

from tysiac import Game, Rules
from tysiac.bots import ExpertBot
from tysiac.bots.drawplay import draw_values
from tysiac.bots.pimc import Context, play_values, rollout, stock_value
from tysiac.bots.sampling import Sampler
from tysiac.engine import PLAY


def stock_positions(count: int, seed: int = 3) -> list[Game]:
    """Games of the draw game at a random point while the stock lasts."""
    rng, found = random.Random(seed), []
    while len(found) < count:
        game = Game(Rules.preset("dobierany"), seed=rng.randrange(1 << 30))
        game.deal()
        for _ in range(rng.randrange(12)):
            game.apply(rng.choice(game.legal_actions()))
        view = game.view(game.to_move)
        if game.phase == PLAY and view.stock_size and len(view.legal) > 1:
            found.append(game)
    return found


@pytest.mark.parametrize("game", stock_positions(6))
def test_one_order_of_the_stock_is_the_strong_bot_s_play(game):
    view = game.view(game.to_move)
    ctx = Context.of(view)
    worlds = Sampler(view).sample(random.Random(1), 5)
    assert draw_values(ctx, worlds, 1, random.Random(2)) == play_values(ctx, worlds)


@pytest.mark.parametrize("game", stock_positions(6, seed=4))
def test_an_answer_is_one_per_hand_over_the_orders(game):
    view = game.view(game.to_move)
    ctx = Context.of(view)
    world = Sampler(view).sample(random.Random(1), 1)[0]
    rng = random.Random(5)
    variants = [world] + [type(world)(world.hands, stock=tuple(
        rng.sample(world.stock, len(world.stock)))) for _ in range(3)]
    other = ctx.table.nxt(ctx.me)
    for first in view.legal:
        got = stock_value(ctx, variants, first)
        if view.trick:
            want = sum(rollout(ctx, w, first) for w in variants) / 4
        else:
            answers = [c for c in range(24) if world.hands[other] >> c & 1]
            per_order = [[rollout(ctx, w, first, b) for b in answers] for w in variants]
            want = min(sum(r[i] for r in per_order) / 4 for i in range(len(answers)))
            # never below the clairvoyant answer's average, which picks per order
            assert got >= sum(min(r) for r in per_order) / 4 - 1e-9
        assert got == pytest.approx(want)


def test_the_expert_bot_plays_the_draw_game_legally_and_repeatably():
    for game in stock_positions(4, seed=6):
        view = game.view(game.to_move)
        bot = ExpertBot(seed=9, stock_orders=3)
        choice = bot.choose(view)
        assert choice in view.legal
        assert ExpertBot(seed=9, stock_orders=3).choose(view) == choice
