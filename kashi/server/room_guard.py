"""How a room's pieces change the game from their own tasks: one at a time, on a fresh cache."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Guard:
    lock: asyncio.Lock
    """Held around every read-then-write of the room, so two changes never interleave."""
    refresh: Callable[[], Awaitable[None]]
    """Catch the cache up with the log (another instance may have moved) before deciding."""
    announce: Callable[[], None]
    """After a change: tell every connection and instance, and start what the game now waits for."""
