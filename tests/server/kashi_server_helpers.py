"""Helpers for the server tests: real server processes, HTTP and WebSocket clients, services."""

from __future__ import annotations

import contextlib
import itertools
import json
import os
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import time
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
from kashi_test_extras import run_async, unavailable
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from kashi.core.game import new_game
from kashi.server.clocks import Clock
from kashi.server.models import EventRow, GameRow, SeatRow, User

ROOT = Path(__file__).resolve().parents[2]


def require_service(name: str, host: str, port: int) -> None:
    """Skip when a service is absent, unless KASHI_REQUIRE_SERVICES=1 (CI), where it fails."""
    try:
        with socket.create_connection((host, port), timeout=1):
            return
    except OSError as error:
        unavailable(f"{name} is not reachable on {host}:{port} ({error})")


def sqlite_rows(path: Path, query: str, *params: object) -> list[tuple[Any, ...]]:
    """Rows of a query on a server's SQLite file, read beside the running server."""
    with contextlib.closing(sqlite3.connect(path)) as database:
        return database.execute(query, params).fetchall()


READY_SECONDS = float(os.environ.get("KASHI_TEST_READY_SECONDS", "300"))
"""How long a test waits for a server it started to answer: minutes, so that a busy machine
makes the suite slower, never red. A server that exits first fails at once, with its log."""

PATIENCE = float(os.environ.get("KASHI_TEST_PATIENCE_SECONDS", "120"))
"""How long a test waits for a message or a condition it expects; a passing wait returns as
soon as it holds, so only a failure ever waits this long."""

PORTS_PER_WORKER = 100
_FIRST_PORT, _EPHEMERAL_PORTS = 20_000, 32_768
"""Each pytest-xdist worker takes its ports from a range of its own, below the kernel's
ephemeral ports, so two workers never race for one port; the ranges of a run start at an offset
drawn from the run's id, so two test runs on one machine seldom share one either."""
_next_port = itertools.count()


def _range_number() -> int:
    number = os.environ.get("PYTEST_XDIST_WORKER", "gw0").removeprefix("gw")
    run = os.environ.get("PYTEST_XDIST_TESTRUNUID") or str(os.getpid())
    return zlib.crc32(run.encode()) + (int(number) if number.isdigit() else 0)


def free_port() -> int:
    """A port of 127.0.0.1 that nothing listens on, from this worker's range; a port is not
    handed out twice in a row, so two servers created before either starts get two ports."""
    ranges = (_EPHEMERAL_PORTS - _FIRST_PORT) // PORTS_PER_WORKER
    first = _FIRST_PORT + PORTS_PER_WORKER * (_range_number() % ranges)
    for _ in range(PORTS_PER_WORKER):
        port = first + next(_next_port) % PORTS_PER_WORKER
        with socket.socket() as probe:
            try:
                probe.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise RuntimeError(f"no free port in {first}..{first + PORTS_PER_WORKER - 1}")


def log_tail(log: Path, characters: int = 4000) -> str:
    """The end of a process's log, to show why it failed."""
    return log.read_text(errors="replace")[-characters:] if log.exists() else "(no log)"


def wait_ready(process: subprocess.Popen[bytes], log: Path, ready: Callable[[], bool], what: str) -> None:
    """Wait until ``ready()`` holds for a process just started, up to READY_SECONDS; a process
    that exits, or never gets ready (it is then killed), fails with the end of its log."""
    deadline = time.monotonic() + READY_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"{what} exited with {process.returncode}:\n{log_tail(log)}")
        if ready():
            return
        time.sleep(0.05)
    process.kill()
    process.wait(10)
    raise RuntimeError(f"{what} was not ready within {READY_SECONDS:.0f} s:\n{log_tail(log)}")


class ServerProcess:
    """``python -m kashi.server`` on a free port of 127.0.0.1; ``kill9`` and ``start`` again."""

    def __init__(
        self,
        database: str,
        log: Path,
        env: dict[str, str] | None = None,
        redis: str | None = None,
        preload: str | None = None,
    ) -> None:
        self.database = database
        self.redis = redis
        self.preload = preload
        """A module the server process imports first (a game from outside kashi registering itself)."""
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.ws = f"ws://127.0.0.1:{self.port}"
        self.log = log
        self.env = {**os.environ, "KASHI_GRACE_SECONDS": "30", "KASHI_BOT_SECONDS": "0.05", **(env or {})}
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> ServerProcess:
        serve = ["-m", "kashi.server"]
        if self.preload:
            serve = ["-c", f"import {self.preload}; from kashi.server.cli import main; raise SystemExit(main())"]
        command = [sys.executable, *serve, "--port", str(self.port), "--db", self.database]
        if self.redis:
            command += ["--redis", self.redis]
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(command, cwd=ROOT, env=self.env, stdout=out, stderr=subprocess.STDOUT)
        wait_ready(self.process, self.log, self.answers, "the server")
        return self

    def answers(self) -> bool:
        """``/healthz`` says 200."""
        try:
            return httpx.get(f"{self.url}/healthz", timeout=5).status_code == 200
        except httpx.HTTPError:
            return False

    def kill9(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill9()

    def alive(self) -> bool:
        return self.process is not None and self.process.poll() is None


def http(server: ServerProcess) -> httpx.Client:
    """A browser-like client: it keeps its cookies (its identity)."""
    client = httpx.Client(base_url=server.url, timeout=PATIENCE)
    client.get("/api/me").raise_for_status()
    return client


def create_game(client: httpx.Client, variant: str, seats: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    response = client.post("/api/games", json={"variant": variant, "seats": seats, **extra})
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    return created


def play_to_the_end(server: ServerProcess, client: httpx.Client, game_id: str) -> None:
    """Every seat the client holds plays its first legal move until the game is over."""
    player = Player(server, game_id, client)
    player.hello()
    while player.wait_turn_or_end()["status"] != "finished":
        player.move(player.state["legal_moves"][0])
        player.until(lambda message: message["type"] in ("state", "rejected"))
    player.close()


def invite_token(created: dict[str, Any], seat: int) -> str:
    """The token of the invite link a creation answer gives for ``seat``."""
    token: str = next(invite["token"] for invite in created["invites"] if invite["seat"] == seat)
    return token


class Player:
    """A WebSocket client of one game, keeping the latest state it was sent."""

    def __init__(self, server: ServerProcess, game_id: str, client: httpx.Client | None = None, **options: Any) -> None:
        headers = {}
        if client is not None:
            headers["Cookie"] = "; ".join(f"{name}={value}" for name, value in client.cookies.items())
        self.client = client
        """Whose cookie the socket carries (None: a spectator without one)."""
        # Frames are taken off the socket however many wait unread, as a browser does: a client
        # that stopped reading would stop answering the server's heartbeat and be closed.
        options.setdefault("max_queue", None)
        self._opened = connect(f"{server.ws}/ws/games/{game_id}", additional_headers=headers, **options)
        self.socket: ClientConnection = self._opened.__enter__()
        self.state: dict[str, Any] = {}
        self.events: list[dict[str, Any]] = []
        self.received: list[dict[str, Any]] = []

    def send(self, message: dict[str, Any] | str) -> None:
        self.socket.send(message if isinstance(message, str) else json.dumps(message))

    def receive(self, timeout: float = PATIENCE) -> dict[str, Any]:
        message: dict[str, Any] = json.loads(self.socket.recv(timeout=timeout))
        self.received.append(message)
        if message["type"] == "state":
            if message["reset"]:
                self.events = []
            self.events.extend(message["events"])
            self.state = message
        elif message["type"] == "presence" and self.state:
            self.state = {**self.state, **{key: message[key] for key in ("present", "absence", "now")}}
        return message

    def until(self, predicate: Callable[[dict[str, Any]], bool], timeout: float = PATIENCE) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no matching message; last state {self.state.get('version')}")
            message = self.receive(left)
            if predicate(message):
                return message

    def drain(self, seconds: float) -> None:
        """Read whatever arrives for ``seconds``."""
        deadline = time.monotonic() + seconds
        while (left := deadline - time.monotonic()) > 0:
            try:
                self.receive(left)
            except (TimeoutError, ConnectionClosed):
                return

    def hello(self, last_event: int | None = None, **extra: Any) -> dict[str, Any]:
        self.send({"type": "hello", "last_event": last_event, **extra})
        return self.until(lambda message: message["type"] in ("state", "rejected"))

    def move(self, move: str, version: int | None = None) -> None:
        self.send({"type": "move", "move": move, "version": self.state["version"] if version is None else version})

    def my_turn(self) -> bool:
        return bool(self.state.get("legal_moves")) and self.state["status"] == "active"

    def wait_turn_or_end(self, timeout: float = PATIENCE) -> dict[str, Any]:
        if self.my_turn() or self.state.get("status") == "finished":
            return self.state
        return self.until(
            lambda message: message["type"] == "state" and (self.my_turn() or message["status"] == "finished"),
            timeout,
        )

    def close(self) -> None:
        self._opened.__exit__(None, None, None)


def newer_than(version: int) -> Callable[[dict[str, Any]], bool]:
    """For ``Player.until``: a state message past ``version``."""
    return lambda message: message["type"] == "state" and message["version"] > version


def play_first_moves(players: list[Player], count: int) -> None:
    """``count`` moves, each the first legal move of the seat to move, seen by every player."""
    for _ in range(count):
        mover = next(player for player in players if player.my_turn())
        version = mover.state["version"]
        mover.move(mover.state["legal_moves"][0])
        for player in players:
            player.until(newer_than(version))


def require_program(name: str) -> str:
    """The path of a program, skipping (or failing under KASHI_REQUIRE_SERVICES=1) without it."""
    found = shutil.which(name) or shutil.which(name, path="/usr/local/bin:/usr/bin")
    if found:
        return found
    unavailable(f"{name} is not installed")


class RedisServer:
    """A ``redis-server`` of one test (no persistence) on a free port, to stop (SIGTERM), hang
    (SIGSTOP), resume (SIGCONT) and start again on the same port."""

    def __init__(self, binary: str, log: Path) -> None:
        self.binary = binary
        self.log = log
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> RedisServer:
        command = [self.binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"]
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT)
        wait_ready(self.process, self.log, self.answers, "redis-server")
        return self

    def answers(self, timeout: float = 1) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=timeout) as probe:
                probe.sendall(b"PING\r\n")
                return probe.recv(16).startswith(b"+PONG")
        except OSError:
            return False

    @property
    def pid(self) -> int:
        assert self.process is not None
        return self.process.pid

    def stop(self) -> None:
        """SIGTERM, and wait for it to exit (the port is free again)."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGCONT)
            self.process.terminate()
            self.process.wait(10)

    def hang(self) -> None:
        """SIGSTOP: connections are still accepted by the kernel, nothing is answered."""
        assert self.process is not None
        self.process.send_signal(signal.SIGSTOP)

    def resume(self) -> None:
        assert self.process is not None
        self.process.send_signal(signal.SIGCONT)

    def kill(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGCONT)
            self.process.kill()
            self.process.wait(10)


def health(server: ServerProcess) -> dict[str, Any]:
    """The server's ``/healthz`` body."""
    response = httpx.get(f"{server.url}/healthz", timeout=PATIENCE)
    response.raise_for_status()
    body: dict[str, Any] = response.json()
    return body


def wait_until(check: Callable[[], Any], what: str, timeout: float = PATIENCE, every: float = 0.1) -> Any:
    """Poll ``check`` until it returns something truthy (returned), or fail after ``timeout``."""
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"not within {timeout} s: {what} (last: {value!r})")
        time.sleep(every)


def stored_events(database: str, game_id: str) -> list[tuple[int, int | None, str]]:
    """The game's stored log, ``(number, seat, text)`` in order, read straight from the database."""
    query = "SELECT number, seat, text FROM events WHERE game_id = {} ORDER BY number"
    if database.startswith("sqlite:///"):
        path = Path(database.removeprefix("sqlite:///"))
        return [(number, seat, text) for number, seat, text in sqlite_rows(path, query.format("?"), game_id)]

    async def read() -> list[tuple[int, int | None, str]]:
        import asyncpg

        connection = await asyncpg.connect(database)
        try:
            rows = await connection.fetch(query.format("$1"), game_id)
            return [(row["number"], row["seat"], row["text"]) for row in rows]
        finally:
            await connection.close()

    return run_async(read())


async def store_finished_game(
    sessions: async_sessionmaker[AsyncSession],
    seats: list[str],
    seed: int,
    finished_at: float = 0.0,
    seeded: bool = False,
) -> str:
    """A game of ``seats`` (user ids, or ``bot:<level>``) played to the end by first moves, stored
    as the server stores one, but not settled."""
    game = new_game("azul-quick", len(seats), seed, 0)
    while game.outcome() is None:
        game.play(str(game.state.legal_moves()[0]), seat=game.state.current_player)
    game_id = f"g{seed}"
    async with sessions() as session, session.begin():
        for user in {seat for seat in seats if not seat.startswith("bot:")}:
            if await session.get(User, user) is None:
                session.add(User(id=user, display_name=user, username=None, password_hash=None, created_at=0.0))
        await session.flush()
        outcome = game.outcome()
        assert outcome is not None
        session.add(
            GameRow(
                id=game_id,
                variant="azul-quick",
                players=len(seats),
                options=json.dumps(game.options),
                seed=game.seed,
                seeded=seeded,
                rated=True,
                start=0,
                date=game.date,
                status="finished",
                public=True,
                clock=Clock("none", 0, 0).dumps(),
                absent_bot="medium",
                version=len(game.events),
                turn_started_at=0.0,
                result=outcome.result_text(),
                creator_id=next(s for s in seats if "bot:" not in s),
                created_at=finished_at,
                finished_at=finished_at,
            )
        )
        await session.flush()
        for number, seat in enumerate(seats):
            bot = seat.removeprefix("bot:") if seat.startswith("bot:") else None
            session.add(
                SeatRow(
                    game_id=game_id,
                    seat=number,
                    kind="bot" if bot else "person",
                    bot_level=bot,
                    user_id=None if bot else seat,
                    token_hash=None,
                    standin=False,
                    clock_ms=None,
                )
            )
        for number, item in enumerate(game.events, start=1):
            session.add(
                EventRow(
                    game_id=game_id,
                    number=number,
                    seat=item.seat,
                    text=item.text,
                    hidden_from=0,
                    redacted=item.text,
                    created_at=0.0,
                )
            )
    return game_id
