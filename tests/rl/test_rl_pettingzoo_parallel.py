"""The PettingZoo parallel environments: PettingZoo's parallel API and seed tests, the same games
as the AEC environments, the mover's action played and the others ignored, refusals."""

from __future__ import annotations

import itertools
import warnings
from typing import Any

import numpy as np
import pytest
from gymnasium.utils.env_checker import data_equivalence
from pettingzoo.test import parallel_api_test, parallel_seed_test
from pettingzoo.utils import BaseParallelWrapper

from kashi.core.errors import IllegalMoveError
from kashi.rl.pettingzoo import KashiParallelEnv, azul_duel_v0, azul_v0, ingenious_v0

CASES: list[tuple[Any, dict[str, Any]]] = [
    (azul_v0, {"players": 2}),
    (azul_v0, {"players": 4}),
    (azul_v0, {"players": 3, "grey": True}),
    (azul_v0, {"players": 2, "reward": "score"}),
    (azul_duel_v0, {}),
    (azul_duel_v0, {"actions": "compact"}),
    (ingenious_v0, {"players": 3}),
    (ingenious_v0, {"players": 4, "teams": True}),
    (ingenious_v0, {"players": 2, "actions": "compact"}),
]
IDS = [f"{module.__name__.rsplit('.', 1)[1]}-{kwargs}" for module, kwargs in CASES]


class LegalSamples(BaseParallelWrapper):  # type: ignore[misc]
    """Plays, for the agent to move, the legal id at the sampled id's place among the legal ones.

    PettingZoo 1.27's ``parallel_seed_test`` samples actions without the mask, and these envs
    refuse illegal actions; what the test checks (same seed and actions, same results) is kept.
    """

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> Any:
        self._observations, infos = self.env.reset(seed=seed, options=options)
        return self._observations, infos

    def step(self, actions: dict[str, Any]) -> Any:
        legal = {agent: np.flatnonzero(seen["action_mask"]) for agent, seen in self._observations.items()}
        played = {agent: int(ids[actions[agent] % len(ids)]) for agent, ids in legal.items() if len(ids)}
        result = self.env.step(played)
        self._observations = result[0]
        return result


@pytest.mark.parametrize(("module", "kwargs"), CASES, ids=IDS)
def test_parallel_api_and_seed(module: Any, kwargs: dict[str, Any]) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # PettingZoo's checks warn where they find a fault
        parallel_api_test(module.parallel_env(**kwargs), num_cycles=1000)
        parallel_seed_test(lambda: LegalSamples(module.parallel_env(**kwargs)))


def play_both(module: Any, kwargs: dict[str, Any], seed: int) -> int:
    """One seeded random game through the AEC env and the parallel env with the same actions,
    compared at every step; the number of steps."""
    aec, parallel = module.raw_env(**kwargs), module.parallel_env(**kwargs)
    aec.reset(seed=seed)
    observations, infos = parallel.reset(seed=seed)
    rng = np.random.default_rng(seed)
    steps = 0
    while parallel.agents:
        assert aec.table.state.to_json() == parallel.game.table.state.to_json()
        assert data_equivalence(infos, aec.infos)
        for agent in aec.agents:
            seen = aec.observe(agent)
            assert np.array_equal(observations[agent]["observation"], seen["observation"])
            assert np.array_equal(observations[agent]["action_mask"], seen["action_mask"])
        mover = aec.agent_selection
        action = int(rng.choice(np.flatnonzero(observations[mover]["action_mask"])))
        aec.step(action)
        observations, rewards, terminations, truncations, infos = parallel.step({mover: action})
        assert rewards == aec.rewards
        assert terminations == aec.terminations and truncations == aec.truncations
        steps += 1
    assert aec.terminations["player_0"] or aec.truncations["player_0"]
    assert infos["player_0"]["scores"] == list(aec.table.state.scores()) == aec.infos["player_0"]["scores"]
    assert set(observations) == set(aec.possible_agents), "the last step still answers for every agent"
    return steps


@pytest.mark.parametrize(
    ("module", "kwargs"),
    [
        (azul_v0, {"players": 3, "reward": "score"}),
        (azul_v0, {"grey": True}),
        (azul_duel_v0, {}),
        (azul_duel_v0, {"actions": "compact"}),
        (ingenious_v0, {"players": 2}),
        (ingenious_v0, {"players": 4, "teams": True}),
    ],
)
def test_a_seeded_game_is_the_aec_envs_game(module: Any, kwargs: dict[str, Any]) -> None:
    assert play_both(module, kwargs, seed=11) > 20


def test_a_seat_moves_again_when_the_rules_say_so() -> None:
    env = azul_duel_v0.parallel_env()
    observations, _ = env.reset(seed=2)
    rng = np.random.default_rng(2)
    movers = []
    while env.agents:
        mover = next(agent for agent in env.agents if observations[agent]["action_mask"].any())
        movers.append(mover)
        action = int(rng.choice(np.flatnonzero(observations[mover]["action_mask"])))
        observations, *_ = env.step({agent: action if agent == mover else 0 for agent in env.agents})
    assert any(first == second for first, second in itertools.pairwise(movers))
    assert not env.agents


def test_only_the_movers_action_counts_and_bad_steps_change_nothing() -> None:
    env = ingenious_v0.parallel_env(players=3)
    with pytest.raises(RuntimeError, match="reset"):
        env.step({"player_0": 0})
    observations, _ = env.reset(seed=5)
    mover = env.game.agent_selection
    assert [agent for agent in env.agents if observations[agent]["action_mask"].any()] == [mover]
    before = env.game.table.state.to_json()
    legal = np.flatnonzero(observations[mover]["action_mask"])
    illegal = int(np.flatnonzero(observations[mover]["action_mask"] == 0)[0])
    others = {agent: illegal for agent in env.agents if agent != mover}
    with pytest.raises(ValueError, match=f"{mover} is to move"):
        env.step(others)
    with pytest.raises(IllegalMoveError):
        env.step({mover: illegal})
    assert env.game.table.state.to_json() == before
    twin = ingenious_v0.parallel_env(players=3)
    twin.reset(seed=5)
    played, *_ = env.step({mover: int(legal[0]), **others})
    alone, *_ = twin.step({mover: int(legal[0])})
    assert env.game.table.state.to_json() == twin.game.table.state.to_json() != before
    for agent in env.agents:
        assert np.array_equal(played[agent]["observation"], alone[agent]["observation"])


def test_same_seed_same_game_other_seed_other_game() -> None:
    def game(seed: int) -> list[str]:
        env = azul_v0.parallel_env(players=3)
        observations, _ = env.reset(seed=seed)
        rng = np.random.default_rng(0)
        seen = []
        while env.agents:
            mover = env.game.agent_selection
            observations, *_ = env.step({mover: int(rng.choice(np.flatnonzero(observations[mover]["action_mask"])))})
            seen.append(env.game.table.state.to_json())
        return seen

    assert game(3) == game(3)
    assert game(3) != game(4)


def test_parallel_env_is_a_parallel_env_with_the_aec_spaces() -> None:
    env = azul_duel_v0.parallel_env(actions="compact")
    aec = azul_duel_v0.raw_env(actions="compact")
    assert isinstance(env, KashiParallelEnv) and env.metadata["name"] == "azul_duel_v0"
    assert env.possible_agents == aec.possible_agents
    for agent in env.possible_agents:
        assert env.action_space(agent) == aec.action_space(agent)
        assert env.observation_space(agent) == aec.observation_space(agent)
