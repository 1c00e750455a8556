"""Moves: checked against seat, turn and version, played on the cache and stored in one guarded
transaction, then announced."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from kashi.core.errors import KashiError
from kashi.core.messages import Message
from kashi.server import ratings, store
from kashi.server.connection import Connection
from kashi.server.logs import log
from kashi.server.messages import reason
from kashi.server.room_cache import GameCache
from kashi.server.room_clock import TurnClock
from kashi.server.room_guard import Guard
from kashi.server.room_tasks import Tasks
from kashi.server.visibility import annotate

Refusal = dict[str, Any]


@dataclass(frozen=True)
class Actor:
    """Who submits a move: a connection (a person) or the server's bot for a seat."""

    connection: Connection | None = None

    @property
    def is_bot(self) -> bool:
        return self.connection is None


BOT = Actor()


def check_turn(cache: GameCache, actor: Actor, version: int, seat: int | None) -> Refusal | None:
    """Why the actor may not move now (for ``seat``, else the seat to move), or None."""
    if cache.status == "waiting":
        return reason("server.not_started")
    if cache.status != "active":
        return reason("server.finished")
    if version != cache.version:
        return reason("server.stale", current=cache.version, sent=version)
    mover = cache.game.state.current_player
    if actor.connection is None:
        return (
            None if mover >= 0 and cache.bot_controls(mover) else reason("server.stale", current=version, sent=version)
        )
    owned = cache.owned(actor.connection.user_id)
    wanted = mover if seat is None else seat
    if wanted not in owned:
        return reason("server.not_your_seat", seat=wanted) if seat is not None else reason("server.no_seat")
    if cache.seats[wanted].standin:
        return reason("server.seat_standin", seat=wanted)
    if wanted != mover:
        return Message("core.out_of_turn", {"seat": wanted, "to_move": mover}).to_json()
    return None


class Moves:
    def __init__(
        self,
        cache: GameCache,
        turn_clock: TurnClock,
        log: store.EventLog,
        sessions: async_sessionmaker[AsyncSession],
        guard: Guard,
        tasks: Tasks,
    ) -> None:
        self.cache = cache
        self.turn_clock = turn_clock
        self.log = log
        self.sessions = sessions
        """Where a finished game's ratings are settled."""
        self.guard = guard
        self.tasks = tasks

    async def submit(self, actor: Actor, move: str, version: int, seat: int | None = None) -> Refusal | None:
        """Check seat, turn, version and legality; append the events in one transaction.

        The cache is trusted without reading the stored version: if another instance moved
        first, the guarded update refuses this one (the mover then saw an old version too).
        Only a client ahead of the cache makes it catch up first."""
        async with self.guard.lock:
            if version > self.cache.version:
                await self.guard.refresh()
            refusal = check_turn(self.cache, actor, version, seat)
            if refusal is None:
                refusal = await self._play(actor, move, version)
            if refusal is None:
                self.guard.announce()
            return refusal

    async def _play(self, actor: Actor, move: str, version: int) -> Refusal | None:
        cache = self.cache
        mover = cache.game.state.current_player
        before = cache.game.state.copy()
        first = len(cache.game.events)
        try:
            cache.game.play(move, seat=mover)
        except KashiError as error:
            return error.message.to_json()
        except Exception:
            log.exception("move crashed the engine", extra={"game": cache.id, "move": move})
            await cache.reload()
            return reason("server.bad_move", move=move)
        added = cache.game.events[first:]
        visibility = annotate(before, added)
        rows = [
            store.event_row(cache.id, first + offset + 1, item.seat, item.text, seen.hidden_from, seen.redacted)
            for offset, (item, seen) in enumerate(zip(added, visibility, strict=True))
        ]
        now = time.time()
        values: dict[str, Any] = {"turn_started_at": now}
        outcome = cache.game.outcome()
        if outcome is not None:
            values.update(status="finished", result=outcome.result_text(), finished_at=now)
        seats: dict[int, dict[str, Any]] = {}
        if not actor.is_bot and cache.clock.kind == "fischer":
            bank = cache.clock.bank_after_move(cache.seats[mover].clock_ms, now - self.turn_clock.turn_started())
            seats[mover] = {"clock_ms": bank}
        try:
            await self.log.commit(cache.id, version, values, rows, seats)
        except store.Conflict:
            await cache.reload()
            return reason("server.stale", current=cache.version, sent=version)
        cache.remember(version, visibility, values, seats, rows[-1]["created_at"])
        if outcome is not None:
            self.tasks.spawn(ratings.settle(self.sessions, cache.id))
        log.debug("move", extra={"game": cache.id, "seat": mover, "move": move, "version": cache.version})
        return None
