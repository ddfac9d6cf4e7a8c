"""The PettingZoo environment: PettingZoo's own api_test on every table form,
actions and masks that match the engine, observations built from the view only,
and rewards that add up to the written scores."""

from __future__ import annotations

import random
import warnings
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test  # noqa: E402

from tysiac.bots import BasicBot  # noqa: E402
from tysiac.engine import actions as A  # noqa: E402
from tysiac.env import actions as env_actions  # noqa: E402
from tysiac.env import env, raw_env  # noqa: E402

from ..bots.worlds import other_world, positions  # noqa: E402

FORMS = ["pl-3", "pl-2", "pl-4", "dobierany"]


@pytest.mark.parametrize("preset", FORMS)
def test_pettingzoo_api_test(preset: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")     # dict observations, as in PettingZoo's classics
        api_test(env(preset), num_cycles=600)
        api_test(env(preset, deals=1), num_cycles=100)   # the episode ends: dead steps


def test_every_action_index_round_trips() -> None:
    every = (list(range(24)) + [A.play(6 * s + r, meld=True) for s in range(4) for r in (2, 3)]
             + [A.give(c) for c in range(24)] + [A.discard(c) for c in range(24)]
             + [A.PASS, A.BOMB, A.redeal(2), A.choose_musik(0), A.choose_musik(1)]
             + [A.bid(n) for n in range(105, 401, 5)]
             + [A.declare(n) for n in range(100, 401, 5)])
    indexes = [env_actions.to_index(a) for a in every]
    assert sorted(indexes) == list(range(env_actions.SIZE))
    assert [env_actions.to_action(i, 2) for i in indexes] == every
    with pytest.raises(ValueError, match="outside"):
        env_actions.to_action(env_actions.SIZE, 0)


@pytest.mark.parametrize(("preset", "options"), [
    ("pl-3", {}), ("pl-2", {}), ("pl-4", {}), ("dobierany", {}), ("pl-2-classic", {}),
    ("pl-3", {"redeal_weak_hand_max": 25, "bid_step": 5}),
])
def test_the_mask_is_the_legal_actions_and_rewards_add_up_to_the_scores(
        preset: str, options: dict[str, Any]) -> None:
    e = raw_env(preset, goal=500, **options)
    e.reset(seed=4)
    bots = [BasicBot(s) for s in range(e.rules.players)]
    returns = dict.fromkeys(e.possible_agents, 0.0)
    while e.agents:
        agent = e.agent_selection
        obs, _, terminated, truncated, _ = e.last()
        for a in e.agents:
            returns[a] += e.rewards[a]
        if terminated or truncated:
            e.step(None)
            continue
        seat = e.possible_agents.index(agent)
        view = e.game.view(seat)
        legal = {env_actions.to_index(a) for a in view.legal}
        assert set(np.flatnonzero(obs["action_mask"])) == legal
        for other in e.possible_agents:
            if other != agent:
                assert not e.observe(other)["action_mask"].any()
        e.step(env_actions.to_index(bots[seat].choose(view)))
    assert e.game.is_over
    assert [returns[a] for a in e.possible_agents] == list(e.game.scores)


def test_an_illegal_action_is_refused_with_a_reason() -> None:
    e = raw_env("pl-3")
    e.reset(seed=1)
    mask = e.observe(e.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(ValueError, match="not legal"):
        e.step(illegal)
    with pytest.raises(ValueError, match="deals"):
        raw_env("pl-3", deals=0)


@pytest.mark.parametrize("preset", FORMS)
def test_observations_come_from_the_view_only(preset: str) -> None:
    """Two different deals that give the agent the same view give it the same
    observation, and the same mask."""
    e = raw_env(preset)
    rnd = random.Random(2)
    compared = 0
    for before, game in positions(e.rules, seed=8, count=60):
        world = other_world(before, game, rnd)
        if world is None:
            continue
        agent = e.possible_agents[game.to_move]
        e.game = game
        first = e.observe(agent)
        e.game = world
        second = e.observe(agent)
        assert np.array_equal(first["observation"], second["observation"])
        assert np.array_equal(first["action_mask"], second["action_mask"])
        compared += 1
    assert compared >= 30


def test_opponents_are_bots_inside_the_environment() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(env("pl-3", opponents={1: "basic", 2: "random"}), num_cycles=300)
    e = raw_env("pl-3", deals=1, opponents={0: "expert", 2: "strong"})
    assert e.possible_agents == ["player_1"]
    e.reset(seed=3)
    returns = 0.0
    while e.agents:
        obs, reward, terminated, truncated, _ = e.last()
        returns += reward
        if terminated or truncated:
            e.step(None)
            continue
        assert e.game.to_move == 1
        e.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert len(e.game.results) == 1
    assert returns == e.game.results[0].delta[1]


def test_unknown_opponents_are_refused() -> None:
    with pytest.raises(ValueError, match="levels"):
        raw_env("pl-3", opponents={1: "grandmaster"})
    with pytest.raises(ValueError, match="seat"):
        raw_env("pl-3", opponents={3: "basic"})
    with pytest.raises(ValueError, match="agent"):
        raw_env("pl-2", opponents={0: "basic", 1: "basic"})
