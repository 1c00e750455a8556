"""Game reviews: queued over HTTP, computed by a background job, stored once, taken up after a restart;
a game that kills the worker process every time is given up, so the jobs behind it still run."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import time
from collections import Counter
from collections.abc import Callable
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any

import httpx
import pytest
from kashi_server_helpers import ServerProcess, create_game, http, store_finished_game, wait_until
from kashi_test_extras import run_async
from sqlalchemy import select

from kashi.core.record import Record
from kashi.server import reviews
from kashi.server.database import make_engine, make_sessions, migrate
from kashi.server.models import ReviewRow
from kashi.server.settings import async_database_url

BOTS = [{"kind": "bot", "level": "easy"}] * 2
QUICK = {"KASHI_REVIEW_BUDGET": "0.05", "KASHI_LEASE_SECONDS": "2"}


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'reviews.db'}"
    url: str = request.getfixturevalue("postgres_url")
    return url


def finished_bot_game(client: httpx.Client, variant: str = "azul-quick") -> str:
    game_id: str = create_game(client, variant, BOTS)["game"]["id"]
    wait_until(lambda: client.get(f"/api/games/{game_id}").json()["status"] == "finished", f"{game_id} to finish")
    return game_id


def reviewed(client: httpx.Client, game_id: str) -> dict[str, Any]:
    body: dict[str, Any] = wait_until(
        lambda: (found := client.get(f"/api/games/{game_id}/review").json())["status"] in ("done", "failed") and found,
        f"the review of {game_id}",
    )
    return body


def test_a_review_is_queued_run_to_the_end_and_stored_once(
    servers: Callable[..., ServerProcess], database: str
) -> None:
    server = servers(database, env=QUICK)
    client = http(server)
    game_id = finished_bot_game(client)
    assert client.get(f"/api/games/{game_id}/review").json()["status"] == "none"
    asked = client.post(f"/api/games/{game_id}/review", json={})
    assert asked.status_code == 200
    assert asked.json()["status"] in ("queued", "running", "done")
    decisions = sum("seat" in event for event in client.get(f"/api/games/{game_id}/record.json").json()["events"])
    assert asked.json()["total"] == decisions
    review = reviewed(client, game_id)
    assert review["status"] == "done"
    assert review["done"] == review["total"] == len(review["moves"]) == decisions
    move = review["moves"][0]
    assert set(move) == {"ply", "seat", "move", "value", "best", "best_value", "loss"}
    assert all(item["loss"] >= 0 for item in review["moves"])
    losses = [mistake["loss"] for mistake in review["mistakes"]]
    assert 3 <= len(losses) <= 5 and losses == sorted(losses, reverse=True) and losses[0] > 0
    assert max(item["loss"] for item in review["moves"]) == losses[0]
    better = review["mistakes"][0]["better"]
    assert better["state"]["game"] == "azul" and better["parts"]
    again = client.post(f"/api/games/{game_id}/review", json={})
    assert again.json() == review
    assert server.log.read_text().count('"review started"') == 1


def test_a_review_is_refused_for_an_unfinished_game_and_a_bad_id(servers: Callable[..., ServerProcess]) -> None:
    server = servers(env=QUICK)
    client = http(server)
    running = create_game(client, "azul-quick", [{"kind": "me"}, {"kind": "bot", "level": "easy"}])["game"]["id"]
    for method in ("GET", "POST"):
        body = {} if method == "POST" else None
        unfinished = client.request(method, f"/api/games/{running}/review", json=body)
        assert unfinished.status_code == 409
        assert unfinished.json()["detail"]["key"] == "server.review_unfinished"
        assert client.request(method, "/api/games/nosuchgame/review", json=body).status_code == 404
        assert client.request(method, "/api/games/bad%20id!/review", json=body).status_code == 422
        assert client.request(method, f"/api/games/{'x' * 33}/review", json=body).status_code == 422


def test_a_restart_takes_up_queued_jobs_and_those_whose_lease_ran_out(
    servers: Callable[..., ServerProcess], tmp_path: Path
) -> None:
    path = tmp_path / "restart.db"
    server = servers(f"sqlite:///{path}", env=QUICK)
    client = http(server)
    queued, abandoned, held = (finished_bot_game(client) for _ in range(3))
    server.stop()
    now = time.time()
    with sqlite3.connect(path) as connection:
        for game_id, status, worker, lease in (
            (queued, "queued", None, None),
            (abandoned, "running", "a-dead-instance", now - 1),
            (held, "running", "a-live-instance", now + 3600),
        ):
            connection.execute(
                "INSERT INTO reviews (game_id, status, budget, done, total, moves, mistakes, worker, lease_until,"
                " created_at, updated_at) VALUES (?, ?, 0.05, 0, 0, '[]', '[]', ?, ?, ?, ?)",
                (game_id, status, worker, lease, now, now),
            )
    server = servers(f"sqlite:///{path}", env=QUICK)
    client = http(server)
    for game_id in (queued, abandoned):
        assert reviewed(client, game_id)["status"] == "done"
    still = client.get(f"/api/games/{held}/review").json()
    assert (still["status"], still["done"]) == ("running", 0)


def test_a_game_that_kills_the_worker_every_time_fails_and_the_next_job_runs(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """The first queued game's job "kills the worker" at every step; the second one's is judged
    in this process. The first must end ``failed`` after ``WORKER_DEATHS`` tries, then the second
    is taken up and done."""
    with caplog.at_level(logging.INFO, logger="kashi.server"):
        rows, tries = run_async(review_a_poison_game_and_the_next(f"sqlite:///{tmp_path / 'poison.db'}"))
    poison, behind = rows
    assert (poison.status, poison.lease_until) == ("failed", None)
    assert tries[poison.game_id] == reviews.WORKER_DEATHS
    assert (behind.status, behind.lease_until) == ("done", None)
    assert behind.done == behind.total > 0
    given_up = [record for record in caplog.records if record.getMessage().startswith("review failed")]
    assert [getattr(record, "game", None) for record in given_up] == [poison.game_id]


async def review_a_poison_game_and_the_next(url: str) -> tuple[list[ReviewRow], Counter[str]]:
    """Both review rows once neither job is unfinished (or after 30 s), and each game's tries."""
    engine = make_engine(async_database_url(url))
    try:
        await migrate(engine)
        sessions = make_sessions(engine)
        poison, behind = [await store_finished_game(sessions, ["ann", "bot:easy"], seed) for seed in (1, 2)]
        async with sessions() as session, session.begin():
            for created_at, game_id in enumerate((poison, behind)):
                session.add(
                    ReviewRow(
                        game_id=game_id, status="queued", budget=0.05, done=0, total=0, moves="[]", mistakes="[]",
                        worker=None, lease_until=None, created_at=created_at, updated_at=created_at,
                    )
                )  # fmt: skip
        reviewer = reviews.Reviewer(sessions, "this-instance", lease_seconds=0.1, budget=0.05)
        tries: Counter[str] = Counter()

        async def compute(function: Callable[..., Any], record_text: str, *arguments: Any) -> Any:
            game_id = Record.from_text(record_text).headers["GameId"]
            tries[game_id] += 1
            if game_id == poison:
                raise BrokenProcessPool("the worker died")
            return function(record_text, *arguments)

        reviewer._compute = compute  # type: ignore[method-assign]
        reviewer.start()
        try:
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline:
                async with sessions() as session:
                    rows = list((await session.execute(select(ReviewRow).order_by(ReviewRow.created_at))).scalars())
                if all(row.status not in reviews.UNFINISHED for row in rows):
                    break
                await asyncio.sleep(0.05)
        finally:
            await reviewer.close()
        return rows, tries
    finally:
        await engine.dispose()
