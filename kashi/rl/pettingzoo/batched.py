"""PettingZoo's parallel shape over many games at once: every agent's arrays hold a row per game.

``KashiBatchedParallelEnv`` keeps ``num_games`` games of one configuration (``VectorGames``, its
seeding and its refusals) and answers as a ``ParallelEnv`` would, batched: ``observations[agent]``
is ``{"observation": float32 (games, size), "action_mask": int8 (games, actions)}``, each row the
agent's own view of that game and its mask zero where it is not to move; ``step`` takes
``{agent: int array (games,)}`` and plays, in each game, the entry of the agent to move there (the
others' entries are ignored, as in ``KashiParallelEnv``). Rewards, terminations and truncations
are arrays (games,) per agent, ``infos[agent]`` a dict of arrays: ``to_move`` (the seat to move in
each game) and, after a step, ``acted`` (the seat that moved).

Agents never leave: a game that ends restarts in the same step (Gymnasium's same-step autoreset,
named as ``KashiVectorEnv`` names it), with each agent's view of the final position in
``infos[agent]["final_obs"]`` and the final scores in ``infos[agent]["final_info"]["scores"]``,
marked by ``_final_obs`` and ``_final_info``.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode

from kashi.rl.pettingzoo.aec import observation_space
from kashi.rl.vector import VectorGames, VectorStep

Observation = dict[str, np.ndarray]
PerAgent = dict[str, Any]


class KashiBatchedParallelEnv:
    """``num_games`` games of ``variant`` for ``players`` seats, with rule ``options``, in
    PettingZoo's parallel shape with a row per game (see the module).

    ``reward`` is a scheme of ``kashi.rl.rewards``; ``actions="compact"`` chooses the game's
    compact action space. ``reset(seed=s)`` fixes every game to come, as ``VectorGames.reset``
    does; an illegal action raises ``IllegalMoveError`` naming its game, and an agent to move
    somewhere without actions ``ValueError``; neither changes any game.
    """

    metadata: dict[str, Any] = {  # noqa: RUF012
        "render_modes": [],
        "name": "kashi_batched",
        "autoreset_mode": AutoresetMode.SAME_STEP,
    }

    def __init__(
        self,
        variant: str,
        num_games: int,
        players: int = 2,
        reward: str = "win",
        actions: str = "engine",
        **options: Any,
    ) -> None:
        self.games = VectorGames(variant, num_games, players, options, reward, actions)
        self.num_games = num_games
        self.encoder = self.games.encoder
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self.agents = self.possible_agents[:]
        space = observation_space(self.encoder.size, self.games.num_actions)
        self._observation_spaces = dict.fromkeys(self.possible_agents, space)
        self._action_spaces = {agent: spaces.Discrete(self.games.num_actions) for agent in self.possible_agents}
        self._step: VectorStep | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The space of one game's observation (a row of the batch)."""
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The space of one game's action (an entry of the batch)."""
        return self._action_spaces[agent]

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Observation], dict[str, PerAgent]]:
        step = self._step = self.games.reset(seed=seed)
        infos = {agent: {"to_move": step.to_move} for agent in self.agents}
        return self._observations(step), infos

    def step(
        self, actions: dict[str, Any]
    ) -> tuple[
        dict[str, Observation], dict[str, np.ndarray], dict[str, np.ndarray], dict[str, np.ndarray], dict[str, PerAgent]
    ]:
        if self._step is None:
            raise RuntimeError("call reset() before step()")
        acted = self._step.to_move
        step = self._step = self.games.step(self._movers_actions(actions, acted))
        infos = {agent: {"acted": acted, "to_move": step.to_move} for agent in self.agents}
        ended = step.terminated | step.truncated
        if ended.any():
            self._add_final(infos, ended, step.final_scores)
        rewards = {agent: step.rewards[:, seat] for seat, agent in enumerate(self.agents)}
        terminations = dict.fromkeys(self.agents, step.terminated)
        truncations = dict.fromkeys(self.agents, step.truncated)
        return self._observations(step), rewards, terminations, truncations, infos

    def _add_final(self, infos: dict[str, PerAgent], ended: np.ndarray, scores: np.ndarray) -> None:
        """Each agent's view of the final positions of the games that ended, and their scores."""
        no_moves = np.zeros((self.num_games, self.games.num_actions), np.int8)  # calloc: no page touched
        games = np.flatnonzero(ended).tolist()
        seats = len(self.agents)
        every = [(game, seat) for game in games for seat in range(seats)]
        views = self.games.observe_final_views(*zip(*every, strict=True)).reshape(len(games), seats, -1)
        for seat, agent in enumerate(self.agents):
            final = np.zeros((self.num_games, self.encoder.size), np.float32)
            final[games] = views[:, seat]
            infos[agent]["final_obs"] = {"observation": final, "action_mask": no_moves}
            infos[agent]["_final_obs"] = ended
            infos[agent]["final_info"] = {"scores": scores, "_scores": ended}
            infos[agent]["_final_info"] = ended

    def _movers_actions(self, actions: dict[str, Any], to_move: np.ndarray) -> np.ndarray:
        """One action id per game: the entry of the agent to move there."""
        ids = np.zeros(self.num_games, np.int64)
        for seat, agent in enumerate(self.agents):
            rows = to_move == seat
            if not rows.any():
                continue
            if agent not in actions:
                raise ValueError(f"{agent} is to move in games {np.flatnonzero(rows).tolist()} but has no actions")
            given = np.asarray(actions[agent])
            if given.shape != (self.num_games,) or given.dtype.kind not in "iu":
                raise ValueError(
                    f"{agent}'s actions must be {self.num_games} integer action ids, not {given.dtype} {given.shape}"
                )
            ids[rows] = given[rows]
        return ids

    def _observations(self, step: VectorStep) -> dict[str, Observation]:
        """Each agent's view of every game: the batch's rows where it is to move, its own
        encoding elsewhere (all of them in one ``observe_views``); its mask is the batch's where
        it is to move, zero elsewhere."""
        seats = np.arange(len(self.agents))
        waiting_seats, waiting_games = np.nonzero(seats[:, None] != step.to_move)
        views = self.games.observe_views(waiting_games.tolist(), waiting_seats.tolist())
        observations = {}
        for seat, agent in enumerate(self.agents):
            moving = step.to_move == seat
            observation = np.empty_like(step.observation)
            observation[moving] = step.observation[moving]
            waiting = waiting_seats == seat
            observation[waiting_games[waiting]] = views[waiting]
            # calloc'd, and written row by row where the agent moves: only those pages are touched
            # (a boolean-indexed copy would gather the rows into a temporary first)
            mask = np.zeros(step.action_mask.shape, np.int8)
            for game in np.flatnonzero(moving).tolist():
                mask[game] = step.action_mask[game]
            observations[agent] = {"observation": observation, "action_mask": mask}
        return observations

    def close(self) -> None:
        self._step = None
