"""The clock of the player to move: the deadline clients count down to, and the stand-in that
takes the seat when it passes.

A turn is timed from its stored start: the time a player thought before a crash counts, and
the service's downtime is taken out of that start when it comes back (``kashi.server.downtime``)."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from kashi.server.logs import log
from kashi.server.room_cache import GameCache
from kashi.server.room_guard import Guard
from kashi.server.room_standins import StandIns
from kashi.server.room_tasks import Tasks


class TurnClock:
    def __init__(self, cache: GameCache, standins: StandIns, guard: Guard, tasks: Tasks) -> None:
        self.cache = cache
        self.standins = standins
        self.guard = guard
        self.tasks = tasks
        self._version = -1
        """The version whose turn is being timed (-1: none)."""
        self._task: asyncio.Task[None] | None = None

    def turn_started(self) -> float:
        """When the turn started, as stored (moved on by any downtime of the service since)."""
        return self.cache.row.turn_started_at or 0.0

    def message(self) -> dict[str, Any]:
        cache = self.cache
        to_move = cache.game.state.current_player
        deadline = None
        if cache.status == "active" and to_move >= 0 and not cache.bot_controls(to_move):
            allowance = cache.clock.allowance(cache.seats[to_move].clock_ms)
            deadline = None if allowance is None else self.turn_started() + allowance
        banks = [seat.clock_ms for seat in cache.seats] if cache.clock.kind == "fischer" else None
        return {**cache.clock.to_json(), "deadline": deadline, "banks_ms": banks, "now": time.time()}

    def start(self, seat: int) -> None:
        """Time the turn of ``seat``, a player's, unless this turn is timed already."""
        cache = self.cache
        allowance = cache.clock.allowance(cache.seats[seat].clock_ms)
        if allowance is None or self._version == cache.version:
            return
        self.cancel()
        self._version = cache.version
        delay = self.turn_started() + allowance - time.time()
        self._task = self.tasks.spawn(self._expire(seat, cache.version, delay))

    def cancel(self) -> None:
        if self._task is not None:
            self._task.cancel()
            self._task = None
            self._version = -1

    async def _expire(self, seat: int, version: int, delay: float) -> None:
        await asyncio.sleep(max(0.0, delay))
        async with self.guard.lock:
            await self.guard.refresh()
            cache = self.cache
            if cache.version != version or cache.status != "active" or cache.bot_controls(seat):
                return
            log.info("time out: a bot takes the seat", extra={"game": cache.id, "seat": seat})
            await self.standins.take_over(seat)
            self.guard.announce()
