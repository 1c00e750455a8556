"""What a player may ask of a game besides a move: a preview of a move's score, a hint, a takeback.

Each is answered for the asker's identity alone, and only where it gives nothing away: a preview
plays on the mover's own view, hints and takebacks need a table of bots (or a hot seat).
"""

from __future__ import annotations

import asyncio
import json
import time
from typing import Any

from kashi.core.errors import KashiError
from kashi.server import store
from kashi.server.bot_workers import BotJob, Bots
from kashi.server.logs import log
from kashi.server.messages import reason
from kashi.server.room_cache import GameCache
from kashi.server.room_guard import Guard
from kashi.server.room_moves import Refusal


def check_takeback(cache: GameCache, user_id: str | None, version: int) -> Refusal | int:
    """A refusal, or how many events stay: the identity's last move and the bot moves after it
    go, if nothing hidden or random came in between and every other seat is a bot or its own."""
    if cache.status != "active":
        return reason("server.not_started" if cache.status == "waiting" else "server.finished")
    if version != cache.version:
        return reason("server.stale", current=cache.version, sent=version)
    owned = cache.owned(user_id)
    if not owned:
        return reason("server.no_seat")
    if any(seat.kind != "bot" and seat.seat not in owned for seat in cache.seats):
        return reason("server.takeback_not_alone")
    if cache.rated:
        return reason("server.takeback_rated")  # else a rating could be bought with retries
    return last_move_of(cache, owned)


def last_move_of(cache: GameCache, owned: set[int]) -> Refusal | int:
    """How many events stay when the last move of ``owned`` goes with every event after it, or
    why it cannot go (a chance event or hidden information came after it, or it made none)."""
    for index in range(len(cache.game.events) - 1, -1, -1):
        item = cache.game.events[index]
        if item.seat is None or cache.visibility[index].hidden_from:
            return reason("server.takeback_hidden")
        if item.seat in owned:
            return index
    return reason("server.takeback_nothing")


def takeback_record(cache: GameCache, keep: int, user_id: str) -> dict[str, Any]:
    """The ``takebacks`` row of the events after the first ``keep``, taken back by ``user_id``."""
    return {
        "game_id": cache.id,
        "from_number": keep + 1,
        "lines": "\n".join(item.line() for item in cache.game.events[keep:]),
        "user_id": user_id,
        "created_at": time.time(),
    }


HINT_RETRY_SECONDS = 2
"""When a player at the limit of hints in flight may ask again: about one hint's thinking."""


class Requests:
    def __init__(
        self, cache: GameCache, bots: Bots, log: store.EventLog, guard: Guard, hints_per_player: int = 2
    ) -> None:
        self.cache = cache
        self.bots = bots
        self.log = log
        self.guard = guard
        self.hints_per_player = hints_per_player
        """Hints of one player's being thought at once in this process, in all their games."""
        self._hint: tuple[int, asyncio.Future[str]] | None = None
        """The version whose hint is being thought or was thought, and its answer."""

    async def preview(self, user_id: str | None, move: str) -> dict[str, Any]:
        """The score changes ``move`` would make, played on a copy of the mover's own view (so
        it tells nothing the seat does not know); ``{"reason"}`` when it is not a legal move
        of a seat the identity holds. Nothing is stored or sent to anyone else."""
        cache = self.cache
        async with self.guard.lock:  # the cache as of the last change: a preview reads no database
            mover = cache.game.state.current_player
            if cache.status != "active" or mover not in cache.owned(user_id):
                return {"reason": reason("server.no_seat")}
            view = cache.game.state.view(mover)
            try:
                view.play(view.parse_move(move))
            except KashiError as error:
                return {"reason": error.message.to_json()}
            changes = [change.to_json() for change in view.score_changes]
            return {"move": move, "version": cache.version, "score_changes": changes}

    async def hint(self, user_id: str | None) -> dict[str, Any]:
        """A suggested move for the identity's seat to move with its reasons, thought by a bot
        worker on that seat's view; ``{"reason"}`` where hints are not allowed or it is not the
        seat's turn. A position's hint is kept, so asking again costs nothing; a new one is
        refused while ``hints_per_player`` of the asker's are being thought (in any game)."""
        cache = self.cache
        async with self.guard.lock:
            mover = cache.game.state.current_player
            if cache.status != "active" or not cache.hints_allowed(user_id):
                return {"reason": reason("server.hint_not_allowed")}
            if mover not in cache.owned(user_id) or cache.seats[mover].standin:
                return {"reason": reason("server.hint_not_your_turn")}
            version = cache.version
            if self._hint is None or self._hint[0] != version:
                owner = user_id or ""
                if self.bots.holding(owner, "hint") >= self.hints_per_player:
                    limit, seconds = self.hints_per_player, HINT_RETRY_SECONDS
                    return {"reason": reason("server.too_many_hints", limit=limit, seconds=seconds)}
                record = cache.game.record().to_text()
                job = BotJob(cache.id, record, mover, level="expert", seed=0, seconds=None, task="hint", owner=owner)
                self._hint = (version, asyncio.ensure_future(self.bots.choose(job)))
            thought = self._hint
        try:
            answer = json.loads(await asyncio.shield(thought[1]))
        except Exception:  # the worker failed: say so, and think afresh on the next request
            log.exception("no hint", extra={"game": cache.id, "version": version})
            if self._hint is thought:
                self._hint = None
            return {"reason": reason("server.hint_unavailable")}
        return {**answer, "version": version}

    async def takeback(self, user_id: str | None, version: int) -> Refusal | None:
        """Undo the identity's last move and the bot moves after it (see ``check_takeback``)."""
        cache = self.cache
        async with self.guard.lock:
            await self.guard.refresh()
            keep = check_takeback(cache, user_id, version)
            if isinstance(keep, dict):
                return keep
            assert user_id is not None, "only a seat's holder may take back"
            record = takeback_record(cache, keep, user_id)
            values = {"turn_started_at": time.time()}
            try:
                await self.log.commit(cache.id, version, values, remove_from=keep + 1, takeback=record)
            except store.Conflict:
                await cache.reload()
                return reason("server.stale", current=cache.version, sent=version)
            await cache.reload()
            log.info("takeback", extra={"game": cache.id, "from": keep + 1, "version": cache.version})
            self.guard.announce()
            return None
