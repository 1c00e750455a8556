"""Reading and writing games: every change is one transaction guarded by the game's version.

A writer names the version it saw; ``UPDATE games ... WHERE version = :seen`` lets exactly one
of several concurrent writers (in one process or several) through, and the ``(game, number)``
key of ``events`` refuses any line appended twice.
"""

from __future__ import annotations

import json
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, cast

from sqlalchemy import CursorResult, delete, select, update
from sqlalchemy.exc import IntegrityError, OperationalError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

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
    async with sessions() as session:
        row = await session.get(GameRow, game_id)
        if row is None:
            return None
        seats = await seats_of(session, game_id)
        events = list(
            (await session.execute(select(EventRow).where(EventRow.game_id == game_id).order_by(EventRow.number)))
            .scalars()
            .all()
        )
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


async def _bump(session: AsyncSession, game_id: str, seen: int, values: Mapping[str, Any]) -> None:
    statement = update(GameRow).where(GameRow.id == game_id, GameRow.version == seen).values(version=seen + 1, **values)
    result = cast(CursorResult[Any], await session.execute(statement))
    if result.rowcount != 1:
        raise Conflict(game_id)


async def _update_seats(session: AsyncSession, game_id: str, seats: Mapping[int, Mapping[str, Any]]) -> None:
    for seat, values in seats.items():
        await session.execute(update(SeatRow).where(SeatRow.game_id == game_id, SeatRow.seat == seat).values(**values))


async def commit_change(
    sessions: async_sessionmaker[AsyncSession],
    game_id: str,
    seen: int,
    game: Mapping[str, Any],
    events: Sequence[EventRow] = (),
    seats: Mapping[int, Mapping[str, Any]] | None = None,
    remove_from: int | None = None,
    takeback: TakebackRow | None = None,
) -> None:
    """One transaction: bump the version from ``seen``, append or remove events, update seats."""
    try:
        async with sessions() as session, session.begin():
            await _bump(session, game_id, seen, game)
            if remove_from is not None:
                await session.execute(
                    delete(EventRow).where(EventRow.game_id == game_id, EventRow.number >= remove_from)
                )
            if takeback is not None:
                session.add(takeback)
            session.add_all(events)
            await _update_seats(session, game_id, seats or {})
    except (IntegrityError, OperationalError) as error:
        raise Conflict(game_id) from error


def event_row(game_id: str, number: int, seat: int | None, text: str, hidden_from: int, redacted: str) -> EventRow:
    return EventRow(
        game_id=game_id,
        number=number,
        seat=seat,
        text=text,
        hidden_from=hidden_from,
        redacted=redacted,
        created_at=time.time(),
    )


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
