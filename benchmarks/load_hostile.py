"""The hostile client of benchmarks/load.py (``--hostile``): one client beside the players during a
stage, doing at once what issue 46 found could stall a server for everybody else.

* **Long addresses and headers**: paths at the address cap (and 32 bytes over it), thousands of
  slashes, a header line near its cap (and over it), more header lines than allowed.
* **Record uploads**: ``POST /api/replay`` of a legal record as long as the round cap lets a
  game go (floor moves only), of the issue's record of ten thousand rounds, and of a body over
  the server's body limit.
* **One player's many games and hints**: bot-against-bot games created by one guest until the
  live-games limit refuses them, and hint requests in bursts over the per-player limit, as fast
  as they are answered, in a casual game against a bot.

Each loop sends one request at a time, as fast as it is answered, to every instance in turn.
What the server answers is counted by request and answer (the status, or the socket message and
its key); a 5xx, a dropped connection or an unanswered request is an error of the stage.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from itertools import cycle
from typing import Any

import httpx
from load_players import TLS
from websockets.asyncio.client import connect
from websockets.exceptions import WebSocketException

import kashi
from kashi.server.security import MAX_HEADER_LINE_BYTES, MAX_HEADERS, MAX_URL_BYTES

REQUEST_LIMIT = 30.0
"""A request unanswered this long is an error."""
BODY_LIMIT = 262_144
"""The server's default ``KASHI_MAX_BODY_BYTES``: a body over it is refused with a 413."""
HINT_BURST = 4
"""Hints asked at once, over the per-player limit of hints being thought (2)."""
HINT_ANSWER_SECONDS = 5.0
"""How long the flood waits for the answers to a burst before it asks again."""


@dataclass(frozen=True)
class HostilePlan:
    instances: list[str]
    start_at: float
    seconds: float

    @property
    def end(self) -> float:
        return self.start_at + self.seconds


@dataclass
class HostileReport:
    answers: Counter[str] = field(default_factory=Counter)
    """``"what: answer"`` -> how many times."""
    errors: list[str] = field(default_factory=list)


def floor_only(max_rounds: int, largest: int) -> str:
    """An Azul record whose seats send every take to the floor, so no row is ever completed and
    the game runs to its round cap (or until the text passes ``largest`` characters)."""
    game = kashi.new_game("azul", 2, seed=7, max_rounds=max_rounds)
    while not game.is_over():
        game.play(next(move for move in game.legal_moves() if str(move).endswith("F")))
        if len(game.events) % 1000 == 0 and len(game.record().to_text()) > largest:
            break
    return game.record().to_text()


def run_hostile(plan: HostilePlan) -> HostileReport:
    """The entry point of the hostile client's process."""
    return asyncio.run(_run(plan))


async def _run(plan: HostilePlan) -> HostileReport:
    report = HostileReport()
    uploads = [
        {"record": floor_only(100, 10**9)},  # legal: the round cap's whole length, replayed
        {"record": floor_only(10_000, 198_000)},  # the record: too large
        {"record": "x" * (BODY_LIMIT + 1)},  # a body over the server's limit
    ]
    await asyncio.sleep(max(0.0, plan.start_at - time.time()))
    async with httpx.AsyncClient(timeout=REQUEST_LIMIT, verify=TLS) as client:
        await asyncio.gather(
            _loop(plan, report, "path", lambda base: _paths(client, base)),
            _loop(plan, report, "header", lambda base: _headers(client, base)),
            _loop(plan, report, "upload", lambda base: _uploads(client, base, uploads)),
            _bot_games(plan, report),
            _hint_flood(plan, report),
        )
    return report


async def _loop(
    plan: HostilePlan, report: HostileReport, what: str, send: Callable[[str], Awaitable[list[tuple[str, int]]]]
) -> None:
    """``send`` against each instance in turn until the stage ends, counting its answers."""
    for instance in cycle(plan.instances):
        if time.time() > plan.end:
            return
        try:
            answers = await send(f"http://{instance}")
        except httpx.HTTPError as error:
            report.errors.append(f"hostile {what}: {type(error).__name__} {error}")
            await asyncio.sleep(1)
            continue
        for kind, status in answers:
            _count(report, f"{what} {kind}", status)


def _count(report: HostileReport, what: str, status: int) -> None:
    report.answers[f"{what}: {status}"] += 1
    if status >= 500:
        report.errors.append(f"hostile {what}: {status}")


async def _paths(client: httpx.AsyncClient, base: str) -> list[tuple[str, int]]:
    at_cap = "/" + "x" * (MAX_URL_BYTES - 1)
    slashes = "/" + "/" * (MAX_URL_BYTES - 1)
    over = at_cap + "x" * 32
    return [(kind, (await client.get(base + path)).status_code) for kind, path in
            (("at cap", at_cap), ("slashes", slashes), ("over cap", over))]  # fmt: skip


async def _headers(client: httpx.AsyncClient, base: str) -> list[tuple[str, int]]:
    near = {"X-Long": "v" * (MAX_HEADER_LINE_BYTES - 64)}
    long_line = {"X-Long": "v" * (MAX_HEADER_LINE_BYTES + 64)}
    many = {f"X-Many-{number}": "1" for number in range(MAX_HEADERS + 1)}
    return [(kind, (await client.get(f"{base}/healthz", headers=headers)).status_code) for kind, headers in
            (("near line cap", near), ("over line cap", long_line), ("over count", many))]  # fmt: skip


async def _uploads(client: httpx.AsyncClient, base: str, bodies: list[dict[str, str]]) -> list[tuple[str, int]]:
    answers = []
    for kind, body in zip(("legal", "too large", "over body limit"), bodies, strict=True):
        answer = await client.post(f"{base}/api/replay", json=body)
        answers.append((kind, answer.status_code))
    return answers


async def _guest(client: httpx.AsyncClient, base: str) -> None:
    (await client.get(f"{base}/api/me")).raise_for_status()


async def _bot_games(plan: HostilePlan, report: HostileReport) -> None:
    """One guest per instance creates bot-against-bot games (medium) until refused, and keeps
    asking: its bots take their turns with the players' bots."""
    bots = [{"kind": "bot", "level": "medium"}] * 2
    clients = {instance: httpx.AsyncClient(timeout=REQUEST_LIMIT, verify=TLS) for instance in plan.instances}
    try:
        for instance in cycle(plan.instances):
            if time.time() > plan.end:
                return
            client = clients[instance]
            try:
                if not client.cookies:
                    await _guest(client, f"http://{instance}")
                answer = await client.post(f"http://{instance}/api/games", json={"variant": "azul", "seats": bots})
            except httpx.HTTPError as error:
                report.errors.append(f"hostile bot game: {type(error).__name__} {error}")
                await asyncio.sleep(1)
                continue
            _count(report, "bot game", answer.status_code)
            if answer.status_code == 429:
                await asyncio.sleep(0.2)  # the limit holds until a game ends: ask again soon
    finally:
        for client in clients.values():
            await client.aclose()


async def _hint_flood(plan: HostilePlan, report: HostileReport) -> None:
    """A casual game against a bot, the guest to move, and bursts of hint requests, each as soon
    as the last is answered (the per-player hint limit refuses those over it)."""
    instance = plan.instances[0]
    seats = [{"kind": "me"}, {"kind": "bot", "level": "medium"}]
    try:
        async with httpx.AsyncClient(base_url=f"http://{instance}", timeout=REQUEST_LIMIT, verify=TLS) as client:
            await _guest(client, "")
            created = await client.post(
                "/api/games", json={"variant": "azul", "seats": seats, "rated": False, "start": 0}
            )
            created.raise_for_status()
            cookie = "; ".join(f"{name}={value}" for name, value in client.cookies.items())
        game = created.json()["game"]["id"]
        async with connect(f"ws://{instance}/ws/games/{game}", additional_headers={"Cookie": cookie}) as socket:
            await socket.send(json.dumps({"type": "hello", "last_event": None}))
            while time.time() < plan.end:
                for _ in range(HINT_BURST):
                    await socket.send(json.dumps({"type": "hint"}))
                await _hint_answers(socket, report, HINT_BURST)
    except (httpx.HTTPError, OSError, WebSocketException) as error:
        report.errors.append(f"hostile hints: {type(error).__name__} {error}")


async def _hint_answers(socket: Any, report: HostileReport, asked: int) -> None:
    """Count what the socket says until each hint asked is answered (a hint or a refusal), or
    for a few seconds."""
    try:
        async with asyncio.timeout(HINT_ANSWER_SECONDS):
            while asked:
                message = json.loads(await socket.recv())
                kind = message["type"]
                if kind == "state":
                    continue
                reason = message.get("reason")
                key = reason.get("key") if isinstance(reason, dict) else reason
                report.answers[f"hint: {kind}{' ' + key if key else ''}"] += 1
                if kind == "error":
                    report.errors.append(f"hostile hints: error {key}")
                asked -= kind in ("hint", "rejected")
    except TimeoutError:
        report.answers[f"hint: unanswered within {HINT_ANSWER_SECONDS:g} s"] += asked
