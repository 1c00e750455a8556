"""Redis as a dependency that can hang: every call bounded, behind a circuit breaker.

A Redis that is dead refuses connections at once, but one that hangs (stopped, overloaded, a
network that drops packets) accepts them and answers nothing, and one that is slow answers late.
Every call is therefore bounded by a short timeout (``KASHI_REDIS_TIMEOUT_SECONDS``), over the
whole call (connecting, sending, every reply of a pipeline) and never retried past a second try
on a fresh connection. After ``FAILURES`` calls in a row fail the breaker opens: calls fail at
once, without touching the network, and their callers take the local path (moves still reach
other instances: each rereads its rooms' versions from the database). ``KASHI_REDIS_RETRY_SECONDS``
later it half-opens: the next call goes out as a probe, alone; its success closes the breaker,
its failure opens it again.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from redis.asyncio import Redis
from redis.asyncio.retry import Retry
from redis.backoff import NoBackoff
from redis.exceptions import ConnectionError as RedisConnectionError

from kashi.server.logs import log

T = TypeVar("T")
FAILURES = 2
"""Calls in a row that fail before the breaker opens (one may be a blip)."""


class Unavailable(Exception):
    """The call failed, timed out, or was not made because the breaker is open."""


class Breaker:
    """Closed (calls go out), open (none do) and, ``retry_seconds`` after opening, half-open
    (one probe at a time goes out: it closes the breaker or opens it again)."""

    def __init__(
        self, name: str, retry_seconds: float, failures: int = FAILURES, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.name = name
        self.retry_seconds = retry_seconds
        self.failures = failures
        self._clock = clock
        self._failed = 0
        self._opened_at: float | None = None
        self._probing = False
        self.trips = 0
        """How often it opened."""

    @property
    def state(self) -> str:
        if self._opened_at is None:
            return "closed"
        if self._probing or self._clock() - self._opened_at >= self.retry_seconds:
            return "half-open"
        return "open"

    def allow(self) -> bool:
        """Whether a call may go out now; a half-open breaker lets one through, as the probe."""
        if self._opened_at is None:
            return True
        if self._probing or self._clock() - self._opened_at < self.retry_seconds:
            return False
        self._probing = True
        return True

    def succeeded(self) -> None:
        if self._opened_at is not None:
            log.info(f"{self.name} answers again; breaker closed")
        self._failed, self._opened_at, self._probing = 0, None, False

    def failed(self, why: str) -> None:
        self._failed += 1
        if self._opened_at is not None:  # the probe, or a call sent before it opened
            self._opened_at, self._probing = self._clock(), False
        elif self._failed >= self.failures:
            self._opened_at = self._clock()
            self.trips += 1
            log.warning(
                f"{self.name} fails; breaker open, calls skipped",
                extra={"why": why, "retry_seconds": self.retry_seconds},
            )

    def abandoned(self) -> None:
        """A call was cancelled by its caller before it could tell anything: not a failure."""
        self._probing = False

    async def call(self, work: Callable[[], Awaitable[T]], timeout: float, what: str) -> T:
        """``work()`` within ``timeout`` seconds; ``Unavailable`` when it fails or times out, or at
        once while the breaker is open."""
        if not self.allow():
            raise Unavailable(f"{self.name} breaker open")
        try:
            async with asyncio.timeout(timeout):
                result = await work()
        except asyncio.CancelledError:
            self.abandoned()
            raise
        except Exception as error:
            why = f"{what}: {error!r}" if not isinstance(error, TimeoutError) else f"{what}: no answer in {timeout} s"
            if self._opened_at is None and self._failed + 1 < self.failures:
                log.warning(f"{self.name} call failed", extra={"why": why})
            self.failed(why)
            raise Unavailable(why) from error
        self.succeeded()
        return result


def bounded_options(timeout: float, blocking: float = 0.0, retry_class: type[Any] = Retry) -> dict[str, Any]:
    """The options that bound every call of a Redis client (``redis.asyncio``'s, or with
    ``redis.retry.Retry`` the blocking one's): ``timeout`` to connect, ``timeout`` plus the
    ``blocking`` seconds a blocking read asks Redis to wait for a reply, and a second try on a
    fresh connection for a pooled one that Redis closed (it restarted), none for a timeout, which
    the next call (or the breaker) deals with."""
    return {
        "socket_timeout": timeout + blocking,
        "socket_connect_timeout": timeout,
        "retry": retry_class(NoBackoff(), 1, supported_errors=(RedisConnectionError,)),
    }


class RedisLink:
    """One Redis client of a process, shared by its fan-out and its cluster, every call of
    which is bounded and goes through one breaker."""

    def __init__(self, url: str, timeout: float, retry_seconds: float) -> None:
        self.url = url
        self.timeout = timeout
        self.redis: Redis = Redis.from_url(url, **bounded_options(timeout))
        self.breaker = Breaker("redis", retry_seconds)
        self._closed = False

    async def run(self, work: Callable[[Redis], Awaitable[T]], what: str) -> T:
        """``work(redis)``, bounded; ``Unavailable`` if it cannot be done now."""
        return await self.breaker.call(lambda: work(self.redis), self.timeout, what)

    def summary(self) -> dict[str, Any]:
        return {"breaker": self.breaker.state, "trips": self.breaker.trips, "timeout_seconds": self.timeout}

    async def close(self) -> None:
        if not self._closed:
            self._closed = True
            await self.redis.aclose()


def make_link(url: str | None, timeout: float, retry_seconds: float) -> RedisLink | None:
    return RedisLink(url, timeout, retry_seconds) if url else None
