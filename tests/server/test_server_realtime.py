"""The realtime protocol on a real server: resync, refusals, bots, takebacks, clocks, absence,
limits and the origin check."""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest
from kashi_server_helpers import Player, ServerProcess, create_game, http, invite_token
from websockets.exceptions import ConnectionClosed, InvalidStatus


def hot_seat(server: ServerProcess) -> tuple[Player, str]:
    host = http(server)
    game_id = create_game(host, "azul", [{"kind": "me"}, {"kind": "me"}], seed=11)["game"]["id"]
    player = Player(server, game_id, host)
    player.hello()
    return player, game_id


def reply(player: Player) -> dict[str, object]:
    return player.until(lambda message: message["type"] in ("state", "rejected", "error"))


def test_stale_duplicate_illegal_and_malformed_moves_are_refused_with_a_reason(shared_server: ServerProcess) -> None:
    player, _ = hot_seat(shared_server)
    version = player.state["version"]
    move = player.state["legal_moves"][0]
    player.move(move)
    assert reply(player)["type"] == "state"
    player.move(move, version)
    duplicate = reply(player)
    assert duplicate["type"] == "rejected" and duplicate["reason"]["key"] == "server.stale"
    player.move("9Z9")
    bad = reply(player)
    assert bad["type"] == "rejected" and bad["reason"]["text"]
    player.send({"type": "move", "move": "1B1", "version": "7"})
    malformed = reply(player)
    assert malformed["type"] == "error" and malformed["reason"]["key"] == "server.bad_message"
    assert player.state["version"] == version + 1
    player.close()


def test_resync_sends_only_missed_events_and_spectators_get_no_legal_moves(shared_server: ServerProcess) -> None:
    player, game_id = hot_seat(shared_server)
    for _ in range(3):
        player.move(player.state["legal_moves"][0])
        reply(player)
    late = Player(shared_server, game_id)
    state = late.hello(last_event=2)
    assert [event["number"] for event in state["events"]] == list(range(3, state["event_count"] + 1))
    assert state["legal_moves"] == [] and state["you"] == []
    ahead = late.hello(last_event=10_000)
    assert ahead["reset"] and len(ahead["events"]) == ahead["event_count"]
    spectator = Player(shared_server, game_id)
    spectator.hello()
    spectator.move("1B1", player.state["version"])
    assert reply(spectator)["reason"]["key"] == "server.no_seat"
    for client in (player, late, spectator):
        client.close()


def test_takebacks_against_bots_and_their_limits(shared_server: ServerProcess) -> None:
    host = http(shared_server)
    game_id = create_game(host, "azul", [{"kind": "me"}, {"kind": "bot", "level": "easy"}], seed=4, start=0)["game"][
        "id"
    ]
    player = Player(shared_server, game_id, host)
    player.hello()
    first_view = player.state["view"]
    count = player.state["event_count"]
    player.move(player.state["legal_moves"][0])
    player.until(lambda message: message["type"] == "state" and message["event_count"] == count + 2)
    assert player.state["legal_moves"], "our move and the bot's, and we are to move again"
    player.send({"type": "takeback", "version": player.state["version"]})
    undone = player.until(lambda message: message["type"] in ("state", "rejected"))
    assert undone["type"] == "state" and undone["reset"]
    assert undone["event_count"] == count and undone["view"] == first_view
    player.send({"type": "takeback", "version": player.state["version"]})
    refused = player.until(lambda message: message["type"] == "rejected")
    assert refused["reason"]["key"] == "server.takeback_hidden", "the factory fill before is a chance event"
    player.close()
    other = http(shared_server)
    mixed = create_game(other, "azul", [{"kind": "me"}, {"kind": "person"}], start=0)
    opponent = http(shared_server)
    opponent.post("/api/join", json={"token": invite_token(mixed, 1)}).raise_for_status()
    seated = Player(shared_server, mixed["game"]["id"], other)
    seated.hello()
    seated.move(seated.state["legal_moves"][0])
    reply(seated)
    seated.send({"type": "takeback", "version": seated.state["version"]})
    assert reply(seated)["reason"]["key"] == "server.takeback_not_alone"
    seated.close()


def test_a_rated_game_against_a_bot_allows_no_takeback(shared_server: ServerProcess) -> None:
    """Else a player could retry a move until the bot's answer suits them and keep the rating;
    the same game asked for casual allows it."""
    for rated in (True, False):
        host = http(shared_server)
        seats = [{"kind": "me"}, {"kind": "bot", "level": "easy"}]
        game_id = create_game(host, "azul", seats, rated=rated, start=0)["game"]["id"]
        player = Player(shared_server, game_id, host)
        assert player.hello()["rated"] is rated
        count = player.state["event_count"]
        player.move(player.state["legal_moves"][0])
        player.until(lambda message, after=count + 2: message["type"] == "state" and message["event_count"] == after)
        player.send({"type": "takeback", "version": player.state["version"]})
        answer = player.until(lambda message: message["type"] in ("state", "rejected"))
        if rated:
            assert answer["type"] == "rejected" and answer["reason"]["key"] == "server.takeback_rated"
            assert player.hello()["event_count"] == count + 2, "nothing was taken back"
        else:
            assert answer["type"] == "state" and answer["event_count"] == count
        player.close()


def test_time_out_hands_the_seat_to_a_bot_and_the_player_takes_it_back(
    servers: Callable[..., ServerProcess],
) -> None:
    server = servers(env={"KASHI_GRACE_SECONDS": "0.5"})
    host = http(server)
    created = create_game(
        host,
        "azul",
        [{"kind": "me"}, {"kind": "bot", "level": "easy"}],
        seed=2,
        start=0,
        clock={"kind": "move", "seconds": 1},
    )
    game_id = created["game"]["id"]
    player = Player(server, game_id, host)
    player.hello()
    assert player.state["clock"]["deadline"] is not None
    start = player.state["event_count"]
    # We never move: after a second a bot plays for us, and the game goes on without us.
    player.until(lambda message: message["type"] == "state" and message["seats"][0]["standin"])
    player.until(lambda message: message["type"] == "state" and message["event_count"] >= start + 3)
    player.close()
    again = Player(server, game_id, host)
    assert again.hello()["seats"][0]["standin"], "the computer keeps the seat until asked for it"
    again.send({"type": "standin", "on": False})
    again.until(lambda message: message["type"] == "state" and not message["seats"][0]["standin"])
    again.close()


def test_message_size_and_origin_limits(shared_server: ServerProcess) -> None:
    """(The pace of messages and the caps on sockets are tested in test_server_edges.py.)"""
    player, game_id = hot_seat(shared_server)
    player.send("x" * 5000)
    assert reply(player)["reason"]["key"] == "server.too_large"
    with pytest.raises(ConnectionClosed):
        player.receive(5)
    with pytest.raises(InvalidStatus):
        Player(shared_server, game_id, origin="http://evil.example")
    same_origin = Player(shared_server, game_id, origin=shared_server.url)
    assert same_origin.hello()["type"] == "state"
    same_origin.close()


def test_a_preview_scores_a_move_without_making_it(shared_server: ServerProcess) -> None:
    """The engine scores a candidate move on the mover's view; nothing changes, and only the
    seat to move may ask (a spectator, or an illegal move, gets the reason)."""
    host = http(shared_server)
    game_id = create_game(host, "ingenious", [{"kind": "me"}, {"kind": "bot", "level": "easy"}], start=0)["game"]["id"]
    player = Player(shared_server, game_id, host)
    player.hello()
    state = player.wait_turn_or_end()
    before = (state["version"], state["view"])
    promised = 0
    for move in state["legal_moves"][:60]:
        player.send({"type": "preview", "move": move})
        preview = reply_of(player, "preview")
        assert preview["move"] == move and preview["version"] == before[0]
        promised = sum(change["points"] for change in preview["score_changes"])
        if promised:
            break
    assert promised > 0, "some placement beside a start symbol scores"
    player.send({"type": "preview", "move": "RB a1-a2"})
    refused = reply_of(player, "rejected")
    assert refused["request"] == "preview" and refused["reason"]["text"]
    watcher = Player(shared_server, game_id)
    watcher.hello()
    watcher.send({"type": "preview", "move": move})
    assert reply_of(watcher, "rejected")["reason"]["key"] == "server.no_seat"
    again = Player(shared_server, game_id, host)
    assert (again.hello()["version"], again.state["view"]) == before
    tracks = sum(state["view"]["tracks"][0].values())
    player.move(move)
    after = player.until(lambda message: message["type"] == "state" and message["version"] > before[0])
    assert sum(after["view"]["tracks"][0].values()) - tracks == promised
    lines = [part["params"]["lines"] for change in preview["score_changes"] for part in change["parts"]]
    assert lines and all(line[0] in move for runs in lines for line in runs), "each run starts on the tile"
    for client in (player, watcher, again):
        client.close()


def test_every_state_carries_what_the_final_scoring_would_add_so_far(shared_server: ServerProcess) -> None:
    """Azul Duel's objectives as they stand, for both seats; games without such a scoring send none."""
    host = http(shared_server)
    duel = create_game(host, "azul-duel", [{"kind": "me"}, {"kind": "bot", "level": "easy"}])["game"]["id"]
    player = Player(shared_server, duel, host)
    state = player.hello()
    assert [change["seat"] for change in state["final_scoring_so_far"]] == [0, 1]
    for change in state["final_scoring_so_far"]:
        assert change["parts"] and all(part["key"].startswith("azul_duel.score.") for part in change["parts"])
        assert change["points"] == sum(part["points"] for part in change["parts"])
    player.close()
    azul = create_game(host, "azul", [{"kind": "me"}, {"kind": "me"}])["game"]["id"]
    other = Player(shared_server, azul, host)
    assert other.hello()["final_scoring_so_far"] == []
    other.close()


def reply_of(player: Player, kind: str) -> dict[str, object]:
    return player.until(lambda message: message["type"] == kind)


def test_a_socket_keeps_its_waiting_room_loaded_until_it_says_hello(
    servers: Callable[..., ServerProcess],
) -> None:
    """The server lets go of rooms nobody is in; a socket opened before its hello must count,
    or it says hello to a room the server has let go of and never hears the next moves."""
    server = servers(env={"KASHI_LEASE_SECONDS": "0.4"})  # rooms are tended every 0.1 s
    host, guest = http(server), http(server)
    created = create_game(host, "azul", [{"kind": "me"}, {"kind": "person"}], start=1)
    early = Player(server, created["game"]["id"], host)  # opened while the game waits
    time.sleep(1)
    guest.post("/api/join", json={"token": invite_token(created, 1)}).raise_for_status()
    invitee = Player(server, created["game"]["id"], guest)
    early.hello()
    invitee.hello()
    version = invitee.state["version"]
    invitee.move(invitee.state["legal_moves"][0])
    assert early.until(lambda message: message["type"] == "state" and message["version"] > version)
    for player in (early, invitee):
        player.close()
