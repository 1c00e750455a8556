"""Reading and writing games: every change is one transaction guarded by the game's version.

A writer names the version it saw; ``UPDATE games ... WHERE version = :seen`` lets exactly one
of several concurrent writers (in one process or several) through, and the ``(game, number)``
key of ``events`` refuses any line appended twice.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import sqlite3
import time
from collections.abc import AsyncIterator, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import ColumnElement, Connection, Engine, Update, bindparam, delete, insert, select, update
from sqlalchemy.exc import DBAPIError
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

from kashi.core.game import format_options
from kashi.core.record import Event, Record
from kashi.core.typed_text import scrub
from kashi.server.models import EventRow, GameRow, SeatRow, TakebackRow, User


class Conflict(Exception):
    """Another writer changed the game first; the caller reloads and the request is refused."""


@dataclass(frozen=True)
class SeatState:
    seat: int
    kind: str
    bot_level: str | None
    user_id: str | None
    name: str
    standin: bool
    clock_ms: int | None
    offered: bool = False
    """Held for its player by a rematch offer they have not accepted yet."""
    connected: bool = False
    """Its holder has opened the game at least once (as this process last read it)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "kind": self.kind,
            "bot_level": self.bot_level,
            "name": self.name,
            "taken": self.kind == "bot" or self.user_id is not None,
            "standin": self.standin,
            "offered": self.offered,
        }


@dataclass(frozen=True)
class Snapshot:
    """Everything stored about one game."""

    row: GameRow
    seats: list[SeatState]
    events: list[EventRow]


def seat_name(seat: SeatRow, user: User | None) -> str:
    """The seat's name as records and answers give it; a name stored before the typed-text rule
    is shown without the characters it refuses, so the game's record can still be written."""
    if seat.kind == "bot":
        return f"Bot ({seat.bot_level})"
    if seat.name:
        return scrub(seat.name)
    return scrub(user.display_name) if user is not None else "Open seat"


async def load(sessions: async_sessionmaker[AsyncSession], game_id: str, first: int = 1) -> Snapshot | None:
    """The game as stored, with its events from number ``first`` on, consistent: read again if
    a change landed between its statements (the row's version would not match the events)."""
    while True:
        async with sessions() as session:
            row = await session.get(GameRow, game_id)
            if row is None:
                return None
            seats = await seats_of(session, game_id)
            chosen = EventRow.game_id == game_id, EventRow.number >= first
            query = select(EventRow).where(*chosen).order_by(EventRow.number)
            events = list((await session.execute(query)).scalars().all())
            after = await session.scalar(select(GameRow.version).where(GameRow.id == game_id))
            if after == row.version:
                return Snapshot(row, seats, events)


async def seats_of(session: AsyncSession, game_id: str) -> list[SeatState]:
    query = (
        select(SeatRow, User)
        .outerjoin(User, User.id == SeatRow.user_id)
        .where(SeatRow.game_id == game_id)
        .order_by(SeatRow.seat)
    )
    return [
        SeatState(
            seat.seat,
            seat.kind,
            seat.bot_level,
            seat.user_id,
            seat_name(seat, user),
            seat.standin,
            seat.clock_ms,
            seat.offered_to is not None,
            seat.connected,
        )
        for seat, user in (await session.execute(query)).all()
    ]


async def end_offer(session: AsyncSession, game_id: str, why: str, expired_by: float | None = None) -> bool:
    """Abandon a rematch offer still waiting (only one past ``expired_by``, if given): nobody
    who had not accepted is seated, and the game never starts. False if it was not waiting."""
    chosen: list[ColumnElement[bool]] = [GameRow.expires_at.is_not(None)]
    if expired_by is not None:
        chosen.append(GameRow.expires_at < expired_by)
    return await abandon_waiting(session, game_id, why, *chosen)


async def abandon_waiting(session: AsyncSession, game_id: str, why: str, *chosen: ColumnElement[bool]) -> bool:
    """Abandon the game if it still waits for players (and matches ``chosen``): it never
    starts, nobody more is seated and its invite links stop working. False if it was not waiting."""
    now = time.time()
    ended = (
        update(GameRow)
        .where(GameRow.id == game_id, GameRow.status == "waiting", *chosen)
        .values(status="abandoned", result=why, finished_at=now, expires_at=None, version=GameRow.version + 1)
    )
    if (await session.execute(ended)).rowcount != 1:  # type: ignore[attr-defined]
        return False
    await session.execute(update(SeatRow).where(SeatRow.game_id == game_id).values(offered_to=None, token_hash=None))
    return True


async def expire_offer(sessions: async_sessionmaker[AsyncSession], game_id: str) -> bool:
    """End the game's rematch offer if its time has run out; True if this call ended it."""
    async with sessions() as session, session.begin():
        return await end_offer(session, game_id, "expired", expired_by=time.time())


async def mark_connected(sessions: async_sessionmaker[AsyncSession], game_id: str, user_id: str) -> None:
    """The user's seats of the game have been opened (no version: nothing of the game changes)."""
    chosen = SeatRow.game_id == game_id, SeatRow.user_id == user_id, SeatRow.connected.is_(False)
    async with autocommitted(sessions) as session:
        await session.execute(update(SeatRow).where(*chosen).values(connected=True))


@contextlib.asynccontextmanager
async def autocommitted(sessions: async_sessionmaker[AsyncSession]) -> AsyncIterator[AsyncSession]:
    """A session whose every statement commits as it runs, for a write of one statement: no
    transaction stays open across a trip through the event loop, which a busy loop makes long,
    holding SQLite's one write lock (every other writer waits for its turn) and a pooled
    connection all the while."""
    async with sessions() as session:
        await session.connection(execution_options={"isolation_level": "AUTOCOMMIT"})
        yield session


async def ever_connected(sessions: async_sessionmaker[AsyncSession], game_id: str, seat: int) -> bool:
    """Whether the seat's holder has opened the game, on any instance (read from the database)."""
    async with sessions() as session:
        query = select(SeatRow.connected).where(SeatRow.game_id == game_id, SeatRow.seat == seat)
        return bool(await session.scalar(query))


async def current_version(sessions: async_sessionmaker[AsyncSession], game_id: str) -> int | None:
    async with sessions() as session:
        version = await session.scalar(select(GameRow.version).where(GameRow.id == game_id))
        return None if version is None else int(version)


@dataclass(frozen=True)
class Change:
    """One change of a game: bump its version from ``seen`` and write the rest, or nothing."""

    game_id: str
    seen: int
    game: Mapping[str, Any]
    events: Sequence[Mapping[str, Any]] = ()
    seats: Mapping[int, Mapping[str, Any]] = field(default_factory=dict)
    remove_from: int | None = None
    takeback: Mapping[str, Any] | None = None


class EventLog:
    """The write path of every change to a game, in prepared statements.

    No version is read first and no connection is pinged: the guarded update decides, and a
    connection found dead (the database restarted) is replaced and the change tried once more
    (if the first attempt did land, the guard refuses the second: nothing is applied twice).

    PostgreSQL takes concurrent writers, so each change is its own transaction. SQLite takes one
    writer at a time and syncs the disk at every commit, so its changes are committed in groups
    by one writer thread: whatever arrived while the last group was being written goes into the
    next transaction, each change still guarded alone (a refused one writes nothing and fails
    alone); one hop to the thread and one sync of the disk serve them all.
    """

    def __init__(self, engine: AsyncEngine, sqlite: Engine | None = None) -> None:
        self.engine = engine
        self._sqlite = sqlite
        self._thread = ThreadPoolExecutor(1, thread_name_prefix="event-log") if sqlite is not None else None
        self._pending: list[tuple[Change, asyncio.Future[None]]] = []
        self._writer: asyncio.Task[None] | None = None

    async def commit(
        self,
        game_id: str,
        seen: int,
        game: Mapping[str, Any],
        events: Sequence[Mapping[str, Any]] = (),
        seats: Mapping[int, Mapping[str, Any]] | None = None,
        remove_from: int | None = None,
        takeback: Mapping[str, Any] | None = None,
    ) -> None:
        """Bump the version from ``seen``, remove events from ``remove_from``, append ``events``
        (rows of ``event_row``), keep a ``takeback`` and update ``seats``, all or nothing;
        ``Conflict`` if another writer changed the game first."""
        change = Change(game_id, seen, game, events, seats or {}, remove_from, takeback)
        if self._sqlite is None:
            await self._commit_alone(change)
            return
        landed = asyncio.get_running_loop().create_future()
        self._pending.append((change, landed))
        if self._writer is None or self._writer.done():
            self._writer = asyncio.create_task(self._write_groups())
        await landed

    async def _write_groups(self) -> None:
        loop = asyncio.get_running_loop()
        while self._pending:
            group, self._pending = self._pending, []
            try:
                applied = await loop.run_in_executor(self._thread, self._write_group, [change for change, _ in group])
            except Exception as error:  # not the database's answer: every waiter hears of it
                for _, landed in group:
                    if not landed.done():
                        landed.set_exception(error)
                continue
            for (change, landed), done in zip(group, applied, strict=True):
                if landed.done():  # its waiter was cancelled
                    continue
                if done:
                    landed.set_result(None)
                else:
                    landed.set_exception(Conflict(change.game_id))

    def _write_group(self, changes: Sequence[Change]) -> list[bool]:
        """In the writer thread: the group in one transaction; if that fails as a whole, each
        change in its own, so that only a change at fault fails."""
        assert self._sqlite is not None
        try:
            with self._sqlite.connect() as connection:
                database = connection.connection.driver_connection
                assert isinstance(database, sqlite3.Connection)
                if not _lock_for_writing(database):
                    return [False] * len(changes)
                with connection.begin():
                    return [_apply(connection, change) for change in changes]
        except (DBAPIError, sqlite3.Error):  # the ORM's errors, or the driver's when asking for the lock
            if len(changes) == 1:
                return [False]
            return [self._write_group([change])[0] for change in changes]

    async def _commit_alone(self, change: Change) -> None:
        for attempt in range(2):
            try:
                async with self.engine.begin() as connection:
                    if not await connection.run_sync(_apply, change):
                        raise Conflict(change.game_id)
                return
            except DBAPIError as error:
                if error.connection_invalidated and attempt == 0:
                    continue
                raise Conflict(change.game_id) from error

    async def close(self) -> None:
        if self._writer is not None:
            with contextlib.suppress(BaseException):
                await self._writer
        if self._thread is not None:
            self._thread.shutdown()
        if self._sqlite is not None:
            self._sqlite.dispose()
        await self.engine.dispose()


def _lock_for_writing(database: sqlite3.Connection) -> bool:
    """Open a transaction holding SQLite's write lock, in this writer's turn (``sqlite_turns``:
    first come, first served with the lobby's writers, then asking SQLite every millisecond,
    never sleeping in its busy handler, whose fixed schedule waits up to 100 ms a try). Asked
    of the driver's connection itself: a refusal raised through the ORM leaves a cycle of
    objects, a checked-out connection among them, for the garbage collector. False if the lock
    stayed taken for ``sqlite_turns.PATIENCE_SECONDS``."""
    try:
        database.execute("BEGIN IMMEDIATE")
    except sqlite3.OperationalError as error:
        if error.sqlite_errorcode & 0xFF != sqlite3.SQLITE_BUSY:
            raise
        return False
    return True


def _apply(connection: Connection, change: Change) -> bool:
    """Write ``change`` in the open transaction; False, having written nothing, if its guard
    finds the game at another version."""
    game_id = change.game_id
    guard = {"game": game_id, "seen": change.seen, **_set(change.game)}
    if connection.execute(_bump_statement(tuple(sorted(change.game))), guard).rowcount != 1:
        return False
    if change.remove_from is not None:
        connection.execute(_REMOVE_EVENTS, {"game": game_id, "first": change.remove_from})
    if change.takeback is not None:
        connection.execute(_KEEP_TAKEBACK, [dict(change.takeback)])
    if change.events:
        connection.execute(_APPEND_EVENTS, list(change.events))
    for seat, values in change.seats.items():
        chosen = {"game": game_id, "which": seat, **_set(values)}
        connection.execute(_seat_statement(tuple(sorted(values))), chosen)
    return True


_APPEND_EVENTS = insert(EventRow)
_KEEP_TAKEBACK = insert(TakebackRow)
_REMOVE_EVENTS = delete(EventRow).where(EventRow.game_id == bindparam("game"), EventRow.number >= bindparam("first"))


def _set(values: Mapping[str, Any]) -> dict[str, Any]:
    """Parameters for the columns a prepared statement sets (``set_`` names, apart from the
    columns' own, which SQLAlchemy keeps for itself)."""
    return {f"set_{name}": value for name, value in values.items()}


@functools.cache
def _bump_statement(columns: tuple[str, ...]) -> Update:
    """The guarded update setting ``columns``, built once per set so its compiled form is reused."""
    guard = GameRow.id == bindparam("game"), GameRow.version == bindparam("seen")
    changes: dict[str, Any] = {name: bindparam(f"set_{name}") for name in columns}
    return update(GameRow).where(*guard).values(version=GameRow.version + 1, **changes)


@functools.cache
def _seat_statement(columns: tuple[str, ...]) -> Update:
    chosen = SeatRow.game_id == bindparam("game"), SeatRow.seat == bindparam("which")
    return update(SeatRow).where(*chosen).values({name: bindparam(f"set_{name}") for name in columns})


def event_row(
    game_id: str, number: int, seat: int | None, text: str, hidden_from: int, redacted: str
) -> dict[str, Any]:
    """One line of the ``events`` table."""
    return {
        "game_id": game_id,
        "number": number,
        "seat": seat,
        "text": text,
        "hidden_from": hidden_from,
        "redacted": redacted,
        "created_at": time.time(),
    }


def options_of(row: GameRow) -> dict[str, Any]:
    options: dict[str, Any] = json.loads(row.options)
    return options


def record_of(snapshot: Snapshot) -> Record:
    """The game's record as stored: its headers and exactly its events (nothing replayed)."""
    row = snapshot.row
    headers = {
        "Variant": row.variant,
        "Players": str(row.players),
        "Options": format_options(options_of(row)),
        "Seed": str(row.seed),
        "Start": str(row.start),
        "Date": row.date,
    }
    headers.update({f"Seat{seat.seat}": seat.name for seat in snapshot.seats})
    return Record(headers, [Event(item.seat, item.text) for item in snapshot.events])
