"""Fan-out of "game changed" notices between server instances over Redis pub/sub.

It only speeds delivery up: a notice makes other instances reread the log and push the change
to their clients; nothing depends on it arriving. Publishing is one bounded call through the
process's breaker (``breaker.RedisLink``): a Redis that hangs costs a move nothing, and while the
breaker is open notices are not even tried. When Redis restarts or stops answering, the listener
notices (a ping unanswered), reconnects with back-off and then resyncs every room; meanwhile the
hub rereads its rooms' versions from the database every second (``KASHI_CATCH_UP_SECONDS``).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Awaitable, Callable
from typing import Any

from kashi.server.breaker import RedisLink, Unavailable
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
    def __init__(self, link: RedisLink, instance: str) -> None:
        self.link = link
        self.instance = instance
        self._task: asyncio.Task[None] | None = None
        self.connected = asyncio.Event()

    async def publish(self, game_id: str, version: int, presence: bool = False) -> None:
        """Tell the other instances; if Redis cannot take it now, they read the change from the
        database within a second anyway."""
        notice = json.dumps({"game": game_id, "version": version, "presence": presence, "from": self.instance})
        with contextlib.suppress(Unavailable):
            await self.link.run(lambda redis: redis.publish(CHANNEL, notice), "publish")

    def status(self) -> str:
        return "listening" if self.connected.is_set() else "reconnecting"

    async def start(self, listener: Listener, resync: Resync) -> None:
        self._task = asyncio.create_task(self._listen_forever(listener, resync))

    async def _listen_forever(self, listener: Listener, resync: Resync) -> None:
        delay = FIRST_RETRY_SECONDS
        first = True
        while True:
            try:
                async with self.link.redis.pubsub() as pubsub:
                    await self._subscribe(pubsub)
                    self.connected.set()
                    self.link.breaker.succeeded()  # Redis answers: no need to wait for a probe
                    if not first:
                        log.info("fan-out back; resyncing every room")
                        await resync()
                    first, delay = False, FIRST_RETRY_SECONDS
                    await self._listen(pubsub, listener)
            except asyncio.CancelledError:
                raise
            except Exception as error:
                if self.connected.is_set():
                    self.link.breaker.failed(f"fan-out lost: {error!r}")
                self.connected.clear()
                log.warning("fan-out lost; reconnecting", extra={"why": repr(error), "retry_seconds": delay})
                await asyncio.sleep(delay)
                delay = min(delay * 2, LAST_RETRY_SECONDS)

    async def _subscribe(self, pubsub: Any) -> None:
        """Subscribe, and wait (bounded) for Redis to confirm it: only then is it listening."""
        async with asyncio.timeout(self.link.timeout):
            await pubsub.subscribe(CHANNEL)
            while True:
                confirmed = await pubsub.get_message(timeout=self.link.timeout)
                if confirmed is None:
                    raise ConnectionError(f"Redis did not confirm the subscription in {self.link.timeout} s")
                if confirmed.get("type") == "subscribe":
                    return

    async def _listen(self, pubsub: Any, listener: Listener) -> None:
        """Deliver notices until the connection fails or a ping goes unanswered (Redis hangs)."""
        awaiting_pong = False
        while True:
            message = await pubsub.get_message(ignore_subscribe_messages=True, timeout=PING_SECONDS)
            if message is None:
                if awaiting_pong:
                    raise ConnectionError(f"Redis did not answer a ping in {PING_SECONDS} s")
                async with asyncio.timeout(self.link.timeout):
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
        await self.link.close()


def make_fanout(link: RedisLink | None, instance: str) -> Fanout:
    return RedisFanout(link, instance) if link else Fanout()
