"""Games in memory only while they need it: an idle game (nobody connected, nothing pending,
untouched for KASHI_IDLE_UNLOAD_SECONDS) is unloaded and loaded again, intact, when someone
connects; at start the server resumes only the games it must act in with nobody there (a bot
to move, a clock running), and games between people wait in the database."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import redis
from kashi_server_helpers import (
    Player,
    RedisServer,
    ServerProcess,
    create_game,
    health,
    http,
    invite_token,
    newer_than,
    play_first_moves,
    stored_events,
    wait_until,
)

IDLE = 3.0
"""KASHI_IDLE_UNLOAD_SECONDS of these tests."""
ENV = {
    "KASHI_IDLE_UNLOAD_SECONDS": str(IDLE),
    "KASHI_LEASE_SECONDS": "2",
    "KASHI_BOT_PROCESSES": "1",
    "KASHI_GRACE_SECONDS": "600",
}
"""No stand-in takes an absent player's seat during a test, however slow the machine."""


def rooms(server: ServerProcess) -> dict[str, Any]:
    summary: dict[str, Any] = health(server)["rooms"]
    return summary


def events_of(player: Player) -> list[tuple[int, int | None, str]]:
    return [(event["number"], event["seat"], event["text"]) for event in player.events]


@pytest.fixture
def two_instances(tmp_path: Path) -> Iterator[Callable[..., tuple[ServerProcess, ServerProcess]]]:
    started: list[ServerProcess] = []

    def start(database: str, redis_url: str, **env: str) -> tuple[ServerProcess, ServerProcess]:
        a = ServerProcess(database, tmp_path / "instance-a.log", {**ENV, **env}, redis_url)
        b = ServerProcess(database, tmp_path / "instance-b.log", {**ENV, **env}, redis_url)
        started.extend([a, b])
        a.start()  # alone first: it migrates the fresh database
        b.start()
        return a, b

    yield start
    for server in started:
        server.stop()


def test_an_idle_game_is_unloaded_and_a_new_connection_reloads_it_intact(
    postgres_url: str,
    own_redis: RedisServer,
    two_instances: Callable[..., tuple[ServerProcess, ServerProcess]],
) -> None:
    """A game between a player on A and one on B, which it started on (B holds its lease and
    runs it). The player on A leaves, and A, with nobody connected and nothing to do for the
    game, lets go of it once it has been idle long enough; the other player moves meanwhile; the
    player comes back through A, which loads the game again, resumes them at their last event
    and carries on."""
    a, b = two_instances(postgres_url, own_redis.url)
    host, guest = http(a), http(b)
    created = create_game(host, "azul", [{"kind": "me"}, {"kind": "person"}], start=0)
    game_id = created["game"]["id"]
    assert guest.post("/api/join", json={"token": invite_token(created, 1)}).status_code == 200
    with redis.Redis.from_url(own_redis.url) as client:
        assert client.get(f"kashi:owner:{game_id}") == health(b)["instance"].encode()
    leaver, stayer = Player(a, game_id, host), Player(b, game_id, guest)
    leaver.hello()
    stayer.hello()
    play_first_moves([leaver, stayer], 3)
    if not stayer.my_turn():
        play_first_moves([leaver, stayer], 1)
    assert rooms(a)["loaded"] == 1
    seen = leaver.state["event_count"]
    leaver.close()
    left = time.monotonic()
    time.sleep(IDLE / 3)
    assert rooms(a)["loaded"] == 1, "not unloaded before it has been idle long enough"
    wait_until(lambda: rooms(a)["loaded"] == 0, "A unloads the idle game", timeout=IDLE + 10)
    assert time.monotonic() - left >= IDLE - 0.5
    assert rooms(a)["unloaded"] == 1
    assert rooms(b)["loaded"] == 1, "B, running the game with a player connected, keeps it"
    version = stayer.state["version"]
    stayer.move(stayer.state["legal_moves"][0])
    stayer.until(newer_than(version))
    back = Player(a, game_id, host)
    resumed = back.hello(last_event=seen)
    assert rooms(a)["loaded"] == 1
    stored = stored_events(postgres_url, game_id)
    assert not resumed["reset"] and resumed["event_count"] == len(stored) == stayer.state["event_count"]
    assert events_of(back) == stored[seen:], "the reloaded game resumes the player at their last event"
    assert resumed["version"] == stayer.state["version"] and back.my_turn()
    assert resumed["seats"][0]["standin"] is False
    version = back.state["version"]
    back.move(back.state["legal_moves"][0])
    back.until(newer_than(version))
    stayer.until(newer_than(version), 2)
    assert events_of(stayer) == stored_events(postgres_url, game_id)
    for player in (stayer, back):
        player.close()


def test_an_owner_nobody_is_connected_to_hands_the_game_to_the_instance_its_players_are_on(
    postgres_url: str,
    own_redis: RedisServer,
    two_instances: Callable[..., tuple[ServerProcess, ServerProcess]],
) -> None:
    """The game starts on B (the invite is claimed there), so B holds its lease, but both
    players connect to A: B, with nobody there and nothing to do, unloads it and gives the lease
    up, and A takes the game over (once the absence timers B started before the players
    connected have run out, finding them there)."""
    a, b = two_instances(postgres_url, own_redis.url, KASHI_GRACE_SECONDS="3")
    host, guest = http(a), http(b)
    created = create_game(host, "azul", [{"kind": "me"}, {"kind": "person"}], start=0)
    game_id = created["game"]["id"]
    assert guest.post("/api/join", json={"token": invite_token(created, 1)}).status_code == 200
    instances = {health(server)["instance"]: server for server in (a, b)}

    def owner() -> ServerProcess | None:
        with redis.Redis.from_url(own_redis.url) as client:
            holder = client.get(f"kashi:owner:{game_id}")
        return instances.get(holder.decode()) if isinstance(holder, bytes) else None

    assert owner() is b
    players = [Player(a, game_id, host), Player(a, game_id, guest)]
    for player in players:
        player.hello()
    play_first_moves(players, 2)
    wait_until(lambda: rooms(b)["loaded"] == 0, "B unloads the game nobody plays through it", timeout=3 + IDLE + 10)
    wait_until(lambda: owner() is a, "A takes the lease B gave up")
    wait_until(lambda: rooms(a)["owned"] == 1, "A runs the game")
    play_first_moves(players, 2)
    assert not any(seat["standin"] for seat in players[0].state["seats"])
    assert [event["text"] for event in players[1].events] == [
        text for _n, _s, text in stored_events(postgres_url, game_id)
    ]
    for player in players:
        player.close()


def test_start_up_resumes_only_the_games_the_server_must_act_in(servers: Callable[..., ServerProcess]) -> None:
    """Three games between people (hot-seat, no clock), one with a clock, one against a bot:
    after a restart only the last two are loaded; a game between people is loaded, intact, when
    someone connects to it."""
    server = servers(env=ENV)
    host = http(server)
    people = [create_game(host, "azul", [{"kind": "me"}, {"kind": "me"}], start=0)["game"]["id"] for _ in range(3)]
    clocked = create_game(
        host, "azul", [{"kind": "me"}, {"kind": "me"}], start=0, clock={"kind": "move", "seconds": 600}
    )["game"]["id"]
    bot = create_game(host, "azul", [{"kind": "me"}, {"kind": "bot", "level": "easy"}], start=0)["game"]["id"]
    player = Player(server, people[0], host)
    player.hello()
    play_first_moves([player], 3)
    events = events_of(player)
    player.close()
    assert rooms(server)["loaded"] == 5
    server.stop()
    server.start()
    assert rooms(server)["loaded"] == 2, "only the game with a clock and the game against a bot"
    for game_id in (clocked, bot):
        assert httpx.get(f"{server.url}/api/games/{game_id}").json()["status"] == "active"
    again = Player(server, people[0], host)
    resumed = again.hello()
    assert rooms(server)["loaded"] == 3
    assert resumed["reset"] and events_of(again) == events, "loaded on demand, intact"
    assert again.my_turn()
    version = again.state["version"]
    again.move(again.state["legal_moves"][0])
    again.until(newer_than(version))
    again.close()
