"""How fast and how much one client may ask: token buckets that slow a socket down, throttles
that refuse with a time to retry, and caps on open sockets.

Everything here is per process: several instances each apply their own limits.
"""

from __future__ import annotations

import asyncio
import math
import time
from collections import Counter
from typing import Any

from fastapi import HTTPException
from starlette.requests import HTTPConnection

from kashi.server.messages import reason
from kashi.server.settings import Settings

MAX_TRACKED_KEYS = 10_000
REPLAYS_AT_ONCE = 2
"""A throttle forgets its idle keys once it tracks this many."""


class TokenBucket:
    """At most ``burst`` tokens, refilled at ``rate`` a second. Taking may run into debt: the
    answer is then how long until the token is really there."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate = rate
        self.burst = burst
        self._tokens = float(burst)
        self._last = time.monotonic()

    def _refill(self) -> None:
        now = time.monotonic()
        self._tokens = min(self.burst, self._tokens + (now - self._last) * self.rate)
        self._last = now

    def wait(self) -> float:
        """Seconds until a token is there (0: now)."""
        self._refill()
        return max(0.0, (1 - self._tokens) / self.rate)

    def take(self) -> float:
        """Take a token, now or in debt; the seconds until it is really there."""
        wait = self.wait()
        self._tokens -= 1
        return wait

    def full(self) -> bool:
        self._refill()
        return self._tokens >= self.burst


class Pacer:
    """Holds a socket's messages back to ``rate`` a second once a burst is spent: a fast client
    is slowed, never dropped for its pace (what may wait is bounded in ``realtime``)."""

    def __init__(self, rate: float, burst: int) -> None:
        self.bucket = TokenBucket(rate, burst)

    def delay(self) -> float:
        """How long to hold the next message back (0: handle it now)."""
        return self.bucket.take()


class Throttle:
    """A token bucket per key (an address, an account name), holding ``per_minute`` attempts."""

    def __init__(self, per_minute: float) -> None:
        self.per_minute = per_minute
        self._buckets: dict[str, TokenBucket] = {}

    def retry_after(self, key: str) -> float:
        """Seconds until ``key`` may try again (0: now); nothing is spent."""
        bucket = self._buckets.get(key)
        return 0.0 if bucket is None else bucket.wait()

    def spend(self, key: str) -> None:
        if key not in self._buckets:
            if len(self._buckets) >= MAX_TRACKED_KEYS:
                self._buckets = {name: bucket for name, bucket in self._buckets.items() if not bucket.full()}
            self._buckets[key] = TokenBucket(self.per_minute / 60, self.per_minute)
        self._buckets[key].take()


def refuse(refusal: str, seconds: float, **params: Any) -> HTTPException:
    """A 429 with the catalogue key ``refusal`` and when to retry, in its ``seconds`` parameter
    and the ``Retry-After`` header."""
    whole = max(1, math.ceil(seconds))
    return HTTPException(429, reason(refusal, **params, seconds=whole), headers={"Retry-After": str(whole)})


def spend_or_refuse(throttles: list[tuple[Throttle, str]], refusal: str) -> None:
    """Spend one attempt from each ``(throttle, key)``, or raise a 429 with the catalogue key
    ``refusal`` and when to retry; a refused attempt spends nothing."""
    wait = max(throttle.retry_after(key) for throttle, key in throttles)
    if wait > 0:
        raise refuse(refusal, wait)
    for throttle, key in throttles:
        throttle.spend(key)


class SocketCaps:
    """Counts open sockets per address and in all, and refuses one over either cap."""

    def __init__(self, per_address: int, total: int) -> None:
        self.per_address = per_address
        self.total = total
        self._open: Counter[str] = Counter()
        self._open_in_all = 0

    def admit(self, address: str) -> dict[str, Any] | None:
        """Count the socket in, or the reason it is refused (then nothing is counted)."""
        if self._open_in_all >= self.total:
            return reason("server.server_full", limit=self.total)
        if self._open[address] >= self.per_address:
            return reason("server.too_many_connections", limit=self.per_address)
        self._open[address] += 1
        self._open_in_all += 1
        return None

    def release(self, address: str) -> None:
        self._open_in_all -= 1
        self._open[address] -= 1
        if self._open[address] <= 0:
            del self._open[address]


class Guards:
    """The limits of this process, shared by every request and socket."""

    def __init__(self, settings: Settings) -> None:
        self.login_accounts = Throttle(settings.login_account_per_minute)
        self.login_addresses = Throttle(settings.login_address_per_minute)
        self.new_guests = Throttle(settings.guests_per_minute)
        self.replay_uploads = Throttle(settings.replays_per_minute)
        self.replays = asyncio.Semaphore(REPLAYS_AT_ONCE)
        """Replays computed at once, each in a worker thread; more wait their turn."""
        self.sockets = SocketCaps(settings.sockets_per_address, settings.sockets)


def guards_of(connection: HTTPConnection) -> Guards:
    guards: Guards = connection.app.state.guards
    return guards


def address_of(connection: HTTPConnection) -> str:
    """The peer's address (behind a proxy, the proxy's: kashi reads no forwarded headers)."""
    return connection.client.host if connection.client else "unknown"
