"""Fan-out of "game changed" notices between server instances over Redis pub/sub.

It only speeds delivery up: a notice makes other instances reread the log and push the change
to their clients; nothing depends on it arriving (clients resync from the log by event number).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Awaitable, Callable

from redis.asyncio import Redis

from kashi.server.logs import log

CHANNEL = "kashi:games"
Listener = Callable[[str], Awaitable[None]]


class Fanout:
    """Without Redis: a single instance needs no fan-out."""

    async def publish(self, game_id: str, version: int) -> None:
        return None

    async def start(self, listener: Listener) -> None:
        return None

    async def close(self) -> None:
        return None


class RedisFanout(Fanout):
    def __init__(self, url: str, instance: str) -> None:
        self.redis: Redis = Redis.from_url(url)
        self.instance = instance
        self._task: asyncio.Task[None] | None = None

    async def publish(self, game_id: str, version: int) -> None:
        notice = json.dumps({"game": game_id, "version": version, "from": self.instance})
        try:
            await self.redis.publish(CHANNEL, notice)
        except Exception:
            log.warning("redis publish failed; clients will resync from the log", extra={"game": game_id})

    async def start(self, listener: Listener) -> None:
        pubsub = self.redis.pubsub()
        await pubsub.subscribe(CHANNEL)
        self._task = asyncio.create_task(self._listen(pubsub, listener))

    async def _listen(self, pubsub: object, listener: Listener) -> None:
        async for message in pubsub.listen():  # type: ignore[attr-defined]
            if message.get("type") != "message":
                continue
            try:
                notice = json.loads(message["data"])
                if notice.get("from") != self.instance:
                    await listener(str(notice["game"]))
            except Exception:
                log.exception("bad fan-out notice")

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(BaseException):
                await self._task
        await self.redis.aclose()


def make_fanout(url: str | None, instance: str) -> Fanout:
    return RedisFanout(url, instance) if url else Fanout()
