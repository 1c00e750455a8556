"""Reviews of finished games: asked for over HTTP, computed by a background job, kept with the game.

``POST /api/games/{id}/review`` queues the review of a finished game (once: asking again returns
the stored one) and ``GET`` reports it. Each instance runs one ``Reviewer``: a task that claims
a queued job, or one whose lease ran out, in the database (a guarded update, so exactly one
instance gets it), and has the expert judge the game's decisions in a worker process, never on
the event loop. It stores the verdicts and renews its lease as it goes, so a job survives a
restart: whoever takes it up next continues from the last verdict stored (each decision is
seeded by its place in the record, so the result does not depend on where it stopped).

Players take turns: a job works for ``SLICE_SECONDS`` at a time and then, if another player's
review is waiting, hands the worker on (queued again, its verdicts kept); the next job is the
one of the player served least recently, so one player's five reviews hold up another's by one
slice, not five reviews. A player may have ``KASHI_REVIEWS_PER_PLAYER`` reviews queued or
running; beyond, 429 ``server.too_many_reviews`` with ``Retry-After``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import multiprocessing
import os
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Annotated, Any, cast

from fastapi import APIRouter, HTTPException, Path, Request
from sqlalchemy import CursorResult, func, or_, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from kashi.bots.review import Verdict, better_frames, count_decisions, mistakes, review
from kashi.core.record import Record
from kashi.server import store
from kashi.server.accounts import CallerId, hub_of
from kashi.server.archive import record_of
from kashi.server.bot_workers import start_worker
from kashi.server.finite_json import FiniteJsonRoute
from kashi.server.limits import refuse
from kashi.server.logs import log
from kashi.server.messages import reason
from kashi.server.models import ReviewRow
from kashi.server.schemas import Empty

router = APIRouter(prefix="/api", tags=["records"], route_class=FiniteJsonRoute)
GameId = Annotated[str, Path(min_length=1, max_length=32, pattern=r"^[A-Za-z0-9_-]+$")]

UNFINISHED = ("queued", "running")
SAVE_SECONDS = 1.0
"""Verdicts are stored (and the lease renewed) at least this often while a job runs."""
SLICE_SECONDS = 2.0
"""A job hands the worker on after this long when another player's review is waiting."""
RETRY_SECONDS = 30
"""When a player at the limit of reviews in flight may ask again (``Retry-After``)."""
CANDIDATES = 64
MAX_PLAYERS_KEPT = 10_000
"""Players whose last turn the reviewer remembers."""
"""Jobs looked at for the next turn (the oldest claimable; each player has a few at most)."""
WORKER_DEATHS = 3
"""A job whose game has killed the worker process this many times is given up as ``failed``,
so that it does not hold up every job queued after it."""


# -- the worker process ----------------------------------------------------------------------


def judge_decisions(record_text: str, budget: float, first: int, stop: int) -> list[dict[str, Any]]:
    """The verdicts of decisions ``first`` to ``stop`` (in a worker process)."""
    return [verdict.to_json() for verdict in review(Record.from_text(record_text), budget, first, stop)]


def list_mistakes(record_text: str, verdicts: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The biggest mistakes, each with the frame after its better move (in a worker process)."""
    chosen = mistakes([Verdict.from_json(verdict) for verdict in verdicts])
    frames = better_frames(Record.from_text(record_text), chosen)
    return [{**verdict.to_json(), "better": frames[verdict.ply]} for verdict in chosen]


# -- the job ---------------------------------------------------------------------------------


class Reviewer:
    """Runs this instance's review jobs one at a time, in one worker process started on demand,
    the players who asked for them in turns."""

    def __init__(
        self,
        sessions: async_sessionmaker[AsyncSession],
        instance: str,
        lease_seconds: float,
        budget: float,
        slice_seconds: float = SLICE_SECONDS,
    ) -> None:
        self.sessions = sessions
        self.instance = instance
        self.lease_seconds = lease_seconds
        self.budget = budget
        self.slice_seconds = slice_seconds
        self._served: dict[str, float] = {}
        """When each player's job last had the worker (by ``time.monotonic``)."""
        self._wake = asyncio.Event()
        self._task: asyncio.Task[None] | None = None
        self._pool: ProcessPoolExecutor | None = None
        self._deaths: Counter[str] = Counter()  # how often each game's job killed the worker

    def start(self) -> None:
        self._task = asyncio.create_task(self._run())

    def wake(self) -> None:
        self._wake.set()

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
        if self._pool is not None:
            await asyncio.to_thread(self._pool.shutdown, wait=False, cancel_futures=True)

    async def _run(self) -> None:
        """Take up every job there is, then wait to be woken or for a lease to run out elsewhere."""
        while True:
            try:
                game_id = await self._claim_next()
                if game_id is not None:
                    await self._work(game_id)
                    continue
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("review jobs: unexpected error; trying again shortly")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._wake.wait(), self.lease_seconds)
            self._wake.clear()

    def _claimable(self, now: float) -> Any:
        return ReviewRow.status.in_(UNFINISHED) & or_(
            ReviewRow.lease_until.is_(None), ReviewRow.lease_until < now, ReviewRow.worker == self.instance
        )

    async def _claim_next(self) -> str | None:
        """A job nobody holds, now held by this instance; None when there is none. Of the oldest
        jobs, that of the player served least recently (never: first), the oldest of theirs."""
        now = time.time()
        async with self.sessions() as session:
            query = (
                select(ReviewRow.game_id, ReviewRow.requester)
                .where(self._claimable(now))
                .order_by(ReviewRow.created_at)
                .limit(CANDIDATES)
            )
            rows = (await session.execute(query)).all()
        turns = sorted(range(len(rows)), key=lambda index: (self._served.get(rows[index][1] or "", -1.0), index))
        for index in turns:
            if await self._hold(rows[index][0], {"status": "running"}, claim=True):
                return str(rows[index][0])
        return None

    async def _others_waiting(self, requester: str | None) -> bool:
        """Whether a job of another player's is waiting for a worker."""
        async with self.sessions() as session:
            query = (
                select(ReviewRow.game_id)
                .where(self._claimable(time.time()), ReviewRow.requester.is_distinct_from(requester))
                .limit(1)
            )
            return (await session.execute(query)).first() is not None

    async def _hold(self, game_id: str, values: dict[str, Any], claim: bool = False) -> bool:
        """Write ``values`` and renew the lease, only while this instance may hold the job."""
        now = time.time()
        held = self._claimable(now) if claim else ReviewRow.worker == self.instance
        statement = (
            update(ReviewRow)
            .where(ReviewRow.game_id == game_id, held)
            .values({"worker": self.instance, "lease_until": now + self.lease_seconds, "updated_at": now, **values})
        )
        async with self.sessions() as session, session.begin():
            return cast(CursorResult[Any], await session.execute(statement)).rowcount == 1

    async def _work(self, game_id: str) -> None:
        snapshot = await store.load(self.sessions, game_id)
        async with self.sessions() as session:
            row = await session.get(ReviewRow, game_id)
        if snapshot is None or row is None:
            return
        try:
            await self._judge(game_id, snapshot, row)
        finally:
            if len(self._served) >= MAX_PLAYERS_KEPT:
                self._served.clear()  # all are equal again, once in a long while
            self._served[row.requester or ""] = time.monotonic()

    async def _judge(self, game_id: str, snapshot: store.Snapshot, row: ReviewRow) -> None:
        record_text = record_of(snapshot).to_text()
        verdicts: list[dict[str, Any]] = json.loads(row.moves)
        total = count_decisions(Record.from_text(record_text))
        log.info("review started", extra={"game": game_id, "from": len(verdicts), "total": total})
        try:
            saved = time.monotonic()
            look = saved + self.slice_seconds  # when to look for another player's job next
            while len(verdicts) < total:
                first = len(verdicts)
                verdicts += await self._compute(judge_decisions, record_text, row.budget, first, first + 1)
                progress = {"done": len(verdicts), "total": total, "moves": json.dumps(verdicts)}
                if len(verdicts) < total and time.monotonic() >= look:
                    if await self._others_waiting(row.requester):
                        handed_on = {**progress, "status": "queued", "worker": None, "lease_until": None}
                        if await self._hold(game_id, handed_on):
                            log.info("review handed on", extra={"game": game_id, "done": len(verdicts)})
                        return
                    look = time.monotonic() + self.slice_seconds
                if time.monotonic() - saved >= SAVE_SECONDS or len(verdicts) == total:
                    saved = time.monotonic()
                    if not await self._hold(game_id, progress):
                        return  # another instance took it over: this one stops
            found = await self._compute(list_mistakes, record_text, verdicts)
            await self._hold(game_id, {"status": "done", "mistakes": json.dumps(found), "lease_until": None})
            log.info("review done", extra={"game": game_id, "mistakes": len(found)})
        except BrokenProcessPool:
            self._deaths[game_id] += 1
            if self._deaths[game_id] < WORKER_DEATHS:
                raise  # perhaps not this game's doing: the job is taken up again in a fresh worker
            del self._deaths[game_id]
            log.error(
                "review failed: its game killed the worker every time", extra={"game": game_id, "tries": WORKER_DEATHS}
            )
            await self._hold(game_id, {"status": "failed", "lease_until": None})
        except Exception:
            log.exception("review failed", extra={"game": game_id})
            await self._hold(game_id, {"status": "failed", "lease_until": None})

    async def _compute(self, function: Any, *arguments: Any) -> Any:
        loop = asyncio.get_running_loop()
        if self._pool is None:
            context = multiprocessing.get_context("spawn")
            self._pool = ProcessPoolExecutor(1, context, initializer=start_worker, initargs=(os.getpid(),))
        try:
            return await loop.run_in_executor(self._pool, function, *arguments)
        except BrokenProcessPool:  # the worker died (killed, out of memory): a fresh one next time
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None
            raise


# -- the routes ------------------------------------------------------------------------------


def review_json(row: ReviewRow | None, total: int) -> dict[str, Any]:
    if row is None:
        return {"status": "none", "done": 0, "total": total, "moves": [], "mistakes": []}
    return {
        "status": row.status,
        "done": row.done,
        "total": row.total,
        "moves": json.loads(row.moves),
        "mistakes": json.loads(row.mistakes),
    }


async def finished_game(request: Request, game_id: str) -> store.Snapshot:
    snapshot = await store.load(hub_of(request).sessions, game_id)
    if snapshot is None:
        raise HTTPException(404, reason("server.no_game", game=game_id))
    if snapshot.row.status != "finished":
        raise HTTPException(409, reason("server.review_unfinished"))
    return snapshot


async def in_flight(session: AsyncSession, requester: str) -> int:
    """The reviews ``requester`` asked for that are queued or running."""
    query = select(func.count()).where(ReviewRow.requester == requester, ReviewRow.status.in_(UNFINISHED))
    return int((await session.execute(query)).scalar_one())


def decisions_of(snapshot: store.Snapshot) -> int:
    return sum(event.seat is not None for event in snapshot.events)


@router.get("/games/{game_id}/review")
async def get_review(game_id: GameId, request: Request) -> dict[str, Any]:
    """The game's review: ``status`` ``none`` (never asked for), ``queued``, ``running``, ``done``
    or ``failed``; the verdicts so far, and once done the biggest mistakes."""
    snapshot = await finished_game(request, game_id)
    async with hub_of(request).sessions() as session:
        return review_json(await session.get(ReviewRow, game_id), decisions_of(snapshot))


@router.post("/games/{game_id}/review")
async def ask_review(game_id: GameId, _body: Empty, user_id: CallerId, request: Request) -> dict[str, Any]:
    """Queue the game's review; one already asked for is returned as it stands. A player with
    ``KASHI_REVIEWS_PER_PLAYER`` reviews queued or running is refused (429) a new one."""
    snapshot = await finished_game(request, game_id)
    hub = hub_of(request)
    reviewer: Reviewer = request.app.state.reviewer
    now = time.time()
    total = decisions_of(snapshot)
    async with hub.sessions() as session:
        if (row := await session.get(ReviewRow, game_id)) is None:
            limit = hub.settings.reviews_per_player
            if await in_flight(session, user_id) >= limit:
                raise refuse("server.too_many_reviews", RETRY_SECONDS, limit=limit)
            row = ReviewRow(
                game_id=game_id, status="queued", budget=reviewer.budget, done=0, total=total, moves="[]",
                mistakes="[]", worker=None, lease_until=None, created_at=now, updated_at=now, requester=user_id,
            )  # fmt: skip
            session.add(row)
            try:
                await session.commit()
            except IntegrityError:  # asked for twice at once: the other request stored it
                await session.rollback()
                row = await session.get(ReviewRow, game_id)
    reviewer.wake()
    return review_json(row, total)
