"""Fan-out of "game changed" notices between server instances over Redis pub/sub.

It only speeds delivery up: a notice makes other instances reread the log and push the change
to their clients; nothing depends on it arriving. When Redis restarts or stops answering, the
listener notices (a ping unanswered), reconnects with back-off and then resyncs every room, and
meanwhile the hub rereads its rooms' versions every few seconds anyway.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Awaitable, Callable
from typing import Any

from redis.asyncio import Redis
from redis.exceptions import ConnectionError as RedisConnectionError

from kashi.server.logs import log

CHANNEL = "kashi:games"
PING_SECONDS = 3.0
"""A listener that hears nothing pings this often; a ping unanswered as long again reconnects."""
FIRST_RETRY_SECONDS, LAST_RETRY_SECONDS = 0.25, 8.0
Listener = Callable[[str, bool], Awaitable[None]]
"""Called with the game and whether its presence (rather than its log) changed."""
Resync = Callable[[], Awaitable[None]]


class Fanout:
    """Without Redis: a single instance needs no fan-out."""

    async def publish(self, game_id: str, version: int, presence: bool = False) -> None:
        return None

    async def start(self, listener: Listener, resync: Resync) -> None:
        return None

    def status(self) -> str:
        """``alone`` (no Redis), ``listening`` or ``reconnecting``."""
        return "alone"

    async def close(self) -> None:
        return None


class RedisFanout(Fanout):
    def __init__(self, url: str, instance: str) -> None:
        self.redis: Redis = Redis.from_url(url, socket_timeout=5, socket_connect_timeout=5)
        self.instance = instance
        self._task: asyncio.Task[None] | None = None
        self.connected = asyncio.Event()

    async def publish(self, game_id: str, version: int, presence: bool = False) -> None:
        notice = json.dumps({"game": game_id, "version": version, "presence": presence, "from": self.instance})
        for _attempt in range(2):
            try:
                await self.redis.publish(CHANNEL, notice)
                return
            except RedisConnectionError:
                continue  # a pooled connection to a Redis that restarted: once more on a fresh one
            except Exception:
                break
        log.warning("redis publish failed; clients will resync from the log", extra={"game": game_id})

    def status(self) -> str:
        return "listening" if self.connected.is_set() else "reconnecting"

    async def start(self, listener: Listener, resync: Resync) -> None:
        self._task = asyncio.create_task(self._listen_forever(listener, resync))

    async def _listen_forever(self, listener: Listener, resync: Resync) -> None:
        delay = FIRST_RETRY_SECONDS
        first = True
        while True:
            try:
                async with self.redis.pubsub() as pubsub:
                    await pubsub.subscribe(CHANNEL)
                    self.connected.set()
                    if not first:
                        log.info("fan-out back; resyncing every room")
                        await resync()
                    first, delay = False, FIRST_RETRY_SECONDS
                    await self._listen(pubsub, listener)
            except asyncio.CancelledError:
                raise
            except Exception as error:
                self.connected.clear()
                log.warning("fan-out lost; reconnecting", extra={"why": repr(error), "retry_seconds": delay})
                await asyncio.sleep(delay)
                delay = min(delay * 2, LAST_RETRY_SECONDS)

    async def _listen(self, pubsub: Any, listener: Listener) -> None:
        """Deliver notices until the connection fails or a ping goes unanswered (Redis hangs)."""
        awaiting_pong = False
        while True:
            message = await pubsub.get_message(ignore_subscribe_messages=True, timeout=PING_SECONDS)
            if message is None:
                if awaiting_pong:
                    raise ConnectionError(f"Redis did not answer a ping in {PING_SECONDS} s")
                await pubsub.ping()
                awaiting_pong = True
                continue
            awaiting_pong = False
            if message.get("type") != "message":
                continue
            try:
                notice = json.loads(message["data"])
                if notice.get("from") != self.instance:
                    await listener(str(notice["game"]), bool(notice.get("presence")))
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
