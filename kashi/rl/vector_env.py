"""Batched self-play as a standard ``gymnasium.vector.VectorEnv``, over ``VectorGames``.

Each sub-environment is one game in which the policy plays every seat: the observation is the
seat to move's (the PettingZoo dict, its ``action_mask`` included), the action is that seat's,
and the reward is the one the seat that acted earned by it, so in a two-player game what one seat
gains the other loses. ``infos`` holds every seat's rewards and who acted and who is to move.

Autoreset is Gymnasium's same-step mode (``metadata["autoreset_mode"]``): the step that ends a
game returns the first position of the next one, with the final position in
``infos["final_obs"]`` and the final scores in ``infos["final_info"]["scores"]`` (masked by
``infos["_final_obs"]`` and ``infos["_final_info"]``, as Gymnasium's vector environments do).
``action_masks()`` gives the masks as booleans (games, actions) for maskable trainers.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from kashi.rl.pettingzoo.aec import observation_space
from kashi.rl.vector import VectorGames, VectorStep

Observations = dict[str, np.ndarray]


class KashiVectorEnv(VectorEnv[Observations, np.ndarray, np.ndarray]):
    """``num_envs`` self-play games of ``variant`` for ``players`` seats, with rule ``options``.

    ``reward`` is a scheme of ``kashi.rl.rewards`` (``win`` or ``score``); ``actions="compact"``
    chooses the game's compact action space where it has one (Ingenious). ``reset(seed=s)`` fixes
    every game to come, as ``VectorGames.reset`` does; an illegal action raises
    ``IllegalMoveError`` and changes no game. ``copy=False`` hands out the same mask buffer
    every step where the masks are built from legal ids (see ``VectorGames``), as Gymnasium's
    ``SyncVectorEnv(copy=False)`` does with its observations.
    """

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": []}  # noqa: RUF012

    def __init__(
        self,
        variant: str,
        num_envs: int,
        players: int = 2,
        reward: str = "win",
        actions: str = "engine",
        copy: bool = True,
        **options: Any,
    ) -> None:
        self.games = VectorGames(variant, num_envs, players, options, reward, actions, copy)
        self.num_envs = num_envs
        self.single_observation_space = observation_space(self.games.encoder.size, self.games.num_actions)
        self.single_action_space = spaces.Discrete(self.games.num_actions)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._rows = np.arange(num_envs)
        self._step: VectorStep | None = None

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observations, dict[str, Any]]:
        super().reset(seed=seed)
        self._step = self.games.reset(seed=seed)
        return self._observations(), {"to_move": self._step.to_move}

    def step(self, actions: Any) -> tuple[Observations, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        if self._step is None:
            raise RuntimeError("call reset() before step()")
        acted = self._step.to_move
        step = self._step = self.games.step(actions)
        infos: dict[str, Any] = {"rewards": step.rewards, "acted": acted, "to_move": step.to_move}
        ended = step.terminated | step.truncated
        if ended.any():
            assert step.final_observation is not None
            final_masks = np.zeros(step.action_mask.shape, np.int8)  # calloc: no page touched
            infos["final_obs"] = {"observation": step.final_observation, "action_mask": final_masks}
            infos["_final_obs"] = ended
            infos["final_info"] = {"scores": step.final_scores, "_scores": ended}
            infos["_final_info"] = ended
        reward = step.rewards[self._rows, acted]
        return self._observations(), reward, step.terminated, step.truncated, infos

    def action_masks(self) -> np.ndarray:
        """bool (games, actions): the legal actions of the seat to move in each game."""
        if self._step is None:
            raise RuntimeError("call reset() first")
        masks: np.ndarray = self._step.action_mask.astype(np.bool_)
        return masks

    def _observations(self) -> Observations:
        assert self._step is not None
        return {"observation": self._step.observation, "action_mask": self._step.action_mask}
