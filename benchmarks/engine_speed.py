"""Raw engine speed of this tree against another checkout, in alternating runs.

The same random self-play as ``kashi bench`` (``State.random_move`` played with ``State.play``,
chance drawn with ``State.sample_chance``, no records) runs in a fresh process for each tree in
turn, timed in processor time, so load that comes and goes on a shared machine falls on both
sides alike. Each pair prints both figures and their ratio; the summary is the median ratio.

    git worktree add --detach ../kashi-510 510eca9
    nice -n 19 .venv/bin/python benchmarks/engine_speed.py azul --against ../kashi-510 --pairs 5
    nice -n 19 .venv/bin/python benchmarks/engine_speed.py azul-duel --against ../kashi-510

The games are the same on both sides when the engines draw alike (same seeds, same generator);
the figure is moves per second either way.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
from pathlib import Path

PLAY = """
import sys, time
from random import Random
from kashi.core.registry import variant
from kashi.core.state import CHANCE

name, players, games, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
chosen = variant(name)
options = chosen.resolve(players, {})
rng = Random(seed)
moves = 0
started = time.process_time()
for played in range(games):
    state = chosen.family.make_state(players, options, played % players)
    while True:
        player = state.current_player
        if player == CHANCE:
            state.apply_chance(state.sample_chance(rng))
        elif player < 0:
            break
        else:
            state.play(state.random_move(rng))
            moves += 1
print(moves / (time.process_time() - started))
"""


def moves_per_second(tree: Path, name: str, players: int, games: int, seed: int) -> float:
    """One run of random self-play in a new interpreter that imports kashi from ``tree`` (run there,
    since ``-c`` puts the working directory first on the path)."""
    environment = {**os.environ, "PYTHONPATH": str(tree)}
    command = [sys.executable, "-c", PLAY, name, str(players), str(games), str(seed)]
    done = subprocess.run(command, cwd=tree, env=environment, capture_output=True, text=True, check=True)
    return float(done.stdout.strip())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", help="a variant name, e.g. azul, azul-duel, ingenious")
    parser.add_argument("--against", type=Path, required=True, help="the other checkout (a worktree)")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--pairs", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    here = Path(__file__).resolve().parent.parent
    ratios = []
    for pair in range(args.pairs):
        ours = moves_per_second(here, args.game, args.players, args.games, args.seed + pair)
        theirs = moves_per_second(args.against, args.game, args.players, args.games, args.seed + pair)
        ratios.append(ours / theirs)
        print(
            f"pair {pair + 1}: this tree {ours:,.0f} moves/s, {args.against} {theirs:,.0f} moves/s, "
            f"ratio {ours / theirs:.3f}"
        )
    print(
        f"{args.game} {args.players}p: median ratio {statistics.median(ratios):.3f} "
        f"(range {min(ratios):.3f} to {max(ratios):.3f}, {args.pairs} pairs of {args.games} games)"
    )


if __name__ == "__main__":
    main()
