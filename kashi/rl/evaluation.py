"""How often a policy wins against bots, over fixed game seeds: the figure the training examples
print before and after training, measured the same way for every trainer so their runs compare."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from kashi.rl.gymnasium_env import KashiSingleAgentEnv

Policy = Callable[[np.ndarray, np.ndarray], int]
"""Chooses an action id from an observation vector and its action mask."""


def win_rate(policy: Policy, games: int, seed: int = 0, **env_kwargs: Any) -> float:
    """The share of ``games`` the learner's side wins alone (a shared first place is no win).

    Game ``i`` is ``reset(seed=seed + i)`` of ``KashiSingleAgentEnv(**env_kwargs)``, so two
    policies measured with the same seed meet the same deals and the same bot seeds.
    """
    env = KashiSingleAgentEnv(**env_kwargs)
    wins = 0
    for game in range(games):
        observation, _ = env.reset(seed=seed + game)
        done = False
        while not done:
            action = policy(observation["observation"], observation["action_mask"])
            observation, _, terminated, truncated, info = env.step(action)
            if info.get("illegal_action"):
                raise ValueError(f"the policy chose the illegal action {action} in game {game}")
            done = terminated or truncated
        outcome = env.table.state.outcome()  # type: ignore[union-attr]
        wins += outcome is not None and outcome.returns()[env.seat] == 1.0
    return wins / games
