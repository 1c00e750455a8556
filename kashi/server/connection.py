"""One client's WebSocket: an ordered outbound queue, its pace and what it has seen."""

from __future__ import annotations

import asyncio
import contextlib
import json
from dataclasses import dataclass
from typing import Any

from starlette.websockets import WebSocket

from kashi.server.limits import Pacer

MAX_QUEUED = 200
"""A client this far behind is dropped; it resynchronises from the log when it reconnects."""


@dataclass(frozen=True)
class _Close:
    """Queued after the messages to send first: close with this code and reason."""

    code: int
    reason: str = ""


_TOO_FAR_BEHIND = _Close(1008, "too far behind")


class Connection:
    """Messages go out in the order they were queued, from one writer task per connection."""

    def __init__(self, websocket: WebSocket, user_id: str | None, pacer: Pacer) -> None:
        self.websocket = websocket
        self.user_id = user_id
        self.pacer = pacer
        self.seen: int | None = None
        """How many events of the log this client has (None: it needs them all)."""
        self.counted: set[int] = set()
        """The seats this connection makes present."""
        self._queue: asyncio.Queue[Any] = asyncio.Queue()
        self._writer = asyncio.create_task(self._write())

    def send(self, message: dict[str, Any]) -> None:
        if self._queue.qsize() >= MAX_QUEUED:
            self._queue.put_nowait(_TOO_FAR_BEHIND)
            return
        self._queue.put_nowait(message)

    async def close(self, code: int, reason: str = "") -> None:
        """Send what is queued, then close with ``code`` and a short ``reason``."""
        self._queue.put_nowait(_Close(code, reason))
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await asyncio.wait_for(asyncio.shield(self._writer), timeout=5)

    def stop(self) -> None:
        self._writer.cancel()

    async def _write(self) -> None:
        while True:
            item = await self._queue.get()
            if isinstance(item, _Close):
                with contextlib.suppress(Exception):
                    await self.websocket.close(code=item.code, reason=item.reason)
                return
            try:
                await self.websocket.send_text(json.dumps(item))
            except Exception:
                return
