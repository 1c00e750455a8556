"""What a room uses of its process, handed to it by the hub so that rooms never import the hub."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from kashi.server import store
from kashi.server.bot_workers import Bots
from kashi.server.cluster import Alone
from kashi.server.pubsub import Fanout
from kashi.server.settings import Settings


@dataclass(frozen=True)
class RoomServices:
    settings: Settings
    sessions: async_sessionmaker[AsyncSession]
    log: store.EventLog
    fanout: Fanout
    bots: Bots
    cluster: Alone
    started_at: float
    """When this process started (the downtime before it is taken out of the turns in play at
    start, in the database: ``kashi.server.downtime``)."""
