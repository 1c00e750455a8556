"""Stand-ins: a computer plays a person's seat when the player runs out of time (``room_clock``),
when the others choose so for a player away (``room_departures``), or when the player hands the
seat over or leaves; it keeps the seat until the player asks for it back. A game a stand-in
played in is casual from then on: nobody's rating moves on a computer's play.

A rated game whose seat's holder never opened it (a seat taken through the lobby alone) is
abandoned once the grace period runs out, and counts for nobody."""

from __future__ import annotations

import asyncio
import contextlib
import time
from typing import Any

from kashi.server import store
from kashi.server.logs import log
from kashi.server.room_cache import GameCache
from kashi.server.room_guard import Guard
from kashi.server.room_presence import Presence
from kashi.server.room_tasks import Tasks

HAND_BACK_TRIES = 5
"""How often a returning player's seats are asked back when another change keeps landing first."""


class StandIns:
    def __init__(
        self,
        cache: GameCache,
        presence: Presence,
        log: store.EventLog,
        guard: Guard,
        tasks: Tasks,
        grace_seconds: float,
    ) -> None:
        self.cache = cache
        self.presence = presence
        self.log = log
        self.guard = guard
        self.tasks = tasks
        self.grace_seconds = grace_seconds
        self._grace: dict[int, asyncio.Task[None]] = {}
        """The absent seats' timers: each ends with a stand-in unless the player returns."""

    def start_grace(self, seat: int) -> None:
        """Count down to abandoning a rated game whose player never came (only the game's
        owner runs timers)."""
        if self.cache.status != "active" or seat in self._grace or self.cache.seats[seat].standin:
            return
        self._grace[seat] = self.tasks.spawn(self._absent(seat))

    def cancel_grace(self, seat: int) -> None:
        task = self._grace.pop(seat, None)
        if task is not None:
            task.cancel()

    def cancel_all(self) -> None:
        for seat in list(self._grace):
            self.cancel_grace(seat)

    async def _absent(self, seat: int) -> None:
        await asyncio.sleep(self.grace_seconds)
        async with self.guard.lock:
            self._grace.pop(seat, None)
            await self.guard.refresh()
            await self.presence.read()
            info = self.cache.seats[seat]
            if self.cache.status != "active" or info.standin or info.kind != "person" or self.presence.is_present(seat):
                return
            if await self._never_joined(seat):
                await self._abandon(seat)
                self.guard.announce()

    async def take_over(self, seat: int) -> None:
        """A bot takes the seat, or, in a rated game whose holder of the seat never opened it,
        the game is abandoned: nobody is played for, or rated, without having joined."""
        if await self._never_joined(seat):
            await self._abandon(seat)
        else:
            await self.set_standin([seat], True)

    async def _never_joined(self, seat: int) -> bool:
        cache = self.cache
        return cache.rated and not await store.ever_connected(cache.sessions, cache.id, seat)

    async def _abandon(self, seat: int) -> None:
        cache = self.cache
        log.info("never joined: the rated game is abandoned", extra={"game": cache.id, "seat": seat})
        values = {"status": "abandoned", "result": f"seat {seat} never joined", "finished_at": time.time()}
        with contextlib.suppress(store.Conflict):  # another change came first: the caller decides again
            await self.log.commit(cache.id, cache.version, values)
        await cache.reload()
        self.cancel_all()

    async def hand_back(self, owned: set[int]) -> bool:
        """Give the seats a stand-in holds back to their returning player; a write that meets
        another change first (a move stored that instant) is tried again on the new version."""
        for _ in range(HAND_BACK_TRIES):
            returning = [seat for seat in sorted(owned) if self.cache.seats[seat].standin]
            if not returning or self.cache.status != "active":
                return False
            if await self.set_standin(returning, False):
                return True
        log.warning("seats not handed back after repeated conflicts", extra={"game": self.cache.id})
        return False

    async def set_standin(self, seats: list[int], standin: bool) -> bool:
        """Hand seats to a bot (the game turns casual), or back to their player (with a fresh
        turn if it is theirs); False, having changed nothing, if another change was stored first."""
        cache = self.cache
        values: dict[str, Any] = {"rated": False} if standin else {}
        if not standin and cache.game.state.current_player in seats:
            values["turn_started_at"] = time.time()
        changes = {
            seat: {"standin": standin, "clock_ms": cache.clock.bank_on_return(cache.seats[seat].clock_ms)}
            if not standin
            else {"standin": True}
            for seat in seats
        }
        try:
            await self.log.commit(cache.id, cache.version, values, seats=changes)
            landed = True
        except store.Conflict:
            landed = False
        await cache.reload()
        return landed
