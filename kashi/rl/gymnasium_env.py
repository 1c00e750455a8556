"""Gymnasium single-agent environments: one seat learns, bots play the other seats.

Importing this module registers ``kashi/Azul-v0``, ``kashi/AzulGrey-v0``, ``kashi/AzulDuel-v0``,
``kashi/Ingenious-v0`` and ``kashi/IngeniousTeams-v0``. The observation is a dict like the
PettingZoo one (``observation``, ``action_mask``); the mask is also ``info["action_mask"]``.
An illegal action ends the episode at once with reward ``illegal_reward`` (default -1) and
``info["illegal_action"] = True``; the position is left as it was.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from kashi.bots import Bot, Limits, make_bot
from kashi.core.errors import IllegalMoveError
from kashi.rl.config import GameConfig
from kashi.rl.encoding import encoder_for
from kashi.rl.pettingzoo.aec import observation_space
from kashi.rl.rendering import RENDER_MODES, check_render_mode, shown
from kashi.rl.rewards import RewardTracker, check_scheme
from kashi.rl.table import SEED_BITS, Table

Observation = dict[str, np.ndarray]


class KashiSingleAgentEnv(gymnasium.Env[Observation, np.int64]):
    """Seat ``seat`` against ``opponent`` bots (a bot name or level, e.g. ``random``, ``hard``)."""

    metadata = {"render_modes": RENDER_MODES, "render_fps": 4}  # noqa: RUF012  (gymnasium's instance attribute)

    def __init__(
        self,
        variant: str = "azul",
        players: int = 2,
        opponent: str = "random",
        seat: int = 0,
        reward: str = "win",
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
        actions: str = "engine",
        **options: Any,
    ) -> None:
        self.render_mode = check_render_mode(render_mode)
        self.config = GameConfig(variant, players, options)
        if not 0 <= seat < players:
            raise ValueError(f"seat {seat} is not a seat of a {players}-player game")
        self.seat = seat
        self.opponent = opponent
        self.reward_scheme = check_scheme(reward)
        self.illegal_reward = illegal_reward
        self.encoder = encoder_for(self.config, actions)
        self.num_actions = self.encoder.num_actions
        self.observation_space: spaces.Space[Any] = observation_space(self.encoder.size, self.num_actions)
        self.action_space = spaces.Discrete(self.num_actions)
        self.table: Table | None = None
        self._bots: dict[int, Bot] = {}
        self._tracker = RewardTracker(self.reward_scheme, self.config.teams)
        self._mask = np.zeros(self.num_actions, np.int8)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(1 << SEED_BITS))
        self.table = Table(self.config, game_seed)
        self._bots = {
            other: make_bot(self.opponent, seed=game_seed + other)
            for other in range(self.config.players)
            if other != self.seat
        }
        self._play_bots()
        self._tracker.start(self.table.state)
        return self._observation()

    def step(self, action: Any) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        table = self._table()
        if table.is_over():
            raise RuntimeError("the episode is over: call reset()")
        try:
            table.act(self.encoder.to_engine(table.state, int(action)))
        except IllegalMoveError:
            observation, info = self._observation()
            return observation, self.illegal_reward, True, False, {**info, "illegal_action": True}
        self._play_bots()
        rewards = self._tracker.step(table.state)
        reward = 0.0 if rewards is None else rewards[self.seat]
        observation, info = self._observation()
        truncated = table.truncated()
        return observation, reward, table.is_over() and not truncated, truncated, info

    def _play_bots(self) -> None:
        """Let the bots move until the learner is to move or the game is over."""
        table = self._table()
        state = table.state
        while not state.is_over() and state.current_player != self.seat:
            seat = state.current_player
            move = self._bots[seat].choose(state.view(seat), Limits())
            table.act(state.action_id(move))

    def _observation(self) -> tuple[Observation, dict[str, Any]]:
        """What ``reset`` and ``step`` return about the position they leave (shown in ``human`` mode)."""
        state = self._table().state
        observation, mask = self.encoder.observe_with_mask(state, self.seat)
        self._mask = mask
        info: dict[str, Any] = {"action_mask": mask, "scores": list(state.scores())}
        if self.encoder.has_info:
            info.update(self.encoder.info(state, self.seat))
        if self.render_mode == "human":
            self.render()
        return {"observation": observation, "action_mask": mask}, info

    def action_masks(self) -> np.ndarray:
        """The learner's legal action ids now, as booleans over the action space: the method
        sb3-contrib's ``MaskablePPO`` looks for; equal to the observation's ``action_mask``."""
        self._table()
        return self._mask.astype(np.bool_)

    def render(self) -> str | None:
        if self.table is None:
            return None
        return shown(self.table.state.render(self.seat), self.render_mode)

    def close(self) -> None:
        self.table = None

    def _table(self) -> Table:
        if self.table is None:
            raise RuntimeError("call reset() first")
        return self.table


ENV_IDS: dict[str, dict[str, Any]] = {
    "kashi/Azul-v0": {"variant": "azul"},
    "kashi/AzulGrey-v0": {"variant": "azul-grey"},
    "kashi/AzulDuel-v0": {"variant": "azul-duel"},
    "kashi/Ingenious-v0": {"variant": "ingenious"},
    "kashi/IngeniousTeams-v0": {"variant": "ingenious-teams", "players": 4},
}
"""Registered ids and their default arguments; ``gymnasium.make(id, players=3, opponent="hard")``."""


def register_envs() -> None:
    for env_id, kwargs in ENV_IDS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(env_id, entry_point=KashiSingleAgentEnv, kwargs=kwargs)


register_envs()
