"""A notice from another instance syncs its room in a task of its own and returns at once (issue
46, finding 10, found by reading): the fan-out's listener used to sync each notice's room before
reading the next, so one room slow to sync held up every notice behind it. Notices for a room
whose sync is under way make one more sync."""

from __future__ import annotations

import asyncio
from typing import Any, cast

from kashi_test_extras import run_async
from room_fakes import until

from kashi.server.hub import Hub
from kashi.server.pubsub import Fanout
from kashi.server.settings import Settings


class Room:
    """What the hub asks of a room to sync it; ``gate`` holds each sync until it is set."""

    def __init__(self, gate: asyncio.Event | None = None) -> None:
        self.gate = gate
        self.syncs: list[bool] = []
        self.syncing = 0

    async def sync(self, presence: bool = True) -> None:
        self.syncing += 1
        if self.gate is not None:
            await self.gate.wait()
        self.syncs.append(presence)
        self.syncing -= 1


def a_hub(rooms: dict[str, Room]) -> Hub:
    unused: Any = None  # the notices alone: no database, log, identity, bots or cluster
    hub = Hub(Settings.from_env({}), unused, unused, unused, Fanout(), unused, unused)
    hub.rooms = cast(Any, rooms)
    return hub


def test_a_room_slow_to_sync_holds_up_no_other_rooms_notice() -> None:
    async def scenario() -> tuple[Room, Room]:
        gate = asyncio.Event()
        stuck, other = Room(gate), Room()
        hub = a_hub({"stuck": stuck, "other": other})
        await asyncio.wait_for(hub.remote_change("stuck", False), 1)
        await until(lambda: stuck.syncing == 1)
        await asyncio.wait_for(hub.remote_change("other", True), 1)
        await until(lambda: other.syncs == [True])
        for presence in (False, True, False):
            await asyncio.wait_for(hub.remote_change("stuck", presence), 1)
        gate.set()
        await until(lambda: not hub._syncs)
        return stuck, other

    stuck, other = run_async(scenario())
    assert other.syncs == [True], "the other room's notice went through while the first room's sync hung"
    assert stuck.syncs == [False, True], "the notices that came meanwhile were one sync, with presence"


def test_a_notice_for_a_room_not_loaded_here_is_ignored() -> None:
    async def scenario() -> Hub:
        hub = a_hub({})
        await hub.remote_change("elsewhere", True)
        return hub

    hub = run_async(scenario())
    assert not hub._syncs
