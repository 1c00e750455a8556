"""Takeback requests between people: a player asks to take their last move back, and every
other person at the table accepts or declines (the takeback against computers, which needs
nobody's consent, is ``room_requests``).

The request is kept with the game (``games.takeback_ask``: who asked, at which version, who has
accepted), so every instance shows it; any other change of the game (a move, a resignation)
leaves it behind, since it names the version it was made at. Nothing hidden or random may be
taken back (``room_requests.last_move_of``).
"""

from __future__ import annotations

import json
import time
from typing import Any

from kashi.server import store
from kashi.server.logs import log
from kashi.server.messages import reason
from kashi.server.room_cache import GameCache
from kashi.server.room_guard import Guard
from kashi.server.room_moves import Refusal
from kashi.server.room_requests import last_move_of, takeback_record


def pending_ask(cache: GameCache) -> dict[str, Any] | None:
    """The takeback request standing at the game's current version: ``seat`` (who asked) and
    ``yes`` (who has accepted), or None."""
    stored = cache.row.takeback_ask
    ask: dict[str, Any] | None = json.loads(stored) if stored else None
    if ask is None or ask["version"] != cache.version or cache.status != "active":
        return None
    return {"seat": ask["seat"], "yes": ask["yes"]}


def deciders(cache: GameCache, asker: int) -> set[int]:
    """The seats whose people must accept: every person's seat but the asker's identity's, not
    played by a computer."""
    user = cache.seats[asker].user_id
    return {
        info.seat
        for info in cache.seats
        if info.kind == "person" and not info.standin and info.user_id not in (None, user)
    }


class TakebackAsks:
    def __init__(self, cache: GameCache, log: store.EventLog, guard: Guard) -> None:
        self.cache = cache
        self.log = log
        self.guard = guard

    async def ask(self, user_id: str | None, version: int) -> Refusal | None:
        """Ask the others to let the player take their last move back."""
        async with self.guard.lock:
            await self.guard.refresh()
            cache = self.cache
            if cache.status != "active":
                return reason("server.not_started" if cache.status == "waiting" else "server.finished")
            if version != cache.version:
                return reason("server.stale", current=cache.version, sent=version)
            owned = cache.owned(user_id)
            if len(owned) != 1 or not deciders(cache, min(owned)):
                return reason("server.ask_needs_people")
            if pending_ask(cache) is not None:
                return reason("server.ask_pending")
            keep = last_move_of(cache, owned)
            if isinstance(keep, dict):
                return keep
            ask = {"seat": min(owned), "version": version + 1, "yes": []}
            return await self._store({"takeback_ask": json.dumps(ask)})

    async def answer(self, user_id: str | None, accept: bool) -> Refusal | None:
        """Accept or decline the standing request; the last acceptance takes the move back."""
        async with self.guard.lock:
            await self.guard.refresh()
            cache = self.cache
            ask = pending_ask(cache)
            if ask is None:
                return reason("server.no_ask")
            owned = cache.owned(user_id) & deciders(cache, ask["seat"])
            if not owned:
                return reason("server.ask_not_yours")
            if not accept:
                log.info("takeback declined", extra={"game": cache.id})
                return await self._store({"takeback_ask": None})
            yes = sorted(set(ask["yes"]) | owned)
            if set(yes) < deciders(cache, ask["seat"]):
                stored = {"seat": ask["seat"], "version": cache.version + 1, "yes": yes}
                return await self._store({"takeback_ask": json.dumps(stored)})
            return await self._take_back(ask["seat"])

    async def _take_back(self, seat: int) -> Refusal | None:
        cache = self.cache
        keep = last_move_of(cache, {seat})
        if isinstance(keep, dict):
            return keep
        user_id = cache.seats[seat].user_id
        assert user_id is not None, "a person's seat"
        record = takeback_record(cache, keep, user_id)
        values = {"turn_started_at": time.time(), "takeback_ask": None}
        log.info("takeback accepted", extra={"game": cache.id, "from": keep + 1})
        return await self._store(values, remove_from=keep + 1, takeback=record)

    async def _store(self, values: dict[str, Any], **change: Any) -> Refusal | None:
        cache = self.cache
        version = cache.version
        try:
            await self.log.commit(cache.id, version, values, **change)
        except store.Conflict:
            await cache.reload()
            return reason("server.stale", current=cache.version, sent=version)
        await cache.reload()
        self.guard.announce()
        return None
