"""A room's background tasks (bot turns, timers, notices): logged when they fail, awaited at close."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Coroutine
from typing import Any

from kashi.server.logs import log


class Tasks:
    def __init__(self, game_id: str) -> None:
        self.game_id = game_id
        self._running: set[asyncio.Task[None]] = set()

    @property
    def idle(self) -> bool:
        """No task is running (nothing would be cut short by closing the room)."""
        return not self._running

    def spawn(self, work: Coroutine[Any, Any, None]) -> asyncio.Task[None]:
        task = asyncio.create_task(_logged(work, self.game_id))
        self._running.add(task)
        task.add_done_callback(self._running.discard)
        return task

    async def close(self) -> None:
        for task in list(self._running):
            task.cancel()
        for task in list(self._running):
            with contextlib.suppress(BaseException):
                await task


async def _logged(work: Awaitable[None], game_id: str) -> None:
    try:
        await work
    except asyncio.CancelledError:
        raise
    except Exception:
        log.exception("background task failed", extra={"game": game_id})
