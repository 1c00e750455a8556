"""Consent for every seat (issue 46, finding 3 and part of 9): a rematch is an offer the other
side accepts or declines; nobody is seated, rated or played for without having joined; a game is
rated only between people who chose rated play; a new game is unlisted unless asked public."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import httpx
from kashi_server_helpers import Player, ServerProcess, create_game, http, invite_token, play_to_the_end, wait_until

ME_AND_A_FRIEND = [{"kind": "me"}, {"kind": "person"}]


def info(client: httpx.Client, game_id: str) -> dict[str, Any]:
    answer: dict[str, Any] = client.get(f"/api/games/{game_id}").json()
    return answer


def finished_game(server: ServerProcess) -> tuple[httpx.Client, httpx.Client, str, list[Player]]:
    """A rated game of two people who both joined and played it to its end, still at the table."""
    (host, guest), game_id, players = finished_game_of(server, 2)
    return host, guest, game_id, players


def finished_game_of(server: ServerProcess, people: int) -> tuple[list[httpx.Client], str, list[Player]]:
    """A rated game of ``people`` who all joined and played it to its end, still at the table."""
    clients = [http(server) for _ in range(people)]
    created = create_game(clients[0], "azul-quick", [{"kind": "me"}] + [{"kind": "person"}] * (people - 1), rated=True)
    game_id = created["game"]["id"]
    for seat, guest in enumerate(clients[1:], start=1):
        guest.post("/api/join", json={"token": invite_token(created, seat), "rated": True}).raise_for_status()
    players = [Player(server, game_id, client) for client in clients]
    for player in players:
        player.hello()
    while players[0].state["status"] != "finished":
        mover = next((player for player in players if player.my_turn()), None)
        if mover is None:
            players[0].until(lambda message: message["type"] == "state")
            continue
        version = mover.state["version"]
        mover.move(mover.state["legal_moves"][0])
        for player in players:
            player.until(lambda message, seen=version: message["type"] == "state" and message["version"] > seen)
    assert info(clients[0], game_id)["rated"] is True
    return clients, game_id, players


def test_a_rematch_is_an_offer_that_seats_the_other_player_only_once_they_accept(
    servers: Callable[..., ServerProcess],
) -> None:
    server = servers()
    host, guest, game_id, players = finished_game(server)
    offered = host.post(f"/api/games/{game_id}/rematch", json={})
    assert offered.status_code == 201, offered.text
    offer = offered.json()["game"]
    assert offer["status"] == "waiting", "nobody is seated without their consent"
    assert [seat["taken"] for seat in offer["seats"]] == [True, False]
    assert [seat["offered"] for seat in offer["seats"]] == [False, True], "seat 1 is held for its player"
    assert offer["rematch_of"] == game_id and offer["expires_at"] > time.time()
    told = players[1].until(lambda message: message["type"] == "state" and message.get("rematch") == offer["id"])
    assert told["status"] == "finished", "the old table hears of the offer"
    stranger = http(server)
    assert stranger.post(f"/api/games/{offer['id']}/join", json={"seat": 1}).status_code in (404, 409)
    assert stranger.post(f"/api/games/{offer['id']}/accept", json={"rated": True}).status_code == 403
    assert offer["id"] not in [game["id"] for game in httpx.get(f"{server.url}/api/games").json()]
    assert host.post(f"/api/games/{game_id}/rematch", json={}).json()["game"]["id"] == offer["id"], "asked twice"
    watcher = Player(server, offer["id"], host)
    watcher.hello()
    accepted = guest.post(f"/api/games/{offer['id']}/accept", json={"rated": True})
    assert accepted.status_code == 200, accepted.text
    started = info(host, offer["id"])
    assert started["status"] == "active" and [seat["taken"] for seat in started["seats"]] == [True, True]
    assert started["rated"] is True, "both chose rated play"
    watcher.until(lambda message: message["type"] == "state" and message["status"] == "active")
    for player in [*players, watcher]:
        player.close()


def test_a_rematch_of_three_starts_once_both_others_accept(shared_server: ServerProcess) -> None:
    (host, second, third), game_id, players = finished_game_of(shared_server, 3)
    offer = host.post(f"/api/games/{game_id}/rematch", json={}).json()["game"]
    assert [seat["offered"] for seat in offer["seats"]] == [False, True, True]
    for player in players[1:]:
        player.until(lambda message: message["type"] == "state" and message.get("rematch") == offer["id"])
    assert second.post(f"/api/games/{offer['id']}/accept", json={"rated": True}).status_code == 200
    half = info(host, offer["id"])
    assert half["status"] == "waiting" and [seat["taken"] for seat in half["seats"]] == [True, True, False]
    assert third.post(f"/api/games/{offer['id']}/accept", json={"rated": True}).status_code == 200
    started = info(host, offer["id"])
    assert started["status"] == "active" and all(seat["taken"] for seat in started["seats"])
    assert started["rated"] is True and started["players"] == 3
    for player in players:
        player.close()


def test_a_hot_seat_rematch_keeps_the_seats_names(shared_server: ServerProcess) -> None:
    host = http(shared_server)
    named = [{"kind": "me", "name": "Ann"}, {"kind": "me", "name": "Bob"}]
    game_id = create_game(host, "azul-quick", named)["game"]["id"]
    play_to_the_end(shared_server, host, game_id)
    offer = host.post(f"/api/games/{game_id}/rematch", json={}).json()["game"]
    assert [seat["name"] for seat in offer["seats"]] == ["Ann", "Bob"]
    assert offer["status"] == "active", "both seats are the offerer's: nobody to wait for"


def test_a_declined_or_expired_rematch_seats_nobody_and_is_never_rated(
    servers: Callable[..., ServerProcess],
) -> None:
    server = servers(env={"KASHI_REMATCH_SECONDS": "3"})
    host, guest, game_id, players = finished_game(server)
    offer = host.post(f"/api/games/{game_id}/rematch", json={}).json()["game"]
    told = players[0].until(lambda message: message["type"] == "state" and message["rematch"] == offer["id"])
    assert guest.post(f"/api/games/{offer['id']}/decline", json={}).status_code == 200
    players[0].until(lambda message: message["type"] == "state" and message["version"] > told["version"])
    declined = info(host, offer["id"])
    assert declined["status"] == "abandoned" and declined["result"] == "declined"
    assert not declined["seats"][1]["taken"] and declined["rated"] is False
    assert guest.post(f"/api/games/{offer['id']}/accept", json={"rated": True}).status_code == 409
    assert guest.get("/api/me/games").json()[0]["id"] == game_id, "the declined offer is not the guest's game"
    assert host.post(f"/api/games/{game_id}/rematch", json={}).json()["game"]["id"] == offer["id"], "one offer"
    # another pair's offer that nobody answers runs out
    host2, guest2, game2, more = finished_game(server)
    late = guest2.post(f"/api/games/{game2}/rematch", json={}).json()["game"]
    assert [seat["taken"] for seat in late["seats"]] == [False, True], "the guest offers this time"
    time.sleep(3.5)
    assert host2.post(f"/api/games/{late['id']}/accept", json={"rated": True}).status_code == 409
    expired = info(host2, late["id"])
    assert (expired["status"], expired["result"], expired["seats"][0]["taken"]) == ("abandoned", "expired", False)
    for player in [*players, *more]:
        player.close()


def test_a_stand_in_never_plays_a_rated_game_for_someone_who_never_connected(
    servers: Callable[..., ServerProcess],
) -> None:
    server = servers(env={"KASHI_GRACE_SECONDS": "1"})
    host, guest = http(server), http(server)
    created = create_game(host, "azul-quick", ME_AND_A_FRIEND, rated=True, start=0)
    game_id = created["game"]["id"]
    guest.post("/api/join", json={"token": invite_token(created, 1), "rated": True}).raise_for_status()
    table = Player(server, game_id, host)
    table.hello()
    if table.my_turn():
        table.move(table.state["legal_moves"][0])
    over = table.state
    if over["status"] == "active":
        over = table.until(lambda message: message["type"] == "state" and message["status"] != "active", timeout=30)
    assert over["status"] == "abandoned", "no bot plays for a seat whose player never came"
    assert not over["seats"][1]["standin"]
    ended = info(host, game_id)
    assert ended["rated"] is False and ended["result"] == "seat 1 never joined"
    assert host.get(f"/api/players/{guest.get('/api/me').json()['id']}/ratings").json()["ratings"] == []
    table.close()


def test_a_player_who_came_and_went_waits_for_the_others_choice(servers: Callable[..., ServerProcess]) -> None:
    """No computer takes the seat by itself any more: past the grace period the others choose,
    and a stand-in they call in makes the game casual."""
    server = servers(env={"KASHI_GRACE_SECONDS": "1"})
    host, guest = http(server), http(server)
    created = create_game(host, "azul-quick", ME_AND_A_FRIEND, rated=True, start=0)
    game_id = created["game"]["id"]
    guest.post("/api/join", json={"token": invite_token(created, 1), "rated": True}).raise_for_status()
    table = Player(server, game_id, host)
    table.hello()
    visit = Player(server, game_id, guest)
    visit.hello()
    visit.close()
    table.move(table.state["legal_moves"][0])
    table.drain(3)  # three grace periods
    assert not table.state["seats"][1]["standin"] and table.state["absence"][1] is not None
    assert info(host, game_id)["status"] == "active" and info(host, game_id)["rated"] is True
    table.send({"type": "absence", "seat": 1, "choice": "standin"})
    stood_in = table.until(
        lambda message: message["type"] == "rejected" or (message["type"] == "state" and message["seats"][1]["standin"])
    )
    assert stood_in["type"] == "state", stood_in
    assert info(host, game_id)["rated"] is False, "a game a computer played in is casual"
    table.close()


def test_a_game_is_rated_only_if_everyone_who_joins_chose_rated_play(shared_server: ServerProcess) -> None:
    host = http(shared_server)
    unaware = create_game(host, "azul-quick", ME_AND_A_FRIEND, rated=True)
    assert http(shared_server).post("/api/join", json={"token": invite_token(unaware, 1)}).status_code == 200
    assert info(host, unaware["game"]["id"])["rated"] is False, "a join that did not choose rated play"
    willing = create_game(host, "azul-quick", ME_AND_A_FRIEND, rated=True)
    joined = http(shared_server).post("/api/join", json={"token": invite_token(willing, 1), "rated": True})
    assert joined.status_code == 200, joined.text
    assert info(host, willing["game"]["id"])["rated"] is True


def test_a_new_game_is_unlisted_unless_asked_public(shared_server: ServerProcess) -> None:
    host, stranger = http(shared_server), http(shared_server)
    quiet = create_game(host, "azul", ME_AND_A_FRIEND)["game"]
    assert quiet["public"] is False, "an API client that forgets it keeps its invited seat"
    assert quiet["id"] not in [game["id"] for game in stranger.get("/api/games").json()]
    assert stranger.post(f"/api/games/{quiet['id']}/join", json={"seat": 1}).status_code == 404
    listed = create_game(host, "azul", ME_AND_A_FRIEND, public=True)["game"]
    wait_until(lambda: listed["id"] in [game["id"] for game in stranger.get("/api/games").json()], "listed")
