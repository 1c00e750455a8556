"""How well the bots keep their time limits on this machine, and how deep the search gets.

For each time-limited bot, several positions of a random Azul game are given a limit; the
benchmark prints the limit, the median and the worst time taken over it, and the search's
depth at each limit. (The tests check the same behaviour on a stand-in clock, so they never
depend on the machine's speed.)

    .venv/bin/python benchmarks/bot_time.py [--positions 6] [--limits 0.05,0.2,1.0]
"""

from __future__ import annotations

import argparse
import statistics
import time

import kashi
from kashi.bots import Limits, make_bot


def positions(count: int, seed: int = 5) -> list[object]:
    """Positions of one random 2-player Azul game with a seat to move, spread over the game."""
    game = kashi.new_game("azul", players=2, seed=seed)
    found = []
    step = 0
    while not game.is_over() and len(found) < count:
        if step % 5 == 0:
            found.append(game.state.copy())
        game.play(game.legal_moves()[step * 7 % len(game.legal_moves())])
        step += 1
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=6)
    parser.add_argument("--limits", default="0.05,0.2,1.0", help="time limits in seconds, comma-separated")
    args = parser.parse_args()
    states = positions(args.positions)
    print(f"{'bot':<8} {'limit s':>8} {'median s':>9} {'worst s':>8} {'depth':>7}")
    for name in ("mcts", "search"):
        for limit in (float(text) for text in args.limits.split(",")):
            taken, depths = [], []
            for state in states:
                bot = make_bot(name, seed=1)
                started = time.perf_counter()
                bot.choose(state.view(state.current_player), Limits(seconds=limit, iterations=10**9))
                taken.append(time.perf_counter() - started)
                depths.append(getattr(bot, "last_depth", 0))
            depth = f"{min(depths)}-{max(depths)}" if name == "search" else "-"
            print(f"{name:<8} {limit:>8.2f} {statistics.median(taken):>9.3f} {max(taken):>8.3f} {depth:>7}")


if __name__ == "__main__":
    main()
