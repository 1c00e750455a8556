"""Fair shares of the bot, hint and review work (issue 46, finding 8): one player's backlog never
delays another player's next job by more than one job, and each player's live games, hints and
reviews in flight are capped, a refusal saying when to try again."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from kashi_server_helpers import (
    Player,
    RedisServer,
    ServerProcess,
    create_game,
    http,
    store_finished_game,
    wait_until,
)
from kashi_test_extras import run_async
from sqlalchemy import select

from kashi.core.record import Record
from kashi.server import reviews
from kashi.server.bot_workers import FairQueue, FairShares
from kashi.server.database import make_engine, make_sessions, migrate
from kashi.server.models import ReviewRow
from kashi.server.settings import async_database_url

AGAINST_A_BOT = [{"kind": "me"}, {"kind": "bot", "level": "easy"}]
BOTS = [{"kind": "bot", "level": "easy"}] * 2


# -- the queue ---------------------------------------------------------------------------------
def test_the_queue_takes_another_players_job_within_the_first_two() -> None:
    queue: FairQueue[str] = FairQueue()
    for number in range(30):
        queue.put("ann", f"ann-{number}")
    queue.put("bob", "bob-0")
    taken = [queue.take() for _ in range(31)]
    assert ("bob", "bob-0") in taken[:2], taken[:3]
    assert [job for owner, job in taken if owner == "ann"] == [f"ann-{number}" for number in range(30)]
    assert len(queue) == 0


def test_the_queue_turns_round_the_players_with_work_waiting() -> None:
    queue: FairQueue[str] = FairQueue()
    for owner in ("ann", "bob", "cat"):
        for number in range(3):
            queue.put(owner, f"{owner}-{number}")
    assert [queue.take()[0] for _ in range(9)] == ["ann", "bob", "cat"] * 3
    queue.put("ann", "late")
    queue.put("dan", "first")
    assert queue.take() == ("dan", "first"), "a player never served goes before one served already"


def test_a_busy_pool_starts_another_players_job_next() -> None:
    """One slot, held by the first of ann's 30 jobs; bob's job, asked for after all of them,
    runs as soon as that one job is done."""

    async def scenario() -> list[str]:
        shares = FairShares(slots=1)
        started: list[str] = []
        done = {name: asyncio.Event() for name in [*(f"ann-{number}" for number in range(30)), "bob-0"]}

        async def job(owner: str, name: str) -> None:
            async with shares.turn(owner, "move"):
                started.append(name)
                await done[name].wait()

        tasks = [asyncio.create_task(job("ann", f"ann-{number}")) for number in range(30)]
        await asyncio.sleep(0.01)
        assert started == ["ann-0"] and shares.waiting == 29 and shares.holding("ann", "move") == 30
        tasks.append(asyncio.create_task(job("bob", "bob-0")))
        await asyncio.sleep(0.01)
        done["ann-0"].set()
        await asyncio.sleep(0.01)
        assert started == ["ann-0", "bob-0"]
        for event in done.values():
            event.set()
        await asyncio.gather(*tasks)
        assert shares.running == 0 and shares.waiting == 0 and shares.holding("ann", "move") == 0
        return started

    assert len(run_async(scenario())) == 31


def test_a_cancelled_wait_gives_its_turn_away() -> None:
    async def scenario() -> list[str]:
        shares = FairShares(slots=1)
        started: list[str] = []
        hold = asyncio.Event()

        async def job(owner: str) -> None:
            async with shares.turn(owner, "hint"):
                started.append(owner)
                await hold.wait()

        first, cancelled, last = (asyncio.create_task(job(owner)) for owner in ("ann", "bob", "cat"))
        await asyncio.sleep(0.01)
        cancelled.cancel()
        await asyncio.sleep(0.01)
        hold.set()
        await asyncio.gather(first, last)
        assert shares.running == 0 and shares.holding("bob", "hint") == 0
        return started

    assert run_async(scenario()) == ["ann", "cat"]


# -- reviews: each player's turn ---------------------------------------------------------------
def test_another_players_review_is_taken_up_after_one_step_of_a_long_backlog(tmp_path: Path) -> None:
    """Five reviews of ann's are queued before one of bob's; the reviewer judges one decision of
    ann's first game, then bob's game gets its turn (a review is taken up again where it stopped)."""
    order = run_async(review_five_and_one(f"sqlite:///{tmp_path / 'fair.db'}"))
    assert order[0] == "g1" and order[1] == "g6", order[:8]
    assert order.index("g6") < order.index("g2")


async def review_five_and_one(url: str) -> list[str]:
    """The games, in the order the reviewer judged their decisions, until every review is done."""
    engine = make_engine(async_database_url(url))
    try:
        await migrate(engine)
        sessions = make_sessions(engine)
        games = {}
        for seed, requester in enumerate(["ann"] * 5 + ["bob"], start=1):
            games[await store_finished_game(sessions, [requester, "bot:easy"], seed)] = requester
        async with sessions() as session, session.begin():
            for created_at, (game_id, requester) in enumerate(games.items()):
                session.add(
                    ReviewRow(
                        game_id=game_id, status="queued", budget=0.05, done=0, total=0, moves="[]", mistakes="[]",
                        worker=None, lease_until=None, created_at=created_at, updated_at=created_at,
                        requester=requester,
                    )
                )  # fmt: skip
        reviewer = reviews.Reviewer(sessions, "this-instance", lease_seconds=5, budget=0.05, slice_seconds=0.0)
        order: list[str] = []

        async def compute(function: Callable[..., Any], record_text: str, *arguments: Any) -> Any:
            if function is reviews.judge_decisions:
                order.append(Record.from_text(record_text).headers["GameId"])
                return [{"ply": arguments[1], "seat": 0, "move": "x", "best": "x", "loss": 0.0}]
            return []

        reviewer._compute = compute  # type: ignore[method-assign]
        reviewer.start()
        try:
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline:
                async with sessions() as session:
                    rows = list((await session.execute(select(ReviewRow))).scalars())
                if all(row.status == "done" for row in rows):
                    break
                await asyncio.sleep(0.05)
        finally:
            await reviewer.close()
        return order
    finally:
        await engine.dispose()


# -- limits --------------------------------------------------------------------------------------
def assert_refused(answer: Any, key: str) -> None:
    assert answer.status_code == 429, answer.text
    assert answer.json()["detail"]["key"] == key
    seconds = int(answer.headers["Retry-After"])
    assert seconds > 0 and answer.json()["detail"]["params"]["seconds"] == seconds


def test_a_player_over_the_live_games_limit_is_refused_and_others_are_not(
    servers: Callable[..., ServerProcess],
) -> None:
    """A waiting game the player calls off no longer counts."""
    server = servers(env={"KASHI_LIVE_GAMES_PER_PLAYER": "2"})
    ann, bob = http(server), http(server)
    waiting = [{"kind": "me"}, {"kind": "person"}]
    games = [create_game(ann, "azul", waiting)["game"]["id"] for _ in range(2)]
    assert_refused(ann.post("/api/games", json={"variant": "azul", "seats": waiting}), "server.too_many_games")
    create_game(bob, "azul", waiting)
    assert ann.post(f"/api/games/{games[0]}/cancel", json={}).status_code == 200
    create_game(ann, "azul", waiting)
    assert_refused(ann.post("/api/games", json={"variant": "azul", "seats": waiting}), "server.too_many_games")


def test_a_player_over_the_reviews_limit_is_refused(servers: Callable[..., ServerProcess]) -> None:
    """A review that takes long (a large budget) is in flight while the second is asked for."""
    server = servers(env={"KASHI_REVIEWS_PER_PLAYER": "1", "KASHI_REVIEW_BUDGET": "50"})
    ann, bob = http(server), http(server)
    first, second = (create_game(ann, "azul-quick", BOTS)["game"]["id"] for _ in range(2))
    for game_id in (first, second):
        wait_until(lambda game_id=game_id: ann.get(f"/api/games/{game_id}").json()["status"] == "finished", game_id)
    assert ann.post(f"/api/games/{first}/review", json={}).json()["status"] in ("queued", "running")
    assert_refused(ann.post(f"/api/games/{second}/review", json={}), "server.too_many_reviews")
    assert ann.post(f"/api/games/{first}/review", json={}).status_code == 200, "asking again for one in flight"
    assert bob.post(f"/api/games/{second}/review", json={}).json()["status"] == "queued", "another player may"


def test_a_player_over_the_hints_limit_is_refused(
    servers: Callable[..., ServerProcess], own_redis: RedisServer
) -> None:
    """Hints go to a Redis stream no worker reads, so the first one is still being thought when
    the same player asks for one in another game."""
    server = servers(redis=own_redis.url, env={"KASHI_BOT_QUEUE": "redis", "KASHI_HINTS_PER_PLAYER": "1"})
    host = http(server)
    players = []
    for _ in range(2):
        game_id = create_game(host, "azul", AGAINST_A_BOT, rated=False, start=0)["game"]["id"]
        player = Player(server, game_id, host)
        player.hello()
        assert player.my_turn() and player.state["hints"] is True
        players.append(player)
    players[0].send({"type": "hint"})
    wait_until(lambda: httpx.get(f"{server.url}/healthz").json()["bots"]["waiting"] == 1, "the first hint asked")
    players[1].send({"type": "hint"})
    refused = players[1].until(lambda message: message["type"] in ("hint", "rejected"))
    assert refused["type"] == "rejected" and refused["request"] == "hint", refused
    assert refused["reason"]["key"] == "server.too_many_hints"
    assert refused["reason"]["params"]["seconds"] > 0 and refused["reason"]["params"]["limit"] == 1
    for player in players:
        player.close()


@pytest.mark.parametrize("setting", ["KASHI_LIVE_GAMES_PER_PLAYER", "KASHI_HINTS_PER_PLAYER"])
def test_the_limits_are_settings(setting: str) -> None:
    from kashi.server.settings import Settings

    name = setting.removeprefix("KASHI_").lower()
    assert getattr(Settings.from_env({setting: "7"}), name) == 7
    with pytest.raises(ValueError, match="greater than 0"):
        Settings.from_env({setting: "0"})
