"""One client's WebSocket: an ordered outbound queue, its rate limit and what it has seen."""

from __future__ import annotations

import asyncio
import contextlib
import json
from typing import Any

from starlette.websockets import WebSocket

from kashi.server.security import TokenBucket

_CLOSE = object()
MAX_QUEUED = 200
"""A client this far behind is dropped; it resynchronises from the log when it reconnects."""


class Connection:
    """Messages go out in the order they were queued, from one writer task per connection."""

    def __init__(self, websocket: WebSocket, user_id: str | None, limiter: TokenBucket) -> None:
        self.websocket = websocket
        self.user_id = user_id
        self.limiter = limiter
        self.token_seats: set[int] = set()
        """Seats proved by a seat token in the hello (clients without the cookie)."""
        self.seen: int | None = None
        """How many events of the log this client has (None: it needs them all)."""
        self.counted: set[int] = set()
        """The seats this connection makes present."""
        self._queue: asyncio.Queue[Any] = asyncio.Queue()
        self._writer = asyncio.create_task(self._write())

    def send(self, message: dict[str, Any]) -> None:
        if self._queue.qsize() >= MAX_QUEUED:
            self._queue.put_nowait(_CLOSE)
            return
        self._queue.put_nowait(message)

    async def close(self, code: int) -> None:
        """Send what is queued, then close."""
        self._queue.put_nowait((_CLOSE, code))
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await asyncio.wait_for(asyncio.shield(self._writer), timeout=5)

    def stop(self) -> None:
        self._writer.cancel()

    async def _write(self) -> None:
        while True:
            item = await self._queue.get()
            if item is _CLOSE or (isinstance(item, tuple) and item[0] is _CLOSE):
                code = item[1] if isinstance(item, tuple) else 1008
                with contextlib.suppress(Exception):
                    await self.websocket.close(code=code)
                return
            try:
                await self.websocket.send_text(json.dumps(item))
            except Exception:
                return
