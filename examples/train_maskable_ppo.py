"""Train sb3-contrib's MaskablePPO on Azul Duel or Ingenious against the random bot, on CPU.

The learner plays seat 0 of ``kashi/AzulDuel-v0`` or ``kashi/Ingenious-v0`` over the games'
compact action ids (``actions="compact"``: 2,100 ids in Azul Duel, 3,278 in 2-player
Ingenious, instead of the engines' 87,741 and 8,642), so the policy head stays small. The
win rate against random is measured before and after training over a fixed set of game seeds,
with the policy sampled and with its most likely action. Needs the train extra.

    python examples/train_maskable_ppo.py --game azul-duel --steps 100000 --save duel.zip
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from typing import Any

import gymnasium
import numpy as np
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.env_util import make_vec_env

import kashi.rl.gymnasium_env  # noqa: F401  (registers the ids)

ENV_IDS = {"azul-duel": "kashi/AzulDuel-v0", "ingenious": "kashi/Ingenious-v0"}
LEARNER = 0


def env_kwargs(reward: str) -> dict[str, Any]:
    return {"actions": "compact", "opponent": "random", "reward": reward, "seat": LEARNER, "render_mode": None}


@dataclass(frozen=True)
class Evaluation:
    """The learner's results over a fixed set of games against random."""

    win_rate: float
    """Games the learner won alone, over games played (a shared first place is not a win)."""
    margin: float
    """Mean final score of the learner minus the opponent's."""

    def __str__(self) -> str:
        return f"win rate {self.win_rate:.2f}, mean margin {self.margin:+.1f}"


def evaluate(model: MaskablePPO, game: str, games: int, seed: int, deterministic: bool) -> Evaluation:
    """Play ``games`` games with game seeds ``seed``, ``seed + 1``, ...; every action from the mask."""
    env: Any = gymnasium.make(ENV_IDS[game], **env_kwargs("win")).unwrapped
    wins, margins = 0, []
    for index in range(games):
        observation, _ = env.reset(seed=seed + index)
        done = False
        while not done:
            action, _ = model.predict(observation, action_masks=env.action_masks(), deterministic=deterministic)
            observation, _, terminated, truncated, info = env.step(int(action))
            if info.get("illegal_action"):
                raise AssertionError(f"the policy chose illegal action {action}")
            done = terminated or truncated
        outcome = env.table.state.outcome()
        wins += outcome.returns()[LEARNER] == 1.0
        margins.append(outcome.scores[LEARNER] - outcome.scores[1 - LEARNER])
    return Evaluation(wins / games, float(np.mean(margins)))


def make_model(game: str, reward: str, seed: int, envs: int, rollout: int) -> MaskablePPO:
    """A fresh MaskablePPO over ``envs`` copies of the game, ``rollout`` steps each per update."""
    vector = make_vec_env(ENV_IDS[game], n_envs=envs, seed=seed, env_kwargs=env_kwargs(reward))
    return MaskablePPO(
        "MultiInputPolicy",
        vector,
        n_steps=rollout,
        batch_size=min(256, rollout * envs),
        n_epochs=4,
        gamma=1.0,
        ent_coef=0.01,
        seed=seed,
        device="cpu",
        policy_kwargs={"net_arch": [128, 128]},
    )


def report(model: MaskablePPO, game: str, games: int, seed: int, when: str) -> dict[str, Evaluation]:
    results = {}
    for name, deterministic in (("sampled", False), ("deterministic", True)):
        results[name] = evaluate(model, game, games, seed, deterministic)
        print(f"{when}, {name} policy, {games} games against random: {results[name]}", flush=True)
    return results


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=sorted(ENV_IDS), default="azul-duel")
    parser.add_argument("--steps", type=int, default=100_000, help="learner decisions to train on")
    parser.add_argument("--reward", choices=("win", "score"), default="win")
    parser.add_argument("--games", type=int, default=100, help="evaluation games, before and after")
    parser.add_argument("--seed", type=int, default=0, help="training seed; evaluation games use 10**6 + i")
    parser.add_argument("--envs", type=int, default=4)
    parser.add_argument("--rollout", type=int, default=256, help="steps per env between updates")
    parser.add_argument("--save", help="where to save the trained model (.zip)")
    args = parser.parse_args(argv)
    # a small network gains nothing from more threads; on a shared machine they spin and cost
    # many times the work (2,048 steps took 68 s of processor time with the default, 3 s with one)
    torch.set_num_threads(1)
    model = make_model(args.game, args.reward, args.seed, args.envs, args.rollout)
    evaluation_seed = 10**6
    report(model, args.game, args.games, evaluation_seed, "before training")
    model.learn(args.steps)
    report(model, args.game, args.games, evaluation_seed, f"after {args.steps:,} steps ({args.reward} reward)")
    if args.save:
        model.save(args.save)


if __name__ == "__main__":
    main()
