"""The Gymnasium vector environment over the batched games: spaces, same-step autoreset, the
mover's rewards, masks, seeding and refusals."""

from __future__ import annotations

import numpy as np
import pytest
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.wrappers.vector import RecordEpisodeStatistics

from kashi.core.errors import IllegalMoveError
from kashi.rl.config import GameConfig
from kashi.rl.encoding import encoder_for
from kashi.rl.vector_env import KashiVectorEnv


def random_actions(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    chosen: np.ndarray = np.argmax(rng.random(masks.shape) + masks, axis=1)
    return chosen


@pytest.mark.parametrize(("variant", "players"), [("azul", 2), ("azul-duel", 2), ("ingenious", 3)])
def test_spaces_rows_and_the_movers_reward(variant: str, players: int) -> None:
    env = KashiVectorEnv(variant, 3, players, reward="score")
    assert isinstance(env, VectorEnv) and env.metadata["autoreset_mode"] == AutoresetMode.SAME_STEP
    single = encoder_for(GameConfig(variant, players))
    rng = np.random.default_rng(0)
    observations, infos = env.reset(seed=1)
    for _ in range(25):
        assert env.observation_space.contains(observations)
        for row, state in enumerate(env.games.states):
            assert infos["to_move"][row] == state.current_player
            assert np.array_equal(observations["observation"][row], single.observe(state, state.current_player))
        assert np.array_equal(env.action_masks(), observations["action_mask"].astype(bool))
        actions = random_actions(observations["action_mask"], rng)
        assert env.action_space.contains(actions)
        acted = infos["to_move"]
        observations, rewards, terminated, truncated, infos = env.step(actions)
        assert rewards.shape == (3,) and terminated.shape == truncated.shape == (3,)
        assert np.array_equal(infos["acted"], acted)
        assert np.array_equal(rewards, infos["rewards"][np.arange(3), acted])


def test_a_game_that_ends_restarts_in_the_same_step_with_its_final_position_in_info() -> None:
    env = KashiVectorEnv("azul", 4, 2)
    rng = np.random.default_rng(2)
    observations, _ = env.reset(seed=3)
    ended_games = 0
    for _ in range(400):
        observations, rewards, terminated, truncated, infos = env.step(random_actions(observations["action_mask"], rng))
        ended = terminated | truncated
        if not ended.any():
            assert "final_obs" not in infos
            continue
        ended_games += int(ended.sum())
        assert np.array_equal(infos["_final_obs"], ended) and np.array_equal(infos["_final_info"], ended)
        final = infos["final_obs"]["observation"]
        assert final[ended].any(axis=1).all() and not final[~ended].any()
        assert (infos["final_info"]["scores"][~ended] == 0).all()
        assert np.abs(rewards[ended]).max() <= 1.0
        assert (infos["rewards"][ended].sum(axis=1) == 0).all(), "two seats: what one wins the other loses"
        assert observations["action_mask"][ended].any(axis=1).all(), "the row already shows a new game"
    assert ended_games >= 4


def test_same_seed_same_games_and_standard_wrappers_accept_it() -> None:
    def play(seed: int) -> list[np.ndarray]:
        env = RecordEpisodeStatistics(KashiVectorEnv("ingenious", 2))
        rng = np.random.default_rng(0)
        observations, _ = env.reset(seed=seed)
        seen = []
        for _ in range(20):
            observations, rewards, *_ = env.step(random_actions(observations["action_mask"], rng))
            seen += [observations["observation"], rewards]
        return seen

    first, again, other = play(5), play(5), play(6)
    assert all(np.array_equal(a, b) for a, b in zip(first, again, strict=True))
    assert not all(np.array_equal(a, b) for a, b in zip(first, other, strict=True))


def test_bad_calls_are_refused_and_change_no_game() -> None:
    env = KashiVectorEnv("azul-duel", 2)
    with pytest.raises(RuntimeError, match="reset"):
        env.step(np.zeros(2, np.int64))
    with pytest.raises(RuntimeError, match="reset"):
        env.action_masks()
    observations, _ = env.reset(seed=4)
    before = [state.to_json() for state in env.games.states]
    legal = random_actions(observations["action_mask"], np.random.default_rng(0))
    illegal = [int(np.flatnonzero(observations["action_mask"][game] == 0)[0]) for game in range(2)]
    with pytest.raises(IllegalMoveError, match="game 1"):
        env.step([legal[0], illegal[1]])
    observations["action_mask"][0] = 1  # the caller's array: writing into it makes nothing legal
    with pytest.raises(IllegalMoveError, match="game 0"):
        env.step([illegal[0], legal[1]])
    assert [state.to_json() for state in env.games.states] == before
