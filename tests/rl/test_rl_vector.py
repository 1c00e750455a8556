"""Batched self-play games: each row is what the single-game encoder gives for the seat to move,
the masks are the engines' legal moves, bad actions change nothing, ended games pay and restart."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from kashi.core.errors import IllegalMoveError
from kashi.rl.config import GameConfig
from kashi.rl.encoding import encoder_for
from kashi.rl.rewards import margins, win_returns
from kashi.rl.vector import VectorGames, VectorStep

CASES: list[tuple[str, int, dict[str, Any], int]] = [
    ("azul", 2, {}, 120),
    ("azul", 4, {}, 40),
    ("azul-grey", 3, {}, 60),
    ("azul", 2, {"partial_floor": True}, 20),
    ("azul-duel", 2, {}, 20),
    ("ingenious", 2, {}, 20),
    ("ingenious-teams", 4, {}, 10),
]


def random_actions(step: VectorStep, rng: np.random.Generator) -> np.ndarray:
    """One uniformly drawn legal action per game (random keys, illegal ids pushed below)."""
    chosen: np.ndarray = np.argmax(rng.random(step.action_mask.shape) + step.action_mask, axis=1)
    return chosen


@pytest.mark.parametrize(("variant", "players", "options", "steps"), CASES)
def test_rows_are_the_single_game_observations_and_legal_moves(
    variant: str, players: int, options: dict[str, Any], steps: int
) -> None:
    games = VectorGames(variant, 3, players, options)
    single = encoder_for(GameConfig(variant, players, options))
    rng = np.random.default_rng(1)
    step = games.reset(seed=5)
    for _ in range(steps):
        assert step.observation.shape == (3, single.size) and step.observation.dtype == np.float32
        assert step.action_mask.shape == (3, games.num_actions) and step.action_mask.dtype == np.int8
        for row, state in enumerate(games.states):
            seat = state.current_player
            assert step.to_move[row] == seat
            assert np.array_equal(step.observation[row], single.observe(state, seat))
            assert np.flatnonzero(step.action_mask[row]).tolist() == sorted(state.legal_actions())
        step = games.step(random_actions(step, rng))


def test_same_seed_same_games_other_seed_other_games() -> None:
    def play(seed: int) -> list[np.ndarray]:
        games = VectorGames("azul", 4, 2, reward="score")
        rng = np.random.default_rng(0)
        step = games.reset(seed=seed)
        seen = []
        for _ in range(30):
            step = games.step(random_actions(step, rng))
            seen += [step.observation, step.rewards]
        return seen

    first, again, other = play(3), play(3), play(4)
    assert all(np.array_equal(a, b) for a, b in zip(first, again, strict=True))
    assert not all(np.array_equal(a, b) for a, b in zip(first, other, strict=True))


@pytest.mark.parametrize("variant", ["azul", "azul-duel"])  # checked on a copy of the masks, on their ones
def test_bad_actions_are_refused_and_change_no_game(variant: str) -> None:
    games = VectorGames(variant, 3, 2)
    with pytest.raises(RuntimeError, match="reset"):
        games.step([0, 0, 0])
    step = games.reset(seed=2)
    before = [state.to_json() for state in games.states]
    legal = random_actions(step, np.random.default_rng(0))
    illegal = legal.copy()
    illegal[1] = int(np.flatnonzero(step.action_mask[1] == 0)[0])
    with pytest.raises(IllegalMoveError, match="game 1: action id"):
        games.step(illegal)
    for bad in ([*legal[:2], -1], [*legal[:2], games.num_actions]):
        with pytest.raises(IllegalMoveError, match="out of range"):
            games.step(bad)
    with pytest.raises(ValueError, match="3 integer action ids"):
        games.step(legal[:2])
    with pytest.raises(ValueError, match="3 integer action ids"):
        games.step(legal.astype(np.float64))
    step.action_mask[1, illegal[1]] = 1  # what the caller does to its arrays changes no rule
    with pytest.raises(IllegalMoveError, match="game 1: action id"):
        games.step(illegal)
    assert [state.to_json() for state in games.states] == before
    after = games.step(legal)
    assert [state.to_json() for state in games.states] != before
    assert after.action_mask.any(axis=1).all()


@pytest.mark.parametrize("reward", ["win", "score"])
def test_ended_games_pay_report_their_scores_and_restart(reward: str) -> None:
    games = VectorGames("azul", 2, 2, reward=reward)
    teams = games.config.teams
    rng = np.random.default_rng(4)
    step = games.reset(seed=9)
    paid = np.zeros((2, 2))
    ended = 0
    while ended < 3:
        finals = [state.copy() for state in games.states]
        actions = random_actions(step, rng)
        step = games.step(actions)
        paid += step.rewards
        for row in np.flatnonzero(step.terminated):
            final = finals[row]
            final.play(final.move_from_action(int(actions[row])))  # a game ends at a round's end: no chance
            assert final.is_over() and not step.truncated[row]
            assert step.final_scores[row].tolist() == list(final.scores())
            outcome = final.outcome()
            assert outcome is not None
            expected = win_returns(outcome, teams) if reward == "win" else margins(final.scores(), teams)
            assert np.allclose(paid[row], expected)
            fresh = games.states[row]
            assert fresh.round == 1 and fresh.scores() == (0, 0)
            paid[row] = 0
            ended += 1
        assert not step.final_scores[~step.terminated].any()


def test_the_round_cap_truncates_and_restarts() -> None:
    games = VectorGames("azul", 2, 2, {"max_rounds": 1})
    rng = np.random.default_rng(0)
    step = games.reset(seed=1)
    for _ in range(40):
        step = games.step(random_actions(step, rng))
        if step.truncated.any():
            break
    assert step.truncated.any() and not step.terminated.any()
    assert all(games.states[row].round == 1 for row in np.flatnonzero(step.truncated))
