"""At every step of random games the mask is exactly the engine's legal moves, and every
observation has its configuration's fixed size, dtype and range."""

from __future__ import annotations

from random import Random
from typing import Any

import numpy as np
import pytest

from kashi.rl.config import GameConfig
from kashi.rl.encoding import encoder_for
from kashi.rl.masks import action_mask
from kashi.rl.pettingzoo import azul_duel_v0, azul_v0, ingenious_v0
from kashi.rl.pettingzoo.aec import KashiAECEnv
from kashi.rl.table import Table

CASES: list[tuple[Any, dict[str, Any], int]] = [
    (azul_v0, {"players": 2}, 3),
    (azul_v0, {"players": 4, "grey": True}, 1),
    (azul_v0, {"players": 2, "partial_floor": True}, 1),
    (azul_duel_v0, {}, 2),
    (ingenious_v0, {"players": 2}, 1),
    (ingenious_v0, {"players": 4, "teams": True}, 1),
]


@pytest.mark.parametrize(("module", "kwargs", "games"), CASES)
def test_mask_is_the_engines_legal_moves(module: Any, kwargs: dict[str, Any], games: int) -> None:
    env: KashiAECEnv = module.raw_env(**kwargs)
    rng = np.random.default_rng(0)
    size = env.encoder.size
    for game in range(games):
        env.reset(seed=game)
        steps = 0
        while env.agents:
            agent = env.agent_selection
            observation, _, terminated, truncated, _ = env.last()
            assert observation["observation"].shape == (size,)
            assert observation["observation"].dtype == np.float32
            assert observation["observation"].min() >= 0.0 and observation["observation"].max() <= 1.0
            if terminated or truncated:
                env.step(None)
                continue
            state = env.table.state  # type: ignore[union-attr]
            assert env.possible_agents[state.current_player] == agent
            expected = np.zeros(env.num_actions, dtype=np.int8)
            expected[[state.action_id(move) for move in state.legal_moves()]] = 1
            assert np.array_equal(observation["action_mask"], expected)
            for other in env.agents:
                if other != agent:
                    assert not env.observe(other)["action_mask"].any()
            legal = np.flatnonzero(expected)
            env.step(int(legal[rng.integers(len(legal))]))
            steps += 1
        assert steps > 10


def test_an_illegal_action_is_refused_and_changes_nothing() -> None:
    from kashi.core.errors import IllegalMoveError

    env = azul_v0.raw_env()
    env.reset(seed=5)
    mask = env.observe(env.agent_selection)["action_mask"]
    before = env.table.state.to_json()  # type: ignore[union-attr]
    with pytest.raises(IllegalMoveError):
        env.step(int(np.flatnonzero(mask == 0)[0]))
    assert env.table.state.to_json() == before  # type: ignore[union-attr]


@pytest.mark.parametrize(
    ("variant", "players", "options"), [("azul", 3, {}), ("azul-grey", 2, {}), ("azul", 2, {"partial_floor": True})]
)
def test_azul_observation_and_mask_together_are_the_separate_ones(
    variant: str, players: int, options: dict[str, Any]
) -> None:
    """``observe_with_mask`` packs the position once for both; every observer gets what ``observe``
    gives and the engine's mask, and arrays handed out earlier never change afterwards."""
    config = GameConfig(variant, players, options)
    encoder = encoder_for(config)
    rng = Random(6)
    table = Table(config, seed=8)
    state = table.state
    handed_out: list[tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]] = []
    while not state.is_over():
        for seat in range(players):
            observation, mask = encoder.observe_with_mask(state, seat)
            assert np.array_equal(observation, encoder.observe(state, seat))
            assert np.array_equal(mask, action_mask(state, config.num_actions))
            assert mask.dtype == np.int8 and mask.shape == (config.num_actions,)
            handed_out.append((observation, observation.copy(), mask, mask.copy()))
        actions = state.legal_actions()
        table.act(actions[rng.randrange(len(actions))])
    assert all(np.array_equal(a, b) and np.array_equal(c, d) for a, b, c, d in handed_out)
