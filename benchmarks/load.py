"""The server under load: many games at once, each a simulated person against a bot (medium), or
two simulated people against each other (``--mode people``).

The benchmark starts the server itself (one instance on a fresh SQLite file by default, or
several on a fresh PostgreSQL database sharing Redis) with the per-address limits lifted, since
every simulated player comes from 127.0.0.1. Each stage keeps ``--games`` Azul games going for
``--seconds``: a person, a fresh guest in a random seat, plays over a real WebSocket from one of
``--processes`` worker processes (benchmarks/load_players.py), thinking ``--think`` seconds a
move, and a finished game is replaced by a new one. In the people mode a second fresh guest
joins each game by its invite link (choosing rated play) and plays the other seat. With several
instances game i is created on instance i % n and played from instance (i + 1) % n (the second
person's seat: the creator plays from the first), so every move crosses the fan-out.

Per stage it prints the games played in all, the person moves made, all moves a second (bots
included, counted in the records), the move round trip (sent to the state holding it) at
p50/p95/p99 in ms, the worst event-loop lag the instances' /healthz reported (p99 and max over
its 30 s window, polled every 5 s), errors (error or rejected messages, sockets closed by the
server, moves unanswered in 30 s), lost moves, stalled games (a socket that heard nothing for
60 s), games left unchecked, the CPU seconds of the server processes (bot workers included)
and of the benchmark's own player processes, and the machine's 1-minute load average at the
stage's end (other work on the machine shows there). With ``--hostile`` a hostile client
(benchmarks/load_hostile.py) runs beside the players during each stage: what it was answered
is printed under the stage, and its 5xx answers and dropped connections count as errors.

After a stage its games are played out untimed (the server serves a record only once its game
is over), and every record is fetched, replayed with the engine and compared with the moves the
players had acknowledged: one missing or different is a lost move. Each stage starts 30 s after
the servers went quiet (their start, the previous stage's end), so that the lag window holds no
other load than the stage's.

    .venv/bin/python benchmarks/load.py [--games 50,100,200] [--seconds 60] [--instances 1]
        [--database sqlite|postgresql] [--redis URL] [--mode bot|people] [--think 1,4]
        [--hostile] [--processes 2] [--seed 1] [--bot medium] [--profile DIR]

``--bot hard`` (a tree search of up to half a second a move) shows the event loop's lag while
bots think hard in their worker processes.

Targets on the project's 2-core machine: one instance on SQLite, 300 games, p99 under 100 ms
with 0 errors; two instances on PostgreSQL and Redis, 600 games, p99 under 150 ms with 0 lost
moves and 0 stalled games. The exit status is 0 whether or not they are met.
"""

from __future__ import annotations

import argparse
import contextlib
import math
import multiprocessing
import os
import secrets
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from multiprocessing.pool import Pool
from pathlib import Path

import httpx
from load_hostile import HostilePlan, HostileReport, run_hostile
from load_players import GameReport, Plan, WorkerReport, run_worker

from kashi.core.errors import KashiError
from kashi.core.game import Game
from kashi.core.record import Record

ROOT = Path(__file__).resolve().parents[1]
TICKS = os.sysconf("SC_CLK_TCK")
UNLIMITED = "1000000"
SERVER_ENV = {
    "KASHI_GUESTS_PER_MINUTE": UNLIMITED,
    "KASHI_SOCKETS_PER_ADDRESS": UNLIMITED,
    "KASHI_LOGIN_ACCOUNT_PER_MINUTE": UNLIMITED,
    "KASHI_LOGIN_ADDRESS_PER_MINUTE": UNLIMITED,
    "KASHI_GRACE_SECONDS": "86400",
    "KASHI_LOG_LEVEL": "warning",
}
"""Every player comes from 127.0.0.1, so the limits a deployment keeps per address are lifted;
the long grace keeps stand-in bots out of a game whose player is slow to come back."""
DEFAULT_REDIS = "redis://127.0.0.1:6379/0"
LEAD_SECONDS = 3.0
"""Between handing a stage to the workers and its start: time for spawned workers to be ready."""
LAG_POLL_SECONDS = 5.0
LAG_WINDOW_SECONDS = 30.0
"""How far back /healthz's loop lag reaches (kashi/server/loop_lag.py)."""
PROFILED = (
    "import cProfile, runpy, sys, time\n"
    "out = sys.argv.pop(1)\n"
    "profile = cProfile.Profile(time.process_time)\n"
    "profile.enable()\n"
    "try:\n"
    "    runpy.run_module('kashi.server', run_name='__main__', alter_sys=True)\n"
    "finally:\n"
    "    profile.disable()\n"
    "    profile.dump_stats(out)\n"
)
"""``python -m kashi.server`` under cProfile, counting processor time (not the wall clock, which
other work on the machine would stretch); the event loop's thread only."""
TARGETS = {1: (300, 100.0), 2: (600, 150.0)}
"""Instances -> (games, p99 ms) of the issue's targets."""


@dataclass
class Stage:
    games: int
    seconds: float
    played: int = 0
    person_moves: int = 0
    all_moves: int = 0
    round_trips: list[float] = field(default_factory=list)
    lag_p99: float = 0.0
    lag_max: float = 0.0
    errors: list[str] = field(default_factory=list)
    lost: int = 0
    stalled: int = 0
    unchecked: int = 0
    server_cpu: float = 0.0
    player_cpu: float = 0.0
    load: float = 0.0
    """The machine's 1-minute load average as the stage ended (the benchmark's own share in it)."""
    hostile: Counter[str] = field(default_factory=Counter)
    """What the hostile client was answered (``--hostile``)."""

    def quantile_ms(self, percent: int) -> float | None:
        if len(self.round_trips) < 2:
            return None
        return statistics.quantiles(self.round_trips, n=100, method="inclusive")[percent - 1] * 1000


class Server:
    """``python -m kashi.server`` on a free port of 127.0.0.1, its log in a file."""

    def __init__(self, database: str, redis: str | None, log: Path, profile: Path | None = None) -> None:
        self.port = _free_port()
        self.address = f"127.0.0.1:{self.port}"
        self.log = log
        start = ["-c", PROFILED, str(profile)] if profile else ["-m", "kashi.server"]
        command = [sys.executable, *start, "--port", str(self.port), "--db", database]
        if redis:
            command += ["--redis", redis]
        with log.open("ab") as out:
            self.process = subprocess.Popen(
                command,
                cwd=ROOT,
                env={**os.environ, **SERVER_ENV},
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,  # its own process group: a kill takes its bot workers along
            )
        self._wait_until_up()

    def _wait_until_up(self) -> None:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            self.check_alive()
            try:
                if httpx.get(f"http://{self.address}/healthz", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.2)
        raise RuntimeError(f"the server did not answer /healthz within 60 s; see {self.log}")

    def cpu_seconds(self) -> float:
        """User and system time so far of the server and every process under it (bot workers)."""
        return tree_cpu_seconds(self.process.pid)

    def check_alive(self) -> None:
        if self.process.poll() is not None:
            raise RuntimeError(f"the server exited with status {self.process.returncode}; see {self.log}")

    def stop(self) -> None:
        """Ask the server to stop; kill its process group if it does not within 15 s."""
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(10)


def tree_cpu_seconds(root: int) -> float:
    """CPU time of a process and its descendants: a live one's own (fields 14 and 15 of
    /proc/PID/stat), an exited one's through its parent's children times (fields 16 and 17)."""
    stats: dict[int, list[str]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError):
                stats[int(entry.name)] = (entry / "stat").read_text().rsplit(")", 1)[1].split()
    children: dict[int, list[int]] = {}
    for pid, fields in stats.items():
        children.setdefault(int(fields[1]), []).append(pid)
    ticks, family = 0, [root]
    while family:
        pid = family.pop()
        if pid in stats:
            ticks += sum(int(value) for value in stats[pid][11:15])
            family += children.get(pid, [])
    return ticks / TICKS


def load_average() -> float:
    return float(Path("/proc/loadavg").read_text().split()[0])


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _psql(statement: str) -> None:
    command = ["psql", "-h", "127.0.0.1", "-U", "postgres", "-d", "test", "-v", "ON_ERROR_STOP=1", "-c", statement]
    subprocess.run(command, check=True, capture_output=True)


@contextlib.contextmanager
def fresh_database(kind: str, folder: Path) -> Iterator[str]:
    """The URL of an empty database for the run; a PostgreSQL one is dropped afterwards."""
    if kind == "sqlite":
        yield f"sqlite:///{folder / 'kashi.db'}"
        return
    name = f"kashi_load_{secrets.token_hex(4)}"
    _psql(f"CREATE DATABASE {name}")
    try:
        yield f"postgresql://postgres@127.0.0.1:5432/{name}"
    finally:
        _psql(f"DROP DATABASE {name} WITH (FORCE)")


@contextlib.contextmanager
def servers_running(
    count: int, database: str, redis: str | None, folder: Path, profile: Path | None
) -> Iterator[list[Server]]:
    """Started one after another, so that only the first applies the migrations."""
    servers: list[Server] = []
    try:
        for number in range(count):
            profiled = profile / f"server-{number}.prof" if profile else None
            servers.append(Server(database, redis, folder / f"server-{number}.log", profiled))
        yield servers
    finally:
        for server in servers:
            server.stop()


def run_stage(pool: Pool, servers: list[Server], games: int, args: argparse.Namespace) -> Stage:
    stage = Stage(games, args.seconds)
    start_at = time.time() + LEAD_SECONDS
    plans = [
        Plan(list(range(worker, games, args.processes)), games, [server.address for server in servers],
             start_at, args.seconds, args.think, args.seed, args.bot, args.mode)
        for worker in range(min(args.processes, games))
    ]  # fmt: skip
    results = pool.map_async(run_worker, plans, chunksize=1)
    addresses = [server.address for server in servers]
    hostile = pool.apply_async(run_hostile, (HostilePlan(addresses, start_at, args.seconds),)) if args.hostile else None
    _sleep_until(start_at)
    cpu_before = sum(server.cpu_seconds() for server in servers)
    _watch_loop_lag(servers, start_at, start_at + args.seconds, stage)
    stage.server_cpu = sum(server.cpu_seconds() for server in servers) - cpu_before
    stage.load = load_average()
    reports: list[WorkerReport] = results.get()
    for report in reports:
        stage.round_trips += report.round_trips
        stage.errors += report.errors
        stage.player_cpu += report.cpu_seconds
    if hostile is not None:
        answered: HostileReport = hostile.get()
        stage.hostile = answered.answers
        stage.errors += answered.errors
    stage.person_moves = len(stage.round_trips)
    for server in servers:
        server.check_alive()
    check_records([game for report in reports for game in report.games], servers, stage)
    return stage


def _sleep_until(moment: float) -> None:
    time.sleep(max(0.0, moment - time.time()))


def _watch_loop_lag(servers: list[Server], start: float, end: float, stage: Stage) -> None:
    """Poll every instance's /healthz every few seconds and at the end, keeping the worst p99 and max."""
    polls = math.ceil((end - start) / LAG_POLL_SECONDS)
    # A fresh connection per poll: polls 5 s apart would race uvicorn's 5 s keep-alive timeout.
    with httpx.Client(timeout=10, headers={"Connection": "close"}) as client:
        for step in range(1, polls + 1):
            _sleep_until(min(start + LAG_POLL_SECONDS * step, end))
            for number, server in enumerate(servers):
                try:
                    lag = client.get(f"http://{server.address}/healthz").raise_for_status().json()["loop_lag_ms"]
                except (httpx.HTTPError, KeyError, ValueError) as error:
                    stage.errors.append(f"/healthz of instance {number}: {error}")
                    continue
                stage.lag_p99 = max(stage.lag_p99, lag["p99"])
                stage.lag_max = max(stage.lag_max, lag["max"])


def check_records(games: list[GameReport], servers: list[Server], stage: Stage) -> None:
    """Fetch each game's record, replay it, and find every acknowledged move in it; count the
    moves (bots' included) made within the stage. A game not played out is left unchecked."""
    stage.played = len(games)
    stage.stalled = sum(game.stalled for game in games)
    with httpx.Client(timeout=30) as client:
        for game in games:
            record = _fetch_record(client, servers[game.instance], game, stage) if game.finished else None
            if record is None:
                stage.unchecked += 1
                continue
            try:
                if not Game.from_record(record).is_over():
                    stage.errors.append(f"record of {game.game} replays to an unfinished game")
            except KashiError as error:
                stage.errors.append(f"record of {game.game} does not replay: {error}")
            stage.lost += _lost_moves(record, game)
            stage.all_moves += sum(1 for event in record.events[: game.events_at_cut] if event.seat is not None)


def _fetch_record(client: httpx.Client, server: Server, game: GameReport, stage: Stage) -> Record | None:
    try:
        response = client.get(f"http://{server.address}/api/games/{game.game}/record.json")
    except httpx.HTTPError as error:
        stage.errors.append(f"record of {game.game}: {error}")
        return None
    if response.status_code != 200:
        stage.errors.append(f"record of {game.game}: {response.status_code} {response.text[:200]}")
        return None
    return Record.from_json(response.json())


def _lost_moves(record: Record, game: GameReport) -> int:
    """Acknowledged moves missing from the record, or there with another seat or text."""
    events = record.events
    return sum(
        1
        for number, seat, text in game.acknowledged
        if number > len(events) or (events[number - 1].seat, events[number - 1].text) != (seat, text)
    )


HEADER = (
    f"{'games':>6} {'played':>6} {'moves':>6} {'moves/s':>8} {'p50 ms':>7} {'p95 ms':>7} {'p99 ms':>7} "
    f"{'lag p99':>8} {'lag max':>8} {'errors':>6} {'lost':>5} {'stalled':>7} {'unchecked':>9} "
    f"{'cpu server':>10} {'cpu players':>11} {'load':>5}"
)


def row(stage: Stage) -> str:
    quantiles = " ".join(_ms(stage.quantile_ms(percent), 7) for percent in (50, 95, 99))
    return (
        f"{stage.games:>6} {stage.played:>6} {stage.person_moves:>6} {stage.all_moves / stage.seconds:>8.1f} "
        f"{quantiles} {stage.lag_p99:>8.1f} {stage.lag_max:>8.1f} {len(stage.errors):>6} {stage.lost:>5} "
        f"{stage.stalled:>7} {stage.unchecked:>9} {stage.server_cpu:>10.1f} {stage.player_cpu:>11.1f} "
        f"{stage.load:>5.1f}"
    )


def _ms(value: float | None, width: int) -> str:
    return f"{'-':>{width}}" if value is None else f"{value:>{width}.1f}"


def print_errors(stage: Stage) -> None:
    for text, count in Counter(stage.errors).most_common(5):
        print(f"       {count}x {text}")
    if stage.hostile:
        print(
            "       hostile client answered: " + ", ".join(f"{what} x{n}" for what, n in sorted(stage.hostile.items()))
        )


def print_curve(stages: list[Stage]) -> None:
    """The table again, with the p99 round trip drawn against the number of games."""
    print("\ncurve: move round trip p99 over the number of games")
    print(HEADER)
    top = max((stage.quantile_ms(99) or 0.0 for stage in stages), default=0.0) or 1.0
    for stage in stages:
        p99 = stage.quantile_ms(99) or 0.0
        print(f"{row(stage)}  {'#' * round(40 * p99 / top)}")


def print_verdict(stages: list[Stage], instances: int) -> None:
    largest = max(stages, key=lambda stage: stage.games)
    target_games, target_ms = TARGETS[min(instances, 2)]
    p99 = largest.quantile_ms(99)
    if instances == 1:
        wanted, clean = "0 errors", not largest.errors
    else:
        wanted = "0 lost moves and 0 stalled games"
        clean = largest.lost == 0 and largest.stalled == 0 and largest.unchecked == 0
    met = p99 is not None and p99 < target_ms and clean
    print(
        f"\ntarget for {instances} instance{'s' if instances > 1 else ''} (p99 under {target_ms:.0f} ms with "
        f"{wanted}): {'met' if met else 'missed'} at {largest.games} games: p99 {_ms(p99, 0).strip()} ms, "
        f"{len(largest.errors)} errors, {largest.lost} lost moves, {largest.stalled} stalled games, "
        f"{largest.unchecked} games unchecked"
    )
    if largest.games < target_games:
        print(f"(the issue's target is at {target_games} games; the largest stage here had {largest.games})")


def run(args: argparse.Namespace, folder: Path) -> list[Stage]:
    stages: list[Stage] = []
    with (
        fresh_database(args.database, folder) as database,
        servers_running(args.instances, database, args.redis, folder, args.profile) as servers,
        multiprocessing.get_context("spawn").Pool(args.processes + args.hostile) as pool,
    ):
        print(
            f"{args.instances} instance(s) on {args.database}{' with ' + args.redis if args.redis else ''}; "
            f"{args.seconds:g} s a stage, {args.mode} mode, think {args.think[0]:g}-{args.think[1]:g} s, "
            f"{args.processes} player processes{', a hostile client' if args.hostile else ''}; "
            f"load average {load_average():.2f}"
        )
        print(HEADER)
        quiet_since = time.time()
        for games in args.games:
            _sleep_until(quiet_since + LAG_WINDOW_SECONDS)
            stage = run_stage(pool, servers, games, args)
            quiet_since = time.time()
            stages.append(stage)
            print(row(stage), flush=True)
            print_errors(stage)
    return stages


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="50,100,200", help="games at once, one stage each, comma-separated")
    parser.add_argument("--seconds", type=float, default=60.0, help="length of each stage")
    parser.add_argument("--instances", type=int, default=1)
    parser.add_argument("--database", choices=("sqlite", "postgresql"), default="sqlite")
    parser.add_argument("--redis", help=f"fan-out between instances (default {DEFAULT_REDIS} with several)")
    parser.add_argument("--think", default="1,4", help="a person's thinking time per move, min,max seconds")
    parser.add_argument("--processes", type=int, default=2, help="worker processes for the players")
    parser.add_argument("--seed", type=int, default=1, help="seeds the players' seats, thinking and moves")
    parser.add_argument(
        "--mode", choices=("bot", "people"), default="bot", help="a person against a bot, or two people a game"
    )
    parser.add_argument(
        "--hostile", action="store_true", help="a hostile client beside the players (benchmarks/load_hostile.py)"
    )
    parser.add_argument(
        "--profile", type=Path, help="a folder: each server runs under cProfile, writing server-N.prof there"
    )
    parser.add_argument("--bot", default="medium", help="the level of the bot each person plays (default medium)")
    args = parser.parse_args()
    try:
        args.games = [int(part) for part in args.games.split(",")]
        low, high = (float(part) for part in args.think.split(","))
    except ValueError:
        parser.error("--games takes whole numbers and --think two numbers, comma-separated")
    args.think = (low, high)
    if args.instances > 1 and not args.redis:
        args.redis = DEFAULT_REDIS
    if min(args.games) < 1 or args.instances < 1 or args.processes < 1 or not 0 <= low <= high:
        parser.error("--games, --instances and --processes must be positive, and --think min,max with min <= max")
    return args


def main() -> None:
    args = parse_args()
    folder = Path(tempfile.mkdtemp(prefix="kashi-load-"))
    try:
        stages = run(args, folder)
    except BaseException:
        print(f"server logs kept in {folder}", file=sys.stderr)
        raise
    print_curve(stages)
    print_verdict(stages, args.instances)
    if any(stage.errors for stage in stages):
        print(f"server logs kept in {folder}")
    else:
        shutil.rmtree(folder)


if __name__ == "__main__":
    main()
