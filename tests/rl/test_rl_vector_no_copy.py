"""``KashiVectorEnv(copy=False)``: the masks built from legal ids are one buffer rewritten every
step, and every step shows what ``copy=True`` shows, autoresets and refused actions included."""

from __future__ import annotations

import numpy as np
import pytest

from kashi.core.errors import IllegalMoveError
from kashi.rl.vector_env import KashiVectorEnv

CASES = [("azul-duel", "engine"), ("azul-duel", "compact"), ("azul", "engine"), ("ingenious", "compact")]


def legal_random(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    chosen: np.ndarray = np.argmax(rng.random(masks.shape) + masks, axis=1)
    return chosen


@pytest.mark.parametrize(("variant", "actions"), CASES)
def test_a_shared_buffer_shows_every_step_as_fresh_arrays_do(variant: str, actions: str) -> None:
    fresh = KashiVectorEnv(variant, 3, actions=actions)
    shared = KashiVectorEnv(variant, 3, actions=actions, copy=False)
    (seen, _), (kept, _) = fresh.reset(seed=8), shared.reset(seed=8)
    rng = np.random.default_rng(8)
    ended = 0
    for _ in range(300):
        assert np.array_equal(seen["observation"], kept["observation"])
        assert np.array_equal(seen["action_mask"], kept["action_mask"])
        assert np.array_equal(fresh.action_masks(), shared.action_masks())
        actions_now = legal_random(seen["action_mask"], rng)
        seen, _, terminated, truncated, _ = fresh.step(actions_now)
        kept, *_ = shared.step(actions_now)
        ended += int((terminated | truncated).sum())
    assert ended or variant == "ingenious"  # Azul Duel and Azul games end within 300 steps of 3 games


def test_the_shared_buffer_is_handed_out_again_and_fresh_arrays_are_not() -> None:
    shared = KashiVectorEnv("azul-duel", 2, copy=False)
    fresh = KashiVectorEnv("azul-duel", 2)
    first, _ = shared.reset(seed=3)
    first_fresh, _ = fresh.reset(seed=3)
    second, *_ = shared.step(legal_random(first["action_mask"], np.random.default_rng(3)))
    second_fresh, *_ = fresh.step(legal_random(first_fresh["action_mask"], np.random.default_rng(3)))
    assert second["action_mask"] is first["action_mask"]
    assert not np.shares_memory(second_fresh["action_mask"], first_fresh["action_mask"])


def test_a_refused_action_leaves_the_shared_masks_as_they_were() -> None:
    env = KashiVectorEnv("azul-duel", 2, copy=False)
    observations, _ = env.reset(seed=5)
    before = observations["action_mask"].copy()
    illegal = np.flatnonzero(before[0] == 0)[0]
    actions = legal_random(before, np.random.default_rng(5))
    actions[0] = illegal
    with pytest.raises(IllegalMoveError):
        env.step(actions)
    assert np.array_equal(observations["action_mask"], before)
    after, *_ = env.step(legal_random(before, np.random.default_rng(5)))
    assert after["action_mask"].sum() == np.count_nonzero(env.action_masks())
