"""How late the event loop runs a timer: the delay every client feels on top of the work itself.

A task sleeps ``interval`` seconds again and again and keeps how much later than asked it woke,
for the last ``window`` seconds; ``/healthz`` reports the quantiles, over the whole window or
over its last few seconds (a reading of one stretch of work, not of what came before it).
"""

from __future__ import annotations

import asyncio
import contextlib
import statistics
from collections import deque


class LoopLag:
    def __init__(self, interval: float = 0.05, window: float = 30.0) -> None:
        self.interval = interval
        self._samples: deque[tuple[float, float]] = deque(maxlen=max(1, round(window / interval)))
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.create_task(self._watch())

    async def _watch(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            asked = loop.time() + self.interval
            await asyncio.sleep(self.interval)
            now = loop.time()
            self._samples.append((now, max(0.0, now - asked)))

    def summary(self, seconds: float | None = None) -> dict[str, float]:
        """Milliseconds late: median, 99th percentile and worst over the window, or over its last
        ``seconds``."""
        since = -float("inf") if seconds is None else asyncio.get_running_loop().time() - seconds
        samples = sorted(late for at, late in self._samples if at >= since)
        if len(samples) < 2:
            return {"p50": 0.0, "p99": 0.0, "max": 0.0, "samples": len(samples)}
        cuts = statistics.quantiles(samples, n=100, method="inclusive")
        return {
            "p50": round(cuts[49] * 1000, 2),
            "p99": round(cuts[98] * 1000, 2),
            "max": round(samples[-1] * 1000, 2),
            "samples": len(samples),
        }

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
