"""One PettingZoo AEC environment for every kashi game; the game modules only name a variant.

Agents are ``player_0`` .. ``player_{n-1}`` (seats). Each observation is a dict: ``observation``
(the seat's encoded view, float32 in [0, 1]) and ``action_mask`` (int8 over the fixed action
space; all zero unless the agent is to move). Chance events are drawn inside ``step``.

Speed: observations and masks are computed only in ``observe`` (PettingZoo's ``last`` asks for the
agent to act), together (``Encoder.observe_with_mask``); a step asks for rewards only when the
scheme may pay before the end, and one that pays nothing leaves the reward dicts untouched.
"""

from __future__ import annotations

from random import Random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from kashi.rl.config import GameConfig
from kashi.rl.encoding import encoder_for
from kashi.rl.rendering import RENDER_MODES, check_render_mode, shown
from kashi.rl.rewards import RewardTracker, check_scheme
from kashi.rl.table import SEED_BITS, Table

NOT_RESET = "call reset() before using the environment"


def observation_space(size: int, num_actions: int) -> spaces.Dict:
    return spaces.Dict(
        {
            "observation": spaces.Box(0.0, 1.0, (size,), np.float32),
            "action_mask": spaces.Box(0, 1, (num_actions,), np.int8),
        }
    )


class KashiAECEnv(AECEnv):  # type: ignore[misc]
    """A kashi game as an AEC environment.

    ``reward="win"`` (default) pays +1/0/-1 at the end, ``reward="score"`` pays the change of the
    seat's score margin every step (see ``kashi.rl.rewards``). ``reset(seed=s)`` fixes the game and
    every later ``reset()`` until the next seed; an illegal action raises ``IllegalMoveError``.
    """

    metadata: dict[str, Any] = {"render_modes": RENDER_MODES, "name": "kashi", "is_parallelizable": False}  # noqa: RUF012

    def __init__(
        self,
        variant: str,
        players: int,
        options: dict[str, Any] | None = None,
        reward: str = "win",
        render_mode: str | None = None,
        name: str = "kashi",
        actions: str = "engine",
    ) -> None:
        super().__init__()
        self.render_mode = check_render_mode(render_mode)
        self.metadata = {**type(self).metadata, "name": name}
        self.config = GameConfig(variant, players, options or {})
        self.reward_scheme = check_scheme(reward)
        self.encoder = encoder_for(self.config, actions)
        self.num_actions = self.encoder.num_actions
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        space = observation_space(self.encoder.size, self.num_actions)
        self.observation_spaces = {agent: space for agent in self.possible_agents}
        self.action_spaces = {agent: spaces.Discrete(self.num_actions) for agent in self.possible_agents}
        self._seeds = Random()
        self.table: Table | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # -- the episode ---------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeds.seed(seed)
        self.table = Table(self.config, self._seeds.getrandbits(SEED_BITS))
        self._tracker = RewardTracker(self.reward_scheme, self.config.teams)
        self._tracker.start(self.table.state)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self._rewarded = False
        """Whether ``rewards`` holds the last step's non-zero rewards (to be zeroed by the next one)."""
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        state = self.table.state
        self.infos: dict[str, dict[str, Any]] = {
            agent: self.encoder.info(state, seat) for seat, agent in enumerate(self.agents)
        }
        self._skip_agent_selection = None
        self.agent_selection = self.possible_agents[self.table.to_move]
        if self.render_mode == "human":
            self.render()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        if self.table is None:
            raise RuntimeError(NOT_RESET)
        state = self.table.state
        seat = self._seats[agent]
        if state.current_player == seat:
            observation, mask = self.encoder.observe_with_mask(state, seat)
        else:
            observation, mask = self.encoder.observe(state, seat), np.zeros(self.num_actions, np.int8)
        return {"observation": observation, "action_mask": mask}

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        table = self.table
        if table is None:
            raise RuntimeError(NOT_RESET)
        self._cumulative_rewards[agent] = 0.0
        table.act(self.encoder.to_engine(table.state, int(action)))
        state = table.state
        over = state.is_over()
        rewards = self._tracker.step(state) if over or self._tracker.every_step else None
        if rewards is not None or self._rewarded:
            self.rewards = dict(zip(self.agents, rewards or [0.0] * len(self.agents), strict=True))
            self._rewarded = rewards is not None
            self._accumulate_rewards()
        if self.encoder.has_info:
            for seat, agent_name in enumerate(self.possible_agents):
                self.infos[agent_name] = self.encoder.info(state, seat)
        if over:
            truncated = table.truncated()
            for agent_name in self.agents:
                self.terminations[agent_name] = not truncated
                self.truncations[agent_name] = truncated
                self.infos[agent_name] = {**self.infos[agent_name], "scores": list(state.scores())}
        else:
            self.agent_selection = self.possible_agents[state.current_player]
        if self.render_mode == "human":
            self.render()

    # -- text ----------------------------------------------------------------------------
    def render(self) -> str | None:
        if self.table is None:
            return None
        return shown(self.table.state.render(), self.render_mode)

    def close(self) -> None:
        self.table = None
