"""Random 2-player Azul games per second in a peer engine: gleb-t's C++ AzulBot, on one core.

The peer (https://github.com/gleb-t/AzulBot, MIT) exposes its C++ engine to Python through pybind11
as the module ``azulcpp``. What is timed is ``azulcpp.Azul.playout(state)`` (``Azul::playout`` in
``azulbot/azulsimcpp/Azul.cpp``), the C++ function its MCTS bot calls for every rollout: from the
given state it deals each round, plays uniformly random legal moves (``enumerate_moves`` then
``std::uniform_int_distribution`` on a ``std::mt19937``) until the factories and centre are empty,
scores the round, and repeats until a wall row is complete; then it applies the end-of-game bonuses
(``score_game``). Started from the empty ``AzulState()`` it is therefore one whole 2-player game:
5 factories, the first deal included, every round to the end and final scoring, all inside C++.
Each game costs one Python->C++ call, timed in processor time (``time.process_time``).

``playout`` does not report how many moves it made, so moves per second is games per second times
the mean moves per game of the same engine's uniformly random games, measured beforehand (untimed)
by stepping ``enumerate_moves``/``apply_move`` from Python. Moves are player moves (plies); deals
are not counted, as in ``kashi bench``.

Build used (peer commit 46500807939316c1825ab7e69df5a8258d294ef3, GCC 12.2, CPython 3.11.7): the
peer's own ``setup.py`` (``Pybind11Extension``, pybind11 3.1.0 from PyPI), which compiles with
CPython's flags plus pybind11's: ``-O3 -fwrapv -DNDEBUG -std=c++17 -fvisibility=hidden -g0``,
no ``-march``.

    mkdir -p /tmp/peer && cd /tmp/peer
    git clone https://github.com/gleb-t/AzulBot AzulBot
    git -C AzulBot checkout 46500807939316c1825ab7e69df5a8258d294ef3
    /root/.pyenv/versions/3.11.7/bin/python -m venv venv
    venv/bin/pip install pybind11
    (cd AzulBot && ../venv/bin/python setup.py build_ext --inplace)   # -> AzulBot/azulcpp.cpython-311-*.so

    nice -n 5 /tmp/peer/venv/bin/python benchmarks/peer_azulbot.py --peer-path /tmp/peer/AzulBot
    nice -n 5 /tmp/peer/venv/bin/python benchmarks/peer_azulbot.py --peer-path /tmp/peer/AzulBot --seconds 5

The default 2000 games take only about 0.1 s of CPU on a 2-core cloud VM (~23,600 games/s), so
``--seconds 5`` gives the steadier figure.
"""

from __future__ import annotations

import argparse
import importlib
import random
import sys
import time
from typing import Any

PEER_COMMIT = "46500807939316c1825ab7e69df5a8258d294ef3"


def moves_per_game(azulcpp: Any, games: int, seed: int) -> tuple[float, float]:
    """Mean moves and rounds per uniformly random game, stepped from Python with the peer's own rules."""
    azul = azulcpp.Azul()
    rng = random.Random(seed)
    moves = 0
    rounds = 0
    for _ in range(games):
        state = azul.deal_round(azulcpp.AzulState())
        while True:
            outcome = azul.apply_move(state, rng.choice(azul.enumerate_moves(state)))
            state = outcome.state
            moves += 1
            if outcome.isEnd:
                break
        rounds += state.roundIndex
    return moves / games, rounds / games


def time_playouts(azulcpp: Any, games: int, seconds: float | None) -> tuple[int, float, float]:
    """Whole random games by the C++ ``Azul::playout``: (games, processor seconds, mean rounds per game)."""
    azul = azulcpp.Azul()
    start = azulcpp.AzulState()
    played = 0
    rounds = 0
    began = time.process_time()
    while True:
        rounds += azul.playout(start).roundIndex
        played += 1
        if seconds is None:
            if played >= games:
                break
        elif played % 100 == 0 and time.process_time() - began >= seconds:
            break
    return played, time.process_time() - began, rounds / played


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Random 2-player Azul games per second in gleb-t's C++ AzulBot.")
    parser.add_argument("--peer-path", required=True, help="folder holding the built azulcpp extension")
    parser.add_argument("--games", type=int, default=2000, help="games to time (default 2000)")
    parser.add_argument("--seconds", type=float, default=None, help="time for this long instead of --games")
    parser.add_argument("--count-games", type=int, default=500, help="untimed games stepped to count moves per game")
    parser.add_argument("--seed", type=int, default=1, help="seed for the move-counting games")
    parser.add_argument("--commit", default=PEER_COMMIT, help="peer commit, for the printed line")
    arguments = parser.parse_args(argv)

    sys.path.insert(0, arguments.peer_path)
    azulcpp = importlib.import_module("azulcpp")

    per_game, stepped_rounds = moves_per_game(azulcpp, arguments.count_games, arguments.seed)
    played, elapsed, rounds = time_playouts(azulcpp, arguments.games, arguments.seconds)
    games_per_second = played / elapsed
    print(
        f"peer AzulBot {arguments.commit}: {games_per_second:,.0f} games/s, "
        f"{games_per_second * per_game:,.0f} moves/s "
        f"({played} games in {elapsed:.2f} s CPU, {rounds:.2f} rounds/game; "
        f"{per_game:.1f} moves/game and {stepped_rounds:.2f} rounds/game over {arguments.count_games} stepped games)"
    )


if __name__ == "__main__":
    main()
