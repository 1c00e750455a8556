"""A game for the room's pieces to work on, in memory or stored in SQLite, and fakes of what
they use of the process (cluster, fan-out, bot workers)."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, cast

from kashi.core.game import Game, new_game
from kashi.server import store
from kashi.server.bot_workers import BotJob
from kashi.server.clocks import Clock
from kashi.server.cluster import Alone
from kashi.server.database import make_engine, make_sessions, make_sqlite_writer, migrate
from kashi.server.models import EventRow, GameRow, SeatRow, User
from kashi.server.pubsub import Fanout
from kashi.server.room_cache import GameCache
from kashi.server.room_guard import Guard
from kashi.server.settings import async_database_url

GAME = "g1"
VARIANT = "azul-quick"
NO_CLOCK = Clock()


def played(moves: int, seed: int = 5) -> Game:
    """A two-seat game after its deal and ``moves`` first legal moves (seat 0 moves first)."""
    game = new_game(VARIANT, 2, seed, 0)
    for _ in range(moves):
        game.play(str(game.state.legal_moves()[0]), seat=game.state.current_player)
    return game


def person(seat: int, user: str | None, standin: bool = False, clock_ms: int | None = None) -> store.SeatState:
    return store.SeatState(seat, "person", None, user, user or "Open seat", standin, clock_ms)


def bot(seat: int, level: str = "easy") -> store.SeatState:
    return store.SeatState(seat, "bot", level, None, f"Bot ({level})", False, None)


def snapshot_of(
    game: Game,
    seats: list[store.SeatState],
    status: str = "active",
    clock: Clock = NO_CLOCK,
    rated: bool = False,
    hidden: dict[int, tuple[int, str]] | None = None,
) -> store.Snapshot:
    """The game as the log would hold it; ``hidden`` maps an event's number to whom it is
    hidden from and its redacted text."""
    row = GameRow(
        id=GAME,
        variant=VARIANT,
        players=len(seats),
        options=json.dumps(game.options),
        seed=game.seed,
        seeded=False,
        rated=rated,
        start=0,
        date=game.date,
        status=status,
        public=False,
        clock=clock.dumps(),
        absent_bot="medium",
        version=len(game.events),
        turn_started_at=0.0,
        result=None,
        creator_id="ann",
        created_at=0.0,
    )
    secrets = hidden or {}
    events = [
        EventRow(
            game_id=GAME,
            number=number,
            seat=item.seat,
            text=item.text,
            hidden_from=secrets.get(number, (0, ""))[0],
            redacted=secrets.get(number, (0, item.text))[1],
            created_at=float(number),
        )
        for number, item in enumerate(game.events, start=1)
    ]
    return store.Snapshot(row, seats, events)


def cache_of(snapshot: store.Snapshot) -> GameCache:
    """A cache that never reads the database (for pieces that only read it)."""
    return GameCache(cast(Any, None), snapshot)


def guard(announced: list[str], refreshed: list[str] | None = None) -> Guard:
    async def refresh() -> None:
        if refreshed is not None:
            refreshed.append("refresh")

    return Guard(asyncio.Lock(), refresh, lambda: announced.append("announce"))


class Cluster(Alone):
    """Other instances hold ``elsewhere`` connections per seat; what this one shares is kept."""

    def __init__(self, elsewhere: Sequence[int] = ()) -> None:
        super().__init__()
        self.elsewhere = list(elsewhere)
        self.shared: list[list[int]] = []

    async def presence(self, game_id: str, counts: Sequence[int]) -> list[int]:
        return [mine + (self.elsewhere[seat] if seat < len(self.elsewhere) else 0) for seat, mine in enumerate(counts)]

    async def share_presence(self, game_id: str, counts: Sequence[int]) -> None:
        self.shared.append(list(counts))


class Notices(Fanout):
    def __init__(self) -> None:
        self.sent: list[tuple[str, int, bool]] = []

    async def publish(self, game_id: str, version: int, presence: bool = False) -> None:
        self.sent.append((game_id, version, presence))


class Workers:
    """Bot workers answering every job with ``answer`` (or failing with it, an exception)."""

    def __init__(self, answer: str | Exception) -> None:
        self.answer = answer
        self.jobs: list[BotJob] = []

    async def choose(self, job: BotJob) -> str:
        self.jobs.append(job)
        await asyncio.sleep(0)
        if isinstance(self.answer, Exception):
            raise self.answer
        return self.answer

    def holding(self, owner: str, task: str) -> int:
        return 0


async def until(condition: Callable[[], bool], seconds: float = 5.0) -> None:
    """Let the loop turn until ``condition`` holds (failing the test after ``seconds``)."""
    async with asyncio.timeout(seconds):
        while not condition():
            await asyncio.sleep(0.01)


@asynccontextmanager
async def stored(
    path: Path, game: Game, seats: list[store.SeatState], clock: Clock = NO_CLOCK
) -> AsyncIterator[tuple[GameCache, store.EventLog]]:
    """The game stored in a migrated SQLite file, a cache loaded from it and the event log on it."""
    url = async_database_url(f"sqlite:///{path}")
    engine = make_engine(url)
    await migrate(engine)
    sessions = make_sessions(engine)
    snapshot = snapshot_of(game, seats, clock=clock)
    async with sessions() as session, session.begin():
        for user in {"ann"} | {seat.user_id for seat in seats if seat.user_id is not None}:
            session.add(User(id=user, display_name=user, username=None, password_hash=None, created_at=0.0))
        await session.flush()
        session.add(snapshot.row)
        await session.flush()
        session.add_all(_seat_rows(seats))
        session.add_all(snapshot.events)
    loaded = await store.load(sessions, GAME)
    assert loaded is not None
    log = store.EventLog(make_engine(url, ping=False), make_sqlite_writer(url))
    try:
        yield GameCache(sessions, loaded), log
    finally:
        await log.close()
        await engine.dispose()


def _seat_rows(seats: list[store.SeatState]) -> list[SeatRow]:
    return [
        SeatRow(
            game_id=GAME,
            seat=seat.seat,
            kind=seat.kind,
            bot_level=seat.bot_level,
            user_id=seat.user_id,
            token_hash=None,
            standin=seat.standin,
            clock_ms=seat.clock_ms,
        )
        for seat in seats
    ]
