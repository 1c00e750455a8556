"""The rooms of one process: loaded on demand from the log, resumed at start so no game stalls."""

from __future__ import annotations

import asyncio
import time

from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from kashi.server import store
from kashi.server.identity import Identity
from kashi.server.models import GameRow
from kashi.server.pubsub import Fanout
from kashi.server.rooms import Room
from kashi.server.settings import Settings


class Hub:
    def __init__(
        self, settings: Settings, sessions: async_sessionmaker[AsyncSession], identity: Identity, fanout: Fanout
    ) -> None:
        self.settings = settings
        self.sessions = sessions
        self.identity = identity
        self.fanout = fanout
        self.started_at = time.time()
        self.rooms: dict[str, Room] = {}
        self._loading = asyncio.Lock()

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
                room = self.rooms[game_id] = Room(self, snapshot)
                async with room.lock:
                    room.schedule()
            return room

    async def changed(self, game_id: str) -> None:
        """The log of a game changed elsewhere (the lobby, another instance): catch up."""
        room = await self.room(game_id)
        if room is not None:
            await room.sync()

    async def remote_change(self, game_id: str) -> None:
        if game_id in self.rooms:
            await self.rooms[game_id].sync()

    async def resume_active(self) -> None:
        """Load every game in progress, so bots and clocks carry on after a restart."""
        async with self.sessions() as session:
            ids = (await session.execute(select(GameRow.id).where(GameRow.status == "active"))).scalars().all()
        for game_id in ids:
            await self.room(game_id)

    async def close(self) -> None:
        for room in list(self.rooms.values()):
            await room.close()
