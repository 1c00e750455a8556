"""The rooms of one process: loaded on demand from the log, resumed at start so no game stalls.

Every few seconds the hub tends its rooms: it takes or keeps their leases (taking over the
games of an instance that died), renews its share of their presence and, with several
instances, rereads their versions, so a change whose notice was lost (Redis restarted or hung)
reaches its clients anyway.
"""

from __future__ import annotations

import asyncio
import contextlib
import time

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from kashi.server import store
from kashi.server.bot_workers import Bots
from kashi.server.cluster import Alone
from kashi.server.identity import Identity
from kashi.server.logs import log
from kashi.server.models import GameRow
from kashi.server.pubsub import Fanout
from kashi.server.room_services import RoomServices
from kashi.server.rooms import Room
from kashi.server.settings import Settings


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
        self._loading = asyncio.Lock()
        self._tending: asyncio.Task[None] | None = None

    async def room(self, game_id: str) -> Room | None:
        room = self.rooms.get(game_id)
        if room is not None:
            return room
        async with self._loading:
            room = self.rooms.get(game_id)
            if room is None:
                snapshot = await store.load(self.sessions, game_id)
                if snapshot is None:
                    return None
                room = self.rooms[game_id] = Room(self.services, snapshot)
                owned = room.status == "active" and await self.cluster.claim(game_id)
                await room.set_owner(owned)
            return room

    async def visit(self, game_id: str) -> Room | None:
        """The game's room, kept loaded until ``leave``: counted before any other task runs,
        so the tending loop cannot let go of it in between."""
        while True:
            room = await self.room(game_id)
            if room is None or self.rooms.get(game_id) is room:
                if room is not None:
                    room.visitors += 1
                return room

    @staticmethod
    def leave(room: Room) -> None:
        room.visitors -= 1

    async def changed(self, game_id: str) -> None:
        """The log of a game changed elsewhere (the lobby, another instance): catch up."""
        room = await self.room(game_id)
        if room is not None:
            await room.sync()
            await self.fanout.publish(game_id, room.version)

    async def remote_change(self, game_id: str, presence: bool) -> None:
        if game_id in self.rooms:
            await self.rooms[game_id].sync(presence=presence)

    async def resync(self) -> None:
        """Catch every room up with the log (after the fan-out was down: notices were lost)."""
        for room in list(self.rooms.values()):
            await room.sync()

    def start_tending(self) -> None:
        self._tending = asyncio.create_task(self._tend())

    async def _tend(self) -> None:
        while True:
            await asyncio.sleep(self.cluster.renew_seconds)
            try:
                await self._tend_once()
            except Exception:
                log.exception("tending the rooms failed; trying again")

    async def _tend_once(self) -> None:
        active = [room for room in self.rooms.values() if room.status == "active"]
        owned = await self.cluster.claim_all([room.id for room in active])
        for room, owner in zip(active, owned, strict=True):
            if owner != room.owner:
                await room.set_owner(owner)
        watched = [room for room in self.rooms.values() if room.connections and room.status != "finished"]
        for room in watched:  # waiting games too: one may start on another instance
            await self.cluster.share_presence(room.id, room.presence.local())
        for room in [room for room in self.rooms.values() if room.status != "active"]:
            if room.owner:
                await room.set_owner(False)
                await self.cluster.release(room.id)
            if not room.visitors and room.tasks.idle:  # never cut a task short (a rating being settled)
                self.rooms.pop(room.id, None)
                await room.tasks.close()
        if self.settings.redis_url:
            await self._catch_up(watched)

    async def _catch_up(self, rooms: list[Room]) -> None:
        """Sync the rooms whose stored version moved past the one their connections were told."""
        if not rooms:
            return
        async with self.sessions() as session:
            query = select(GameRow.id, GameRow.version).where(GameRow.id.in_([room.id for room in rooms]))
            stored = dict((await session.execute(query)).all())
        for room in rooms:
            if stored.get(room.id, room.told) != room.told:
                await room.sync()

    async def resume_active(self) -> None:
        """Load every game in progress, so bots and clocks carry on after a restart."""
        async with self.sessions() as session:
            ids = (await session.execute(select(GameRow.id).where(GameRow.status == "active"))).scalars().all()
        for game_id in ids:
            await self.room(game_id)

    async def close(self) -> None:
        if self._tending is not None:
            self._tending.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._tending
        for room in list(self.rooms.values()):
            await room.tasks.close()
            if room.owner:  # hand the game over now rather than when the lease runs out
                await self.cluster.release(room.id)
