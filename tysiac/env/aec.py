"""A PettingZoo AEC environment of Tysiąc, for every rule set and table form.

``env(preset="pl-3", deals=None, **options)`` is a game to the goal (or ``deals``
deals, then the episode is truncated) under the preset plus rule overrides.
Agents ``player_0`` .. ``player_{n-1}`` are the seats; with 4 players the seat
sitting out a deal simply never acts in it. Dealing is done by the environment
from the seed given to ``reset``.

Spaces: a ``Discrete`` action (:mod:`.actions`, the same for every rule set) and a
dict observation: ``observation``, the vector of :mod:`.observation` built from the
agent's view only, and ``action_mask``, 1 for the legal actions of the agent to
move (all 0 for the others: here a seat asks for a redeal at its own turn only).
Reward: the change of each seat's written score when a deal is settled, 0
otherwise, so an episode's return is the seat's final score.

``opponents={seat: level}`` seats bots of the project's levels (``"expert"``,
``"strong"``, ``"basic"``, ``"random"``; each sees only its view): those seats are
no agents, their moves are made inside ``reset`` and ``step``, seeded from the
seed given to ``reset``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from pettingzoo import AECEnv  # type: ignore[import-untyped]
from pettingzoo.utils import wrappers  # type: ignore[import-untyped]

from ..bots import Bot, make_bot
from ..engine import DEAL, GAME_OVER, Game
from ..engine import actions as A
from ..rules import Rules
from . import actions, observation

Observation = dict[str, npt.NDArray[Any]]


def env(preset: str = "pl-3", *, deals: int | None = None, render_mode: str | None = None,
        opponents: Mapping[int, str] | None = None, **options: Any) -> Any:
    """The environment wrapped as PettingZoo's classic games are (order enforced)."""
    return wrappers.OrderEnforcingWrapper(
        raw_env(preset, deals=deals, render_mode=render_mode, opponents=opponents, **options))


class raw_env(AECEnv):  # type: ignore[misc]  # noqa: N801 (PettingZoo's name)
    RENDER_MODES = ("human", "ansi")
    metadata = {"render_modes": list(RENDER_MODES), "name": "tysiac_v0",
                "is_parallelizable": False}

    def __init__(self, preset: str = "pl-3", *, deals: int | None = None,
                 render_mode: str | None = None, opponents: Mapping[int, str] | None = None,
                 **options: Any) -> None:
        super().__init__()
        self.rules = Rules.preset(preset, **options)
        if deals is not None and deals < 1:
            raise ValueError("deals must be at least 1 (or None for a whole game)")
        if render_mode is not None and render_mode not in self.RENDER_MODES:
            raise ValueError(f"render_mode must be None or one of {self.RENDER_MODES}")
        self.opponents = dict(opponents or {})
        for seat, level in self.opponents.items():
            if not isinstance(seat, int) or not 0 <= seat < self.rules.players:
                raise ValueError(f"opponents: no seat {seat!r} at a table of "
                                 f"{self.rules.players}")
            make_bot(level)          # an unknown level fails here, naming the levels
        if len(self.opponents) == self.rules.players:
            raise ValueError("opponents: at least one seat must be left to an agent")
        self.bots: dict[int, Bot] = {}
        self.max_deals = deals
        self.render_mode = render_mode
        self.possible_agents = [f"player_{s}" for s in range(self.rules.players)
                                if s not in self.opponents]
        self.agents = self.possible_agents[:]
        self._actions = {a: gymnasium.spaces.Discrete(actions.SIZE) for a in self.agents}
        self._observations = {a: gymnasium.spaces.Dict({
            "observation": gymnasium.spaces.Box(observation.LOW, observation.HIGH,
                                                (observation.SIZE,), np.float32),
            "action_mask": gymnasium.spaces.Box(0, 1, (actions.SIZE,), np.int8),
        }) for a in self.agents}
        self.game = Game(self.rules, seed=0)
        self.reset()

    # --- spaces ---------------------------------------------------------------

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self._observations[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        return self._actions[agent]

    # --- the AEC cycle -------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is None:
            seed = random.SystemRandom().randrange(2**63)
        self.game = Game(self.rules, seed=seed)
        self.game.deal()
        self.bots = {s: make_bot(level, seed + s) for s, level in self.opponents.items()}
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._bots_move()
        self.agent_selection = self._agent(self.game.to_move)

    def observe(self, agent: str) -> Observation:
        seat = _seat(agent)
        view = self.game.view(seat)
        mask = np.zeros(actions.SIZE, dtype=np.int8)
        if seat == self.game.to_move:     # a redeal out of turn has no place in the AEC cycle
            for a in view.legal:
                mask[actions.to_index(a)] = 1
        return {"observation": observation.encode(view), "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to move: None is only for a finished agent")
        game = self.game
        a = actions.to_action(int(action), game.to_move)
        if a not in game.legal_actions():
            raise ValueError(f"action {int(action)} ({A.describe(a, 'en')}) is not legal for "
                             f"{agent} now; use the observation's action_mask")
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self._apply(a)
        self._bots_move()
        if game.to_move >= 0:
            self.agent_selection = self._agent(game.to_move)
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _apply(self, a: int) -> None:
        """Apply an action; settle the rewards, deal the next deal or end."""
        game = self.game
        settled = len(game.results)
        game.apply(a)
        if len(game.results) > settled:
            for s, delta in enumerate(game.results[-1].delta):
                if s not in self.opponents:
                    self.rewards[self._agent(s)] += float(delta)
        if game.phase == GAME_OVER:
            self.terminations = dict.fromkeys(self.agents, True)
        elif game.phase == DEAL:
            if self.max_deals is not None and len(game.results) >= self.max_deals:
                self.truncations = dict.fromkeys(self.agents, True)
            else:
                game.deal()

    def _bots_move(self) -> None:
        """The bots' moves until an agent is to move or the episode ends."""
        game = self.game
        while game.to_move in self.bots and game.phase not in (DEAL, GAME_OVER):
            seat = game.to_move
            view = game.view(seat)
            self._apply(view.legal[0] if len(view.legal) == 1 else self.bots[seat].choose(view))

    def _agent(self, seat: int) -> str:
        return f"player_{seat}"

    # --- rendering -------------------------------------------------------------------

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() needs render_mode 'human' or 'ansi'")
            return None
        g = self.game
        line = (f"deal {len(g.results) + 1} {g.phase_name}: scores {list(g.scores)}, "
                f"to move {g.to_move}")
        if g.phase_name == "play":
            line += f", trick {[A.describe(c, 'en') for c in g.trick]}"
        if self.render_mode == "ansi":
            return line
        print(line)
        return None

    def close(self) -> None:
        pass


def _seat(agent: str) -> int:
    return int(agent.rpartition("_")[2])
