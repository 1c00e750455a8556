"""Gymnasium's env checker on every registered id, and the single-agent rules of play."""

from __future__ import annotations

import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from kashi.rl.gymnasium_env import ENV_IDS, KashiSingleAgentEnv


@pytest.mark.parametrize("env_id", list(ENV_IDS))
def test_check_env(env_id: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # any complaint of the checker fails the test
        env = gymnasium.make(env_id)
        check_env(env.unwrapped)


def play_out(env: KashiSingleAgentEnv, seed: int) -> tuple[float, int]:
    rng = np.random.default_rng(seed)
    observation, info = env.reset(seed=seed)
    total, steps, done = 0.0, 0, False
    while not done:
        assert np.array_equal(observation["action_mask"], info["action_mask"])
        legal = np.flatnonzero(observation["action_mask"])
        observation, reward, terminated, truncated, info = env.step(int(legal[rng.integers(len(legal))]))
        total += float(reward)
        steps += 1
        done = terminated or truncated
    return total, steps


def test_random_play_against_a_bot_ends_with_a_result() -> None:
    env = KashiSingleAgentEnv("azul", players=3, opponent="easy")
    total, steps = play_out(env, seed=3)
    assert total in (-1.0, 0.0, 1.0)
    assert steps > 5


def test_score_rewards_add_up_to_the_final_margin() -> None:
    env = KashiSingleAgentEnv("azul", players=2, reward="score")
    total, _ = play_out(env, seed=4)
    scores = env.table.state.scores()  # type: ignore[union-attr]
    assert total == pytest.approx(scores[0] - scores[1])


def test_an_illegal_action_ends_the_episode_with_the_penalty() -> None:
    env = KashiSingleAgentEnv("azul-duel", illegal_reward=-5.0)
    observation, _ = env.reset(seed=0)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    _, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated, info["illegal_action"]) == (-5.0, True, False, True)


def test_same_seed_same_episode() -> None:
    first = KashiSingleAgentEnv("ingenious", opponent="greedy")
    second = KashiSingleAgentEnv("ingenious", opponent="greedy")
    one, _ = first.reset(seed=9)
    two, _ = second.reset(seed=9)
    assert np.array_equal(one["observation"], two["observation"])


def test_human_mode_prints_the_learners_table(capsys: pytest.CaptureFixture[str]) -> None:
    env = KashiSingleAgentEnv("ingenious", render_mode="human")
    observation, _ = env.reset(seed=5)
    assert capsys.readouterr().out.strip() == env.table.state.render(0).strip()  # type: ignore[union-attr]
    env.step(int(np.flatnonzero(observation["action_mask"])[0]))
    assert capsys.readouterr().out.strip() == env.table.state.render(0).strip()  # type: ignore[union-attr]
    assert env.render() is None
