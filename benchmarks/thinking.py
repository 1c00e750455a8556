"""What the compiled core buys everything that thinks, against the Python engines, in one run.

Each measure runs in a fresh process on the compiled core and in one with ``KASHI_PURE=1`` (the
Python engines alone), in turn, timed in processor time, and prints both figures with their
ratio:

- ``selfplay``: uniformly random self-play, games per second (the Python engine draws with
  ``random_move``, the core with its own loop, as ``kashi bench`` does);
- ``mcts``: MCTS iterations per second at the expert level's settings (1,000 iterations a move)
  over positions spread through a random game;
- ``hint``: the processor time of a hint (``kashi.bots.hints.suggest``), mean and worst, over
  positions of a game between greedy bots;
- ``review``: the processor time of a whole review of that game (``kashi.bots.review``).

    nice -n 19 .venv/bin/python benchmarks/thinking.py azul --players 2 --repeats 3
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from typing import Any

MEASURES = ("selfplay", "mcts", "hint", "review")


def game_record(name: str, players: int, seed: int) -> Any:
    """A finished game between greedy bots, and its decisions' positions."""
    import kashi
    from kashi.bots import Limits, make_bot

    game = kashi.new_game(name, players=players, seed=seed)
    bots = [make_bot("greedy", seed + seat) for seat in range(players)]
    positions = []
    while not game.is_over():
        seat = game.state.current_player
        positions.append(game.state.view(seat))
        game.play(bots[seat].choose(game.state.view(seat), Limits()))
    return game.record(), positions


def measure(kind: str, name: str, players: int, seed: int, seconds: float) -> dict[str, float]:
    """One measure in this process, on whichever engines it runs."""
    from kashi.bots import Limits, make_bot
    from kashi.bots.hints import suggest
    from kashi.bots.review import review
    from kashi.core.registry import variant
    from kashi.core.state import CHANCE

    if kind == "selfplay":
        from kashi.bench import _compiled_games, random_games
        from kashi.core import native

        if native.CORE is not None:
            start = variant(name).family.make_state(players, variant(name).resolve(players, {}), 0)
            return {"games_per_s": _compiled_games(start, 0, seconds, seed)["compiled_games_per_s"]}
        result = random_games(name, players, 0, seconds, seed)
        return {"games_per_s": result.games_per_s}
    record, positions = game_record(name, players, seed)
    started = time.process_time()
    if kind == "mcts":
        bot = make_bot("mcts:iterations=1000", seed)
        iterations = 0
        chosen = [view for view in positions[::4] if view.current_player != CHANCE and len(view.legal_moves()) > 1]
        for view in chosen:
            bot.choose(view, Limits())
            iterations += bot.last_iterations
        return {"iterations_per_s": iterations / (time.process_time() - started)}
    if kind == "hint":
        times = []
        for view in positions[::3]:
            begun = time.process_time()
            suggest(view)
            times.append(time.process_time() - begun)
        return {"mean_s": sum(times) / len(times), "worst_s": max(times)}
    verdicts = list(review(record))
    return {"review_s": time.process_time() - started, "decisions": float(len(verdicts))}


def run(kind: str, name: str, players: int, seed: int, seconds: float, pure: bool) -> dict[str, float]:
    environment = {**os.environ, "KASHI_PURE": "1" if pure else "0"}
    command = [sys.executable, __file__, name, "--measure", kind, "--players", str(players), "--seed", str(seed),
               "--seconds", str(seconds)]  # fmt: skip
    done = subprocess.run(command, env=environment, capture_output=True, text=True, check=True)
    figures: dict[str, float] = json.loads(done.stdout)
    return figures


def compare(key: str, compiled: float, python: float) -> str:
    """Both figures of a measure and how many times faster the core is (rates up, times down)."""
    if key.endswith("per_s"):
        return f"{key} {compiled:,.4g} vs {python:,.4g} (x{compiled / python:.3g})"
    if key.endswith("_s"):
        return f"{key} {compiled:,.4g} vs {python:,.4g} (x{python / compiled:.3g})"
    return f"{key} {compiled:,.4g} vs {python:,.4g}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", help="a variant name with a compiled engine, e.g. azul")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seconds", type=float, default=3.0, help="self-play time per side")
    parser.add_argument("--repeats", type=int, default=1)
    parser.add_argument("--only", choices=MEASURES, action="append", help="these measures alone")
    parser.add_argument("--measure", choices=MEASURES, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.measure:
        print(json.dumps(measure(args.measure, args.game, args.players, args.seed, args.seconds)))
        return
    for repeat in range(args.repeats):
        for kind in args.only or MEASURES:
            seed = args.seed + repeat
            compiled = run(kind, args.game, args.players, seed, args.seconds, pure=False)
            python = run(kind, args.game, args.players, seed, args.seconds, pure=True)
            ratios = ", ".join(compare(key, compiled[key], python[key]) for key in compiled)
            print(f"{args.game} {args.players}p seed {seed} {kind}: compiled vs Python: {ratios}", flush=True)


if __name__ == "__main__":
    main()
