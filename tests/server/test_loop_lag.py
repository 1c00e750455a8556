"""The loop-lag metric over its whole window and over its last few seconds: a stall read after a
stretch of work belongs to that stretch only when it happened in it."""

from __future__ import annotations

import asyncio
import time

from kashi_test_extras import run_async

from kashi.server.loop_lag import LoopLag


def test_a_stall_shows_over_the_window_and_leaves_a_reading_of_the_seconds_after_it() -> None:
    async def scenario() -> tuple[dict[str, float], dict[str, float]]:
        lag = LoopLag(interval=0.01)
        lag.start()
        await asyncio.sleep(0.05)
        time.sleep(0.3)  # the loop stalls for 300 ms
        await asyncio.sleep(0.4)
        whole, recent = lag.summary(), lag.summary(0.2)
        await lag.close()
        return whole, recent

    whole, recent = run_async(scenario())
    assert whole["max"] >= 250, whole
    assert recent["max"] < 250 and recent["samples"] < whole["samples"], (recent, whole)
