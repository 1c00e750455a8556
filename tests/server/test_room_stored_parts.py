"""The pieces of a room that write and read the log, each alone on a game stored in SQLite: the
cache catching up, stand-ins after the grace period and back, moves and takebacks."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

from kashi_test_extras import run_async
from room_fakes import GAME, Cluster, Notices, Workers, bot, guard, person, played, stored, until

from kashi.server import store
from kashi.server.clocks import Clock
from kashi.server.room_cache import GameCache
from kashi.server.room_clock import TurnClock
from kashi.server.room_moves import BOT, Actor, Moves
from kashi.server.room_presence import Presence
from kashi.server.room_requests import Requests
from kashi.server.room_standins import StandIns
from kashi.server.room_tasks import Tasks

ALONE_WITH_A_BOT = [person(0, "ann"), bot(1)]


async def stored_seats(cache: GameCache) -> list[store.SeatState]:
    snapshot = await store.load(cache.sessions, GAME)
    assert snapshot is not None
    return snapshot.seats


def test_the_cache_replays_a_move_made_elsewhere_but_rebuilds_after_a_takeback_there(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with stored(tmp_path / "kashi.db", played(2), ALONE_WITH_A_BOT) as (cache, log):
            assert not await cache.refresh(), "nothing moved"
            game = cache.game
            further = played(3).events[-1]
            row = store.event_row(GAME, 4, further.seat, further.text, 0, further.text)
            await log.commit(GAME, cache.version, {"turn_started_at": 1.0}, [row])
            assert not await cache.refresh()
            assert cache.game is game, "only the new event was replayed"
            assert (len(cache.game.events), cache.version, cache.row.turn_started_at) == (4, 4, 1.0)
            again = store.event_row(GAME, 4, further.seat, further.text, 0, further.text)  # stored later
            await log.commit(GAME, cache.version, {"turn_started_at": 2.0}, [again], remove_from=4)
            assert await cache.refresh(), "the same line stored anew: what clients hold was taken back"
            assert cache.game is not game and len(cache.game.events) == 4 and cache.version == 5

    run_async(scenario())


def test_a_player_gone_past_the_grace_period_keeps_the_seat(tmp_path: Path) -> None:
    """No computer takes a seat by itself: past the grace period the others decide
    (``room_departures``); the timer only abandons a rated game its player never opened."""

    async def scenario() -> None:
        async with stored(tmp_path / "kashi.db", played(0), ALONE_WITH_A_BOT) as (cache, log):
            announced: list[str] = []
            tasks = Tasks(GAME)
            presence = Presence(GAME, 2, Cluster(), Notices())
            standins = StandIns(cache, presence, log, guard(announced), tasks, grace_seconds=0.05)
            standins.start_grace(0)
            standins.start_grace(0)  # one timer per seat
            await until(lambda: tasks.idle)
            assert announced == []
            assert not cache.seats[0].standin and not (await stored_seats(cache))[0].standin

    run_async(scenario())


def test_a_player_back_in_time_here_or_on_another_instance_keeps_the_seat(tmp_path: Path) -> None:
    async def scenario() -> None:
        seats = [person(0, "ann"), person(1, "bob")]
        async with stored(tmp_path / "kashi.db", played(0), seats) as (cache, log):
            announced: list[str] = []
            tasks = Tasks(GAME)
            presence = Presence(GAME, 2, Cluster(elsewhere=[0, 1]), Notices())
            standins = StandIns(cache, presence, log, guard(announced), tasks, grace_seconds=0.1)
            standins.start_grace(0)
            standins.start_grace(1)
            await asyncio.sleep(0.01)
            presence.arrive({0})  # ann comes back here; bob is on another instance
            standins.cancel_grace(0)
            await until(lambda: tasks.idle)
            assert announced == [] and not any(seat.standin for seat in await stored_seats(cache))

    run_async(scenario())


def test_a_returning_player_gets_a_full_fischer_bank_and_a_fresh_turn(tmp_path: Path) -> None:
    async def scenario() -> None:
        seats = [person(0, "ann", standin=True, clock_ms=0), bot(1)]
        async with stored(tmp_path / "kashi.db", played(0), seats, Clock("fischer", 60, 2)) as (cache, log):
            presence = Presence(GAME, 2, Cluster(), Notices())
            standins = StandIns(cache, presence, log, guard([]), Tasks(GAME), grace_seconds=60)
            before = time.time()
            assert await standins.hand_back({0})
            assert not cache.seats[0].standin and cache.seats[0].clock_ms == 60_000
            assert (cache.row.turn_started_at or 0) >= before
            assert not await standins.hand_back({0}), "nothing left to hand back"

    run_async(scenario())


def moves_on(cache: GameCache, log: store.EventLog, announced: list[str]) -> Moves:
    tasks = Tasks(GAME)
    found = guard(announced)
    clock = TurnClock(cache, cast(Any, None), found, tasks)
    return Moves(cache, clock, log, cache.sessions, found, tasks)


def test_a_move_is_stored_and_announced_and_one_meeting_another_change_is_refused(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with stored(tmp_path / "kashi.db", played(0), ALONE_WITH_A_BOT) as (cache, log):
            announced: list[str] = []
            moves = moves_on(cache, log, announced)
            ann = Actor(cast(Any, SimpleNamespace(user_id="ann")))
            move = str(cache.game.state.legal_moves()[0])
            assert await moves.submit(ann, move, 1) is None
            assert announced == ["announce"] and cache.version == 2 and cache.game.state.current_player == 1
            stored_game = await store.load(cache.sessions, GAME)
            assert stored_game is not None and [row.text for row in stored_game.events][-1] == move
            await log.commit(GAME, 2, {"turn_started_at": 3.0})  # another instance wrote first
            reply = str(cache.game.state.legal_moves()[0])
            refusal = await moves.submit(BOT, reply, 2)
            assert refusal is not None and refusal["key"] == "server.stale"
            assert cache.version == 3 and len(cache.game.events) == 2, "the cache was reloaded"
            assert announced == ["announce"]

    run_async(scenario())


def test_a_takeback_rewrites_the_log_and_the_cache(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with stored(tmp_path / "kashi.db", played(2), ALONE_WITH_A_BOT) as (cache, log):
            announced: list[str] = []
            requests = Requests(cache, cast(Any, Workers("{}")), log, guard(announced))
            stale = await requests.takeback("ann", cache.version - 1)
            assert stale is not None and stale["key"] == "server.stale"
            assert await requests.takeback("ann", cache.version) is None
            assert announced == ["announce"] and len(cache.game.events) == 1 and cache.version == 4

    run_async(scenario())
