"""The compiled core's memory: the bytes of a state, and the process's resident memory before
and after a million random games (it should not grow: the loop allocates nothing per game).

    .venv/bin/python benchmarks/core_memory.py azul --players 2 --games 1000000
"""

from __future__ import annotations

import argparse
import os
import sys

from kashi.core import native
from kashi.core.registry import variant


def resident_kb() -> int:
    """The resident set now (not the peak), from /proc."""
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") // 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=1_000_000)
    parser.add_argument("--rounds", type=int, default=10, help="report after each of this many parts")
    args = parser.parse_args()
    chosen = variant(args.game)
    state = native.compiled(chosen.family.make_state(args.players, chosen.resolve(args.players, {}), 0))
    if state is None or native.CORE is None:
        sys.exit("no compiled core: nothing to measure")
    print(f"{args.game} {args.players}p: a state holds {sys.getsizeof(state)} bytes (object and engine state)")
    print(f"resident before: {resident_kb():,} KB")
    for part in range(args.rounds):
        native.CORE.random_games(state, args.games // args.rounds, part)
        print(f"after {(part + 1) * (args.games // args.rounds):,} games: {resident_kb():,} KB", flush=True)


if __name__ == "__main__":
    main()
