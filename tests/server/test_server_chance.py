"""Chance nobody at the table can foresee (issue 15, item 1): a game with another person draws
from a secret seed of 128 bits that no answer or message carries while the game runs; only a
game of the creator's own seats and bots may fix its seed, and it is marked as seeded."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
from kashi_server_helpers import (
    Player,
    ServerProcess,
    create_game,
    http,
    invite_token,
    play_first_moves,
    sqlite_rows,
)

from kashi.core.game import Game


def stored_seed(database: Path, game_id: str) -> int:
    return int(sqlite_rows(database, "SELECT seed FROM games WHERE id = ?", game_id)[0][0])


def stored_events(database: Path, game_id: str) -> list[tuple[int | None, str]]:
    query = "SELECT seat, text FROM events WHERE game_id = ? ORDER BY number"
    return [(seat, text) for seat, text in sqlite_rows(database, query, game_id)]


def test_a_seed_is_refused_when_anyone_else_is_to_sit_at_the_table(shared_server: ServerProcess) -> None:
    host = http(shared_server)
    before = len(host.get("/api/me/games").json())
    for seats in (
        [{"kind": "me"}, {"kind": "person"}],
        [{"kind": "person"}, {"kind": "bot", "level": "easy"}],
        [{"kind": "me"}, {"kind": "me"}, {"kind": "person"}],
    ):
        refused = host.post("/api/games", json={"variant": "ingenious", "seats": seats, "seed": 12})
        assert refused.status_code == 422, refused.text
        assert refused.json()["detail"]["key"] == "server.seed_not_allowed"
    assert len(host.get("/api/me/games").json()) == before, "nothing was created"


def test_games_with_another_person_draw_from_a_secret_seed_no_client_sees(
    servers: Callable[..., ServerProcess], tmp_path: Path
) -> None:
    database = tmp_path / "chance.db"
    server = servers(f"sqlite:///{database}")
    host, guest = http(server), http(server)
    sent: list[Any] = []
    games = []
    for _ in range(2):
        created = create_game(host, "ingenious", [{"kind": "me"}, {"kind": "person"}], start=0)
        sent += [created, httpx.get(f"{server.url}/api/games").json()]
        assert guest.post("/api/join", json={"token": invite_token(created, 1)}).status_code == 200
        games.append(created["game"]["id"])
    seeds = [stored_seed(database, game_id) for game_id in games]
    assert all(seed.bit_length() > 64 for seed in seeds) and seeds[0] != seeds[1], "fresh 128-bit seeds"
    first_draws = [stored_events(database, game_id)[0] for game_id in games]
    assert first_draws[0] != first_draws[1], "two games never share their chance"
    for game_id in games:
        players = [Player(server, game_id, host), Player(server, game_id, guest), Player(server, game_id)]
        for player in players:
            player.hello()
        play_first_moves(players[:2], 3)
        for player in players:
            player.drain(0.2)
            sent += player.received
            player.close()
        info = host.get(f"/api/games/{game_id}").json()
        assert "seed" not in info and info["seeded"] is False
        sent += [info, host.get("/api/me/games").json(), guest.get("/api/me/games").json()]
        running = host.get(f"/api/games/{game_id}/record.txt")
        assert running.status_code == 409, "no record while the game runs"
        sent.append(running.text)
    everything = json.dumps(sent)
    assert not [seed for seed in seeds if str(seed) in everything], "a seed reached a client"


def test_a_game_of_ones_own_seats_and_bots_may_fix_its_seed_and_is_marked(shared_server: ServerProcess) -> None:
    host = http(shared_server)
    seats = [{"kind": "me"}, {"kind": "me"}]
    twins = [create_game(host, "azul-quick", seats, seed=7, start=0)["game"] for _ in range(2)]
    assert all(game["seeded"] for game in twins)
    practice = create_game(host, "azul", [{"kind": "me"}, {"kind": "bot", "level": "easy"}], seed=7)["game"]
    assert practice["seeded"] and not create_game(host, "azul", seats)["game"]["seeded"]
    players = [Player(shared_server, game["id"], host) for game in twins]
    for player in players:
        player.hello()
    while players[0].state["status"] != "finished":
        for player in players:
            play_first_moves([player], 1)
    assert [event["text"] for event in players[0].events] == [event["text"] for event in players[1].events]
    record = host.get(f"/api/games/{twins[0]['id']}/record.txt").text
    assert '[Seeded "true"]' in record and '[Seed "7"]' in record
    for player in players:
        player.close()


def test_a_restart_continues_with_the_chance_the_stored_seed_gives(
    servers: Callable[..., ServerProcess], tmp_path: Path
) -> None:
    """kill -9 between moves: the rebuilt room draws on from the secret seed, exactly as the
    core's RNG does from it, and no RNG state other than the seed is needed."""
    database = tmp_path / "restart.db"
    server = servers(f"sqlite:///{database}")
    host, guest = http(server), http(server)
    created = create_game(host, "ingenious", [{"kind": "me"}, {"kind": "person"}], start=0)
    game_id = created["game"]["id"]
    guest.post("/api/join", json={"token": invite_token(created, 1)}).raise_for_status()
    for round_ in range(2):
        players = [Player(server, game_id, host), Player(server, game_id, guest)]
        for player in players:
            player.hello()
        play_first_moves(players, 4)
        for player in players:
            player.close()
        if round_ == 0:
            server.kill9()
            server.start()
    info = host.get(f"/api/games/{game_id}").json()
    seed = stored_seed(database, game_id)
    assert seed.bit_length() > 64, "a secret seed of 128 bits"
    game = Game(info["variant"], info["players"], info["options"], seed, 0)
    game.score_log.extend(game.resolve_chance())
    events = stored_events(database, game_id)
    for seat, text in events:
        if seat is not None:
            game.play(text, seat=seat)
    assert [(event.seat, event.text) for event in game.events] == events
