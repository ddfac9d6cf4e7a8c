"""What holds for the analysis of any deal: a forced card is never marked, the
double-dummy values of consecutive cards chain into the result as played, the
losses add up, the verdicts follow the thresholds."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tysiac import Game, Rules
from tysiac.analysis import DealAnalysis, analyse_deal
from tysiac.analysis.play import MISTAKE_MIN, NOISE_RATIO
from tysiac.bots import make_bot
from tysiac.engine import DEAL, GAME_OVER

from .test_solver_agreement import settled_result


def played_deal(preset: str, seed: int) -> Game:
    """A settled deal of the basic bot with a random move now and then (so that
    there are mistakes to find), bombs included."""
    rules = Rules.preset(preset)
    rnd = random.Random(seed)
    game = Game(rules, seed=seed, start_scores=[rnd.choice((0, 0, 820))
                                                for _ in range(rules.players)])
    bot = make_bot("basic", seed)
    while True:
        game.deal()
        while game.phase not in (DEAL, GAME_OVER):
            view = game.view(game.to_move)
            game.play(rnd.choice(view.legal) if rnd.random() < 0.25 else bot.choose(view))
        if game.results and game.results[-1].log is game.log[-1]:
            return game


def check(a: DealAnalysis, game: Game) -> None:
    r = game.results[-1]
    evaluated = [c for c in a.play if c.after is not None]
    for c in a.play:
        assert c.dd_loss >= 0 and (c.dd_loss == 0) == (c.action in c.dd_best)
        if c.choices == 1:
            assert c.verdict == "forced" and c.dd_loss == 0 and not c.marked
            assert c.sd_loss is None and c.after is None
            continue
        assert c.sd_loss is not None and c.sd_best is not None and c.worlds >= 2
        assert c.verdict != "forced"
        sure = c.sd_loss >= MISTAKE_MIN and c.sd_loss >= NOISE_RATIO * c.noise
        assert c.marked == sure
        assert (c.verdict == "unlucky") == (not sure and c.dd_loss >= MISTAKE_MIN)
        assert c.sd_best != c.action or c.sd_loss == 0
    if r.bomb:
        assert not a.play and a.start_result is None
        return
    # Each card's value is the next one's best; the last is the deal as played.
    for c, d in zip(evaluated, evaluated[1:], strict=False):
        assert c.after is not None and d.after_best is not None
        assert c.after[1] == d.after_best[1]
    assert evaluated[-1].after == settled_result(game)
    assert evaluated[0].after_best is not None
    assert a.start_result == evaluated[0].after_best[1]
    assert evaluated[0].after_best[0] == a.cards.makeable
    lost = sum(c.dd_loss if c.declarer_side else -c.dd_loss for c in a.play)
    assert a.start_result - lost == settled_result(game)[1]
    for loss in a.losses:
        mine = [c for c in a.play if c.seat == loss.seat]
        assert loss.play_dd == sum(c.dd_loss for c in mine)
        assert loss.play == pytest.approx(sum(c.sd_loss or 0 for c in mine if c.marked), abs=0.11)


def check_cards(a: DealAnalysis, game: Game) -> None:
    c = a.cards
    if c.played is not None:
        assert c.best.points >= c.played.points
        assert c.makeable == (c.played.points >= c.contract)
    assert c.searched >= 1
    assert (a.exchange_loss > 0) == (a.contract is not None and not c.makeable
                                     and c.makeable_best)
    for b in a.bidding:
        assert b.worth is None or (100 <= b.worth <= b.best.points
                                   and b.worth % game.rules.bid_step == 0)
        assert b.loss >= 0
        if b.seat != a.declarer:
            assert b.verdict in ("right", "too_high", "left_points")
    assert a.sitting_out not in {b.seat for b in a.bidding}


@settings(max_examples=4, deadline=None)
@given(seed=st.integers(0, 10**6), preset=st.sampled_from(["pl-3", "pl-2", "pl-4"]))
def test_any_deal(seed: int, preset: str) -> None:
    game = played_deal(preset, seed)
    a = analyse_deal(game, len(game.log) - 1)
    check(a, game)
    check_cards(a, game)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_deals_of_three_players(seed: int) -> None:
    game = played_deal("pl-3", seed)
    a = analyse_deal(game, len(game.log) - 1)
    check(a, game)
    check_cards(a, game)
