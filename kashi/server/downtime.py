"""The service's downtime, kept out of the players' clocks, and only its downtime.

Every instance writes the time it was last alive into one shared row (``heartbeats``) every
``BEAT_SECONDS``, and once more when it stops. An instance that starts reads that time first:
older than ``OUTAGE_SECONDS``, every instance was down since, and the outage, from the last beat
to this start, is added to the turn start of every game in play, in the same transaction that
claims the outage (a guarded update of the beat), so instances starting together add it once.
The time the player to move thought before the crash stays on their clock: the turn start is
the stored one, moved on by the outage alone. What is forgiven beyond the outage is at most the
time between the last beat and the crash (under ``BEAT_SECONDS``); a restart quicker than
``OUTAGE_SECONDS`` is not taken for an outage, and counts against the player to move.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from typing import Any, cast

from sqlalchemy import CursorResult, select, update
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from kashi.server.logs import log
from kashi.server.models import GameRow, HeartbeatRow

BEAT_SECONDS = 1.0
OUTAGE_SECONDS = 2.5
SERVICE = "service"


class Heartbeat:
    def __init__(self, sessions: async_sessionmaker[AsyncSession]) -> None:
        self.sessions = sessions
        self._task: asyncio.Task[None] | None = None

    async def resume(self) -> float:
        """Take an outage that ended with this start out of the games in play, then beat; the
        seconds taken out (0: none, or another instance took them)."""
        now = time.time()
        async with self.sessions() as session, session.begin():
            last = await session.scalar(select(HeartbeatRow.alive_at).where(HeartbeatRow.name == SERVICE))
            if last is None:
                session.add(HeartbeatRow(name=SERVICE, alive_at=now))
                shifted = 0.0
            elif now - last <= OUTAGE_SECONDS:
                shifted = 0.0
            else:
                shifted = await _take_out(session, last, now)
        if shifted:
            log.info("downtime taken out of the games in play", extra={"seconds": round(shifted, 3)})
        self._task = asyncio.create_task(self._beat())
        return shifted

    async def _beat(self) -> None:
        while True:
            try:
                await self.beat()
            except Exception:
                log.exception("the heartbeat was not written; trying again")
            await asyncio.sleep(BEAT_SECONDS)

    async def beat(self) -> None:
        async with self.sessions() as session, session.begin():
            now = time.time()
            chosen = HeartbeatRow.name == SERVICE, HeartbeatRow.alive_at < now
            await session.execute(update(HeartbeatRow).where(*chosen).values(alive_at=now))

    async def close(self) -> None:
        """Stop beating, with a last beat: a stop is downtime from now on."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        with contextlib.suppress(Exception):
            await self.beat()


async def _take_out(session: AsyncSession, last: float, now: float) -> float:
    """Claim the outage since ``last`` and move on the turn start of every game in play by the
    part of it that fell in its turn; 0 if another instance claimed it first.

    The games' versions stay: they count the changes to play, which a reconnecting player resumes
    from, and no instance holds a game to be told (every one was down)."""
    claim = update(HeartbeatRow).where(HeartbeatRow.name == SERVICE, HeartbeatRow.alive_at == last)
    if cast(CursorResult[Any], await session.execute(claim.values(alive_at=now))).rowcount != 1:
        return 0.0
    rows = await session.execute(
        select(GameRow.id, GameRow.turn_started_at).where(GameRow.status == "active", GameRow.turn_started_at < now)
    )
    for game_id, started in rows.all():
        assert started is not None  # a game in play has its turn's start
        later = started + (now - max(last, started))
        moved = update(GameRow).where(GameRow.id == game_id, GameRow.turn_started_at == started)
        await session.execute(moved.values(turn_started_at=later))
    return now - last
