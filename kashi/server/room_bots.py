"""The moves of the seats a bot plays (its own or a stand-in's): one worker job per position,
the job of the game's creator (its share of the bot work, ``bot_workers.FairShares``)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from kashi.server.bot_workers import BotJob, Bots
from kashi.server.logs import log
from kashi.server.room_cache import GameCache
from kashi.server.room_tasks import Tasks
from kashi.server.seeds import bot_seed

Submit = Callable[[str, int], Awaitable[dict[str, Any] | None]]
"""Submit a bot's move at a version: a refusal, or None when it was stored."""


class BotTurns:
    def __init__(
        self,
        cache: GameCache,
        bots: Bots,
        seconds: float | None,
        lock: asyncio.Lock,
        tasks: Tasks,
        submit: Submit,
        reschedule: Callable[[], None],
    ) -> None:
        self.cache = cache
        self.bots = bots
        self.seconds = seconds
        """How long a bot may think per move (None: as its level says)."""
        self.lock = lock
        self.tasks = tasks
        self.submit = submit
        self.reschedule = reschedule
        """Start again what the game waits for (after a move that could not be thought)."""
        self._version = -1
        """The version whose move is being thought (-1: none), so each is asked for once."""

    def start(self, seat: int) -> None:
        """Have a bot move for ``seat``, unless it is thinking this position already."""
        if self._version != self.cache.version:
            self._version = self.cache.version
            self.tasks.spawn(self._turn(seat, self.cache.version))

    def forget(self) -> None:
        """Ask again when this instance runs the bots next (another may run them meanwhile)."""
        self._version = -1

    async def _turn(self, seat: int, version: int) -> None:
        cache = self.cache
        info = cache.seats[seat]
        level = info.bot_level if info.kind == "bot" and info.bot_level else cache.row.absent_bot
        job = BotJob(
            game=cache.id,
            record=cache.game.record().to_text(),
            seat=seat,
            level=level,
            seed=bot_seed(cache.row.seed, version),
            seconds=self.seconds,
            owner=cache.row.creator_id,
        )
        try:
            move = await self.bots.choose(job)
        except Exception:  # no worker could answer (Redis gone, the pool broken): try again soon
            log.exception("no bot move; trying again", extra={"game": cache.id, "seat": seat})
            await asyncio.sleep(1)
            async with self.lock:
                if self._version == version:
                    self._version = -1
                    self.reschedule()
            return
        refusal = await self.submit(move, version)
        if refusal is not None and refusal["key"] != "server.stale":
            log.warning("bot move refused", extra={"game": cache.id, "seat": seat, "reason": refusal["text"]})
