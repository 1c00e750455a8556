"""Seats that stay private (issue 15, item 2): an invite link is used once and binds its seat to
the claimer; the creator never acts for a claimed seat; a lost link is replaced; takebacks go
by who holds the seats; and no token is ever written to the log."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import httpx
from kashi_server_helpers import Player, ServerProcess, create_game, http, invite_token, play_first_moves

from kashi.core.record import Record

THREE_FRIENDS = [{"kind": "me"}, {"kind": "person"}, {"kind": "person"}]


def join(client: httpx.Client, token: str) -> httpx.Response:
    return client.post("/api/join", json={"token": token})


def reply(player: Player) -> dict[str, Any]:
    return player.until(lambda message: message["type"] in ("state", "rejected", "error"))


def test_an_invite_is_used_once_and_binds_the_seat_to_its_claimer(shared_server: ServerProcess) -> None:
    host, ana, bob = http(shared_server), http(shared_server), http(shared_server)
    created = create_game(host, "ingenious", THREE_FRIENDS, public=False, start=0)
    game_id = created["game"]["id"]
    assert [invite["seat"] for invite in created["invites"]] == [1, 2]
    token = invite_token(created, 1)
    assert join(ana, token).json() == {"game": game_id, "seat": 1}
    for stranger in (bob, host):
        refused = join(stranger, token)
        assert refused.status_code == 409 and refused.json()["detail"]["key"] == "server.invite_void"
    assert join(ana, token).json() == {"game": game_id, "seat": 1}, "a used link takes its claimer back"
    assert join(bob, invite_token(created, 2)).status_code == 200
    creator = Player(shared_server, game_id, host)
    creator.send({"type": "hello", "last_event": None, "token": token})
    assert reply(creator)["type"] == "error", "a hello carries no seat token"
    assert creator.hello()["you"] == [0]
    assert creator.state["view"]["players"][1]["rack"] == 6, "the creator sees only how many tiles the claimer holds"
    creator.send({"type": "move", "move": "RB a1-a2", "version": creator.state["version"], "seat": 1})
    refused_move = reply(creator)
    assert refused_move["type"] == "rejected" and refused_move["reason"]["key"] == "server.not_your_seat"
    claimer = Player(shared_server, game_id, ana)
    assert claimer.hello()["you"] == [1] and len(claimer.state["view"]["players"][1]["rack"]) == 6
    for player in (creator, claimer):
        player.close()


def test_takebacks_count_seats_by_who_holds_them(shared_server: ServerProcess) -> None:
    """The creator, who had the invitee's link, cannot take back the invitee's move; a creator
    who took the invite's seat themselves holds both seats and may."""
    host, guest = http(shared_server), http(shared_server)
    created = create_game(host, "azul", [{"kind": "me"}, {"kind": "person"}], start=0)
    game_id = created["game"]["id"]
    join(guest, invite_token(created, 1)).raise_for_status()
    creator, invitee = Player(shared_server, game_id, host), Player(shared_server, game_id, guest)
    creator.hello()
    invitee.hello()
    play_first_moves([creator, invitee], 2)
    moves = [event["text"] for event in creator.events if event["seat"] is not None]
    creator.send({"type": "hello", "last_event": None, "token": invite_token(created, 1)})
    creator.hello()
    creator.send({"type": "takeback", "version": creator.state["version"]})
    refused = reply(creator)
    assert refused["type"] == "rejected" and refused["reason"]["key"] == "server.takeback_not_alone"
    assert [event["text"] for event in creator.hello()["events"] if event["seat"] is not None] == moves
    for player in (creator, invitee):
        player.close()
    alone = create_game(host, "azul", [{"kind": "me"}, {"kind": "person"}], start=0)
    join(host, invite_token(alone, 1)).raise_for_status()
    both = Player(shared_server, alone["game"]["id"], host)
    assert both.hello()["you"] == [0, 1]
    play_first_moves([both], 2)
    both.send({"type": "takeback", "version": both.state["version"]})
    undone = reply(both)
    assert undone["type"] == "state" and [event["seat"] for event in both.events if event["seat"] is not None] == [0]
    both.close()


def test_a_lost_link_is_replaced_and_the_old_one_stops_working(shared_server: ServerProcess) -> None:
    host, ana, bob = http(shared_server), http(shared_server), http(shared_server)
    created = create_game(host, "azul", THREE_FRIENDS, public=False)
    game_id = created["game"]["id"]
    lost = invite_token(created, 1)
    assert bob.post(f"/api/games/{game_id}/seats/1/invite", json={}).status_code == 403, "only the creator"
    fresh = host.post(f"/api/games/{game_id}/seats/1/invite", json={})
    assert fresh.status_code == 200
    replacement = fresh.json()
    assert replacement["seat"] == 1 and replacement["url"] == f"/join/{replacement['token']}"
    assert replacement["token"] != lost
    assert join(ana, lost).json()["detail"]["key"] == "server.invite_void"
    assert join(ana, replacement["token"]).json() == {"game": game_id, "seat": 1}
    for seat, status in ((1, 409), (0, 409), (5, 409), (9, 422)):
        assert host.post(f"/api/games/{game_id}/seats/{seat}/invite", json={}).status_code == status, seat
    assert join(bob, invite_token(created, 2)).status_code == 200
    assert host.get(f"/api/games/{game_id}").json()["status"] == "active"
    assert host.post(f"/api/games/{game_id}/seats/2/invite", json={}).status_code == 409, "the game has started"


def test_the_creator_calls_off_a_waiting_game_and_its_record_is_then_served(shared_server: ServerProcess) -> None:
    """Only the creator, only before the start; the links stop working, and the record of the
    abandoned game is served as a finished one's is (it was refused while the game waited)."""
    host, ana = http(shared_server), http(shared_server)
    created = create_game(host, "ingenious", THREE_FRIENDS, public=True)
    game_id = created["game"]["id"]
    assert host.get(f"/api/games/{game_id}/record.txt").status_code == 409, "no record while it waits"
    assert join(ana, invite_token(created, 1)).status_code == 200
    assert ana.post(f"/api/games/{game_id}/cancel", json={}).status_code == 403, "a player is not the creator"
    called_off = host.post(f"/api/games/{game_id}/cancel", json={})
    assert called_off.json() == {"game": game_id, "status": "abandoned", "result": "cancelled"}
    assert host.get(f"/api/games/{game_id}").json()["status"] == "abandoned"
    assert join(http(shared_server), invite_token(created, 2)).status_code == 409, "its links stop working"
    assert game_id not in [game["id"] for game in httpx.get(f"{shared_server.url}/api/games").json()]
    assert host.post(f"/api/games/{game_id}/cancel", json={}).status_code == 409, "called off once"
    record = Record.from_text(host.get(f"/api/games/{game_id}/record.txt").text)
    assert record.headers["GameId"] == game_id
    assert record.to_json() == host.get(f"/api/games/{game_id}/record.json").json()
    started = create_game(host, "azul", [{"kind": "me"}, {"kind": "person"}])
    join(ana, invite_token(started, 1)).raise_for_status()
    assert host.post(f"/api/games/{started['game']['id']}/cancel", json={}).status_code == 409, "too late"


def test_no_invite_token_is_ever_written_to_the_log(servers: Callable[..., ServerProcess]) -> None:
    server = servers()
    host, guest = http(server), http(server)
    created = create_game(host, "azul", THREE_FRIENDS, public=False)
    game_id = created["game"]["id"]
    tokens = [invite_token(created, 1), invite_token(created, 2)]
    assert guest.get(f"/join/{tokens[0]}").status_code == 200, "the invite page"
    assert join(guest, tokens[0]).status_code == 200
    assert guest.get(f"/join/{tokens[0]}", params={"token": tokens[0]}).status_code == 200
    tokens.append(host.post(f"/api/games/{game_id}/seats/2/invite", json={}).json()["token"])
    watcher = Player(server, f"{game_id}?token={tokens[2]}", guest)
    watcher.hello()
    watcher.close()
    assert join(guest, tokens[1]).json()["detail"]["key"] == "server.invite_void"
    host.get("/healthz")
    written = server.log.read_text()
    assert "/join/[redacted]" in written and "?[redacted]" in written, "the requests were logged"
    for token in tokens:
        assert token not in written and token.split(".")[2] not in written
