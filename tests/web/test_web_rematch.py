"""A rematch at the table is an offer (issue 46, finding 3): the player who asks for it waits at
the new table; the other, still at the finished game's table, is shown who offers it and
accepts (or declines), and only then holds the seat."""

from __future__ import annotations

import random
import re
from typing import Any

import httpx
from kashi_server_helpers import Player, ServerProcess, create_game, http, invite_token


def finished_pair(server: ServerProcess) -> tuple[httpx.Client, httpx.Client, str]:
    """A rated game of two people who both joined it, played to its end over the WebSocket."""
    host, guest = http(server), http(server)
    created = create_game(host, "azul-quick", [{"kind": "me"}, {"kind": "person"}], rated=True)
    game_id = created["game"]["id"]
    guest.post("/api/join", json={"token": invite_token(created, 1), "rated": True}).raise_for_status()
    players = [Player(server, game_id, host), Player(server, game_id, guest)]
    for player in players:
        player.hello()
    rng = random.Random(7)
    while players[0].state["status"] != "finished":
        mover = next((player for player in players if player.my_turn()), None)
        if mover is None:
            players[0].until(lambda message: message["type"] == "state")
            continue
        version = mover.state["version"]
        mover.move(rng.choice(mover.state["legal_moves"]))
        for player in players:
            player.until(lambda message, seen=version: message["type"] == "state" and message["version"] > seen)
    for player in players:
        player.close()
    return host, guest, game_id


def browser_of(pages: Any, server: ServerProcess, client: httpx.Client) -> Any:
    person = pages.person()
    person.add_cookies([{"name": "kashi_user", "value": client.cookies["kashi_user"], "url": server.url}])
    return person


def test_a_rematch_offer_is_accepted_at_the_other_players_table(pages: Any, web_server: ServerProcess) -> None:
    host, guest, game_id = finished_pair(web_server)
    offerer = pages.open(browser_of(pages, web_server, host), f"/games/{game_id}")
    other = pages.open(browser_of(pages, web_server, guest), f"/games/{game_id}")
    for page in (offerer, other):
        page.wait_for_selector(".end-panel:not([hidden])")
    offerer.locator(".end-dialog .end-actions button.primary").click()
    offerer.wait_for_url(re.compile(r"/games/(?!" + re.escape(game_id) + r")[\w-]+$"))
    offer_id = offerer.url.rsplit("/", 1)[1]
    offerer.wait_for_selector(".rematch-withdraw")
    assert offerer.locator(".table").get_attribute("data-status") == "waiting", "nobody else is seated yet"
    assert host.get(f"/api/games/{offer_id}").json()["seats"][1]["taken"] is False
    other.wait_for_selector(".rematch-answer")
    assert "offers a rated rematch" in other.locator(".rematch-offer").inner_text()
    other.locator(".rematch-answer button.primary").click()
    other.wait_for_url(f"**/games/{offer_id}")
    offerer.wait_for_selector(".table[data-status='active']")
    started = host.get(f"/api/games/{offer_id}").json()
    assert started["status"] == "active" and started["rated"] is True
    assert [seat["taken"] for seat in started["seats"]] == [True, True]


def test_a_declined_rematch_offer_seats_nobody(pages: Any, web_server: ServerProcess) -> None:
    host, guest, game_id = finished_pair(web_server)
    offer = host.post(f"/api/games/{game_id}/rematch", json={}).json()["game"]
    offerer = pages.open(browser_of(pages, web_server, host), f"/games/{offer['id']}")
    offerer.wait_for_selector(".rematch-withdraw")
    other = pages.open(browser_of(pages, web_server, guest), f"/games/{game_id}")
    other.wait_for_selector(".rematch-answer")
    other.locator(".rematch-answer button:not(.primary)").click()
    other.wait_for_selector(".rematch-offer:has-text('declined')")
    offerer.wait_for_selector(".table[data-status='abandoned']")
    assert offerer.locator(".status-line").inner_text() == "Game abandoned"
    assert host.get(f"/api/games/{offer['id']}").json()["seats"][1]["taken"] is False
