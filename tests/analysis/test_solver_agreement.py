"""The analysis's double-dummy values against an exhaustive search over the engine
itself (every legal card, the deal settled by the engine), with the pure-Python
solver and with the C kernel; and its whole-deal values against the engine's own
scoring."""

from __future__ import annotations

import random

import pytest

from tysiac import Game, Rules
from tysiac.analysis import play
from tysiac.analysis.worth import Deal
from tysiac.bots import kernel
from tysiac.bots.cheat import true_world
from tysiac.bots.pimc import Context
from tysiac.bots.solver import playing_seats
from tysiac.engine import DEAL, GAME_OVER, PLAY

BACKENDS = ["python"] + (["c"] if kernel.available() else [])


def late_positions(preset: str, seed: int, count: int, left: int) -> list[Game]:
    """Games in the play phase with at most ``left`` tricks to go, reached by random
    legal actions, some with a defender over the barrier."""
    rnd = random.Random(seed)
    out: list[Game] = []
    rules = Rules.preset(preset, bombs_per_player=0)
    while len(out) < count:
        scores = [rnd.choice((0, 0, 850)) for _ in range(rules.players)]
        game = Game(rules, seed=rnd.randrange(10**9), start_scores=scores)
        game.deal()
        while game.phase not in (DEAL, GAME_OVER):
            if game.phase == PLAY and rules.tricks_per_deal - game.tricks_done <= left:
                for _ in range(rnd.randrange(game.k)):
                    game.apply(rnd.choice(game.legal_actions()))
                if game.phase == PLAY and len(game.legal_actions()) > 1:
                    out.append(game)
                break
            game.apply(rnd.choice(game.legal_actions()))
    return out


def settled_result(game: Game) -> tuple[bool, int]:
    """(made, result) of the deal the game just settled: the declarer's written
    contract minus the points of the defenders whose points count."""
    r = game.results[-1]
    assert r.declarer is not None and r.contract is not None
    barrier = game.rules.barrier
    counted = sum(r.points[s] for s in playing_seats(game.n, r.sitting_out)
                  if s != r.declarer and not (barrier is not None
                                              and game.standing.scores[s] - r.delta[s] >= barrier))
    made = r.points[r.declarer] >= r.contract
    return made, (r.contract if made else -r.contract) - counted


def exhaustive(game: Game) -> tuple[bool, int]:
    """Minimax over the engine: the declarer wants (made, result) high, the
    defenders low."""
    if game.phase != PLAY:
        return settled_result(game)
    values = []
    for a in game.legal_actions():
        child = game.copy()
        child.apply(a)
        values.append(exhaustive(child))
    return max(values) if game.to_move == game.declarer else min(values)


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize(("preset", "left"), [("pl-3", 3), ("pl-2", 4), ("pl-4", 3)])
def test_every_card_valued_as_the_exhaustive_search(preset: str, left: int, backend: str) -> None:
    for game in late_positions(preset, 11, 12, left):
        ctx = Context.of(game.view(game.to_move), backend)
        results, _ = play.results_in(ctx, true_world(game))
        for a in game.legal_actions():
            child = game.copy()
            child.apply(a)
            assert results[a] == exhaustive(child), (preset, a)


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_card_review_is_the_exhaustive_loss(backend: str) -> None:
    for game in late_positions("pl-3", 5, 10, 2):
        seat = game.to_move
        values = {}
        for a in game.legal_actions():
            child = game.copy()
            child.apply(a)
            values[a] = exhaustive(child)[1] * (1 if seat == game.declarer else -1)
        best = max(values.values())
        for a in game.legal_actions():
            r = play.review_card(game, a, backend=backend)
            assert r.dd_loss == best - values[a]
            assert set(r.dd_best) == {x for x, v in values.items() if v == best}


def test_the_most_points_of_a_deal_agree_between_the_solvers() -> None:
    if not kernel.available():
        pytest.skip("the C kernel is not built")
    rnd = random.Random(3)
    rules = Rules.preset("pl-3", bombs_per_player=0)
    for _ in range(3):
        game = Game(rules, seed=rnd.randrange(10**9))
        game.deal()
        order, _, out = game.order, game.nxt, game.sitting_out
        declarer = order[0]
        deals = [Deal.of(rules, game.hands, game.musiks, game.nxt, out, backend)
                 for backend in ("python", "c")]
        # Late in the deal: the declarer's hand cut to 3 cards each, so Python is quick.
        hands = list(game.hands)
        for s in order:
            hands[s] = sum(1 << c for c in sorted(
                c for c in range(24) if hands[s] >> c & 1)[:3])
        got = [d.max_points(declarer, hands, 0)[0] for d in deals]
        assert got[0] == got[1]
        reach = [d.reaches(declarer, hands, 0, got[0])[0] for d in deals]
        assert reach == [True, True]
        assert not any(d.reaches(declarer, hands, 0, got[0] + 1)[0] for d in deals)
