"""The MaskablePPO example trains a model over compact actions that then plays only legal moves.

A few dozen steps: the learning itself is measured by running the example (docs/rl.md).
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import gymnasium
import numpy as np
import pytest

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_maskable_ppo.py"


def load_example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("train_maskable_ppo", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while the file runs
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("game", ["azul-duel", "ingenious"])
def test_the_example_saves_a_trained_model_that_plays_legal_moves(
    game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from sb3_contrib import MaskablePPO  # the train extra

    example = load_example()
    saved = tmp_path / "model.zip"
    example.main(
        ["--game", game, "--steps", "64", "--envs", "1", "--rollout", "64", "--games", "2", "--save", str(saved)]
    )
    printed = capsys.readouterr().out
    assert printed.count("win rate") == 4  # sampled and deterministic, before and after
    model = MaskablePPO.load(saved, device="cpu")
    assert model.num_timesteps >= 64
    env = gymnasium.make(example.ENV_IDS[game], **example.env_kwargs("win")).unwrapped
    assert model.action_space == env.action_space
    observation, _ = env.reset(seed=3)
    done, moves = False, 0
    while not done:
        mask = env.action_masks()
        action, _ = model.predict(observation, action_masks=mask, deterministic=moves % 2 == 0)
        assert mask[int(action)]
        observation, _, terminated, truncated, info = env.step(int(action))
        assert "illegal_action" not in info
        done, moves = terminated or truncated, moves + 1
    assert env.table.state.is_over()
    assert np.all(np.isfinite(model.policy.parameters_to_vector()))
