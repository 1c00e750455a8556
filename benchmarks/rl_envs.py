"""Environment steps per second on one core, next to the raw engine's random moves per second.

An environment step here is what a learner pays for: ``last()`` (the observation and the action
mask), a uniformly random legal action drawn from the mask, and ``step``, on the PettingZoo
environment as ``env()`` gives it (with PettingZoo's order enforcing) and as ``raw_env()``; the
same loop drawing with PettingZoo's own ``action_space(agent).sample(mask)``; and the Gymnasium
vector environment ``KashiVectorEnv`` (batched self-play, 64 games unless ``--games`` says
otherwise), where a step is one move in one game, its share of the batch's observations, masks
and draws (with ``--bursts``, once more with ``copy=False``, its masks one buffer); the same
for the batched PettingZoo form ``KashiBatchedParallelEnv``, which also encodes every other
seat's view of each game. The raw engine figure is ``kashi bench``'s random self-play
(``State.random_move`` played with ``State.play``, chance drawn with ``State.sample_chance``, no
records), measured in the same run so the ratio does not depend on the machine.

The draw is kept as cheap as the raw benchmark's, so the figure measures the environment: the
legal ids come from ``nonzero`` on the mask's bool view (on int8 it is about 15 times slower,
which dominates Azul Duel's 87,741 actions; ``np.flatnonzero`` adds a ravel that costs as much
as the search on Azul's 180) and the pick from Python's ``random`` (the raw benchmark's
generator; a numpy ``Generator.integers`` call costs more than a quarter of an Azul engine
move). The batch draws from one flat ``nonzero`` over all its masks.

    .venv/bin/python benchmarks/rl_envs.py [--seconds 5]
    .venv/bin/python benchmarks/rl_envs.py --bursts 20   # in processor time
    .venv/bin/python benchmarks/rl_envs.py --bursts 20 --games 16
    .venv/bin/python benchmarks/rl_envs.py --bursts 5 --only ingenious

Wall-clock runs on a shared machine swing with its other load, and the raw figure with them.
``--bursts N`` instead alternates N bursts of raw moves, ``env()`` steps and vector steps in one
process, timed in processor time, and prints the median of the per-burst ratios, and of the
batched steps per second over ``env()``'s in the same burst (less swayed by the load than two
medians taken apart).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from kashi.bench import random_games
from kashi.core.registry import variant
from kashi.core.state import CHANCE, TERMINAL
from kashi.rl.pettingzoo import azul_duel_v0, azul_v0, ingenious_v0
from kashi.rl.pettingzoo.batched import KashiBatchedParallelEnv
from kashi.rl.vector_env import KashiVectorEnv

CONFIGS: list[tuple[str, Any, dict[str, Any], str, int]] = [
    ("azul 2p", azul_v0, {"players": 2}, "azul", 2),
    ("azul 4p", azul_v0, {"players": 4}, "azul", 4),
    ("azul-duel", azul_duel_v0, {}, "azul-duel", 2),
    ("azul-duel compact", azul_duel_v0, {"actions": "compact"}, "azul-duel", 2),
    ("ingenious 2p", ingenious_v0, {"players": 2}, "ingenious", 2),
    ("ingenious 2p compact", ingenious_v0, {"players": 2, "actions": "compact"}, "ingenious", 2),
]


BURST = {"azul": 20_000, "azul-duel": 5_000, "ingenious": 5_000}
"""Raw moves, then environment steps, then batched steps, in one burst of each game."""


def env_steps_per_second(make: Any, kwargs: dict[str, Any], seconds: float, seed: int, sample: bool = False) -> float:
    env = make(**kwargs)
    env.reset(seed=seed)
    return env_steps(env, random.Random(seed), seconds=seconds, sample=sample)


def rate(advance: Callable[[], int], seconds: float, steps_wanted: int) -> float:
    """Steps per second of ``advance`` (which makes some steps and says how many), for
    ``seconds`` of wall-clock time or ``steps_wanted`` steps of processor time."""
    clock = time.process_time if steps_wanted else time.perf_counter
    steps = 0
    started = clock()
    while steps < steps_wanted if steps_wanted else clock() - started < seconds:
        steps += advance()
    return steps / (clock() - started)


def env_steps(env: Any, rng: random.Random, seconds: float = 0.0, steps_wanted: int = 0, sample: bool = False) -> float:
    """Steps per second of ``env`` (``rate``'s time); ``sample`` draws with the action space's
    ``sample(mask)`` instead."""

    def advance() -> int:
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            if not env.agents:
                env.reset()
            return 0
        if sample:
            env.step(env.action_space(env.agent_selection).sample(observation["action_mask"]))
        else:
            legal = observation["action_mask"].view(np.bool_).nonzero()[0]
            env.step(int(legal[rng.randrange(len(legal))]))
        return 1

    return rate(advance, seconds, steps_wanted)


def random_legal(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One uniformly drawn legal action per row of ``masks``: every legal entry in one flat
    ``nonzero`` on the bool view (a random key per action, or a 2-d ``nonzero``, costs several
    times more with Azul Duel's 87,741 actions)."""
    games, width = masks.shape
    flat = masks.view(np.bool_).ravel().nonzero()[0]
    rows = flat // width
    counts = np.bincount(rows, minlength=games)
    starts = np.cumsum(counts) - counts
    picked: np.ndarray = flat[starts + (rng.random(games) * counts).astype(np.int64)] - np.arange(games) * width
    return picked


def vector_env_steps(
    env: KashiVectorEnv, rng: np.random.Generator, seconds: float = 0.0, steps_wanted: int = 0
) -> float:
    """Moves per second over all of the vector environment's games (from new games), timed as
    ``env_steps`` times."""
    observations, _ = env.reset(seed=int(rng.integers(1 << 32)))

    def advance() -> int:
        nonlocal observations
        observations, *_ = env.step(random_legal(observations["action_mask"], rng))
        return env.num_envs

    return rate(advance, seconds, steps_wanted)


def batched_parallel_steps(
    env: KashiBatchedParallelEnv, rng: np.random.Generator, seconds: float = 0.0, steps_wanted: int = 0
) -> float:
    """Moves per second over all of the batched parallel environment's games, timed as
    ``vector_env_steps``; each agent draws in the games where it is to move (its other rows
    are all zero)."""
    observations, infos = env.reset(seed=int(rng.integers(1 << 32)))

    def advance() -> int:
        nonlocal observations, infos
        to_move = infos["player_0"]["to_move"]
        actions = {}
        for seat, agent in enumerate(env.agents):
            moving = to_move == seat
            actions[agent] = np.zeros(env.num_games, np.int64)
            actions[agent][moving] = random_legal(observations[agent]["action_mask"][moving], rng)
        observations, _, _, _, infos = env.step(actions)
        return env.num_games

    return rate(advance, seconds, steps_wanted)


def raw_moves(name: str, players: int, moves_wanted: int, rng: random.Random) -> float:
    """Random moves per second of processor time, played as ``kashi bench``'s headline loop plays."""
    chosen = variant(name)
    options = chosen.resolve(players, {})
    moves = 0
    started = time.process_time()
    while moves < moves_wanted:
        state = chosen.family.make_state(players, options, moves % players)
        while state.current_player != TERMINAL:
            if state.current_player == CHANCE:
                state.apply_chance(state.sample_chance(rng))
            else:
                state.play(state.random_move(rng))
                moves += 1
    return moves / (time.process_time() - started)


def bursts(count: int, seed: int, batch: int, only: str) -> None:
    for label, module, kwargs, name, players in CONFIGS:
        if only not in label:
            continue
        env = module.env(**kwargs)
        env.reset(seed=seed)
        vector = KashiVectorEnv(name, batch, players, actions=kwargs.get("actions", "engine"))
        shared = KashiVectorEnv(name, batch, players, actions=kwargs.get("actions", "engine"), copy=False)
        parallel = KashiBatchedParallelEnv(name, batch, players, actions=kwargs.get("actions", "engine"))
        rng, keys = random.Random(seed), np.random.default_rng(seed)
        burst = BURST[name]
        runs = [
            (
                raw_moves(name, players, burst, rng),
                env_steps(env, rng, steps_wanted=burst),
                vector_env_steps(vector, keys, steps_wanted=burst),
                batched_parallel_steps(parallel, keys, steps_wanted=burst),
                vector_env_steps(shared, keys, steps_wanted=burst),
            )
            for _ in range(count)
        ]
        median = statistics.median
        raw = median(run[0] for run in runs)
        kinds = (
            "env()",
            f"KashiVectorEnv, {batch} games",
            f"KashiBatchedParallelEnv, {batch} games",
            f"KashiVectorEnv copy=False, {batch} games",
        )
        for column, kind in enumerate(kinds, 1):
            steps = median(run[column] for run in runs)
            ratios = [run[column] / run[0] for run in runs]
            print(
                f"{label}, {kind}: median of {count} bursts: {steps:,.0f} steps/s, raw {raw:,.0f} moves/s, "
                f"ratio {median(ratios):.3f} (bursts {min(ratios):.3f} to {max(ratios):.3f})"
            )
        for column, kind in ((2, "KashiVectorEnv"), (4, "KashiVectorEnv copy=False")):
            batched = [run[column] / run[1] for run in runs]
            print(
                f"{label}, {kind} over env(), burst by burst: median {median(batched):.2f} "
                f"(bursts {min(batched):.2f} to {max(batched):.2f})"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bursts", type=int, default=0, help="alternating bursts in processor time")
    parser.add_argument("--games", type=int, default=64, help="games in the batched environment")
    parser.add_argument("--only", default="", help="only the configurations whose label contains this")
    args = parser.parse_args()
    if args.bursts:
        bursts(args.bursts, args.seed, args.games, args.only)
        return
    for label, module, kwargs, name, players in CONFIGS:
        if args.only not in label:
            continue
        raw = random_games(name, players, 0, args.seconds, args.seed).moves_per_s
        print(f"{label}: raw engine {raw:,.0f} moves/s")
        vector = KashiVectorEnv(name, args.games, players, actions=kwargs.get("actions", "engine"))
        parallel = KashiBatchedParallelEnv(name, args.games, players, actions=kwargs.get("actions", "engine"))
        figures = [
            ("raw_env", env_steps_per_second(module.raw_env, kwargs, args.seconds, args.seed)),
            ("env()", env_steps_per_second(module.env, kwargs, args.seconds, args.seed)),
            ("env(), sample(mask)", env_steps_per_second(module.env, kwargs, args.seconds, args.seed, sample=True)),
            (
                f"KashiVectorEnv, {args.games} games",
                vector_env_steps(vector, np.random.default_rng(args.seed), args.seconds),
            ),
            (
                f"KashiBatchedParallelEnv, {args.games} games",
                batched_parallel_steps(parallel, np.random.default_rng(args.seed), args.seconds),
            ),
        ]
        for kind, steps in figures:
            print(f"  {kind}: {steps:,.0f} steps/s, ratio {steps / raw:.2f}")


if __name__ == "__main__":
    main()
