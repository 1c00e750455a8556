"""The single-agent environment's ``action_masks()``: what sb3-contrib's MaskablePPO looks for."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest

import kashi.rl.gymnasium_env  # noqa: F401  (registers the ids)

IDS = ["kashi/Azul-v0", "kashi/AzulDuel-v0", "kashi/Ingenious-v0"]


@pytest.mark.parametrize("env_id", IDS)
def test_action_masks_is_the_observation_mask_through_the_wrappers(env_id: str) -> None:
    env = gymnasium.make(env_id)
    masks = env.get_wrapper_attr("action_masks")  # how sb3-contrib reaches it through wrappers
    rng = np.random.default_rng(0)
    observation, _ = env.reset(seed=0)
    for _ in range(12):
        mask = masks()
        assert mask.dtype == np.bool_ and mask.shape == (env.action_space.n,)
        assert np.array_equal(mask, observation["action_mask"].astype(bool))
        legal = np.flatnonzero(mask)
        assert legal.size
        observation, _, terminated, truncated, _ = env.step(int(rng.choice(legal)))
        if terminated or truncated:
            observation, _ = env.reset()


def test_action_masks_before_reset_is_refused() -> None:
    env = gymnasium.make("kashi/Azul-v0")
    with pytest.raises(RuntimeError, match="reset"):
        env.get_wrapper_attr("action_masks")()


def test_a_caller_writing_into_the_mask_changes_nothing() -> None:
    env = gymnasium.make("kashi/Azul-v0")
    observation, _ = env.reset(seed=1)
    env.get_wrapper_attr("action_masks")()[:] = False
    assert np.array_equal(env.get_wrapper_attr("action_masks")(), observation["action_mask"].astype(bool))
