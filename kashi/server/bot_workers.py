"""Bot moves computed outside the web process, so a thinking bot never holds up the event loop.

A bot turn becomes a ``BotJob``: the game's record, the seat, the level, the seed and the time
cap. ``think`` rebuilds the game from the record and asks the bot for a move from the seat's
view only, so a worker learns nothing the seat may not. A hint for a person is a job too
(``task="hint"``), answered with the hint's JSON from the same view. Jobs go to a pool of local processes
(``LocalBots``, the default) or, when several instances share Redis, to ``kashi bot-worker``
processes on any machine through a Redis stream (``RedisBots``). Either way only so many jobs
are out at once (the local pool's processes; ``backlog`` on the stream) and the others wait their
turn (the games wait, nothing is dropped), in a queue of each player's own, taken in turns
(``FairShares``): one player's thirty bot games or forty hints never hold up another player's
next job by more than the one job that frees a place. A bot move is its game creator's job, a
hint the asker's.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import multiprocessing
import os
import secrets
import threading
import time
from collections import Counter, deque
from collections.abc import AsyncIterator, Iterator
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import asdict, dataclass, field
from typing import Any, Generic, TypeVar

from redis.asyncio import Redis

from kashi.bots import Limits, make_bot
from kashi.bots.hints import suggest
from kashi.core.game import Game
from kashi.core.record import Record
from kashi.core.registry import AnyState
from kashi.server.breaker import RedisLink, Unavailable, bounded_options
from kashi.server.logs import log, setup_logging
from kashi.server.settings import Settings

JOBS = "kashi:bot-jobs"
GROUP = "bots"
ANSWERS = "kashi:bot-answers:{instance}"
STREAM_LENGTH = 10_000
"""Streams are trimmed to about this many entries: a job is answered in seconds or not at all."""


@dataclass(frozen=True)
class BotJob:
    game: str
    record: str
    seat: int
    level: str
    seed: int
    seconds: float | None
    sent_at: float = field(default_factory=time.time)
    task: str = "move"
    """``move``: the bot's move; ``hint``: a hint for the seat (``kashi.bots.hints``)."""
    owner: str = ""
    """Whose job it is (a player's id): each player's jobs wait in a queue of their own."""

    def to_json(self) -> str:
        return json.dumps({**asdict(self), "seed": str(self.seed)})

    @classmethod
    def from_json(cls, text: str | bytes) -> BotJob:
        data = json.loads(text)
        return cls(**{**data, "seed": int(data["seed"])})


def work(job: BotJob) -> str:
    """The answer to ``job`` (in a worker process): a move's text, or a hint's JSON."""
    return hint(job) if job.task == "hint" else think(job)


def seat_view(job: BotJob) -> AnyState:
    """The job's game rebuilt from its record, as the job's seat sees it."""
    record = Record.from_text(job.record)
    game = Game.for_record(record)
    for _ in game.replay(record):
        pass
    return game.state.view(job.seat)


def hint(job: BotJob) -> str:
    view = seat_view(job)
    return json.dumps(suggest(view).to_json(view))


def think(job: BotJob) -> str:
    """The bot's move for ``job``; its first legal move if it fails."""
    view = seat_view(job)
    try:
        return str(make_bot(job.level, seed=job.seed).choose(view, Limits(seconds=job.seconds)))
    except Exception:
        log.exception("bot failed; playing its first legal move", extra={"game": job.game, "seat": job.seat})
        return str(view.legal_moves()[0])


T = TypeVar("T")

MAX_TRACKED_OWNERS = 10_000
"""A queue forgets when it last served players with nothing waiting once it knows this many."""


class FairQueue(Generic[T]):
    """Jobs of many owners: each owner's in the order put, the owners in turns. ``take`` gives the
    next job of the owner served least recently (one never served first, in the order they began
    waiting), so a job put behind another owner's long backlog is taken within one job of it."""

    def __init__(self) -> None:
        self._jobs: dict[str, deque[T]] = {}
        self._served: dict[str, int] = {}
        self._turns = 0
        self._count = 0

    def __len__(self) -> int:
        return self._count

    def put(self, owner: str, job: T) -> None:
        self._jobs.setdefault(owner, deque()).append(job)
        self._count += 1

    def take(self) -> tuple[str, T]:
        """The next job and its owner (the queue must not be empty)."""
        owner = min(self._jobs, key=lambda name: self._served.get(name, -1))
        jobs = self._jobs[owner]
        job = jobs.popleft()
        self._count -= 1
        if not jobs:
            del self._jobs[owner]
        self.served(owner)
        return owner, job

    def served(self, owner: str) -> None:
        """Count a turn of ``owner``'s (taken here, or run at once without waiting)."""
        self._turns += 1
        self._served[owner] = self._turns
        if len(self._served) > MAX_TRACKED_OWNERS:
            self._served = {name: turn for name, turn in self._served.items() if name in self._jobs}

    def discard(self, owner: str, job: T) -> None:
        """Take ``job`` out unrun (its asker gave up waiting)."""
        jobs = self._jobs.get(owner)
        if jobs is not None and job in jobs:
            jobs.remove(job)
            self._count -= 1
            if not jobs:
                del self._jobs[owner]


class FairShares:
    """At most ``slots`` jobs run at once; the others wait in a ``FairQueue`` by owner. Counts
    each owner's jobs of each task, waiting or running, for the per-player limits."""

    def __init__(self, slots: int) -> None:
        self.slots = slots
        self.running = 0
        self._queue: FairQueue[asyncio.Future[None]] = FairQueue()
        self._held: Counter[tuple[str, str]] = Counter()

    @property
    def waiting(self) -> int:
        return len(self._queue)

    def holding(self, owner: str, task: str) -> int:
        """``owner``'s jobs of ``task`` waiting or running."""
        return self._held[owner, task]

    @contextlib.asynccontextmanager
    async def turn(self, owner: str, task: str) -> AsyncIterator[None]:
        """Wait for a place, hold it while the body runs, then hand it to the next in turn."""
        self._held[owner, task] += 1
        try:
            await self._acquire(owner)
            try:
                yield
            finally:
                self._release()
        finally:
            self._held[owner, task] -= 1
            if self._held[owner, task] <= 0:
                del self._held[owner, task]

    async def _acquire(self, owner: str) -> None:
        if self.running < self.slots and not self.waiting:
            self.running += 1
            self._queue.served(owner)
            return
        ticket = asyncio.get_running_loop().create_future()
        self._queue.put(owner, ticket)
        try:
            await ticket
        except asyncio.CancelledError:
            if ticket.done() and not ticket.cancelled():
                self._release()  # the place came as the wait was given up: the next one has it
            else:
                self._queue.discard(owner, ticket)
            raise

    def _release(self) -> None:
        """The place goes to the next in turn (it stays taken), or is freed."""
        while self.waiting:
            _owner, ticket = self._queue.take()
            if not ticket.done():
                ticket.set_result(None)
                return
        self.running -= 1


def _worker_pid() -> int:
    return os.getpid()


NICENESS = 10
"""Bot workers yield the CPU to the web process: a move or a page waits for no bot."""


def start_worker(parent: int) -> None:
    """In each local worker: a lower priority, and an exit when the server is gone."""
    os.nice(NICENESS)
    _leave_with(parent)


def _leave_with(parent: int) -> None:
    """Exit when ``parent`` is gone (a server killed with -9 cannot say so)."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1)
        os._exit(0)

    threading.Thread(target=watch, daemon=True, name="parent-watch").start()


class LocalBots:
    """A pool of ``processes`` worker processes of this machine (started, not forked: a fork of
    a process running an event loop and threads is not safe)."""

    kind = "local"

    def __init__(self, processes: int, backlog: int) -> None:
        self.processes = processes
        self.shares = FairShares(min(processes, backlog))
        """No more jobs go to the pool than it has processes: the others wait in turns here,
        not first come first served in the pool's own queue."""
        self._pool = self._new_pool()
        self.answered = 0

    def _new_pool(self) -> ProcessPoolExecutor:
        context = multiprocessing.get_context("spawn")
        return ProcessPoolExecutor(self.processes, context, initializer=start_worker, initargs=(os.getpid(),))

    async def start(self) -> None:
        """Start every worker now, so the first bot move does not wait for Python to start."""
        loop = asyncio.get_running_loop()
        await asyncio.gather(*(loop.run_in_executor(self._pool, _worker_pid) for _ in range(self.processes)))

    async def choose(self, job: BotJob) -> str:
        async with self.shares.turn(job.owner, job.task):
            return await self._run(job)

    def holding(self, owner: str, task: str) -> int:
        return self.shares.holding(owner, task)

    async def _run(self, job: BotJob) -> str:
        loop = asyncio.get_running_loop()
        try:
            move = await loop.run_in_executor(self._pool, work, job)
        except BrokenProcessPool:  # a worker died (killed, out of memory): a fresh pool, once
            log.warning("bot worker died; restarting the pool", extra={"game": job.game})
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = self._new_pool()
            move = await loop.run_in_executor(self._pool, work, job)
        self.answered += 1
        return move

    @staticmethod
    def pids() -> list[int]:
        """The worker processes (the only children this server starts)."""
        return sorted(child.pid for child in multiprocessing.active_children() if child.pid is not None)

    def summary(self) -> dict[str, Any]:
        return {
            "queue": self.kind,
            "processes": self.pids(),
            "answered": self.answered,
            "running": self.shares.running,
            "waiting": self.shares.waiting,
        }

    async def close(self) -> None:
        """Let the workers finish their move and exit (they release what they hold)."""
        await asyncio.to_thread(self._pool.shutdown, wait=True, cancel_futures=True)


PATIENCE_SECONDS = 15.0
"""An instance waits this long for a worker's answer, then thinks the move itself."""
ANSWER_WAIT_SECONDS = 2.0
"""How long a blocking read of a stream asks Redis to wait for an entry (answers, jobs)."""


class RedisBots:
    """Jobs on a Redis stream, answered by ``kashi bot-worker`` processes on any machine; a job
    not answered within ``patience`` seconds (no worker running, one died) is thought here, and
    so is one Redis cannot take now: jobs go out through the process's bounded ``RedisLink`` and
    its breaker, and the answers are read by a client of their own, bounded the same way."""

    kind = "redis"

    def __init__(self, link: RedisLink, instance: str, backlog: int, patience: float) -> None:
        self.link = link
        self.redis: Redis = Redis.from_url(link.url, **bounded_options(link.timeout, ANSWER_WAIT_SECONDS))
        self.answers = ANSWERS.format(instance=instance)
        self.patience = patience
        self.shares = FairShares(backlog)
        self._waiting: dict[str, asyncio.Future[str]] = {}
        self._reader: asyncio.Task[None] | None = None
        self._fallback: LocalBots | None = None
        self.answered = 0
        self.thought_here = 0

    async def start(self) -> None:
        self._reader = asyncio.create_task(self._read_answers())

    async def choose(self, job: BotJob) -> str:
        async with self.shares.turn(job.owner, job.task):
            ticket = secrets.token_hex(8)
            answer = self._waiting[ticket] = asyncio.get_running_loop().create_future()
            try:
                fields: Any = {"ticket": ticket, "reply": self.answers, "job": job.to_json()}
                await self.link.run(
                    lambda redis: redis.xadd(JOBS, fields, maxlen=STREAM_LENGTH, approximate=True), "bot job"
                )
                move: str = await asyncio.wait_for(answer, self.patience)
                self.answered += 1
                return move
            except (TimeoutError, Unavailable) as error:
                log.warning("no bot worker answered; thinking here", extra={"game": job.game, "why": repr(error)})
            finally:
                self._waiting.pop(ticket, None)
        self.thought_here += 1
        return await self._local().choose(job)

    def holding(self, owner: str, task: str) -> int:
        here = self._fallback.holding(owner, task) if self._fallback is not None else 0
        return self.shares.holding(owner, task) + here

    def _local(self) -> LocalBots:
        if self._fallback is None:
            self._fallback = LocalBots(1, backlog=4)
        return self._fallback

    async def _read_answers(self) -> None:
        last = "0"  # the stream is this instance's own: everything in it is an answer for us
        while True:
            try:
                async with asyncio.timeout(self.link.timeout + ANSWER_WAIT_SECONDS):
                    replies: Any = await self.redis.xread(
                        {self.answers: last}, count=100, block=round(ANSWER_WAIT_SECONDS * 1000)
                    )
            except asyncio.CancelledError:
                raise
            except Exception:
                log.warning("reading bot answers failed; retrying", extra={"stream": self.answers})
                await asyncio.sleep(1)
                continue
            for _stream, entries in replies:
                for entry_id, fields in entries:
                    last = entry_id
                    future = self._waiting.get(fields[b"ticket"].decode())
                    if future is not None and not future.done():
                        future.set_result(fields[b"move"].decode())

    def summary(self) -> dict[str, Any]:
        return {
            "queue": self.kind,
            "answered": self.answered,
            "waiting": len(self._waiting),
            "queued": self.shares.waiting,
            "thought_here": self.thought_here,
        }

    async def close(self) -> None:
        if self._reader is not None:
            self._reader.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._reader
        if self._fallback is not None:
            await self._fallback.close()
        await self.redis.aclose()


Bots = LocalBots | RedisBots


def make_bots(queue: str, processes: int, backlog: int, link: RedisLink | None, instance: str) -> Bots:
    if queue == "redis" and link:
        return RedisBots(link, instance, backlog, patience=PATIENCE_SECONDS)
    return LocalBots(processes, backlog)


def worker_client(url: str, timeout: float) -> Any:
    """A bot worker's blocking Redis client, every call bounded as the server's are: a Redis
    that hangs costs the worker ``timeout`` seconds a call (beyond a read's own wait), and it
    reconnects, never sitting on a dead connection."""
    import redis
    from redis.retry import Retry

    return redis.Redis.from_url(url, **bounded_options(timeout, ANSWER_WAIT_SECONDS, Retry))


def serve_jobs(url: str, consumer: str, log_level: str = "info", parent: int | None = None) -> None:
    """``kashi bot-worker``: answer jobs from the stream until stopped (or, given the ``parent``
    process, until it is gone). Each job goes to exactly one worker of the consumer group; a job
    older than an instance's patience is dropped (its instance has thought the move itself).
    Every Redis call is bounded by ``KASHI_REDIS_TIMEOUT_SECONDS``, as the server's are."""
    import redis

    setup_logging(log_level)
    if parent is not None:
        _leave_with(parent)
    client = worker_client(url, Settings.from_env().redis_timeout_seconds)
    log.info("bot worker ready", extra={"consumer": consumer})
    delay = 0.25
    while True:
        try:
            with contextlib.suppress(redis.ResponseError):  # the group exists already
                client.xgroup_create(JOBS, GROUP, id="$", mkstream=True)
            for entry_id, fields in _next_jobs(client, consumer):
                _answer(client, fields)
                client.xack(JOBS, GROUP, entry_id)
            delay = 0.25
        except redis.RedisError as error:
            log.warning("bot worker lost Redis; reconnecting", extra={"why": repr(error), "retry_seconds": delay})
            time.sleep(delay)
            delay = min(delay * 2, 8.0)


def _answer(client: Any, fields: dict[bytes, bytes]) -> None:
    job = BotJob.from_json(fields[b"job"])
    if time.time() - job.sent_at > PATIENCE_SECONDS:
        log.info("bot job too old; dropped", extra={"game": job.game})
        return
    answer = {"ticket": fields[b"ticket"], "move": work(job)}
    client.xadd(fields[b"reply"].decode(), answer, maxlen=STREAM_LENGTH, approximate=True)
    log.info("bot answer", extra={"game": job.game, "seat": job.seat, "task": job.task})


def _next_jobs(client: Any, consumer: str) -> Iterator[tuple[bytes, dict[bytes, bytes]]]:
    batches = client.xreadgroup(GROUP, consumer, {JOBS: ">"}, count=1, block=round(ANSWER_WAIT_SECONDS * 1000)) or []
    for _stream, entries in batches:
        yield from entries
