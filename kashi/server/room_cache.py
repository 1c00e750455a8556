"""The game as stored, held in memory: the rebuilt ``Game``, its row and seats.

It is only ever a cache of the log, caught up with it whenever the stored version differs, and
answers what the seats allow (who holds which, which a bot plays, whether hints are fair).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from kashi.core.game import Game
from kashi.core.record import Event, Record
from kashi.server import ratings, store
from kashi.server.clocks import Clock
from kashi.server.models import EventRow
from kashi.server.visibility import Visibility


class GameCache:
    def __init__(self, sessions: async_sessionmaker[AsyncSession], snapshot: store.Snapshot) -> None:
        self.sessions = sessions
        self.id = snapshot.row.id
        self.load(snapshot)

    def load(self, snapshot: store.Snapshot) -> None:
        self._take_row(snapshot)
        self.game = Game.for_record(store.record_of(snapshot), words=True)
        self.score_marks: list[int] = []
        """How long the game's score log was after each event."""
        self.visibility: list[Visibility] = []
        self.last_stamp = 0.0
        """When the last cached event was stored: a takeback elsewhere shows as another one."""
        self._extend(snapshot.events)

    def _take_row(self, snapshot: store.Snapshot) -> None:
        row = snapshot.row
        self.row = row
        self.version = row.version
        self.status = row.status
        self.clock = Clock.loads(row.clock)
        self.seats = snapshot.seats

    def _extend(self, rows: list[EventRow]) -> None:
        """Replay stored events after the cached ones."""
        for _ in self.game.replay(Record({}, [Event(item.seat, item.text) for item in rows])):
            self.score_marks.append(len(self.game.score_log))
        self.visibility.extend(Visibility(item.hidden_from, item.redacted) for item in rows)
        if rows:
            self.last_stamp = rows[-1].created_at

    async def reload(self) -> None:
        snapshot = await store.load(self.sessions, self.id)
        if snapshot is not None:
            self.load(snapshot)

    async def refresh(self) -> bool:
        """Catch up with the log if it moved: only the new events are read and replayed, unless
        a takeback rewrote the cached ones (the last one is not the stored one any more). True
        when the game was rebuilt, so what clients hold may have been taken back."""
        if await store.current_version(self.sessions, self.id) == self.version:
            return False
        cached = len(self.game.events)
        snapshot = await store.load(self.sessions, self.id, first=max(1, cached))
        if snapshot is None:
            return False
        tail = snapshot.events
        if cached and tail and tail[0].number == cached and tail[0].created_at == self.last_stamp:
            self._take_row(snapshot)
            self._extend(tail[1:])
            return False
        await self.reload()
        return True

    def remember(
        self,
        version: int,
        visibility: list[Visibility],
        values: dict[str, Any],
        seats: dict[int, dict[str, Any]],
        stamp: float,
    ) -> None:
        """Mirror a committed append (its events already played on ``game``), sparing a rebuild."""
        self.version = self.row.version = version + 1
        self.visibility.extend(visibility)
        self.score_marks.extend([len(self.game.score_log)] * len(visibility))
        for name, value in values.items():
            setattr(self.row, name, value)
        self.status = self.row.status
        for seat, changes in seats.items():
            self.seats[seat] = replace(self.seats[seat], **changes)
        self.last_stamp = stamp

    def mark_connected(self, seats: set[int]) -> None:
        """The seats' holder has opened the game (stored already)."""
        for seat in seats:
            self.seats[seat] = replace(self.seats[seat], connected=True)

    def owned(self, user_id: str | None) -> set[int]:
        """The seats bound to an identity (no token or link ever gives one)."""
        return {
            seat.seat
            for seat in self.seats
            if seat.kind == "person" and seat.user_id is not None and seat.user_id == user_id
        }

    def bot_controls(self, seat: int) -> bool:
        info = self.seats[seat]
        return info.kind == "bot" or info.standin

    @property
    def rated(self) -> bool:
        return ratings.is_rated(self.row, self.seats)

    def hints_allowed(self, user_id: str | None) -> bool:
        """Hints help only against bots or at a hot-seat table, never in a rated game: every
        other seat is a bot or held by the identity."""
        owned = self.owned(user_id)
        return bool(owned) and not self.rated and all(seat.kind == "bot" or seat.seat in owned for seat in self.seats)
