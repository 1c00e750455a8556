"""The loop-lag metric over its whole window and over its last few seconds: a stall read after a
stretch of work belongs to that stretch only when it happened in it; and the server's own part of
a stall, apart from the time the machine kept its thread off the processor."""

from __future__ import annotations

import asyncio
import time

import pytest
from kashi_test_extras import run_async

from kashi.server import loop_lag
from kashi.server.loop_lag import LoopLag


def stall_between_sleeps(kept_off: list[float] | None = None) -> tuple[dict[str, float], dict[str, float]]:
    """A loop that stalls 300 ms, then runs freely 400 ms; ``kept_off`` (when given) is credited
    with the stall as time spent waiting for a processor."""

    async def scenario() -> tuple[dict[str, float], dict[str, float]]:
        lag = LoopLag(interval=0.01)
        lag.start()
        await asyncio.sleep(0.05)
        time.sleep(0.3)  # the loop's thread blocks for 300 ms
        if kept_off is not None:
            kept_off[0] += 0.3
        await asyncio.sleep(0.4)
        whole, recent = lag.summary(), lag.summary(0.2)
        await lag.close()
        return whole, recent

    return run_async(scenario())


def test_a_stall_shows_over_the_window_and_leaves_a_reading_of_the_seconds_after_it() -> None:
    whole, recent = stall_between_sleeps()
    assert whole["max"] >= 250, whole
    assert recent["max"] < 250 and recent["samples"] < whole["samples"], (recent, whole)


def test_a_blocking_call_in_the_loop_is_the_servers_own_lateness() -> None:
    whole, _ = stall_between_sleeps()
    assert whole["own_max"] >= 250, whole


def test_time_the_machine_kept_the_loop_off_the_processor_is_not_the_servers(monkeypatch: pytest.MonkeyPatch) -> None:
    kept_off = [0.0]
    monkeypatch.setattr(loop_lag, "_waited_for_processor", lambda: kept_off[0])
    whole, _ = stall_between_sleeps(kept_off)
    assert whole["max"] >= 250, whole
    assert whole["own_max"] < 100, whole


def test_the_processor_wait_is_read_where_the_system_keeps_it() -> None:
    waited = loop_lag._waited_for_processor()
    if loop_lag.SCHEDSTAT.exists():
        assert waited is not None and waited >= 0
    else:
        assert waited is None
