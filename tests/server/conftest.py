"""Fixtures for the server tests: real server processes on SQLite files and on PostgreSQL."""

from __future__ import annotations

import os
import secrets
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from kashi_server_helpers import RedisServer, ServerProcess, require_program, require_service
from kashi_test_extras import run_async

warnings.filterwarnings("ignore", category=DeprecationWarning, module="websockets")

PG_HOST, PG_PORT = "127.0.0.1", 5432


async def _pg(statement: str) -> None:
    import asyncpg

    for user in ("postgres", "root"):
        try:
            connection = await asyncpg.connect(host=PG_HOST, port=PG_PORT, user=user, database="test")
        except Exception:
            continue
        try:
            await connection.execute(statement)
        finally:
            await connection.close()
        os.environ["KASHI_TEST_PG_USER"] = user
        return
    raise RuntimeError("cannot log in to PostgreSQL as postgres or root")


@pytest.fixture
def postgres_url() -> Iterator[str]:
    """A fresh PostgreSQL database for one test, dropped afterwards."""
    require_service("PostgreSQL", PG_HOST, PG_PORT)
    name = f"kashi_test_{secrets.token_hex(4)}"
    run_async(_pg(f"CREATE DATABASE {name}"))
    user = os.environ["KASHI_TEST_PG_USER"]
    yield f"postgresql://{user}@{PG_HOST}:{PG_PORT}/{name}"
    run_async(_pg(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"))


@pytest.fixture(scope="session")
def redis_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A redis-server of this test process alone: pub/sub channels and the bot-job queue are
    global to a Redis server, so test processes running side by side on one would hear each
    other's games and take each other's bot jobs."""
    server = RedisServer(require_program("redis-server"), tmp_path_factory.mktemp("redis") / "redis.log")
    try:
        yield server.start().url
    finally:
        server.kill()


@pytest.fixture
def servers(tmp_path: Path) -> Iterator[Callable[..., ServerProcess]]:
    """Start server processes; every one is killed at teardown."""
    started: list[ServerProcess] = []

    def start(database: str | None = None, **kwargs: object) -> ServerProcess:
        database = database or f"sqlite:///{tmp_path / 'kashi.db'}"
        server = ServerProcess(database, tmp_path / f"server-{len(started)}.log", **kwargs)  # type: ignore[arg-type]
        started.append(server)
        return server.start()

    yield start
    for server in started:
        server.stop()


@pytest.fixture(scope="session")
def shared_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """One SQLite server for the tests that do not restart or reconfigure it."""
    path = tmp_path_factory.mktemp("shared")
    generous = {"KASHI_RATE_BURST": "200", "KASHI_GUESTS_PER_MINUTE": "10000", "KASHI_LOGIN_ADDRESS_PER_MINUTE": "1000"}
    server = ServerProcess(f"sqlite:///{path / 'kashi.db'}", path / "server.log", env=generous)
    server.start()
    yield server
    server.stop()


@pytest.fixture
def own_redis(tmp_path: Path) -> Iterator[RedisServer]:
    """A redis-server of this test alone, to stop, hang and restart; killed at teardown."""
    server = RedisServer(require_program("redis-server"), tmp_path / "redis.log")
    try:
        yield server.start()
    finally:
        server.kill()
