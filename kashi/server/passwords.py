"""Password hashing (argon2) in worker threads, a few at a time.

One hash takes a few hundred milliseconds of CPU and 64 MiB: on the event loop, 40 wrong
logins held every game and ``/healthz`` for seconds. In threads (argon2 releases the GIL) the
loop stays free, and the capacity limiter bounds the CPU and memory they take at once.
"""

from __future__ import annotations

import anyio
from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

_hasher = PasswordHasher()


def _matches(stored: str, password: str) -> bool:
    try:
        return _hasher.verify(stored, password)
    except (VerificationError, InvalidHashError):
        return False


class Passwords:
    def __init__(self, threads: int) -> None:
        self._limiter = anyio.CapacityLimiter(threads)

    async def hash(self, password: str) -> str:
        return await anyio.to_thread.run_sync(_hasher.hash, password, limiter=self._limiter)

    async def matches(self, stored: str, password: str) -> bool:
        return await anyio.to_thread.run_sync(_matches, stored, password, limiter=self._limiter)
