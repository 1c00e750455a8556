"""The server's CPU per move: what one move costs the web process, bots and clients aside.

A server process is started on a fresh database; hot-seat Azul games (one client holds both
seats, so no bot thinks) are played over WebSockets, one move at a time per game, with several
games in flight. The server's CPU time (user + system of its process tree, from /proc) over the moves is divided by
their number; the round trip of each move (sent to state received) is printed too, though
these clients never think, so past its burst the server paces each socket (10 messages a
second by default) and the round trip is mostly that wait.

    .venv/bin/python benchmarks/move_path.py [--games 20] [--database sqlite|postgresql]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import statistics
import tempfile
import time
from pathlib import Path

import httpx
from load import fresh_database, servers_running
from websockets.asyncio.client import connect


async def play_game(base: str, rng: random.Random, round_trips: list[float]) -> int:
    """One hot-seat game to its end; the number of moves made."""
    async with httpx.AsyncClient(base_url=f"http://{base}", timeout=30) as client:
        (await client.get("/api/me")).raise_for_status()
        created = await client.post("/api/games", json={"variant": "azul", "seats": [{"kind": "me"}] * 2})
        created.raise_for_status()
        game = created.json()["game"]["id"]
        cookie = "; ".join(f"{name}={value}" for name, value in client.cookies.items())
    moves = 0
    async with connect(f"ws://{base}/ws/games/{game}", additional_headers={"Cookie": cookie}) as socket_:
        await socket_.send(json.dumps({"type": "hello"}))
        state = json.loads(await socket_.recv())
        while state["status"] == "active":
            sent_at = time.perf_counter()
            move = {"type": "move", "move": rng.choice(state["legal_moves"]), "version": state["version"]}
            await socket_.send(json.dumps(move))
            while True:
                reply = json.loads(await socket_.recv())
                if reply["type"] == "state" and reply["version"] > move["version"]:
                    break
                if reply["type"] in ("rejected", "error"):
                    raise RuntimeError(f"move refused: {reply}")
            round_trips.append(time.perf_counter() - sent_at)
            state = reply
            moves += 1
    return moves


async def play_all(base: str, games: int, seed: int) -> tuple[int, list[float]]:
    round_trips: list[float] = []
    counts = await asyncio.gather(*(play_game(base, random.Random(seed + n), round_trips) for n in range(games)))
    return sum(counts), round_trips


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games played at once")
    parser.add_argument("--database", choices=("sqlite", "postgresql"), default="sqlite")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        with fresh_database(args.database, folder) as database, servers_running(1, database, None, folder) as servers:
            server = servers[0]
            asyncio.run(play_all(server.address, 1, args.seed - 1))  # warm the server up
            before = server.cpu_seconds()
            started = time.perf_counter()
            moves, round_trips = asyncio.run(play_all(server.address, args.games, args.seed))
            wall = time.perf_counter() - started
            used = server.cpu_seconds() - before
    cuts = statistics.quantiles(round_trips, n=100)
    print(f"database {args.database}: {args.games} games at once, {moves} moves in {wall:.1f} s ({moves / wall:.0f}/s)")
    print(f"server CPU per move: {used / moves * 1000:.2f} ms (creating and joining the games included)")
    print(f"round trip ms: p50 {cuts[49] * 1000:.1f}  p95 {cuts[94] * 1000:.1f}  p99 {cuts[98] * 1000:.1f}")


if __name__ == "__main__":
    main()
