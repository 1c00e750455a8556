"""How a policy does against bots over fixed game seeds: the figures the training examples print
before and after training, measured the same way for every trainer so their runs compare."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from kashi.core.outcome import Outcome
from kashi.rl.gymnasium_env import KashiSingleAgentEnv

Policy = Callable[[np.ndarray, np.ndarray], int]
"""Chooses an action id from an observation vector and its action mask."""


@dataclass(frozen=True)
class Evaluation:
    """The learner's results over a fixed set of games."""

    win_rate: float
    """Games the learner's side won alone, over games played (a shared first place is no win)."""
    margin: float
    """Mean final score of the learner minus the best of the other sides' seats."""

    def __str__(self) -> str:
        return f"win rate {self.win_rate:.3f}, mean margin {self.margin:+.1f}"


def evaluate(policy: Policy, games: int, seed: int = 0, **env_kwargs: Any) -> Evaluation:
    """``policy`` over ``games`` whole games of ``KashiSingleAgentEnv(**env_kwargs)``.

    Game ``i`` is ``reset(seed=seed + i)``, so two policies measured with the same seed meet the
    same deals and the same bot seeds. A policy that chooses an illegal action is refused
    (``ValueError``): the environment would end that game as a loss and hide the fault.
    """
    env = KashiSingleAgentEnv(**env_kwargs)
    wins, margins = 0, []
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
        if outcome is None:
            raise RuntimeError(f"game {game} ended without an outcome")
        wins += outcome.returns()[env.seat] == 1.0
        margins.append(margin(outcome, env.seat))
    return Evaluation(wins / games, float(np.mean(margins)))


def margin(outcome: Outcome, seat: int) -> int:
    """``seat``'s final score minus the best score of a seat not on its side (partners share one)."""
    others = [score for other, score in enumerate(outcome.scores) if side(outcome, other) != side(outcome, seat)]
    return outcome.scores[seat] - max(others)


def side(outcome: Outcome, seat: int) -> int:
    return outcome.teams[seat] if outcome.teams else seat
