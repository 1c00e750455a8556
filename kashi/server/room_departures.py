"""A player away, or going: what the others may decide for an absent seat, and what a player
may do with their own (resign, leave, hand the seat to a computer and take it back).

A person away (``room_presence``) is shown to everyone with the moment the others may decide;
their clock runs meanwhile. From then on any other person at the table may let a computer finish
the seat (the game becomes casual: ``StandIns.set_standin``) or, with two players, claim the win
(rated only when the game was rated and the absence lasted ``long_absence_seconds``). A table
with nobody else to decide (hot-seat, against computers) simply waits for its player.
"""

from __future__ import annotations

import math
import time
from typing import Any

from kashi.core.outcome import CLAIMED, RESIGNED, Termination
from kashi.server import ratings, store
from kashi.server.logs import log
from kashi.server.messages import reason
from kashi.server.room_cache import GameCache
from kashi.server.room_guard import Guard
from kashi.server.room_moves import Refusal
from kashi.server.room_presence import Presence
from kashi.server.room_standins import StandIns
from kashi.server.room_tasks import Tasks


def absences(cache: GameCache, presence: Presence, grace_seconds: float, now: float) -> list[dict[str, Any] | None]:
    """Per seat: None, or for a person away whom another person at the table could decide for,
    since when (``since``), from when the others may decide (``decide_at``, epoch seconds) and
    whether they may claim the win (two players)."""
    away = presence.away_since(now)
    shown: list[dict[str, Any] | None] = []
    for info in cache.seats:
        since = away.get(info.seat)
        others = [
            other
            for other in cache.seats
            if other.kind == "person" and not other.standin and other.user_id not in (None, info.user_id)
        ]
        if cache.status != "active" or since is None or info.kind != "person" or info.standin or not others:
            shown.append(None)
        else:
            shown.append({"since": since, "decide_at": since + grace_seconds, "claim": cache.row.players == 2})
    return shown


class Departures:
    def __init__(
        self,
        cache: GameCache,
        presence: Presence,
        standins: StandIns,
        log: store.EventLog,
        guard: Guard,
        tasks: Tasks,
        grace_seconds: float,
        long_absence_seconds: float,
    ) -> None:
        self.cache = cache
        self.presence = presence
        self.standins = standins
        self.log = log
        self.guard = guard
        self.tasks = tasks
        self.grace_seconds = grace_seconds
        self.long_absence_seconds = long_absence_seconds
        self._asked_at = cache.version
        """The version a request was decided on (under the lock): what a conflict names."""

    async def decide(self, user_id: str | None, seat: int, choice: str) -> Refusal | None:
        """Another player's choice for ``seat``, away past the grace period: ``standin`` or
        ``claim``."""
        async with self.guard.lock:
            await self.guard.refresh()
            await self.presence.read()
            self._asked_at = self.cache.version
            now = time.time()
            refusal = self._check_decision(user_id, seat, choice, now)
            if refusal is not None:
                return refusal
            if choice == "standin":
                landed = await self.standins.set_standin([seat], True)
            else:
                since = self.presence.away_since(now)[seat]
                long = now - since >= self.long_absence_seconds
                landed = await self._forfeit(seat, CLAIMED, rated=self.cache.row.rated and long)
            return self._landed(landed)

    def _check_decision(self, user_id: str | None, seat: int, choice: str, now: float) -> Refusal | None:
        cache = self.cache
        if cache.status != "active":
            return reason("server.not_started" if cache.status == "waiting" else "server.finished")
        chooser = [info for info in cache.seats if info.seat in cache.owned(user_id) and not info.standin]
        if seat >= len(cache.seats) or not chooser or seat in cache.owned(user_id):
            return reason("server.choice_not_yours", seat=seat)
        shown = absences(cache, self.presence, self.grace_seconds, now)[seat]
        if shown is None:
            return reason("server.not_away", seat=seat)
        if now < shown["decide_at"]:
            return reason("server.away_wait", seat=seat, seconds=math.ceil(shown["decide_at"] - now))
        if choice == "claim" and not shown["claim"]:
            return reason("server.claim_many")
        return None

    async def resign(self, user_id: str | None) -> Refusal | None:
        """Two players: the game ends, the other wins (rated if the game is). Three or four: the
        player leaves, a computer taking the seat; with no person left, the game is abandoned."""
        async with self.guard.lock:
            await self.guard.refresh()
            cache = self.cache
            self._asked_at = cache.version
            owned = cache.owned(user_id)
            refusal = self._check_own(owned)
            if refusal is not None:
                return refusal
            if len(owned) > 1:
                return reason("server.resign_hot_seat")
            seat = min(owned)
            if cache.row.players == 2:
                return self._landed(await self._forfeit(seat, RESIGNED, rated=cache.row.rated))
            people = [info for info in cache.seats if info.kind == "person" and not info.standin]
            if all(info.seat == seat for info in people):
                return self._landed(await self._abandon(f"seat {seat} left, the last person"))
            log.info("a player leaves: a computer takes the seat", extra={"game": cache.id, "seat": seat})
            return self._landed(await self.standins.set_standin([seat], True))

    async def hand_over(self, user_id: str | None, on: bool) -> Refusal | None:
        """Hand the player's seats to a computer (``on``), or take them back."""
        async with self.guard.lock:
            await self.guard.refresh()
            self._asked_at = self.cache.version
            owned = self.cache.owned(user_id)
            refusal = self._check_own(owned)
            if refusal is not None:
                return refusal
            playing = sorted(seat for seat in owned if not self.cache.seats[seat].standin)
            if on and not playing:
                return reason("server.standin_already")
            if not on and len(playing) == len(owned):
                return reason("server.no_standin")
            landed = await (self.standins.set_standin(playing, True) if on else self.standins.hand_back(owned))
            return self._landed(landed)

    def _check_own(self, owned: set[int]) -> Refusal | None:
        status = self.cache.status
        if status != "active":
            return reason("server.not_started" if status == "waiting" else "server.finished")
        return None if owned else reason("server.no_seat")

    def _landed(self, landed: bool) -> Refusal | None:
        """Tell everyone of a change that was stored; else another change came first (a move
        stored that instant): the player sees the new state and may ask again."""
        if not landed:
            return reason("server.stale", current=self.cache.version, sent=self._asked_at)
        self.guard.announce()
        return None

    async def _forfeit(self, seat: int, how: Termination, rated: bool) -> bool:
        """End the game with ``seat`` forfeiting; its ratings are settled if it stays rated."""
        log.info("forfeit", extra={"game": self.cache.id, "seat": seat, "how": how, "rated": rated})
        values = {
            "status": "finished",
            "result": f"seat {seat} {how}",
            "finished_at": time.time(),
            "forfeit_seat": seat,
            "ended_by": str(how),
            "rated": rated,
        }
        landed = await self._commit(values)
        if landed:
            self.tasks.spawn(ratings.settle(self.cache.sessions, self.cache.id))
        return landed

    async def _abandon(self, why: str) -> bool:
        return await self._commit({"status": "abandoned", "result": why, "finished_at": time.time()})

    async def _commit(self, values: dict[str, Any]) -> bool:
        cache = self.cache
        try:
            await self.log.commit(cache.id, cache.version, values)
            landed = True
        except store.Conflict:
            landed = False
        await cache.reload()
        if cache.status != "active":
            self.standins.cancel_all()
        return landed
