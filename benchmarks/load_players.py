"""The simulated people of benchmarks/load.py: one worker process's share of a stage's games.

In the bot mode each person creates an Azul game against a bot (medium unless told) as a fresh
guest; in the people mode a fresh guest creates a rated game for two people and a second fresh
guest takes the other seat through its invite link, choosing rated play, as a friend handed the
link would. Each person plays over a real WebSocket (thinking, then a random legal move), and
a slot starts another game when its game ends, so the number of games stays constant. Players
do no engine work: they parse JSON, pick a move and send it, so the benchmark's own CPU stays
small beside the server's on a shared 2-core machine.

When the stage ends a pending move still gets its answer (and is timed), then the game is
played out without thinking and without timing, so that its record can be fetched and checked.
"""

from __future__ import annotations

import asyncio
import json
import random
import ssl
import time
from dataclasses import dataclass, field
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, WebSocketException

ROUND_TRIP_LIMIT = 30.0
"""A move unanswered this long is an error and its game is given up."""
SILENCE_LIMIT = 60.0
"""A socket silent this long (the bot never moved, say) is an error and its game is given up."""
SILENT = f"no message for {SILENCE_LIMIT:.0f} s"
PLAY_OUT_LIMIT = 180.0
"""After the stage, games still running after this long are left unfinished (and unchecked)."""
OUT_OF_TIME = f"not over {PLAY_OUT_LIMIT:.0f} s after the stage"
TLS = ssl.create_default_context()
"""One context for every HTTP client: httpx would load the CA bundle anew for each (37 ms of CPU
a game created), though the benchmark speaks plain HTTP."""


@dataclass(frozen=True)
class Plan:
    """One worker's part of a stage; wall-clock times, so that every process agrees on them."""

    slots: list[int]
    games: int
    """The stage's number of games at once (slot numbers run below it)."""
    instances: list[str]
    """host:port of each server instance."""
    start_at: float
    seconds: float
    think: tuple[float, float]
    seed: int
    bot: str = "medium"
    """The level of the bot each person plays."""
    mode: str = "bot"
    """``bot``: a person against a bot; ``people``: two people against each other."""
    ramp: float = 5.0
    """The first games arrive over this many seconds at least (over the longest think time if
    longer): without thinking, 600 guests would otherwise arrive in the same instant."""

    @property
    def end(self) -> float:
        return self.start_at + self.seconds


@dataclass
class GameReport:
    game: str
    instance: int
    """The instance the game was created on."""
    acknowledged: list[tuple[int, int, str]]
    """(event number, seat, move text) of every move the server answered with a state holding it."""
    events_at_cut: int | None
    """Events known when the stage ended; None for a game that ended within the stage."""
    finished: bool
    stalled: bool
    """A person's socket heard nothing for ``SILENCE_LIMIT`` seconds."""


@dataclass(frozen=True)
class Person:
    """A simulated person seated in a game: their seat, cookie and the instance they play from."""

    seat: int
    cookie: str
    instance: str


@dataclass
class WorkerReport:
    round_trips: list[float] = field(default_factory=list)
    """Seconds from sending a move to the state holding it, for moves sent within the stage."""
    errors: list[str] = field(default_factory=list)
    games: list[GameReport] = field(default_factory=list)
    cpu_seconds: float = 0.0
    """This process's own CPU over the stage: the benchmark's share of the machine."""


class Refused(Exception):
    """The server rejected the move, or the game was given up while it waited."""


@dataclass
class Pending:
    version: int
    move: str
    measured: bool
    answer: asyncio.Future[int]


class Table:
    """One person's side of a game: what the server said last, and the move awaiting its answer."""

    def __init__(self, seat: int, end: float) -> None:
        self.seat = seat
        self.end = end
        self.version = -1
        self.event_count = 0
        self.legal: list[str] = []
        self.finished = False
        self.failure: str | None = None
        self.pending: Pending | None = None
        self.acknowledged: list[tuple[int, int, str]] = []
        self.events_at_cut: int | None = None
        self.changed = asyncio.Event()

    @property
    def done(self) -> bool:
        return self.finished or self.failure is not None

    def expect(self, move: str) -> Pending:
        answer = asyncio.get_running_loop().create_future()
        self.pending = Pending(self.version, move, time.time() < self.end, answer)
        return self.pending

    def receive(self, message: dict[str, Any], errors: list[str]) -> None:
        kind = message["type"]
        if kind == "state":
            self._on_state(message)
        elif kind in ("rejected", "error"):
            reason = message.get("reason")
            errors.append(f"{kind} {reason.get('key') if isinstance(reason, dict) else reason}")
            if kind == "rejected":
                self.legal = []  # no move until the fresh state the resynchronising hello brings
                self._settle(Refused(str(reason)))
        self.changed.set()

    def fail(self, why: str) -> None:
        """Give the game up: the mover stops and a waiting move is answered with Refused."""
        if self.failure is None:
            self.failure = why
        self._settle(Refused(why))
        self.changed.set()

    def _on_state(self, message: dict[str, Any]) -> None:
        if message["version"] < self.version:
            return  # a copy of an older state (another instance's catch-up)
        before = self.event_count
        self.version = message["version"]
        self.event_count = message["event_count"]
        status = message["status"]
        mine = status == "active" and message["to_move"] in message["you"]
        self.legal = message["legal_moves"] if mine else []
        measured = self.pending is not None and self.pending.measured
        answered = self._acknowledge(message["events"])
        self._mark_cut(before, answered and measured, measured)
        self.finished = status not in ("active", "waiting")

    def _acknowledge(self, events: list[dict[str, Any]]) -> bool:
        """Whether the message answers the pending move (a newer version holding it)."""
        pending = self.pending
        if pending is None or self.version <= pending.version:
            return False
        for event in events:
            if event["seat"] == self.seat and event["text"] == pending.move:
                number: int = event["number"]
                self.acknowledged.append((number, self.seat, pending.move))
                self._settle(None, number)
                return True
        return False

    def _mark_cut(self, before: int, answered_measured: bool, was_measured: bool) -> None:
        """The events known at the stage's end: those before the first message after it, or
        up to the answer of a move sent within the stage (that move counts in the stage)."""
        if self.events_at_cut is not None or self.finished or time.time() < self.end:
            return
        if answered_measured:
            self.events_at_cut = self.event_count
        elif not was_measured:
            self.events_at_cut = before

    def _settle(self, error: Exception | None, number: int = 0) -> None:
        pending, self.pending = self.pending, None
        if pending is None or pending.answer.done():
            return
        if error is None:
            pending.answer.set_result(number)
        else:
            pending.answer.set_exception(error)

    def cut(self) -> int | None:
        if self.events_at_cut is None and not self.finished:
            return self.event_count  # given up: what was known
        return self.events_at_cut


def game_report(game: str, instance: int, tables: list[Table]) -> GameReport:
    """One game's report from its people's tables (each saw every event; a game over within
    the stage for one was over for all)."""
    cuts = [table.cut() for table in tables]
    return GameReport(
        game,
        instance,
        sorted(entry for table in tables for entry in table.acknowledged),
        None if None in cuts else max(cut for cut in cuts if cut is not None),
        all(table.finished for table in tables),
        any(table.failure == SILENT for table in tables),
    )


def run_worker(plan: Plan) -> WorkerReport:
    """The entry point of a worker process: every slot of the plan, in one event loop."""
    return asyncio.run(_run(plan))


async def _run(plan: Plan) -> WorkerReport:
    report = WorkerReport()
    await asyncio.gather(
        _measure_own_cpu(plan, report), *(_keep_a_game_going(slot, plan, report) for slot in plan.slots)
    )
    return report


async def _measure_own_cpu(plan: Plan, report: WorkerReport) -> None:
    await asyncio.sleep(max(0.0, plan.start_at - time.time()))
    started = time.process_time()
    await asyncio.sleep(max(0.0, plan.end - time.time()))
    report.cpu_seconds = time.process_time() - started


async def _keep_a_game_going(slot: int, plan: Plan, report: WorkerReport) -> None:
    """Games one after another in one slot; arrivals are spread over the ramp (or the longest
    think time), as no server sees all its players sit down in the same instant."""
    rng = random.Random(f"{plan.seed}:{plan.games}:{slot}")
    arrival = rng.uniform(0, max(plan.ramp, plan.think[1]))
    await asyncio.sleep(max(0.0, plan.start_at - time.time()) + arrival)
    number = slot
    while time.time() < plan.end:
        await _play_one(number, rng, plan, report)
        number += plan.games


async def _play_one(number: int, rng: random.Random, plan: Plan, report: WorkerReport) -> None:
    """Game ``number``: created on instance number % n and played from instance (number + 1) % n
    (against a bot), or joined and played there by the second person (the creator plays from
    the first), so that every move crosses the fan-out."""
    count = len(plan.instances)
    created_on, other = plan.instances[number % count], plan.instances[(number + 1) % count]
    try:
        if plan.mode == "people":
            game, people = await _create_for_two(created_on, other)
        else:
            game, people = await _create_against_bot(created_on, other, rng, plan.bot)
    except (httpx.HTTPError, ValueError) as error:
        report.errors.append(f"seating the players: {type(error).__name__} {error}".rstrip())
        await asyncio.sleep(1)
        return
    tables = [Table(person.seat, plan.end) for person in people]
    seated = zip(people, tables, strict=True)
    await asyncio.gather(*(_sit(person, table, game, rng, plan, report) for person, table in seated))
    report.games.append(game_report(game, number % count, tables))
    failures = [table.failure for table in tables if table.failure is not None]
    report.errors += failures
    if failures:
        await asyncio.sleep(1)  # a broken server is not to be flooded with new games


async def _sit(person: Person, table: Table, game: str, rng: random.Random, plan: Plan, report: WorkerReport) -> None:
    """One person's socket, from the hello to the game's end (or its failure)."""
    url = f"ws://{person.instance}/ws/games/{game}"
    try:
        async with connect(url, additional_headers={"Cookie": person.cookie}) as socket:
            await _send(socket, table, {"type": "hello", "last_event": None})
            await _play_table(socket, table, rng, plan, report)
    except (OSError, TimeoutError, WebSocketException) as error:
        table.fail(f"socket: {type(error).__name__} {error}")


def _guest(instance: str) -> httpx.AsyncClient:
    return httpx.AsyncClient(base_url=f"http://{instance}", timeout=ROUND_TRIP_LIMIT, verify=TLS)


def _cookie(client: httpx.AsyncClient) -> str:
    return "; ".join(f"{name}={value}" for name, value in client.cookies.items())


async def _create(client: httpx.AsyncClient, seats: list[dict[str, str]]) -> dict[str, Any]:
    """A fresh guest's new game (the guest made by its first request)."""
    (await client.get("/api/me")).raise_for_status()
    created = await client.post("/api/games", json={"variant": "azul", "seats": seats})
    if created.status_code != 201:
        raise ValueError(f"POST /api/games answered {created.status_code}: {created.text[:200]}")
    answer: dict[str, Any] = created.json()
    return answer


async def _create_against_bot(instance: str, plays_from: str, rng: random.Random, bot: str) -> tuple[str, list[Person]]:
    """A new guest's game against a ``bot``, the person in a random seat."""
    seat = rng.randrange(2)
    seats: list[dict[str, str]] = [{"kind": "bot", "level": bot}, {"kind": "bot", "level": bot}]
    seats[seat] = {"kind": "me"}
    async with _guest(instance) as client:
        created = await _create(client, seats)
        return str(created["game"]["id"]), [Person(seat, _cookie(client), plays_from)]


async def _create_for_two(instance: str, friend_instance: str) -> tuple[str, list[Person]]:
    """A rated game created by one new guest in seat 0, seat 1 taken by another new guest
    through the invite link (consenting to rated play): the game starts with the join."""
    async with _guest(instance) as creator, _guest(friend_instance) as friend:
        created = await _create(creator, [{"kind": "me"}, {"kind": "person"}])
        game = str(created["game"]["id"])
        token = next(invite["token"] for invite in created["invites"] if invite["seat"] == 1)
        (await friend.get("/api/me")).raise_for_status()
        joined = await friend.post("/api/join", json={"token": token, "rated": True})
        if joined.status_code != 200:
            raise ValueError(f"POST /api/join answered {joined.status_code}: {joined.text[:200]}")
        return game, [Person(0, _cookie(creator), instance), Person(1, _cookie(friend), friend_instance)]


async def _play_table(
    socket: ClientConnection, table: Table, rng: random.Random, plan: Plan, report: WorkerReport
) -> None:
    """A reader keeps the table current while the person moves; a crash in either ends the run."""
    async with asyncio.TaskGroup() as group:
        reader = group.create_task(_read(socket, table, report.errors))
        await _make_moves(socket, table, rng, plan, report.round_trips)
        reader.cancel()


async def _send(socket: ClientConnection, table: Table, message: dict[str, Any]) -> None:
    try:
        await socket.send(json.dumps(message))
    except ConnectionClosed as closed:
        table.fail(f"socket closed: {closed}")


async def _read(socket: ClientConnection, table: Table, errors: list[str]) -> None:
    """Messages until the game ends. Silence is a stall only when it lasts ``SILENCE_LIMIT``
    before the play-out ends: at that end the side to move gives up, and its opponent, waiting
    for a move that will not come, was counted stalled (finding 10's 600 "stalled" games)."""
    limit = table.end + PLAY_OUT_LIMIT
    try:
        while not table.done:
            async with asyncio.timeout(max(0.0, min(SILENCE_LIMIT, limit - time.time()))):
                raw = await socket.recv()
            table.receive(json.loads(raw), errors)
    except TimeoutError:
        table.fail(SILENT if time.time() < limit else OUT_OF_TIME)
    except ConnectionClosed as closed:
        table.fail(f"socket closed: {closed}")


async def _make_moves(
    socket: ClientConnection, table: Table, rng: random.Random, plan: Plan, round_trips: list[float]
) -> None:
    """Whenever it is the person's turn: think (cut short by the stage's end), move, await the answer."""
    while not table.done:
        await table.changed.wait()
        table.changed.clear()
        if table.done or not table.legal or table.pending is not None:
            continue
        if time.time() > plan.end + PLAY_OUT_LIMIT:
            table.fail(OUT_OF_TIME)
            return
        version = table.version
        await _think(rng, plan)
        if table.done or table.version != version:
            continue
        pending = table.expect(rng.choice(table.legal))
        sent_at = time.perf_counter()
        await _send(socket, table, {"type": "move", "move": pending.move, "version": version})
        try:
            async with asyncio.timeout(ROUND_TRIP_LIMIT):
                await pending.answer
        except TimeoutError:
            table.fail(f"no answer to a move in {ROUND_TRIP_LIMIT:.0f} s")
            return
        except Refused:
            if not table.done:  # resynchronise: the server answers a hello with the state
                await _send(socket, table, {"type": "hello", "last_event": table.event_count})
            continue
        if pending.measured:
            round_trips.append(time.perf_counter() - sent_at)


async def _think(rng: random.Random, plan: Plan) -> None:
    left = plan.end - time.time()
    if left > 0:
        await asyncio.sleep(min(rng.uniform(*plan.think), left))
