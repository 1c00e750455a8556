"""Gymnasium's own checks applied to ``KashiVectorEnv``: its space and observation checkers on the
batched data, ``data_equivalence`` for seeded determinism (infos included), ``data_shares_objects``
for buffers handed out twice, and ``DictInfoToList`` for the vector info convention."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

import numpy as np
import pytest
from gymnasium.utils.env_checker import data_equivalence
from gymnasium.utils.passive_env_checker import (
    check_action_space,
    check_obs,
    check_observation_space,
    data_shares_objects,
)
from gymnasium.wrappers.vector import DictInfoToList

from kashi.rl.vector_env import KashiVectorEnv

CASES = [("azul", 2), ("azul-duel", 2), ("ingenious", 3)]


def legal_random(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    chosen: np.ndarray = np.argmax(rng.random(masks.shape) + masks, axis=1)
    return chosen


def run(env: KashiVectorEnv, seed: int, steps: int) -> list[tuple[Any, ...]]:
    """What reset and ``steps`` steps of legal random actions (drawn from ``seed``) return."""
    rng = np.random.default_rng(seed)
    returned: list[tuple[Any, ...]] = [env.reset(seed=seed)]
    for _ in range(steps):
        returned.append(env.step(legal_random(returned[-1][0]["action_mask"], rng)))
    return returned


@pytest.mark.parametrize(("variant", "players"), CASES)
def test_spaces_and_every_batch_pass_gymnasiums_checkers(variant: str, players: int) -> None:
    env = KashiVectorEnv(variant, 3, players, reward="score")
    check_observation_space(env.single_observation_space)
    check_observation_space(env.observation_space)
    check_action_space(env.single_action_space)
    check_action_space(env.action_space)
    for number, (observations, *_rest) in enumerate(run(env, 1, 40)):
        check_obs(observations, env.observation_space, "reset" if number == 0 else "step")


@pytest.mark.parametrize(("variant", "players"), CASES)
def test_seeded_runs_are_equivalent_and_other_seeds_are_not(variant: str, players: int) -> None:
    """Gymnasium's reset and step determinism checks, on the batched returns, infos included."""
    first = run(KashiVectorEnv(variant, 2, players), 3, 30)
    again = run(KashiVectorEnv(variant, 2, players), 3, 30)
    other = run(KashiVectorEnv(variant, 2, players), 4, 30)
    assert data_equivalence(first, again, exact=True)
    assert not data_equivalence(first[0], other[0], exact=True)


def test_no_buffer_is_handed_out_twice() -> None:
    """What a step returns stays the caller's: the next step does not write into it (Gymnasium's
    data-reuse check), nor does another environment."""
    games = run(KashiVectorEnv("azul", 4), 5, 60)
    for earlier, later in pairwise(games):
        assert not data_shares_objects(earlier, later)
    assert not data_shares_objects(games[-1], run(KashiVectorEnv("azul", 4), 5, 1)[-1])


def test_infos_follow_the_vector_convention() -> None:
    """``DictInfoToList`` reads every key with its ``_key`` mask: a finished game's final scores
    land in that game's own dict, the other games' dicts lack them."""
    env = DictInfoToList(KashiVectorEnv("azul", 4))
    rng = np.random.default_rng(6)
    observations, infos = env.reset(seed=6)
    assert isinstance(infos, list) and len(infos) == 4
    finished = 0
    for _ in range(300):
        observations, _, terminated, truncated, infos = env.step(legal_random(observations["action_mask"], rng))
        for game, info in enumerate(infos):
            ended = bool(terminated[game] or truncated[game])
            assert ("final_info" in info) == ended
            if ended:
                finished += 1
                assert len(info["final_info"]["scores"]) == 2
            assert info["to_move"] in (0, 1)
    assert finished >= 4
