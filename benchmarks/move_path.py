"""The server's CPU per move: what one move costs the web process, bots and clients aside.

A server process is started on a fresh database; hot-seat Azul games (one client holds both
seats, so no bot thinks) are played over WebSockets, one move at a time per game, with several
games in flight. The server's CPU time (user + system, from /proc) over the moves is divided by
their number; the round trip of each move (sent to state received) is printed too.

    .venv/bin/python benchmarks/move_path.py [--games 20] [--database sqlite|postgresql]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import secrets
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
from websockets.asyncio.client import connect

ROOT = Path(__file__).resolve().parents[1]
TICKS = os.sysconf("SC_CLK_TCK")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def cpu_seconds(pid: int) -> float:
    """User and system time of a process so far (fields 14 and 15 of /proc/PID/stat)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def start_server(database: str, port: int, log: Path) -> subprocess.Popen[bytes]:
    env = {**os.environ, "KASHI_LOG_LEVEL": "warning", "KASHI_GUESTS_PER_MINUTE": "100000"}
    command = [sys.executable, "-m", "kashi.server", "--port", str(port), "--db", database]
    with log.open("ab") as out:
        process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)
    for _ in range(300):
        try:
            if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=1).status_code == 200:
                return process
        except httpx.HTTPError:
            time.sleep(0.1)
    raise RuntimeError(f"the server did not start; see {log}")


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


def postgres_database() -> tuple[str, str]:
    """A fresh PostgreSQL database: its URL and name (dropped at the end)."""
    name = f"kashi_bench_{secrets.token_hex(4)}"
    subprocess.run(
        ["psql", "-h", "127.0.0.1", "-U", "postgres", "-d", "test", "-c", f"CREATE DATABASE {name}"],
        check=True,
        capture_output=True,
    )
    return f"postgresql://postgres@127.0.0.1:5432/{name}", name


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games played at once")
    parser.add_argument("--database", choices=("sqlite", "postgresql"), default="sqlite")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        dropped = None
        if args.database == "sqlite":
            database = f"sqlite:///{folder}/kashi.db"
        else:
            database, dropped = postgres_database()
        port = free_port()
        server = start_server(database, port, Path(folder) / "server.log")
        try:
            asyncio.run(play_all(f"127.0.0.1:{port}", 1, args.seed - 1))  # warm the server up
            before = cpu_seconds(server.pid)
            started = time.perf_counter()
            moves, round_trips = asyncio.run(play_all(f"127.0.0.1:{port}", args.games, args.seed))
            wall = time.perf_counter() - started
            used = cpu_seconds(server.pid) - before
        finally:
            server.terminate()
            server.wait(10)
            if dropped:
                subprocess.run(
                    [
                        "psql",
                        "-h",
                        "127.0.0.1",
                        "-U",
                        "postgres",
                        "-d",
                        "test",
                        "-c",
                        f"DROP DATABASE {dropped} WITH (FORCE)",
                    ],
                    check=True,
                    capture_output=True,
                )
    cuts = statistics.quantiles(round_trips, n=100)
    print(f"database {args.database}: {args.games} games at once, {moves} moves in {wall:.1f} s ({moves / wall:.0f}/s)")
    print(f"server CPU per move: {used / moves * 1000:.2f} ms (creating and joining the games included)")
    print(f"round trip ms: p50 {cuts[49] * 1000:.1f}  p95 {cuts[94] * 1000:.1f}  p99 {cuts[98] * 1000:.1f}")


if __name__ == "__main__":
    main()
