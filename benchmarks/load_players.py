"""The simulated people of benchmarks/load.py: one worker process's share of a stage's games.

Each person creates an Azul game against a bot (medium unless told) as a fresh guest, plays it over a real
WebSocket (thinking, then a random legal move) and starts another when it ends, so the number
of games stays constant. Players do no engine work: they parse JSON, pick a move and send it,
so the benchmark's own CPU stays small beside the server's on a shared 2-core machine.

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
PLAY_OUT_LIMIT = 180.0
"""After the stage, games still running after this long are left unfinished (and unchecked)."""
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

    @property
    def end(self) -> float:
        return self.start_at + self.seconds


@dataclass
class GameReport:
    game: str
    instance: int
    """The instance the game was created on."""
    seat: int
    acknowledged: list[tuple[int, str]]
    """(event number, move text) of every move the server answered with a state holding it."""
    events_at_cut: int | None
    """Events known when the stage ended; None for a game that ended within the stage."""
    finished: bool


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
        self.acknowledged: list[tuple[int, str]] = []
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
                self.acknowledged.append((number, pending.move))
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

    def report(self, game: str, instance: int) -> GameReport:
        cut = self.events_at_cut
        if cut is None and not self.finished:
            cut = self.event_count  # given up: what was known
        return GameReport(game, instance, self.seat, self.acknowledged, cut, self.finished)


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
    """Games one after another in one slot; arrivals are spread over the first think time, as
    no server sees all its players sit down in the same instant."""
    rng = random.Random(f"{plan.seed}:{plan.games}:{slot}")
    await asyncio.sleep(max(0.0, plan.start_at - time.time()) + rng.uniform(0, plan.think[1]))
    number = slot
    while time.time() < plan.end:
        await _play_one(number, rng, plan, report)
        number += plan.games


async def _play_one(number: int, rng: random.Random, plan: Plan, report: WorkerReport) -> None:
    """Game ``number``: created on instance number % n, played from instance (number + 1) % n."""
    count = len(plan.instances)
    created_on = number % count
    try:
        game, seat, cookie = await _create_game(plan.instances[created_on], rng, plan.bot)
    except (httpx.HTTPError, ValueError) as error:
        report.errors.append(f"creating a game: {error}")
        await asyncio.sleep(1)
        return
    table = Table(seat, plan.end)
    url = f"ws://{plan.instances[(number + 1) % count]}/ws/games/{game}"
    try:
        async with connect(url, additional_headers={"Cookie": cookie}) as socket:
            await _send(socket, table, {"type": "hello", "last_event": None})
            await _play_table(socket, table, rng, plan, report)
    except (OSError, TimeoutError, WebSocketException) as error:
        table.fail(f"socket: {type(error).__name__} {error}")
    report.games.append(table.report(game, created_on))
    if table.failure is not None:
        report.errors.append(table.failure)
        await asyncio.sleep(1)  # a broken server is not to be flooded with new games


async def _create_game(instance: str, rng: random.Random, bot: str) -> tuple[str, int, str]:
    """A new guest's game against a ``bot``, the person in a random seat: (id, seat, cookie)."""
    seat = rng.randrange(2)
    seats: list[dict[str, str]] = [{"kind": "bot", "level": bot}, {"kind": "bot", "level": bot}]
    seats[seat] = {"kind": "me"}
    async with httpx.AsyncClient(base_url=f"http://{instance}", timeout=ROUND_TRIP_LIMIT, verify=TLS) as client:
        (await client.get("/api/me")).raise_for_status()
        created = await client.post("/api/games", json={"variant": "azul", "seats": seats})
        if created.status_code != 201:
            raise ValueError(f"POST /api/games answered {created.status_code}: {created.text[:200]}")
        cookie = "; ".join(f"{name}={value}" for name, value in client.cookies.items())
    return str(created.json()["game"]["id"]), seat, cookie


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
    try:
        while not table.done:
            async with asyncio.timeout(SILENCE_LIMIT):
                raw = await socket.recv()
            table.receive(json.loads(raw), errors)
    except TimeoutError:
        table.fail(f"no message for {SILENCE_LIMIT:.0f} s")
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
            table.fail(f"not over {PLAY_OUT_LIMIT:.0f} s after the stage")
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
