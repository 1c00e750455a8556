"""Ingenious' compact action space: rack tile x cell x direction, then swap and keep."""

from __future__ import annotations

import warnings
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from kashi_random_play import decision_positions
from pettingzoo.test import api_test, seed_test

import kashi.rl.gymnasium_env  # noqa: F401  (registers the ids)
from kashi.core.errors import IllegalMoveError
from kashi.games.ingenious.moves import Placement
from kashi.games.ingenious.tiles import PAIRS
from kashi.rl.config import GameConfig
from kashi.rl.encoding import encoder_for
from kashi.rl.pettingzoo import ingenious_v0
from kashi.rl.vector_env import KashiVectorEnv


@pytest.mark.parametrize(
    ("variant", "players", "size"),
    [("ingenious", 2, 3278), ("ingenious", 3, 4574), ("ingenious", 4, 6086), ("ingenious-teams", 4, 6086)],
)
def test_sizes(variant: str, players: int, size: int) -> None:
    assert encoder_for(GameConfig(variant, players), "compact").num_actions == size


@pytest.mark.parametrize("players", [2, 3])
def test_compact_legal_ids_are_exactly_the_legal_moves(players: int) -> None:
    encoder: Any = encoder_for(GameConfig("ingenious", players), "compact")
    rng = np.random.default_rng(players)
    for index, state in enumerate(decision_positions(GameConfig("ingenious", players), players)):
        legal = encoder.legal_ids(state)
        assert len(set(legal)) == len(legal)
        assert {encoder.to_engine(state, action) for action in legal} == set(state.legal_actions())
        assert np.flatnonzero(encoder.mask(state)).tolist() == sorted(legal)
        rack = sorted(state.racks[state.current_player])
        for action in legal:
            if action >= encoder.decision_at:
                continue
            tile, place = divmod(action, encoder.places)
            move = state.move_from_action(encoder.to_engine(state, action))
            assert isinstance(move, Placement)
            low = PAIRS[rack[tile]][0]
            cell = encoder.cells[place // 6]
            assert (move.first if move.a == cell else move.second) == low
        others = sorted(set(range(encoder.num_actions)) - set(legal))
        for action in rng.choice(others, 40 if index % 5 == 0 else 0, replace=False):
            try:
                engine = encoder.to_engine(state, int(action))
            except IllegalMoveError:
                continue
            assert engine not in state.legal_actions()


def test_swap_and_keep_are_the_last_two_ids() -> None:
    encoder: Any = encoder_for(GameConfig("ingenious", 2), "compact")
    questions = [state for state in decision_positions(GameConfig("ingenious", 2), 2) if state.deciding]
    assert questions
    for state in questions:
        legal = encoder.legal_ids(state)
        assert list(legal) == [encoder.num_actions - 2, encoder.num_actions - 1]
        assert [str(state.move_from_action(encoder.to_engine(state, action))) for action in legal] == ["swap", "keep"]


def test_out_of_range_or_unknown_choices_are_refused() -> None:
    encoder = encoder_for(GameConfig("ingenious", 2), "compact")
    state = next(decision_positions(GameConfig("ingenious", 2), 5))
    for action in (-1, encoder.num_actions):
        with pytest.raises(IllegalMoveError):
            encoder.to_engine(state, action)
    with pytest.raises(ValueError, match="no compact action space"):
        encoder_for(GameConfig("azul", 2), "compact")
    with pytest.raises(ValueError, match="actions must be"):
        encoder_for(GameConfig("ingenious", 2), "small")


def test_the_environments_take_compact_actions() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # PettingZoo's note on dict observations
        api_test(ingenious_v0.env(actions="compact"), num_cycles=300)
        seed_test(lambda: ingenious_v0.env(actions="compact"), num_cycles=40)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # any complaint of Gymnasium's checker fails the test
        env = gymnasium.make("kashi/Ingenious-v0", actions="compact")
        check_env(env.unwrapped)
    assert env.action_space == gymnasium.spaces.Discrete(3278)
    vector = KashiVectorEnv("ingenious", 3, actions="compact")
    observations, _ = vector.reset(seed=1)
    rng = np.random.default_rng(1)
    for _ in range(30):
        assert observations["action_mask"].shape == (3, 3278)
        actions = np.argmax(rng.random(observations["action_mask"].shape) + observations["action_mask"], axis=1)
        observations, *_ = vector.step(actions)
