"""MaskablePPO (sb3-contrib) learns 2-player Azul against the random bot on one CPU in minutes.

The learner sees ``kashi/Azul-v0``'s observation and acts only on legal ids (the environment's
``action_masks()``, which MaskablePPO finds through Stable-Baselines3's vector environments). It is
paid the change of its score margin after every move (``reward="score"``): a dense signal, where
the win/loss reward would come once a game. The win rate against random is measured before and
after training on the same fixed games (``kashi.rl.evaluation.win_rate``).

    .venv/bin/python examples/maskable_ppo_azul.py [--steps 60000] [--games 200]
"""

from __future__ import annotations

import argparse
import time

import numpy as np
from sb3_contrib import MaskablePPO
from stable_baselines3.common.env_util import make_vec_env

import kashi.rl.gymnasium_env  # noqa: F401  (registers the ids)
from kashi.rl.evaluation import Policy, win_rate

ENV = {"variant": "azul", "players": 2, "opponent": "random", "reward": "score"}
EVALUATION_SEED = 10_000
"""Evaluation games use seeds the training games never do (those start at the training seed)."""


def make_model(envs: int = 8, steps_per_update: int = 256, seed: int = 0) -> MaskablePPO:
    """A small MLP policy over ``envs`` environments, updated every ``envs * steps_per_update`` moves."""
    # make_vec_env asks for rgb_array rendering unless told otherwise; kashi renders text only
    env = make_vec_env("kashi/Azul-v0", n_envs=envs, seed=seed, env_kwargs={**ENV, "render_mode": None})
    return MaskablePPO(
        "MultiInputPolicy",
        env,
        n_steps=steps_per_update,
        batch_size=256,
        learning_rate=1e-3,
        gamma=1.0,
        policy_kwargs={"net_arch": [128, 128]},
        seed=seed,
        device="cpu",
    )


def greedy_policy(model: MaskablePPO) -> Policy:
    """The model's most probable legal action."""

    def act(observation: np.ndarray, mask: np.ndarray) -> int:
        action, _ = model.predict(
            {"observation": observation, "action_mask": mask}, action_masks=mask.astype(bool), deterministic=True
        )
        return int(action)

    return act


def evaluate(model: MaskablePPO, games: int) -> float:
    return win_rate(greedy_policy(model), games, EVALUATION_SEED, **ENV)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=60_000, help="learner moves to train on")
    parser.add_argument("--games", type=int, default=200, help="evaluation games against random")
    parser.add_argument("--envs", type=int, default=8)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    model = make_model(args.envs, seed=args.seed)
    print(f"before training: win rate {evaluate(model, args.games):.3f} over {args.games} games", flush=True)
    start, processor = time.perf_counter(), time.process_time()
    model.learn(args.steps)
    print(
        f"trained on {model.num_timesteps} moves in {time.perf_counter() - start:.0f} s "
        f"({time.process_time() - processor:.0f} s of processor time)",
        flush=True,
    )
    print(f"after training: win rate {evaluate(model, args.games):.3f} over {args.games} games", flush=True)


if __name__ == "__main__":
    main()
