"""Real server processes: kill -9 mid-game and resume at the exact event; conflicting moves;
malformed, oversized, out-of-turn and forged messages (hypothesis) that change nothing."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from kashi_server_helpers import Player, ServerProcess, create_game, http, invite_token

from kashi import Game, Record


def hot_seat(server: ServerProcess, variant: str = "azul") -> tuple[httpx.Client, str]:
    host = http(server)
    created = create_game(host, variant, [{"kind": "me"}, {"kind": "me"}], seed=5)
    return host, created["game"]["id"]


def kill_and_resume(servers: Callable[..., ServerProcess], database: str | None) -> None:
    server = servers(database)
    host, game_id = hot_seat(server, "azul-quick")
    player = Player(server, game_id, host)
    player.hello()
    for _ in range(6):
        player.move(player.state["legal_moves"][0])
        player.until(lambda message: message["type"] == "state")
    seen = player.state["event_count"]
    version = player.state["version"]
    pending = player.state["legal_moves"][0]
    player.move(pending)
    server.kill9()
    player.close()
    server.start()
    again = Player(server, game_id, host)
    resumed = again.hello(last_event=seen)
    assert resumed["version"] in (version, version + 1)
    assert [event["number"] for event in resumed["events"]] == list(range(seen + 1, resumed["event_count"] + 1))
    moves = [event["text"] for event in resumed["events"] if event["seat"] is not None]
    assert moves in ([], [pending])
    while again.wait_turn_or_end()["status"] != "finished":
        again.move(again.state["legal_moves"][0])
        again.until(lambda message: message["type"] == "state")
    assert len(player.events) == seen
    texts = [event["text"] for event in player.events + again.events]
    record = Record.from_text(host.get(f"/api/games/{game_id}/record.txt").text)
    assert [event.text for event in record.events] == texts
    outcome = Game.from_record(record).outcome()
    assert outcome is not None and outcome.to_json() == again.state["outcome"]
    again.close()


def test_kill9_resumes_at_the_exact_event_on_sqlite(servers: Callable[..., ServerProcess]) -> None:
    kill_and_resume(servers, None)


def test_kill9_resumes_at_the_exact_event_on_postgresql(
    servers: Callable[..., ServerProcess], postgres_url: str
) -> None:
    kill_and_resume(servers, postgres_url)


def test_conflicting_moves_at_once_apply_exactly_one(shared_server: ServerProcess) -> None:
    host, game_id = hot_seat(shared_server)
    first, second = Player(shared_server, game_id, host), Player(shared_server, game_id, host)
    first.hello()
    second.hello()
    version = first.state["version"]
    moves = first.state["legal_moves"][:2]
    barrier = threading.Barrier(2)

    def send(player: Player, move: str) -> None:
        barrier.wait()
        player.move(move, version)

    threads = [threading.Thread(target=send, args=pair) for pair in ((first, moves[0]), (second, moves[1]))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    rejections = []
    for player in (first, second):
        player.until(lambda message: message["type"] == "state" and message["version"] > version)
        player.drain(1)
    for player in (first, second):
        rejections += [message for message in player.received if message["type"] == "rejected"]
        assert player.state["version"] == version + 1
    assert [message["reason"]["key"] for message in rejections] == ["server.stale"]
    info = host.get(f"/api/games/{game_id}").json()
    assert info["version"] == version + 1
    applied = [event["text"] for event in first.events if event["seat"] is not None]
    assert len(applied) == 1 and applied[0] in moves
    first.close()
    second.close()


MESSAGE = st.one_of(
    st.text(max_size=300),
    st.binary(max_size=300).map(lambda data: data.decode("latin-1")),
    st.dictionaries(
        st.sampled_from(["type", "move", "version", "seat", "token", "last_event"]),
        st.one_of(st.none(), st.integers(), st.text(max_size=40), st.booleans()),
        max_size=5,
    ).map(json.dumps),
    st.builds(
        lambda move, version: json.dumps({"type": "move", "move": move, "version": version}),
        st.text(min_size=1, max_size=20),
        st.integers(min_value=0, max_value=50),
    ),
    st.builds(lambda token: json.dumps({"type": "hello", "token": token}), st.text(min_size=1, max_size=120)),
    st.just("x" * 5000),
)


@pytest.fixture(scope="module")
def fuzz_game(shared_server: ServerProcess) -> tuple[ServerProcess, str, dict[int, httpx.Client]]:
    host = http(shared_server)
    created = create_game(host, "ingenious", [{"kind": "me"}, {"kind": "person"}])
    guest = http(shared_server)
    guest.post("/api/join", json={"token": invite_token(created, 1)}).raise_for_status()
    return shared_server, created["game"]["id"], {0: host, 1: guest}


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(messages=st.lists(MESSAGE, min_size=1, max_size=4), spectator=st.booleans())
def test_garbage_out_of_turn_and_forged_messages_change_nothing(
    fuzz_game: tuple[ServerProcess, str, dict[int, httpx.Client]], messages: list[str], spectator: bool
) -> None:
    server, game_id, clients = fuzz_game
    before = httpx.get(f"{server.url}/api/games/{game_id}").json()
    probe = Player(server, game_id)
    to_move = probe.hello()["to_move"]
    probe.close()
    sender = Player(server, game_id, None if spectator else clients[1 - to_move])
    sender.hello()
    sender.send({"type": "hello", "token": "forged.token.value"})
    for message in messages:
        try:
            sender.send(message)
        except Exception:
            break
    sender.drain(0.2)
    sender.close()
    after = httpx.get(f"{server.url}/api/games/{game_id}").json()
    assert after["version"] == before["version"] and after["event_count"] == before["event_count"]
    assert httpx.get(f"{server.url}/healthz").json()["status"] == "ok"
