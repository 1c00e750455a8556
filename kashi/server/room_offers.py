"""A rematch offer's end: while someone waits at its table, the room abandons the offer when its
time runs out and tells them (without a table, the lobby ends it when next asked)."""

from __future__ import annotations

import asyncio
import time

from kashi.server import store
from kashi.server.room_cache import GameCache
from kashi.server.room_guard import Guard
from kashi.server.room_tasks import Tasks


class OfferTimer:
    def __init__(self, cache: GameCache, guard: Guard, tasks: Tasks) -> None:
        self.cache = cache
        self.guard = guard
        self.tasks = tasks
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        """Count down to the offer's end, if the game is an offer still waiting."""
        expires_at = self.cache.row.expires_at
        if self.cache.status != "waiting" or expires_at is None or self._task is not None:
            return
        self._task = self.tasks.spawn(self._expire(expires_at))

    def cancel(self) -> None:
        if self._task is not None:
            self._task.cancel()
            self._task = None

    async def _expire(self, expires_at: float) -> None:
        await asyncio.sleep(max(0.0, expires_at - time.time()) + 0.05)
        async with self.guard.lock:
            self._task = None
            if await store.expire_offer(self.cache.sessions, self.cache.id):
                await self.guard.refresh()
                self.guard.announce()
