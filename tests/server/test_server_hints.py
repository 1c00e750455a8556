"""Hints on a real server: given against bots and at a hot-seat table, one of the legal moves
with its reasons; refused with a reason in a game with another person, in a rated game and
out of turn."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from kashi_server_helpers import Player, RedisServer, ServerProcess, create_game, http, invite_token

AGAINST_A_BOT = [{"kind": "me"}, {"kind": "bot", "level": "easy"}]


def hint(player: Player) -> dict[str, Any]:
    player.send({"type": "hint"})
    return player.until(lambda message: message["type"] in ("hint", "rejected"))


def opened(server: ServerProcess, variant: str, seats: list[dict[str, Any]], **extra: Any) -> Player:
    host = http(server)
    game_id = create_game(host, variant, seats, **extra)["game"]["id"]
    player = Player(server, game_id, host)
    player.hello()
    return player


@pytest.mark.parametrize("variant", ["azul", "azul-duel", "ingenious"])
def test_a_hint_against_a_bot_is_a_legal_move_with_reasons(shared_server: ServerProcess, variant: str) -> None:
    player = opened(shared_server, variant, AGAINST_A_BOT, rated=False, start=0)
    player.wait_turn_or_end()  # a game may open with a chance event still to be dealt
    assert player.state["hints"] is True
    answer = hint(player)
    assert answer["type"] == "hint", answer
    assert answer["move"] in player.state["legal_moves"]
    assert answer["version"] == player.state["version"]
    assert answer["parts"] == next(move["parts"] for move in player.state["moves"] if move["text"] == answer["move"])
    assert 1 <= len(answer["reasons"]) <= 3
    assert all(reason["key"].startswith("hint.") and reason["text"] for reason in answer["reasons"])
    assert hint(player) == answer, "a position always gets the same hint"
    player.close()


def test_a_hot_seat_table_gets_hints_for_either_seat(shared_server: ServerProcess) -> None:
    player = opened(shared_server, "azul", [{"kind": "me"}, {"kind": "me"}], seed=5, start=0)
    assert player.state["hints"] is True and player.state["you"] == [0, 1]
    for _ in range(2):
        answer = hint(player)
        assert answer["type"] == "hint" and answer["move"] in player.state["legal_moves"]
        version = player.state["version"]
        player.move(answer["move"])
        player.until(lambda message, after=version: message["type"] == "state" and message["version"] > after)


def test_no_hint_in_a_game_with_another_person_or_a_rated_game(shared_server: ServerProcess) -> None:
    host, guest = http(shared_server), http(shared_server)
    created = create_game(host, "azul", [{"kind": "me"}, {"kind": "person"}], rated=False, start=0)
    guest.post("/api/join", json={"token": invite_token(created, 1)}).raise_for_status()
    creator = Player(shared_server, created["game"]["id"], host)
    assert creator.hello()["hints"] is False and creator.my_turn()
    refused = hint(creator)
    assert refused["type"] == "rejected" and refused["request"] == "hint"
    assert refused["reason"]["key"] == "server.hint_not_allowed"
    creator.close()
    rated = opened(shared_server, "azul", AGAINST_A_BOT, rated=True, start=0)
    assert rated.state["rated"] is True and rated.state["hints"] is False
    assert hint(rated)["reason"]["key"] == "server.hint_not_allowed"
    rated.close()
    spectator = Player(shared_server, created["game"]["id"])
    assert spectator.hello()["hints"] is False
    assert hint(spectator)["reason"]["key"] == "server.hint_not_allowed"
    spectator.close()


def test_no_hint_out_of_turn(servers: Callable[..., ServerProcess], own_redis: RedisServer) -> None:
    """Bot moves go to a Redis stream no worker reads, so the bot keeps its turn for a while."""
    server = servers(redis=own_redis.url, env={"KASHI_BOT_QUEUE": "redis"})
    player = opened(server, "azul", AGAINST_A_BOT, rated=False, start=1)
    assert player.state["to_move"] == 1 and player.state["hints"] is True
    refused = hint(player)
    assert refused["type"] == "rejected" and refused["reason"]["key"] == "server.hint_not_your_turn"
    player.close()
