"""The Redis breaker: closed, open after failures in a row, half-open to one probe, closed by its
success; every call through a ``RedisLink`` bounded, even against a server that never answers,
and so are the bot queue's calls, the server's and a ``kashi bot-worker``'s."""

from __future__ import annotations

import asyncio
import socket
import time

import pytest
import redis
from kashi_test_extras import run_async

from kashi.core.game import new_game
from kashi.server.bot_workers import BotJob, RedisBots, worker_client
from kashi.server.breaker import Breaker, RedisLink, Unavailable
from kashi.server.cluster import RedisCluster


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


async def _fail() -> None:
    raise ConnectionError("refused")


async def _succeed() -> str:
    return "ok"


async def _hang() -> None:
    await asyncio.sleep(60)


def test_the_breaker_opens_after_failures_in_a_row_probes_once_and_closes_on_success() -> None:
    clock = Clock()
    breaker = Breaker("redis", retry_seconds=2.0, failures=2, clock=clock)

    async def scenario() -> None:
        assert await breaker.call(_succeed, 1, "test") == "ok"
        with pytest.raises(Unavailable):
            await breaker.call(_fail, 1, "test")
        assert breaker.state == "closed", "one failure may be a blip"
        assert await breaker.call(_succeed, 1, "test") == "ok"
        for _ in range(2):
            with pytest.raises(Unavailable):
                await breaker.call(_fail, 1, "test")
        assert breaker.state == "open" and breaker.trips == 1
        called = []

        async def counted() -> str:
            called.append(1)
            return "ok"

        with pytest.raises(Unavailable):
            await breaker.call(counted, 1, "test")
        assert not called, "an open breaker makes no call"
        clock.now += 2.0
        assert breaker.state == "half-open"
        probe = asyncio.create_task(breaker.call(_hang, 0.2, "probe"))
        await asyncio.sleep(0)
        with pytest.raises(Unavailable):  # one probe at a time
            await breaker.call(counted, 1, "test")
        with pytest.raises(Unavailable):
            await probe
        assert breaker.state == "open" and not called, "a failed probe opens it again"
        clock.now += 2.0
        assert await breaker.call(counted, 1, "test") == "ok"
        assert breaker.state == "closed" and called == [1]

    run_async(scenario())


def test_a_cancelled_probe_lets_the_next_call_probe() -> None:
    clock = Clock()
    breaker = Breaker("redis", retry_seconds=1.0, failures=1, clock=clock)

    async def scenario() -> None:
        with pytest.raises(Unavailable):
            await breaker.call(_fail, 1, "test")
        clock.now += 1.0
        probe = asyncio.create_task(breaker.call(_hang, 10, "probe"))
        await asyncio.sleep(0)
        probe.cancel()
        with pytest.raises(asyncio.CancelledError):
            await probe
        assert await breaker.call(_succeed, 1, "test") == "ok"

    run_async(scenario())


def test_calls_to_a_redis_that_never_answers_are_bounded_and_then_skipped() -> None:
    """A socket that accepts connections and never answers (a hung Redis): each call gives up
    after the timeout, the breaker opens after two, and later calls cost nothing; leases and
    presence fall back at once."""
    with socket.create_server(("127.0.0.1", 0)) as hung:
        port = hung.getsockname()[1]

        async def scenario() -> tuple[list[float], float, list[bool], list[int]]:
            link = RedisLink(f"redis://127.0.0.1:{port}/0", timeout=0.3, retry_seconds=30)
            cluster = RedisCluster(link, "me", lease_seconds=10)
            spent = []
            for _ in range(2):
                started = time.monotonic()
                with pytest.raises(Unavailable):
                    await link.run(lambda redis: redis.ping(), "ping")
                spent.append(time.monotonic() - started)
            started = time.monotonic()
            claims = await cluster.claim_all(["g1", "g2"])
            presence = await cluster.presence("g1", [0, 2])
            await cluster.share_presence_all({"g1": [1, 0]})
            skipped = time.monotonic() - started
            assert link.summary()["breaker"] == "open"
            await link.close()
            return spent, skipped, claims, presence

        spent, skipped, claims, presence = run_async(scenario())
    assert all(0.25 < seconds < 1.0 for seconds in spent), spent
    assert skipped < 0.05
    assert claims == [False, False], "no lease was ever taken: none is held"
    assert presence == [1, 2], "unknown elsewhere: every seat counts as present"


def test_bot_jobs_a_hung_redis_cannot_take_are_thought_here_and_open_the_breaker() -> None:
    """A Redis that accepts and never answers: each job's send goes through the process's
    bounded link, fails, and the instance thinks the move itself; after two the breaker is open
    and the next job is thought here without trying Redis (a job used to wait on a client of its
    own, with no breaker, however long Redis took)."""
    game = new_game("azul", 2, 7)
    seat = game.state.current_player
    job = BotJob(game="g1", record=game.record().to_text(), seat=seat, level="easy", seed=1, seconds=None)
    with socket.create_server(("127.0.0.1", 0)) as hung:
        port = hung.getsockname()[1]

        async def scenario() -> tuple[list[str], dict[str, object], int]:
            link = RedisLink(f"redis://127.0.0.1:{port}/0", timeout=0.3, retry_seconds=30)
            bots = RedisBots(link, "me", backlog=4, patience=60)
            await bots.start()
            try:
                async with asyncio.timeout(60):
                    moves = [await bots.choose(job) for _ in range(3)]
                return moves, link.summary(), bots.thought_here
            finally:
                await bots.close()
                await link.close()

        moves, summary, thought_here = run_async(scenario())
    assert set(moves) <= {str(legal) for legal in game.legal_moves()}
    assert thought_here == 3, "every job was thought here, none waited out the patience (60 s)"
    assert summary["breaker"] == "open"


def test_a_bot_workers_calls_to_a_hung_redis_are_bounded() -> None:
    """The worker's blocking client gives up on a Redis that never answers after its timeout,
    on one try (it had a 10 s timeout, and retried)."""
    with socket.create_server(("127.0.0.1", 0)) as hung:
        client = worker_client(f"redis://127.0.0.1:{hung.getsockname()[1]}/0", timeout=0.3)
        started = time.monotonic()
        with pytest.raises(redis.TimeoutError):
            client.xadd("answers", {"ticket": "t", "move": "m"})
        spent = time.monotonic() - started
        client.close()
    assert spent < 5.0, spent
