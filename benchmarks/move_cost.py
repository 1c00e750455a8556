"""Processor time per move of named bots on the same positions (one core, so not the clock).

Positions are spread over a 2-player game (Azul unless ``--game`` says otherwise) played by
greedy bots; each bot is asked for a move in each of them. Prints the median and the worst
processor seconds per move.

    python benchmarks/move_cost.py expert-nn mcts-classic [--positions 8]
    python benchmarks/move_cost.py planner rollout --game azul-duel --positions 16
"""

from __future__ import annotations

import argparse
import statistics
import time

import kashi
from kashi.bots import Limits, make_bot


def positions(count: int, variant: str = "azul", seed: int = 7) -> list[object]:
    game = kashi.new_game(variant, players=2, seed=seed)
    bots = [make_bot("greedy", seat) for seat in range(2)]
    found = []
    step = 0
    while not game.is_over():
        if step % 7 == 3:
            found.append(game.state.copy())
        seat = game.state.current_player
        game.play(bots[seat].choose(game.state.view(seat), Limits()), seat=seat)
        step += 1
    return found[:: max(1, len(found) // count)][:count]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("bots", nargs="+")
    parser.add_argument("--positions", type=int, default=8)
    parser.add_argument("--game", default="azul", help="a 2-player variant (default azul)")
    args = parser.parse_args()
    states = positions(args.positions, args.game)
    print(f"{'bot':<36} {'positions':>9} {'median s':>9} {'worst s':>8}")
    for name in args.bots:
        spent = []
        for index, state in enumerate(states):
            bot = make_bot(name, seed=index)
            started = time.process_time()
            bot.choose(state.view(state.current_player), Limits())  # type: ignore[attr-defined]
            spent.append(time.process_time() - started)
        print(f"{name:<36} {len(spent):>9} {statistics.median(spent):>9.3f} {max(spent):>8.3f}", flush=True)


if __name__ == "__main__":
    main()
