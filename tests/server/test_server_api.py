"""The HTTP API on a real server: identity, lobby, validation, JSON-only changes, headers."""

from __future__ import annotations

import re

import httpx
from kashi_server_helpers import ServerProcess, create_game, http, invite_token

from kashi.web.catalogues import catalogue, languages


def test_guest_identity_names_accounts_and_login(shared_server: ServerProcess) -> None:
    browser = http(shared_server)
    me = browser.get("/api/me").json()
    assert not me["registered"] and browser.cookies.get("kashi_user")
    assert browser.patch("/api/me", json={"display_name": "Ana"}).json()["display_name"] == "Ana"
    name = f"ana{me['id'][:8]}"
    assert browser.post("/api/account/register", json={"username": name, "password": "long enough"}).json()[
        "registered"
    ]
    other = http(shared_server)
    assert other.post("/api/account/login", json={"username": name, "password": "wrong one!"}).status_code == 401
    assert other.post("/api/account/login", json={"username": name, "password": "long enough"}).json()["id"] == me["id"]
    assert other.get("/api/me").json()["display_name"] == "Ana"
    forged = httpx.get(f"{shared_server.url}/api/me", cookies={"kashi_user": f"{me['id']}.forged"}).json()
    assert forged["id"] != me["id"]


def test_lobby_create_list_join_leave_and_forged_invites(shared_server: ServerProcess) -> None:
    host = http(shared_server)
    seats = [{"kind": "me"}, {"kind": "person"}, {"kind": "bot", "level": "medium"}]
    created = create_game(host, "azul", seats, public=True)
    game_id = created["game"]["id"]
    assert [invite["seat"] for invite in created["invites"]] == [1], "links only for the seats to hand over"
    assert game_id in [game["id"] for game in httpx.get(f"{shared_server.url}/api/games").json()]
    unlisted = create_game(host, "azul", [{"kind": "me"}, {"kind": "person"}], public=False)["game"]["id"]
    assert unlisted not in [game["id"] for game in httpx.get(f"{shared_server.url}/api/games").json()]
    guest = http(shared_server)
    token = invite_token(created, 1)
    forged = token[:-3] + ("aaa" if not token.endswith("aaa") else "bbb")
    assert guest.post("/api/join", json={"token": forged}).status_code == 403
    assert guest.post("/api/join", json={"token": token}).json() == {"game": game_id, "seat": 1}
    assert host.get(f"/api/games/{game_id}").json()["status"] == "active"
    assert guest.post(f"/api/games/{game_id}/leave", json={}).status_code == 409, "too late once started"
    waiting = create_game(host, "azul", [{"kind": "me"}, {"kind": "person"}, {"kind": "person"}], public=True)
    waiting_id = waiting["game"]["id"]
    assert guest.post(f"/api/games/{waiting_id}/join", json={"seat": 1}).status_code == 200
    assert guest.post(f"/api/games/{waiting_id}/leave", json={}).json()["left"] == 1
    info = host.get(f"/api/games/{waiting_id}").json()
    assert info["status"] == "waiting" and not info["seats"][1]["taken"]
    assert host.get(f"/api/games/{game_id}/record.txt").status_code == 409, "records once the game is over"
    assert {game["id"] for game in guest.get("/api/me/games").json()} >= {game_id}


def test_bad_input_gets_clear_errors_and_changes_nothing(shared_server: ServerProcess) -> None:
    host = http(shared_server)
    before = len(host.get("/api/me/games").json())
    unknown = host.post("/api/games", json={"variant": "chess", "seats": [{"kind": "me"}, {"kind": "me"}]})
    assert unknown.status_code == 422 and unknown.json()["detail"]["key"] == "core.unknown_variant"
    wrong = host.post("/api/games", json={"variant": "azul", "seats": [{"kind": "bot"}, {"kind": "me"}]})
    assert wrong.status_code == 422 and "level" in wrong.text
    option = host.post("/api/games", json={"variant": "azul", "seats": [{"kind": "me"}] * 2, "options": {"nope": 1}})
    assert option.json()["detail"]["key"] == "core.unknown_option"
    for hosting in ({"chance": "external"}, {"names": "x"}, {"first_seat": 1}):
        sneaked = host.post("/api/games", json={"variant": "azul", "seats": [{"kind": "me"}] * 2, "options": hosting})
        assert sneaked.json()["detail"]["key"] == "core.unknown_option", "options are rule options only"
    form = host.post("/api/games", data={"variant": "azul"})
    assert form.status_code == 415
    assert len(host.get("/api/me/games").json()) == before
    page = httpx.get(f"{shared_server.url}/")
    assert "kashi" in page.text and "script-src 'self'" in page.headers["content-security-policy"]
    assert httpx.get(f"{shared_server.url}/docs").status_code == 200
    assert httpx.get(f"{shared_server.url}/healthz").json()["status"] == "ok"


def test_the_api_documentation_works_without_internet(shared_server: ServerProcess) -> None:
    """/docs and /redoc name no other host: their scripts and styles come from this server."""
    for path in ("/docs", "/redoc"):
        page = httpx.get(f"{shared_server.url}{path}")
        assert page.status_code == 200
        assert "http://" not in page.text.replace(shared_server.url, "") and "https://" not in page.text
        assert "cdn" not in page.headers["content-security-policy"]
        assets = re.findall(r'(?:src|href)="(/[^"]+)"', page.text)
        assert any(asset.endswith(".js") for asset in assets), assets
        for asset in assets:
            assert httpx.get(f"{shared_server.url}{asset}").status_code == 200, asset


def test_each_languages_catalogue_is_served_whole(shared_server: ServerProcess) -> None:
    """/i18n/<lang>.json is the language's catalogue merged from the shell and the games, with an
    entity tag to revalidate against; an unknown language is a 404 with its reason."""
    for language in languages():
        served = httpx.get(f"{shared_server.url}/i18n/{language}.json")
        assert served.status_code == 200 and served.json() == catalogue(language), language
        assert served.headers["content-type"] == "application/json"
        again = httpx.get(
            f"{shared_server.url}/i18n/{language}.json", headers={"If-None-Match": served.headers["etag"]}
        )
        assert again.status_code == 304 and not again.content
    unknown = httpx.get(f"{shared_server.url}/i18n/xx.json")
    assert unknown.status_code == 404 and unknown.json()["detail"]["key"] == "server.no_language"
    assert httpx.get(f"{shared_server.url}/i18n/..%2Fi18n%2Fen.json").status_code == 404
