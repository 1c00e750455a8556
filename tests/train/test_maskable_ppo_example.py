"""examples/maskable_ppo.py with a tiny budget, for each game: the saved model plays whole games
choosing only legal actions, and it is the mask that keeps it legal. The learning itself is
measured by running the example (docs/rl.md)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from kashi_examples import load_example

from kashi.rl.gymnasium_env import KashiSingleAgentEnv

example = load_example("maskable_ppo")


@pytest.mark.parametrize("game", ["azul", "azul-duel", "ingenious"])
def test_a_briefly_trained_model_plays_legal_moves_because_of_the_mask(
    game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from sb3_contrib import MaskablePPO  # the train extra

    saved = tmp_path / "model.zip"
    flags = ["--steps", "64", "--envs", "1", "--rollout", "64", "--games", "2", "--sampled", "--save", str(saved)]
    example.main(["--game", game, *flags])
    printed = capsys.readouterr().out
    assert printed.count("win rate") == 4  # sampled and deterministic, before and after
    model = MaskablePPO.load(saved, device="cpu")
    assert model.num_timesteps >= 64
    assert np.all(np.isfinite(model.policy.parameters_to_vector()))
    settings = example.GAMES[game]
    env = KashiSingleAgentEnv(variant=game, **example.env_kwargs(settings))
    assert model.action_space == env.action_space
    observation, _ = env.reset(seed=3)
    done, moves, unmasked_illegal = False, 0, 0
    while not done:
        mask = env.action_masks()
        action, _ = model.predict(observation, action_masks=mask, deterministic=moves % 2 == 0)
        assert mask[int(action)]
        unmasked, _ = model.predict(observation, deterministic=True)
        unmasked_illegal += not mask[int(unmasked)]
        observation, _, terminated, truncated, info = env.step(int(action))
        assert "illegal_action" not in info
        done, moves = terminated or truncated, moves + 1
    assert env.table is not None and env.table.state.is_over()
    assert unmasked_illegal > 0, "without the mask the same model would have chosen illegal actions"


def test_the_model_is_built_with_the_games_settings() -> None:
    settings = replace(example.GAMES["azul-duel"], envs=2, rollout=32)
    model = example.make_model("azul-duel", settings, seed=1)
    assert (model.n_envs, model.n_steps, model.batch_size, model.n_epochs) == (2, 32, 64, settings.epochs)
    assert (model.learning_rate, model.ent_coef) == (settings.learning_rate, settings.entropy)
    assert model.action_space.n == KashiSingleAgentEnv(variant="azul-duel", actions="compact").num_actions
