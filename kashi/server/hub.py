"""The rooms of one process: loaded on demand from the log, let go of when idle.

Every few seconds the hub tends its rooms: it takes or keeps their leases (taking over the
games of an instance that died) and renews its share of their presence, each one pipeline to
Redis for all the rooms at once, sent side by side; it lets go of finished games and of idle ones
(no socket, nothing pending, untouched for ``KASHI_IDLE_UNLOAD_SECONDS``), which are loaded again
when a socket or the lobby asks for them. With several instances it also rereads, every second
and from the database alone, the versions of its rooms with clients, so a change whose notice was
lost (Redis dead, hung or slow) reaches them anyway: Redis only makes it sooner. A notice, or a
version found moved, syncs its room in a task of its own: no room slow to sync holds up another's.

At start it resumes only the games the server must act in with nobody connected: a bot or a
stand-in to move, a clock running. Games between people wait, unloaded, for someone to connect.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import time
from collections.abc import Awaitable, Callable, Iterable
from typing import Any

from sqlalchemy import or_, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from kashi.server import store
from kashi.server.bot_workers import Bots
from kashi.server.clocks import Clock
from kashi.server.cluster import Alone
from kashi.server.identity import Identity
from kashi.server.logs import log
from kashi.server.models import GameRow, SeatRow
from kashi.server.pubsub import Fanout
from kashi.server.room_services import RoomServices
from kashi.server.rooms import Room
from kashi.server.settings import Settings

AT_ONCE = 8
"""Rooms synced, loaded or handed over side by side (each holds a database connection)."""


class Hub:
    def __init__(
        self,
        settings: Settings,
        sessions: async_sessionmaker[AsyncSession],
        log: store.EventLog,
        identity: Identity,
        fanout: Fanout,
        bots: Bots,
        cluster: Alone,
    ) -> None:
        self.settings = settings
        self.sessions = sessions
        self.bots = bots
        self.identity = identity
        self.fanout = fanout
        self.cluster = cluster
        self.services = RoomServices(settings, sessions, log, fanout, bots, cluster, started_at=time.time())
        self.rooms: dict[str, Room] = {}
        self._loading: dict[str, asyncio.Future[Room | None]] = {}
        """The games being loaded: whoever asks meanwhile waits for the same load."""
        self._touched: dict[str, float] = {}
        """When each room was last loaded, visited, left or changed through this instance."""
        self._tending: list[asyncio.Task[None]] = []
        self._syncs: dict[str, asyncio.Task[None]] = {}
        """The rooms being synced after another instance changed their game."""
        self._again: dict[str, bool] = {}
        """Rooms to sync once more when their sync ends (True: their presence too)."""
        self._sync_gate = asyncio.Semaphore(AT_ONCE)
        self.unloaded = 0
        """Idle rooms let go of since start."""

    async def room(self, game_id: str) -> Room | None:
        room = self.rooms.get(game_id)
        if room is not None:
            return room
        loading = self._loading.get(game_id)
        if loading is None:
            loading = self._loading[game_id] = asyncio.ensure_future(self._load(game_id))
            loading.add_done_callback(functools.partial(self._loaded, game_id))
        return await asyncio.shield(loading)

    def _loaded(self, game_id: str, loading: asyncio.Future[Room | None]) -> None:
        if self._loading.get(game_id) is loading:
            del self._loading[game_id]
        if not loading.cancelled():
            loading.exception()  # retrieved: whoever awaited it has it; nobody may have

    async def _load(self, game_id: str) -> Room | None:
        snapshot = await store.load(self.sessions, game_id)
        if snapshot is None:
            return None
        room = self.rooms[game_id] = Room(self.services, snapshot)
        self._touch(game_id)
        owned = room.status == "active" and await self.cluster.claim(game_id)
        await room.set_owner(owned)
        return room

    def _touch(self, game_id: str) -> None:
        self._touched[game_id] = time.monotonic()

    async def visit(self, game_id: str) -> Room | None:
        """The game's room, kept loaded until ``leave``: counted before any other task runs,
        so the tending loop cannot let go of it in between."""
        while True:
            room = await self.room(game_id)
            if room is None or self.rooms.get(game_id) is room:
                if room is not None:
                    room.visitors += 1
                    self._touch(game_id)
                return room

    def leave(self, room: Room) -> None:
        room.visitors -= 1
        if self.rooms.get(room.id) is room:
            self._touch(room.id)

    async def changed(self, game_id: str) -> None:
        """The log of a game changed elsewhere (the lobby, another instance): catch up."""
        room = await self.room(game_id)
        if room is not None:
            self._touch(game_id)
            await room.sync()
            await self.fanout.publish(game_id, room.version)

    async def remote_change(self, game_id: str, presence: bool) -> None:
        """Another instance changed a game (or its presence): sync its room in a task of its own
        and return at once. The fan-out's listener used to sync each notice's room before reading
        the next, so one room slow to sync (its lock held, the database's pool busy) held up every
        notice behind it. Notices for a room whose sync is under way make one more."""
        self._mark_stale(game_id, presence)

    def _mark_stale(self, game_id: str, presence: bool) -> None:
        if game_id not in self.rooms:
            return
        if game_id in self._syncs:
            self._again[game_id] = self._again.get(game_id, False) or presence
            return
        self._syncs[game_id] = asyncio.create_task(self._sync_room(game_id, presence))

    async def _sync_room(self, game_id: str, presence: bool) -> None:
        """Sync the room (``AT_ONCE`` rooms side by side), again while notices came meanwhile."""
        try:
            while (room := self.rooms.get(game_id)) is not None:
                async with self._sync_gate:
                    try:
                        await room.sync(presence=presence)
                    except Exception:
                        log.exception("syncing a room failed", extra={"game": game_id})
                if game_id not in self._again:
                    return
                presence = self._again.pop(game_id)
        finally:
            del self._syncs[game_id]
            self._again.pop(game_id, None)

    async def resync(self) -> None:
        """Catch every room up with the log (after the fan-out was down: notices were lost)."""
        await _side_by_side(room.sync() for room in list(self.rooms.values()))

    def summary(self) -> dict[str, Any]:
        """For ``/healthz``: the rooms in memory, and how Redis is doing (with several instances)."""
        rooms = {
            "loaded": len(self.rooms),
            "owned": sum(1 for room in self.rooms.values() if room.owner),
            "connected": sum(1 for room in self.rooms.values() if room.connections),
            "unloaded": self.unloaded,
        }
        redis = self.cluster.summary()
        return {"rooms": rooms} if redis is None else {"rooms": rooms, "redis": redis}

    def start_tending(self) -> None:
        self._tending = [asyncio.create_task(_every(self.cluster.renew_seconds, self._tend_once))]
        if self.settings.redis_url:
            self._tending.append(asyncio.create_task(_every(self.settings.catch_up_seconds, self._catch_up)))

    async def _tend_once(self) -> None:
        active = [room for room in self.rooms.values() if room.status == "active"]
        watched = [room for room in self.rooms.values() if room.connections and room.status != "finished"]
        # Waiting games are watched too: one may start on another instance.
        owned, _shared = await asyncio.gather(
            self.cluster.claim_all([room.id for room in active]),
            self.cluster.share_presence_all({room.id: room.presence.local() for room in watched}),
        )
        await _side_by_side(
            room.set_owner(owner)
            for room, owner in zip(active, owned, strict=True)
            if owner != room.owner and self.rooms.get(room.id) is room
        )
        await self._let_go()

    async def _let_go(self) -> None:
        """Hand over the games that ended, and drop their rooms and the idle ones (never cutting
        a task short: a rating being settled, a bot thinking, a timer running)."""
        now = time.monotonic()
        ended = [room for room in self.rooms.values() if room.status != "active"]
        dropped = [room for room in ended if not room.visitors and room.tasks.idle]
        idle = [room for room in self.rooms.values() if room.status == "active" and self._idle(room, now)]
        for room in [*dropped, *idle]:
            del self.rooms[room.id]
            self._touched.pop(room.id, None)
        if idle:
            self.unloaded += len(idle)
            log.info("idle games unloaded", extra={"games": len(idle), "loaded": len(self.rooms)})
        handed = [room for room in [*ended, *idle] if room.owner]
        await _side_by_side(room.set_owner(False) for room in handed)
        await self.cluster.release_all([room.id for room in handed])
        await _side_by_side(room.tasks.close() for room in [*dropped, *idle])

    def _idle(self, room: Room, now: float) -> bool:
        """Nobody there, nothing pending, nothing the server must do, and untouched a while."""
        if room.visitors or room.connections or not room.tasks.idle or _must_act(room):
            return False
        return now - self._touched.get(room.id, now) >= self.settings.idle_unload_seconds

    async def _catch_up(self) -> None:
        """Sync the rooms with clients whose stored version moved past the one their connections
        were told: the database's path, whatever Redis does."""
        rooms = [room for room in self.rooms.values() if room.connections and room.status != "finished"]
        if not rooms:
            return
        stored: dict[str, int] = {}
        async with self.sessions() as session:
            for start in range(0, len(rooms), 1000):
                ids = [room.id for room in rooms[start : start + 1000]]
                query = select(GameRow.id, GameRow.version).where(GameRow.id.in_(ids))
                stored.update({game_id: version for game_id, version in (await session.execute(query)).all()})
        # Presence is left to its notices and the listener's resync: this path never waits on Redis.
        for room in rooms:
            if stored.get(room.id, room.told) != room.told:
                self._mark_stale(room.id, presence=False)

    async def resume_active(self) -> None:
        """Load the games in progress the server must act in with nobody connected (a bot or
        stand-in seat may be to move, a clock runs), so none stalls after a restart; the others
        are loaded when someone connects."""
        async with self.sessions() as session:
            games = (await session.execute(select(GameRow.id, GameRow.clock).where(GameRow.status == "active"))).all()
            played_by_bots = select(SeatRow.game_id).join(GameRow, GameRow.id == SeatRow.game_id)
            played_by_bots = played_by_bots.where(
                GameRow.status == "active", or_(SeatRow.kind == "bot", SeatRow.standin.is_(True))
            )
            bots = set((await session.execute(played_by_bots.distinct())).scalars().all())
        due = [game_id for game_id, clock in games if game_id in bots or Clock.loads(clock).kind != "none"]
        await _side_by_side(self.room(game_id) for game_id in due)
        log.info("games resumed", extra={"resumed": len(due), "active": len(games)})

    async def close(self) -> None:
        for task in [*self._tending, *self._syncs.values()]:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        for loading in list(self._loading.values()):
            loading.cancel()
            with contextlib.suppress(BaseException):
                await loading
        rooms = list(self.rooms.values())
        for room in rooms:
            await room.tasks.close()
        # Hand the games over now rather than when the leases run out.
        await self.cluster.release_all([room.id for room in rooms if room.owner])


def _must_act(room: Room) -> bool:
    """The game needs the server with nobody connected: a clock runs, or a bot (or a stand-in)
    is to move. Another instance owns it now, maybe, but this one keeps it to take it over."""
    cache = room.cache
    seat = cache.game.state.current_player
    return cache.clock.kind != "none" or (seat >= 0 and cache.bot_controls(seat))


async def _every(seconds: float, work: Callable[[], Awaitable[None]]) -> None:
    while True:
        await asyncio.sleep(seconds)
        try:
            await work()
        except Exception:
            log.exception("tending the rooms failed; trying again")


async def _side_by_side(works: Iterable[Awaitable[Any]]) -> None:
    """Await each, at most ``AT_ONCE`` at a time; one failing does not stop the others."""
    gate = asyncio.Semaphore(AT_ONCE)

    async def one(work: Awaitable[Any]) -> None:
        async with gate:
            await work

    for result in await asyncio.gather(*(one(work) for work in works), return_exceptions=True):
        if isinstance(result, Exception):
            log.error("tending the rooms failed; trying again", exc_info=result)
