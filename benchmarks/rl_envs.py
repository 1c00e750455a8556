"""Environment steps per second on one core, next to the raw engine's random moves per second.

An environment step here is what a learner pays for: ``last()`` (the observation and the action
mask), a uniformly random legal action drawn from the mask, and ``step``. The raw engine figure
is ``kashi bench``'s random self-play (``State.random_move`` played with ``State.play``, chance
drawn with ``State.sample_chance``, no records), measured in the same run so the ratio does not
depend on the machine.

The draw is kept as cheap as the raw benchmark's, so the figure measures the environment: the
legal ids come from ``nonzero`` on the mask's bool view (on int8 it is about 15 times slower,
which dominates Azul Duel's 87,741 actions; ``np.flatnonzero`` adds a ravel that costs as much
as the search on Azul's 180) and the pick from Python's ``random`` (the raw benchmark's
generator; a numpy ``Generator.integers`` call costs more than a quarter of an Azul engine
move).

    .venv/bin/python benchmarks/rl_envs.py [--seconds 5]
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

import numpy as np

from kashi.bench import random_games
from kashi.rl.pettingzoo import azul_duel_v0, azul_v0, ingenious_v0

CONFIGS: list[tuple[str, Any, dict[str, Any], str, int]] = [
    ("azul 2p", azul_v0, {"players": 2}, "azul", 2),
    ("azul 4p", azul_v0, {"players": 4}, "azul", 4),
    ("azul-duel", azul_duel_v0, {}, "azul-duel", 2),
    ("ingenious 2p", ingenious_v0, {"players": 2}, "ingenious", 2),
]


def env_steps_per_second(module: Any, kwargs: dict[str, Any], seconds: float, seed: int) -> float:
    env = module.raw_env(**kwargs)
    rng = random.Random(seed)
    steps = 0
    env.reset(seed=seed)
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            if not env.agents:
                env.reset()
            continue
        legal = observation["action_mask"].view(np.bool_).nonzero()[0]
        env.step(int(legal[rng.randrange(len(legal))]))
        steps += 1
    return steps / (time.perf_counter() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for label, module, kwargs, variant, players in CONFIGS:
        raw = random_games(variant, players, 0, args.seconds, args.seed).moves_per_s
        steps = env_steps_per_second(module, kwargs, args.seconds, args.seed)
        print(f"{label}: env {steps:,.0f} steps/s, raw engine {raw:,.0f} moves/s, ratio {steps / raw:.2f}")


if __name__ == "__main__":
    main()
