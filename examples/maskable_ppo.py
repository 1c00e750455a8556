"""Train sb3-contrib's MaskablePPO on Azul, Azul Duel or Ingenious against the random bot, on CPU.

The learner plays seat 0 of ``kashi/Azul-v0``, ``kashi/AzulDuel-v0`` or ``kashi/Ingenious-v0``
(2 players) and acts only on legal ids: the environment's ``action_masks()``, which MaskablePPO
finds through Stable-Baselines3's vector environments. Azul keeps the engine's 180 ids; Azul
Duel and Ingenious use their compact ids (``actions="compact"``: 2,100 and 3,278 instead of the
engines' 87,741 and 8,642), so the policy head stays small. Each game has the settings of its
runs measured in docs/rl.md as defaults (``GAMES``). Before and after training the policy plays
the same fixed games against random (``kashi.rl.evaluation.evaluate``), taking its most likely
action and, for Azul Duel and Ingenious by default, also sampled. Needs the train extra.

    python examples/maskable_ppo.py --game azul
    python examples/maskable_ppo.py --game azul-duel --steps 150000 --games 200 --save duel.zip
"""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass, replace

import numpy as np
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.env_util import make_vec_env

import kashi.rl.gymnasium_env  # noqa: F401  (registers the ids)
from kashi.rl.evaluation import Policy, evaluate

LEARNER = 0


@dataclass(frozen=True)
class Settings:
    """One game's training run; the command line overrides the fields it names."""

    actions: str
    """``engine`` or ``compact`` action ids."""
    reward: str
    """``win`` (once a game) or ``score`` (the change of the score margin after every move)."""
    envs: int
    rollout: int
    """Steps per environment between updates."""
    learning_rate: float
    epochs: int
    entropy: float
    steps: int
    """Learner moves to train on."""
    games: int
    """Evaluation games, before and after."""
    evaluation_seed: int
    """Game ``i`` of the evaluation is ``reset(seed=evaluation_seed + i)``: seeds training never
    uses (its environments start at the training seed)."""
    sampled: bool
    """Also evaluate the sampled policy. Sampling draws from torch's generator, so when it runs
    before training it changes the training that follows: each game keeps what its documented
    run did."""


AZUL = Settings(
    "engine", "score", envs=8, rollout=256, learning_rate=1e-3, epochs=10, entropy=0.0,
    steps=60_000, games=200, evaluation_seed=10_000, sampled=False,
)  # fmt: skip
COMPACT = Settings(
    "compact", "win", envs=4, rollout=256, learning_rate=3e-4, epochs=4, entropy=0.01,
    steps=100_000, games=100, evaluation_seed=10**6, sampled=True,
)  # fmt: skip
GAMES = {"azul": AZUL, "azul-duel": COMPACT, "ingenious": COMPACT}
"""Each game's defaults: those of its runs in docs/rl.md."""
ENV_IDS = {"azul": "kashi/Azul-v0", "azul-duel": "kashi/AzulDuel-v0", "ingenious": "kashi/Ingenious-v0"}


def env_kwargs(settings: Settings) -> dict[str, object]:
    # make_vec_env asks for rgb_array rendering unless told otherwise; kashi renders text only
    return {
        "actions": settings.actions,
        "opponent": "random",
        "reward": settings.reward,
        "seat": LEARNER,
        "render_mode": None,
    }


def make_model(game: str, settings: Settings, seed: int = 0) -> MaskablePPO:
    """A fresh 128x128 MLP policy over ``settings.envs`` copies of the game (its input is the
    observation and the mask side by side), updated every ``envs * rollout`` moves."""
    vector = make_vec_env(ENV_IDS[game], n_envs=settings.envs, seed=seed, env_kwargs=env_kwargs(settings))
    return MaskablePPO(
        "MultiInputPolicy",
        vector,
        n_steps=settings.rollout,
        batch_size=min(256, settings.rollout * settings.envs),
        n_epochs=settings.epochs,
        learning_rate=settings.learning_rate,
        gamma=1.0,
        ent_coef=settings.entropy,
        policy_kwargs={"net_arch": [128, 128]},
        seed=seed,
        device="cpu",
    )


def model_policy(model: MaskablePPO, deterministic: bool) -> Policy:
    """The model's most likely legal action, or one sampled from its legal ones."""

    def act(observation: np.ndarray, mask: np.ndarray) -> int:
        action, _ = model.predict(
            {"observation": observation, "action_mask": mask},
            action_masks=mask.astype(bool),
            deterministic=deterministic,
        )
        return int(action)

    return act


def report(model: MaskablePPO, game: str, settings: Settings, when: str) -> None:
    """Evaluate and print the sampled policy (if ``settings.sampled``), then the deterministic one."""
    policies = [("sampled", False)] if settings.sampled else []
    for name, deterministic in [*policies, ("deterministic", True)]:
        result = evaluate(
            model_policy(model, deterministic),
            settings.games,
            settings.evaluation_seed,
            variant=game,
            **env_kwargs(settings),
        )
        print(f"{when}, {name} policy, {settings.games} games against random: {result}", flush=True)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=sorted(GAMES), default="azul")
    parser.add_argument("--steps", type=int, help="learner moves to train on")
    parser.add_argument("--games", type=int, help="evaluation games against random, before and after")
    parser.add_argument("--reward", choices=("win", "score"))
    parser.add_argument("--envs", type=int)
    parser.add_argument("--rollout", type=int, help="steps per environment between updates")
    parser.add_argument("--sampled", action=argparse.BooleanOptionalAction, help="also evaluate the sampled policy")
    parser.add_argument("--seed", type=int, default=0, help="training seed")
    parser.add_argument("--save", help="where to save the trained model (.zip)")
    args = parser.parse_args(argv)
    chosen = {name: getattr(args, name) for name in ("steps", "games", "reward", "envs", "rollout", "sampled")}
    settings = replace(GAMES[args.game], **{name: value for name, value in chosen.items() if value is not None})
    # a small network gains nothing from more threads; on a shared machine they spin and cost
    # many times the work (2,048 steps took 68 s of processor time with the default, 3 s with one)
    torch.set_num_threads(1)
    model = make_model(args.game, settings, args.seed)
    report(model, args.game, settings, "before training")
    start, processor = time.perf_counter(), time.process_time()
    model.learn(settings.steps)
    print(
        f"trained on {model.num_timesteps:,} moves in {time.perf_counter() - start:.0f} s "
        f"({time.process_time() - processor:.0f} s of processor time)",
        flush=True,
    )
    report(model, args.game, settings, f"after {settings.steps:,} steps ({settings.reward} reward)")
    if args.save:
        model.save(args.save)


if __name__ == "__main__":
    main()
