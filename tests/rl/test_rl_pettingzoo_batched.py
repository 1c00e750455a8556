"""The batched parallel environment: each agent's rows are its own views and masks, the games are
``VectorGames``' games for the same seed and actions, ended games restart with their final
positions in every agent's infos, and bad steps change nothing."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from gymnasium.vector import AutoresetMode

from kashi.core.errors import IllegalMoveError
from kashi.rl.pettingzoo.batched import KashiBatchedParallelEnv
from kashi.rl.vector import VectorGames

Observations = dict[str, dict[str, np.ndarray]]


def random_actions(observations: Observations, rng: np.random.Generator) -> dict[str, np.ndarray]:
    """A random legal action per game for every agent (its argmax of zeros, 0, where it is not to move)."""
    return {
        agent: np.argmax(rng.random(seen["action_mask"].shape) * seen["action_mask"], axis=1)
        for agent, seen in observations.items()
    }


@pytest.mark.parametrize(
    ("variant", "players", "actions"),
    [("azul", 2, "engine"), ("azul-grey", 3, "engine"), ("azul-duel", 2, "compact"), ("ingenious", 3, "engine")],
)
def test_rows_are_each_agents_view_and_mask(variant: str, players: int, actions: str) -> None:
    env = KashiBatchedParallelEnv(variant, 3, players, reward="score", actions=actions)
    encoder = env.encoder
    rng = np.random.default_rng(0)
    assert env.metadata["autoreset_mode"] == AutoresetMode.SAME_STEP
    observations, infos = env.reset(seed=1)
    assert list(observations) == list(infos) == env.possible_agents == [f"player_{seat}" for seat in range(players)]
    for _ in range(30):
        states = env.games.states
        for seat, agent in enumerate(env.agents):
            seen = observations[agent]
            assert seen["observation"].dtype == np.float32 and seen["action_mask"].dtype == np.int8
            assert seen["observation"].shape == (3, encoder.size)
            assert seen["action_mask"].shape == (3, encoder.num_actions)
            assert np.array_equal(infos[agent]["to_move"], [state.current_player for state in states])
            for game, state in enumerate(states):
                row = {"observation": seen["observation"][game], "action_mask": seen["action_mask"][game]}
                assert env.observation_space(agent).contains(row)
                assert np.array_equal(row["observation"], encoder.observe(state, seat))
                moving = state.current_player == seat
                assert np.array_equal(
                    np.flatnonzero(row["action_mask"]), np.sort(encoder.legal_ids(state)) if moving else []
                )
        chosen = random_actions(observations, rng)
        assert all(env.action_space(agent).contains(int(action)) for agent in env.agents for action in chosen[agent])
        observations, rewards, terminations, truncations, infos = env.step(chosen)
        for agent in env.agents:
            assert rewards[agent].shape == terminations[agent].shape == truncations[agent].shape == (3,)


@pytest.mark.parametrize(
    ("variant", "players", "steps"), [("azul", 2, 300), ("azul-duel", 2, 250), ("ingenious", 2, 150)]
)
def test_the_games_are_vector_games_and_ended_ones_restart_with_their_final_position(
    variant: str, players: int, steps: int
) -> None:
    env = KashiBatchedParallelEnv(variant, 4, players)
    games = VectorGames(variant, 4, players)
    rng = np.random.default_rng(3)
    observations, _ = env.reset(seed=9)
    step = games.reset(seed=9)
    ended_games = 0
    for _ in range(steps):
        chosen = random_actions(observations, rng)
        movers = np.choose(step.to_move, [chosen[agent] for agent in env.agents])
        acted = step.to_move
        step = games.step(movers)
        observations, rewards, terminations, truncations, infos = env.step(chosen)
        assert [state.to_json() for state in env.games.states] == [state.to_json() for state in games.states]
        ended = step.terminated | step.truncated
        for seat, agent in enumerate(env.agents):
            assert np.array_equal(rewards[agent], step.rewards[:, seat])
            assert np.array_equal(terminations[agent], step.terminated)
            assert np.array_equal(truncations[agent], step.truncated)
            assert np.array_equal(infos[agent]["acted"], acted)
            assert np.array_equal(infos[agent]["to_move"], step.to_move)
            if not ended.any():
                assert "final_obs" not in infos[agent]
                continue
            assert np.array_equal(infos[agent]["_final_obs"], ended) and np.array_equal(
                infos[agent]["_final_info"], ended
            )
            final = infos[agent]["final_obs"]
            assert not final["action_mask"].any() and not final["observation"][~ended].any()
            assert final["observation"][ended].any(axis=1).all()
            for game, state in env.games.final_states.items():
                assert np.array_equal(final["observation"][game], env.encoder.observe(state, seat))
            assert np.array_equal(infos[agent]["final_info"]["scores"], step.final_scores)
            movers_rows = ended & (acted == seat)
            assert step.final_observation is not None
            assert np.array_equal(final["observation"][movers_rows], step.final_observation[movers_rows])
        ended_games += int(ended.sum())
        assert env.agents == env.possible_agents, "agents stay: games restart"
    assert ended_games >= 2


def test_bad_steps_are_refused_and_change_no_game() -> None:
    env = KashiBatchedParallelEnv("azul-duel", 3)
    with pytest.raises(RuntimeError, match="reset"):
        env.step({agent: np.zeros(3, np.int64) for agent in env.agents})
    observations, infos = env.reset(seed=4)
    before = [state.to_json() for state in env.games.states]
    legal = random_actions(observations, np.random.default_rng(0))
    to_move = infos["player_0"]["to_move"]
    mover = f"player_{to_move[1]}"
    with pytest.raises(ValueError, match=f"{mover} is to move in games"):
        env.step({agent: legal[agent] for agent in env.agents if agent != mover})
    with pytest.raises(ValueError, match="integer action ids"):
        env.step({**legal, mover: legal[mover].astype(np.float64)})
    illegal = legal[mover].copy()
    illegal[1] = np.flatnonzero(observations[mover]["action_mask"][1] == 0)[0]
    with pytest.raises(IllegalMoveError, match="game 1"):
        env.step({**legal, mover: illegal})
    observations[mover]["action_mask"][1] = 1  # the caller's array: writing into it makes nothing legal
    with pytest.raises(IllegalMoveError, match="game 1"):
        env.step({**legal, mover: illegal})
    assert [state.to_json() for state in env.games.states] == before


def test_same_seed_same_games_other_seed_other_games() -> None:
    def play(seed: int) -> list[Any]:
        env = KashiBatchedParallelEnv("ingenious", 2, 3)
        rng = np.random.default_rng(0)
        observations, _ = env.reset(seed=seed)
        seen = []
        for _ in range(20):
            observations, rewards, *_ = env.step(random_actions(observations, rng))
            seen += [observations[agent]["observation"] for agent in env.agents] + list(rewards.values())
        return seen

    first, again, other = play(5), play(5), play(6)
    assert all(np.array_equal(a, b) for a, b in zip(first, again, strict=True))
    assert not all(np.array_equal(a, b) for a, b in zip(first, other, strict=True))
