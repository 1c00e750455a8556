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
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Update, bindparam, delete, insert, select, update
from sqlalchemy.exc import DBAPIError
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker

from kashi.core.game import format_options
from kashi.core.record import Event, Record
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

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "kind": self.kind,
            "bot_level": self.bot_level,
            "name": self.name,
            "taken": self.kind == "bot" or self.user_id is not None,
            "standin": self.standin,
        }


@dataclass(frozen=True)
class Snapshot:
    """Everything stored about one game."""

    row: GameRow
    seats: list[SeatState]
    events: list[EventRow]


def seat_name(seat: SeatRow, user: User | None) -> str:
    if seat.kind == "bot":
        return f"Bot ({seat.bot_level})"
    return user.display_name if user is not None else "Open seat"


async def load(sessions: async_sessionmaker[AsyncSession], game_id: str) -> Snapshot | None:
    """The game as stored, consistent: read again if a change landed between its statements
    (the row's version would not match the events read)."""
    while True:
        async with sessions() as session:
            row = await session.get(GameRow, game_id)
            if row is None:
                return None
            seats = await seats_of(session, game_id)
            query = select(EventRow).where(EventRow.game_id == game_id).order_by(EventRow.number)
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
            seat.seat, seat.kind, seat.bot_level, seat.user_id, seat_name(seat, user), seat.standin, seat.clock_ms
        )
        for seat, user in (await session.execute(query)).tuples().all()
    ]


async def current_version(sessions: async_sessionmaker[AsyncSession], game_id: str) -> int | None:
    async with sessions() as session:
        version = await session.scalar(select(GameRow.version).where(GameRow.id == game_id))
        return None if version is None else int(version)


class EventLog:
    """The write path of every change to a game: one transaction of prepared statements.

    No version is read first and no connection is pinged: the guarded update decides, and a
    connection found dead (the database restarted) is replaced and the change tried once more
    (if the first attempt did land, the guard refuses the second: nothing is applied twice).
    SQLite takes one writer at a time, so its writers queue here instead of sleeping in its busy
    handler.
    """

    def __init__(self, engine: AsyncEngine) -> None:
        self.engine = engine
        self._one_writer: contextlib.AbstractAsyncContextManager[object] = (
            asyncio.Lock() if engine.dialect.name == "sqlite" else contextlib.nullcontext()
        )

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
        (rows of ``event_row``), keep a ``takeback`` and update ``seats``, all or nothing."""
        async with self._one_writer:
            for attempt in range(2):
                try:
                    async with self.engine.begin() as connection:
                        bumped = await connection.execute(
                            _bump_statement(tuple(sorted(game))),
                            {"game": game_id, "seen": seen, **_set(game)},
                        )
                        if bumped.rowcount != 1:
                            raise Conflict(game_id)
                        if remove_from is not None:
                            await connection.execute(_REMOVE_EVENTS, {"game": game_id, "first": remove_from})
                        if takeback is not None:
                            await connection.execute(_KEEP_TAKEBACK, [dict(takeback)])
                        if events:
                            await connection.execute(_APPEND_EVENTS, list(events))
                        for seat, values in (seats or {}).items():
                            chosen = {"game": game_id, "which": seat, **_set(values)}
                            await connection.execute(_seat_statement(tuple(sorted(values))), chosen)
                    return
                except DBAPIError as error:
                    if error.connection_invalidated and attempt == 0:
                        continue
                    raise Conflict(game_id) from error


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
