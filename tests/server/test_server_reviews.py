"""Game reviews: queued over HTTP, computed by a background job, stored once, taken up after a restart."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from kashi_server_helpers import ServerProcess, create_game, http, wait_until

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
    wait_until(lambda: client.get(f"/api/games/{game_id}").json()["status"] == "finished", 60, f"{game_id} to finish")
    return game_id


def reviewed(client: httpx.Client, game_id: str) -> dict[str, Any]:
    body: dict[str, Any] = wait_until(
        lambda: (found := client.get(f"/api/games/{game_id}/review").json())["status"] in ("done", "failed") and found,
        90,
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
                "INSERT INTO reviews VALUES (?, ?, 0.05, 0, 0, '[]', '[]', ?, ?, ?, ?)",
                (game_id, status, worker, lease, now, now),
            )
    server = servers(f"sqlite:///{path}", env=QUICK)
    client = http(server)
    for game_id in (queued, abandoned):
        assert reviewed(client, game_id)["status"] == "done"
    still = client.get(f"/api/games/{held}/review").json()
    assert (still["status"], still["done"]) == ("running", 0)
