"""At every step of random games the mask is exactly the engine's legal moves, and every
observation has its configuration's fixed size, dtype and range."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from kashi.rl.pettingzoo import azul_duel_v0, azul_v0, ingenious_v0
from kashi.rl.pettingzoo.aec import KashiAECEnv

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
