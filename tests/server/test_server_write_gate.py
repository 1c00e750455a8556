"""On SQLite the writers of one process take turns at one gate, the event log's writer thread
included, so none of them waits in SQLite's busy handler; PostgreSQL has no gate."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from kashi.server import store
from kashi.server.database import make_engine, make_sessions, make_sqlite_writer, migrate
from kashi.server.models import ServerSecret
from kashi.server.settings import async_database_url


async def _gated_writers(url: str) -> list[str]:
    engine = make_engine(url)
    await migrate(engine)
    sessions = make_sessions(engine)
    log = store.EventLog(make_engine(url, ping=False), make_sqlite_writer(url), sessions.gate)
    order: list[str] = []

    async def second_writer() -> None:
        async with sessions.writing() as session:
            order.append("second writer in")
            session.add(ServerSecret(name="second", value="2"))

    try:
        async with sessions.writing() as session:
            session.add(ServerSecret(name="first", value="1"))
            second = asyncio.create_task(second_writer())
            move = asyncio.create_task(log.commit("no-such-game", 0, {"turn_started_at": 1.0}))
            await asyncio.sleep(0.3)  # time enough for both to have written, were they let in
            order.append("first writer out" if not (second.done() or move.done()) else "overtaken")
        with pytest.raises(store.Conflict):  # its guard found no game at version 0
            await move
        await second
        async with sessions() as session:
            names = sorted((await session.execute(ServerSecret.__table__.select())).scalars())
        assert names == ["first", "second"], "both writers committed"
        return order
    finally:
        await log.close()
        await engine.dispose()


def test_sqlite_writers_and_the_event_log_wait_for_the_writer_holding_the_gate(tmp_path: Path) -> None:
    url = async_database_url(f"sqlite:///{tmp_path / 'gate.db'}")
    assert asyncio.run(_gated_writers(url)) == ["first writer out", "second writer in"]


def test_postgresql_writers_need_no_gate(postgres_url: str) -> None:
    engine = make_engine(async_database_url(postgres_url))
    assert make_sessions(engine).gate is None
    asyncio.run(engine.dispose())
