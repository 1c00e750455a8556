"""How late the event loop runs a timer: the delay every client feels on top of the work itself.

A task sleeps ``interval`` seconds again and again and keeps how much later than asked it woke,
for the last ``window`` seconds; ``/healthz`` reports the quantiles, over the whole window or
over its last few seconds (a reading of one stretch of work, not of what came before it).

Each sample also keeps the server's *own* part of the lateness: the lateness less the time the
loop's thread stood ready to run while the operating system ran other processes (Linux's
``schedstat``). Work in the loop, a blocking call in it, or another of the server's threads
holding the interpreter all count as the server's own; a machine too busy to give the server a
processor does not. Where ``schedstat`` cannot be read, all of the lateness counts as its own.
"""

from __future__ import annotations

import asyncio
import contextlib
import statistics
from collections import deque
from pathlib import Path

SCHEDSTAT = Path("/proc/thread-self/schedstat")
"""Nanoseconds on a processor, nanoseconds waiting for one, time slices: of the calling thread."""


def _waited_for_processor() -> float | None:
    """Seconds this thread has stood ready to run while others ran, or None where unknown."""
    try:
        return int(SCHEDSTAT.read_text().split()[1]) / 1e9
    except (OSError, IndexError, ValueError):
        return None


class LoopLag:
    def __init__(self, interval: float = 0.05, window: float = 30.0) -> None:
        self.interval = interval
        self._samples: deque[tuple[float, float, float]] = deque(maxlen=max(1, round(window / interval)))
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.create_task(self._watch())

    async def _watch(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            asked = loop.time() + self.interval
            waited_before = _waited_for_processor()
            await asyncio.sleep(self.interval)
            now = loop.time()
            waited_after = _waited_for_processor()
            late = max(0.0, now - asked)
            kept_off = 0.0 if waited_before is None or waited_after is None else waited_after - waited_before
            self._samples.append((now, late, max(0.0, late - kept_off)))

    def summary(self, seconds: float | None = None) -> dict[str, float]:
        """Milliseconds late: median, 99th percentile and worst over the window, or over its last
        ``seconds``; ``own_p99`` and ``own_max`` of the server's own part of it."""
        since = -float("inf") if seconds is None else asyncio.get_running_loop().time() - seconds
        kept = [(late, own) for at, late, own in self._samples if at >= since]
        if len(kept) < 2:
            return {"p50": 0.0, "p99": 0.0, "max": 0.0, "own_p99": 0.0, "own_max": 0.0, "samples": len(kept)}
        late = sorted(late for late, _ in kept)
        own = sorted(own for _, own in kept)
        cuts = statistics.quantiles(late, n=100, method="inclusive")
        own_cuts = statistics.quantiles(own, n=100, method="inclusive")
        return {
            "p50": round(cuts[49] * 1000, 2),
            "p99": round(cuts[98] * 1000, 2),
            "max": round(late[-1] * 1000, 2),
            "own_p99": round(own_cuts[98] * 1000, 2),
            "own_max": round(own[-1] * 1000, 2),
            "samples": len(kept),
        }

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
