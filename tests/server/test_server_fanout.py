"""Two server instances on one PostgreSQL database, fanned out through real Redis."""

from __future__ import annotations

from collections.abc import Callable

from kashi_server_helpers import Player, ServerProcess, create_game, http, invite_token


def test_a_move_on_one_instance_reaches_clients_of_the_other(
    servers: Callable[..., ServerProcess], postgres_url: str, redis_url: str
) -> None:
    first = servers(postgres_url, redis=redis_url)
    second = servers(postgres_url, redis=redis_url)
    host = http(first)
    created = create_game(host, "azul", [{"kind": "me"}, {"kind": "person"}], start=0)
    game_id = created["game"]["id"]
    guest = http(second)
    assert guest.post("/api/join", json={"token": invite_token(created, 1)}).status_code == 200
    mover = Player(first, game_id, host)
    watcher = Player(second, game_id, guest)
    spectator = Player(second, game_id)
    mover.hello()
    watcher.hello()
    spectator.hello()
    version = mover.state["version"]
    move = mover.state["legal_moves"][0]
    mover.move(move)
    # The second instance's clients send nothing: only the fan-out can tell them.
    for client in (watcher, spectator):
        state = client.until(lambda message: message["type"] == "state" and message["version"] > version)
        assert [event["text"] for event in state["events"]][-1] == move
    assert watcher.state["legal_moves"], "the other seat is to move and gets its legal moves"
    assert spectator.state["legal_moves"] == []
    # The second instance accepts the reply, and the first instance's client sees it.
    watcher.move(watcher.state["legal_moves"][0])
    mover.until(lambda message: message["type"] == "state" and message["version"] == version + 2)
    for client in (mover, watcher, spectator):
        client.close()
