"""Batched Azul games on the compiled core: the same rows as the Python encoder gives for the
same positions (the core packs them, the encoder's tables read them), final positions and
observations kept for the games that end, and misuse of the core's batch refused."""

from __future__ import annotations

import numpy as np
import pytest
from kashi_test_extras import compiled_core

from kashi.core import native
from kashi.rl.config import GameConfig
from kashi.rl.encoding import encoder_for
from kashi.rl.vector import VectorGames


def random_actions(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    chosen: np.ndarray = np.argmax(rng.random(masks.shape) + masks, axis=1)
    return chosen


@pytest.mark.parametrize(
    ("variant", "players", "options"), [("azul", 2, {}), ("azul-grey", 3, {}), ("azul", 4, {"partial_floor": True})]
)
def test_every_row_and_every_final_position_is_the_python_encoders(variant, players, options):
    compiled_core()
    games = VectorGames(variant, 5, players, options)
    assert games._compiled is not None, "Azul's batches run on the compiled core"
    single = encoder_for(GameConfig(variant, players, options))
    rng = np.random.default_rng(2)
    step = games.reset(seed=3)
    ended = 0
    for _ in range(600):
        movers = step.to_move.copy()
        step = games.step(random_actions(step.action_mask, rng))
        for row, state in enumerate(games.states):
            assert np.array_equal(step.observation[row], single.observe(state, state.current_player))
            assert np.flatnonzero(step.action_mask[row]).tolist() == sorted(state.legal_actions())
        finals = games.final_states
        assert sorted(finals) == np.flatnonzero(step.terminated | step.truncated).tolist()
        for row, final in finals.items():
            assert final.is_over()
            assert np.array_equal(step.final_observation[row], single.observe(final, int(movers[row])))
            assert step.final_scores[row].tolist() == list(final.scores())
            others = games.observe_final_views([row] * players, list(range(players)))
            assert all(np.array_equal(others[seat], single.observe(final, seat)) for seat in range(players))
            ended += 1
    assert ended >= 3


def test_the_batch_refuses_misuse():
    core = compiled_core()
    config = GameConfig("azul", 2)
    starts = [native.compiled(config.make_state(seat)) for seat in range(2)]
    with pytest.raises(ValueError, match="one start and one team per seat"):
        core.Batch(starts, 4, 0, [0])
    with pytest.raises(ValueError, match="bad batch"):
        core.Batch(starts, 0, 0, [0, 1])
    with pytest.raises(ValueError, match="bad batch"):
        core.Batch(starts, 4, 7, [0, 1])
    with pytest.raises(TypeError, match="a State"):
        core.Batch([1, 2], 4, 0, [0, 1])
    batch = core.Batch(starts, 4, 0, [0, 1])
    batch.reset(1)
    with pytest.raises(ValueError, match="actions needs 4 items"):
        batch.first_illegal(np.zeros(3, np.int64))
    with pytest.raises(ValueError, match="masks needs"):
        batch.show(np.zeros(4 * batch.packed_width(), np.int64), np.zeros(5, np.int8), np.zeros(4, np.int64),
                   np.zeros(4, np.float32))  # fmt: skip
    with pytest.raises(ValueError, match="outside the packed row"):
        batch.observe_with(
            1, np.full(2, batch.packed_width(), np.int64), np.zeros(2, np.int64), np.zeros(3, np.float32)
        )
    with pytest.raises(IndexError):
        batch.state(4)
    illegal = np.full(4, -1, np.int64)
    assert batch.first_illegal(illegal) == 0
