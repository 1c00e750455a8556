"""A socket's pace (issue 46, finding 9): messages past the burst are slowed, never a reason to
disconnect, and what waits is bounded: beyond ``KASHI_RATE_QUEUE`` waiting messages, further
ones are dropped with one error for the run, and the socket stays open."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from kashi_server_helpers import Player, ServerProcess, create_game, http

TWO_OF_ME = [{"kind": "me"}, {"kind": "me"}]
PACE = {
    "KASHI_RATE_PER_SECOND": "10",
    "KASHI_RATE_BURST": "5",
    "KASHI_RATE_QUEUE": "20",
    "KASHI_RATE_PATIENCE_SECONDS": "2",  # the old rule's patience, read by the code before the fix
}


def answers(player: Player, count: int) -> list[dict[str, Any]]:
    return [player.receive(timeout=30) for _ in range(count)]


def test_a_client_a_little_over_the_pace_is_slowed_and_never_cut_off(
    servers: Callable[..., ServerProcess],
) -> None:
    server = servers(env=PACE)
    game_id = create_game(http(server), "azul", TWO_OF_ME, public=False)["game"]["id"]
    player = Player(server, game_id)
    player.hello()
    started = time.monotonic()
    sent = 0
    while (elapsed := time.monotonic() - started) < 6:  # 12 a second for 6 s: 3 s past the burst, slowed
        player.send({"type": "ping"})
        sent += 1
        time.sleep(max(0.0, sent / 12 - elapsed))
    got = answers(player, sent)
    assert [message["type"] for message in got] == ["pong"] * sent, "every message answered, none refused"
    assert time.monotonic() - started > (sent - 5) / 10 - 0.5, "past the burst, ten a second"
    player.send({"type": "ping"})
    assert player.receive(timeout=10)["type"] == "pong", "the socket is still open"
    player.close()


def test_past_the_bounded_queue_messages_are_dropped_with_one_error_and_the_socket_stays(
    servers: Callable[..., ServerProcess],
) -> None:
    server = servers(env=PACE)
    game_id = create_game(http(server), "azul", TWO_OF_ME, public=False)["game"]["id"]
    flooder = Player(server, game_id)
    flooder.hello()
    for _ in range(200):
        flooder.send({"type": "ping"})
    flooder.drain(6)  # the burst and the queue are answered at ten a second
    pongs = [message for message in flooder.received if message["type"] == "pong"]
    errors = [message for message in flooder.received if message["type"] == "error"]
    assert 20 <= len(pongs) < 200, len(pongs)
    assert errors and {error["reason"]["key"] for error in errors} == {"server.rate_dropped"}
    assert len(errors) < 10, "one error for a run of dropped messages, not one each"
    assert errors[0]["reason"]["params"] == {"queue": 20, "rate": 10.0}
    flooder.send({"type": "ping"})
    assert flooder.receive(timeout=10)["type"] == "pong", "the flooder is slowed and trimmed, not disconnected"
    flooder.close()
