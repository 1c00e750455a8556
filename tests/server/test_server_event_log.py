"""Guarded writes meeting others: the event log's SQLite writer while another connection holds the
write lock (it waits the lock out, and past its patience refuses having written nothing), and a
seat handed back to its player while a move lands first."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import threading
import time
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager, closing
from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

import pytest
from kashi_test_extras import run_async
from sqlalchemy import AsyncAdaptedQueuePool, event, func, update
from sqlalchemy.ext.asyncio import create_async_engine

from kashi.server import sqlite_turns, store
from kashi.server.accounts import current_user
from kashi.server.clocks import Clock
from kashi.server.database import make_engine, make_sessions, make_sqlite_writer, migrate
from kashi.server.limits import Guards
from kashi.server.models import GameRow, User
from kashi.server.room_standins import StandIns
from kashi.server.settings import Settings, async_database_url

GAME = "g1"


@asynccontextmanager
async def event_log_on(path: Path) -> AsyncIterator[store.EventLog]:
    """A migrated SQLite file holding one game at version 0, and the server's event log on it."""
    url = async_database_url(f"sqlite:///{path}")
    engine = make_engine(url)
    await migrate(engine)
    async with make_sessions(engine)() as session, session.begin():
        session.add(User(id="ann", display_name="Ann", username=None, password_hash=None, created_at=0.0))
        await session.flush()
        session.add(
            GameRow(
                id=GAME,
                variant="azul",
                players=2,
                options=json.dumps({}),
                seed=1,
                seeded=True,
                rated=False,
                start=0,
                date="2026-12-02",
                status="active",
                public=False,
                clock=Clock("none", 0, 0).dumps(),
                absent_bot="medium",
                version=0,
                turn_started_at=0.0,
                result=None,
                creator_id="ann",
                created_at=0.0,
            )
        )
    await engine.dispose()
    log = store.EventLog(make_engine(url, ping=False), make_sqlite_writer(url))
    try:
        yield log
    finally:
        await log.close()


def stored_version(path: Path) -> int:
    with closing(sqlite3.connect(path)) as connection:
        return int(connection.execute("SELECT version FROM games WHERE id = ?", (GAME,)).fetchone()[0])


def write_lock(path: Path) -> sqlite3.Connection:
    """Another connection in the middle of a write transaction (as a lobby write would be)."""
    connection = sqlite3.connect(path, isolation_level=None)
    connection.execute("BEGIN IMMEDIATE")
    return connection


def test_the_writer_waits_out_another_connections_write_lock_and_lands_the_change(tmp_path: Path) -> None:
    path = tmp_path / "kashi.db"

    async def scenario() -> None:
        async with event_log_on(path) as log:
            holder = write_lock(path)
            change = asyncio.create_task(log.commit(GAME, 0, {"turn_started_at": 1.0}))
            await asyncio.sleep(0.3)
            assert not change.done(), "the change waits while the lock is held, it is not refused"
            holder.execute("COMMIT")
            holder.close()
            await asyncio.wait_for(change, 10)

    run_async(scenario())
    assert stored_version(path) == 1


def test_a_lobby_write_waits_for_one_group_of_moves_at_most(tmp_path: Path) -> None:
    """Moves go ahead of the lobby's writes, but one group at a time (issue 46, finding 10): a
    lobby write used to sleep in SQLite's busy handler while the event log's writer, asking
    every millisecond, took the lock back group after group, so under a stream of moves the
    lobby's writes waited seconds. Here a lobby write holds the lock; another lobby write asks,
    then a move, and a second move is queued behind the first: the move goes next, then the
    waiting lobby write (which records the game's version it saw), then the second move."""
    path = tmp_path / "kashi.db"
    turns = sqlite_turns.turns_for(str(path))
    assert turns is not None

    async def until_waiting(count: int) -> None:
        async with asyncio.timeout(10):
            while turns.waiting < count:
                await asyncio.sleep(0.01)

    async def scenario() -> None:
        async with event_log_on(path) as log:
            sessions = make_sessions(make_engine(async_database_url(f"sqlite:///{path}")))
            async with sessions() as holder:
                await holder.begin()
                await holder.execute(update(User).where(User.id == "ann").values(display_name="Ann B"))

                async def lobby_write() -> None:
                    async with sessions() as session, session.begin():
                        saw = update(GameRow).values(result=func.printf("saw %d", GameRow.version))
                        await session.execute(saw.where(GameRow.id == GAME))

                lobby = asyncio.create_task(lobby_write())
                await until_waiting(1)
                first = asyncio.create_task(log.commit(GAME, 0, {"turn_started_at": 1.0}))
                await until_waiting(2)
                second = asyncio.create_task(log.commit(GAME, 1, {"turn_started_at": 2.0}))  # the next group
                await asyncio.sleep(0)
                await holder.commit()
            await asyncio.wait_for(asyncio.gather(lobby, first, second), 10)

    run_async(scenario())
    with closing(sqlite3.connect(path)) as connection:
        result, version = connection.execute("SELECT result, version FROM games").fetchone()
    assert (result, version) == ("saw 1", 2), "one group of moves went ahead of the lobby's write, not two"


def test_a_first_hello_holds_no_write_turn_once_its_statement_has_run(tmp_path: Path) -> None:
    """Marking a seat opened is one statement, committed as it runs: the turn to write is free
    again before the event loop resumes the caller (in a transaction it stayed held across that
    trip, which a busy loop makes long, and every other writer waited for it)."""
    path = tmp_path / "kashi.db"
    turns = sqlite_turns.turns_for(str(path))
    assert turns is not None
    held_after: list[bool] = []

    async def scenario() -> None:
        async with event_log_on(path):
            engine = make_engine(async_database_url(f"sqlite:///{path}"))

            @event.listens_for(engine.sync_engine, "after_cursor_execute")
            def after(*_: Any) -> None:
                held_after.append(turns.taken)

            await store.mark_connected(make_sessions(engine), GAME, "ann")
            await engine.dispose()

    run_async(scenario())
    assert held_after == [False]


def test_a_new_guest_is_written_on_one_pooled_connection_at_a_time(tmp_path: Path) -> None:
    """With a pool of one connection a new guest is still written: a request that held one
    connection while it waited for another would wait for ever (at 300 games between people,
    every connection was held so while the guests' writes waited: 30 s pool timeouts)."""
    path = tmp_path / "kashi.db"
    url = async_database_url(f"sqlite:///{path}")

    async def scenario() -> str:
        engine = make_engine(url)
        await migrate(engine)
        await engine.dispose()
        one = create_async_engine(url, poolclass=AsyncAdaptedQueuePool, pool_size=1, max_overflow=0, pool_timeout=5)
        settings = Settings.from_env({})
        state = SimpleNamespace(hub=SimpleNamespace(sessions=make_sessions(one)), guards=Guards(settings))
        request = cast(Any, SimpleNamespace(app=SimpleNamespace(state=state), client=None))
        try:
            user = await current_user(request, "a" * 32)
        finally:
            await one.dispose()
        return user.display_name

    assert run_async(scenario()) == "Guest aaaa"


def test_the_turns_serve_the_event_logs_writer_next_and_the_others_in_order() -> None:
    turns = sqlite_turns.Turns()
    served: list[str] = []
    assert turns.take(1)

    def writer(name: str, first: bool) -> threading.Thread:
        def run() -> None:
            assert turns.take(10, first)
            served.append(name)
            turns.give()

        thread = threading.Thread(target=run)
        thread.start()
        return thread

    threads = []
    for name, first in (("lobby 1", False), ("lobby 2", False), ("moves", True)):
        threads.append(writer(name, first))
        while turns.waiting < len(threads):
            time.sleep(0.001)
    turns.give()
    for thread in threads:
        thread.join(10)
    assert served == ["moves", "lobby 1", "lobby 2"]
    assert turns.take(0.01), "free again once everyone was served"


def test_past_its_patience_the_writer_refuses_the_change_and_writes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "kashi.db"
    monkeypatch.setattr(sqlite_turns, "PATIENCE_SECONDS", 0.2)

    async def scenario() -> None:
        async with event_log_on(path) as log:
            holder = write_lock(path)
            with pytest.raises(store.Conflict):
                await asyncio.wait_for(log.commit(GAME, 0, {"turn_started_at": 1.0}), 10)
            holder.execute("ROLLBACK")
            holder.close()
            await log.commit(GAME, 0, {"turn_started_at": 2.0})

    run_async(scenario())
    assert stored_version(path) == 1, "only the change made after the lock was let go landed"
    with closing(sqlite3.connect(path)) as connection:
        assert connection.execute("SELECT turn_started_at FROM games").fetchone()[0] == 2.0


def test_a_returning_player_gets_the_seat_back_when_a_move_lands_first() -> None:
    """Handing a seat back is a guarded write like a move: when the stand-in's move is stored
    that instant, the write is refused and is asked again on the new version, not dropped."""
    room = SimpleNamespace(id=GAME, status="active", seats=[stand_in(0, True), stand_in(1, False)])
    unused: Any = None  # only the hand-back logic: no presence, database, lock or tasks
    standins = StandIns(cast(Any, room), unused, unused, unused, unused, grace_seconds=0)
    asked: list[list[int]] = []

    async def set_standin(seats: list[int], standin: bool) -> bool:
        asked.append(seats)
        if len(asked) == 1:
            return False  # another change was stored first; nothing changed
        room.seats = [replace(seat, standin=standin) if seat.seat in seats else seat for seat in room.seats]
        return True

    standins.set_standin = set_standin  # type: ignore[method-assign]
    assert run_async(standins.hand_back({0})) is True
    assert asked == [[0], [0]]
    assert not room.seats[0].standin


def stand_in(seat: int, standin: bool) -> store.SeatState:
    return store.SeatState(seat, "person", None, f"user{seat}", f"Player {seat}", standin, None)
