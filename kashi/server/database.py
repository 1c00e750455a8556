"""The async engine (SQLite in WAL mode, or PostgreSQL), migrations at start, and server secrets."""

from __future__ import annotations

import functools
import secrets
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import Connection, Engine, create_engine, event, select, text
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker, create_async_engine

from kashi.server.models import ServerSecret
from kashi.server.sqlite_turns import MovesFirstConnection, TurnTakingConnection

MIGRATIONS = Path(__file__).with_name("migrations")


def make_engine(async_url: str, ping: bool = True) -> AsyncEngine:
    """An engine for the URL; SQLite gets WAL, full sync, foreign keys and writers that take
    turns (``sqlite_turns``).

    ``ping``: test each pooled connection before use, so requests never meet one the database
    dropped; the move path goes without (see ``store.EventLog``)."""
    if async_url.startswith("sqlite"):
        engine = create_async_engine(async_url, connect_args={"factory": TurnTakingConnection})
        event.listen(engine.sync_engine, "connect", _sqlite_pragmas)
        return engine
    return create_async_engine(async_url, pool_pre_ping=ping)


def make_sqlite_writer(url: str) -> Engine | None:
    """For a SQLite URL, a plain (thread-bound) engine for the event log's writer thread, its
    writes taking their turns with the others' (``sqlite_turns``). The journal is already WAL
    (the mode is kept in the file)."""
    if not url.startswith("sqlite"):
        return None
    arguments = {"factory": MovesFirstConnection, "check_same_thread": False}
    engine = create_engine(url.replace("+aiosqlite", ""), connect_args=arguments)
    event.listen(engine, "connect", functools.partial(_sqlite_pragmas, pragmas=WRITER_PRAGMAS))
    return engine


PRAGMAS = ("journal_mode=WAL", "synchronous=FULL", "foreign_keys=ON", "busy_timeout=0")
"""SQLite's busy handler is off: a locked database is asked again every millisecond
(``sqlite_turns.polled``), never slept on for up to 100 ms a try."""
WRITER_PRAGMAS = ("synchronous=FULL", "foreign_keys=ON", "busy_timeout=0")


def _sqlite_pragmas(connection: Any, _record: Any, pragmas: tuple[str, ...] = PRAGMAS) -> None:
    cursor = connection.cursor()
    for pragma in pragmas:
        cursor.execute(f"PRAGMA {pragma}")
    cursor.close()


def make_sessions(engine: AsyncEngine) -> async_sessionmaker[AsyncSession]:
    return async_sessionmaker(engine, expire_on_commit=False)


async def migrate(engine: AsyncEngine) -> None:
    """Apply every Alembic migration not yet applied (idempotent)."""
    async with engine.begin() as connection:
        await connection.run_sync(_upgrade)


MIGRATION_LOCK = 0x6B617368  # "kash"
"""Instances starting together on PostgreSQL take turns migrating, under this advisory lock."""


def _upgrade(connection: Connection) -> None:
    if connection.dialect.name == "postgresql":
        connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["connection"] = connection
    command.upgrade(config, "head")


async def server_secret(sessions: async_sessionmaker[AsyncSession], name: str) -> str:
    """The named secret, created on first use; every instance on the database shares it."""
    async with sessions() as session:
        row = await session.get(ServerSecret, name)
        if row is not None:
            return row.value
        session.add(ServerSecret(name=name, value=secrets.token_urlsafe(48)))
        try:
            await session.commit()
        except IntegrityError:
            await session.rollback()
        stored = (await session.execute(select(ServerSecret.value).where(ServerSecret.name == name))).scalar_one()
        return stored
