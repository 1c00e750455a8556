"""sb3-contrib's MaskablePPO finds the legal actions of kashi's single-agent environment."""

from __future__ import annotations

import gymnasium
import numpy as np

import kashi.rl.gymnasium_env  # noqa: F401  (registers the ids)


def test_sb3_contrib_finds_the_mask_of_an_env_and_of_a_vector_of_them() -> None:
    from sb3_contrib.common.maskable.utils import get_action_masks, is_masking_supported  # the train extra
    from stable_baselines3.common.env_util import make_vec_env

    env = gymnasium.make("kashi/Azul-v0")
    env.reset(seed=2)
    assert is_masking_supported(env)
    assert np.array_equal(get_action_masks(env), env.get_wrapper_attr("action_masks")())
    # make_vec_env asks for rgb_array rendering unless told otherwise; kashi renders text only
    vector = make_vec_env("kashi/Azul-v0", n_envs=2, seed=3, env_kwargs={"render_mode": None})
    observations = vector.reset()
    assert is_masking_supported(vector)
    assert np.array_equal(get_action_masks(vector), observations["action_mask"].astype(bool))
