"""One PettingZoo ``ParallelEnv`` for every kashi game, driving the game's AEC environment.

The games are turn-based: at each step every live agent gets its observation dict (its own view,
exactly as the AEC env's ``observe(agent)`` gives it, its ``action_mask`` all zero unless it is to
move), and ``step(actions)`` plays the action of the one agent to move, drawing the chance events
that follow. The other agents' actions are ignored: they have nothing to play, and PettingZoo's
parallel loops send an action for every live agent. A seat may move several times in a row (Azul's
grey tiling, Azul Duel's bonus turns), which is why this is not PettingZoo's ``aec_to_parallel``,
which needs the agents to move in strict cycles.

Rewards, terminations, truncations and infos are the AEC env's after the step (``kashi.rl.rewards``
schemes, scores in ``infos`` at the end); when the game ends, ``agents`` empties.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import ParallelEnv  # type: ignore[import-untyped]

from kashi.rl.pettingzoo.aec import KashiAECEnv

Observation = dict[str, np.ndarray]


class KashiParallelEnv(ParallelEnv):  # type: ignore[misc]
    """``game`` (a raw AEC env, e.g. ``azul_v0.raw_env()``) as a parallel env.

    ``reset(seed=s)`` fixes the game as the AEC env's does, so a seed and the movers' actions give
    the same positions in both. A step without an action for the agent to move raises
    ``ValueError``, an illegal one ``IllegalMoveError``; neither changes the game.
    """

    def __init__(self, game: KashiAECEnv) -> None:
        self.game = game
        self.metadata = {"render_modes": game.metadata["render_modes"], "name": game.metadata["name"]}
        self.render_mode = game.render_mode
        self.possible_agents = game.possible_agents[:]
        self.agents: list[str] = []

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.game.observation_space(agent)

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.game.action_space(agent)

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Observation], dict[str, dict[str, Any]]]:
        self.game.reset(seed=seed)
        self.agents = self.game.agents[:]
        return self._observations(), dict(self.game.infos)

    def step(
        self, actions: dict[str, Any]
    ) -> tuple[
        dict[str, Observation],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        if not self.agents:
            raise RuntimeError("the game is over (or not started): call reset()")
        game = self.game
        mover = game.agent_selection
        if actions.get(mover) is None:
            raise ValueError(f"{mover} is to move but has no action in {sorted(actions)}")
        game.step(actions[mover])
        terminations, truncations = dict(game.terminations), dict(game.truncations)
        observations = self._observations()
        if any(terminations.values()) or any(truncations.values()):
            self.agents = []
        return observations, dict(game.rewards), terminations, truncations, dict(game.infos)

    def _observations(self) -> dict[str, Observation]:
        return {agent: self.game.observe(agent) for agent in self.agents}

    def render(self) -> str | None:
        return self.game.render()

    def close(self) -> None:
        self.game.close()
