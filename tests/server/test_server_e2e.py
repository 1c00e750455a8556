"""The scripted end-to-end run of the issue: a bot seat and an invited human seat, played to the
end over WebSockets; the downloaded record replays to the same result (SQLite and PostgreSQL)."""

from __future__ import annotations

from collections.abc import Callable

import httpx
import pytest
from kashi_server_helpers import Player, ServerProcess, create_game, http, invite_token

from kashi import Game, Record


def play_bot_game(server: ServerProcess, variant: str = "azul-quick") -> tuple[str, httpx.Client, Player]:
    host = http(server)
    created = create_game(host, variant, [{"kind": "person"}, {"kind": "bot", "level": "easy"}], public=False)
    game_id = created["game"]["id"]
    assert created["game"]["status"] == "waiting"
    guest = http(server)
    token = invite_token(created, 0)
    assert guest.post("/api/join", json={"token": token}).json() == {"game": game_id, "seat": 0}
    player = Player(server, game_id, guest)
    player.hello()
    while player.wait_turn_or_end()["status"] != "finished":
        player.move(player.state["legal_moves"][0])
        player.until(lambda message: message["type"] in ("state", "rejected"))
        assert player.received[-1]["type"] == "state", player.received[-1]
    return game_id, guest, player


def check_record(server: ServerProcess, game_id: str, player: Player) -> None:
    text = httpx.get(f"{server.url}/api/games/{game_id}/record.txt").text
    data = httpx.get(f"{server.url}/api/games/{game_id}/record.json").json()
    record = Record.from_text(text)
    assert Record.from_json(data).to_text() == text
    replayed = Game.from_record(record)
    outcome = replayed.outcome()
    assert outcome is not None
    assert outcome.to_json() == player.state["outcome"]
    assert record.headers["Result"] == outcome.result_text()
    assert record.headers["Seeded"] == "false", "the server drew the seed"
    assert [event["text"] for event in player.events] == [event.text for event in record.events]


def test_bot_and_invited_human_play_to_the_end_on_sqlite(servers: Callable[..., ServerProcess]) -> None:
    server = servers()
    game_id, guest, player = play_bot_game(server)
    check_record(server, game_id, player)
    replay = httpx.get(f"{server.url}/api/games/{game_id}/replay").json()
    assert len(replay["steps"]) == len(player.events) + 1
    assert replay["outcome"] == player.state["outcome"]
    assert [game["id"] for game in guest.get("/api/me/games").json()] == [game_id]
    again = guest.post(f"/api/games/{game_id}/rematch", json={}).json()["game"]
    assert again["status"] == "active" and again["rematch_of"] == game_id
    assert [seat["kind"] for seat in again["seats"]] == ["person", "bot"]
    assert guest.post(f"/api/games/{game_id}/rematch", json={}).json()["game"]["id"] == again["id"]
    player.close()


@pytest.mark.usefixtures("postgres_url")
def test_bot_and_invited_human_play_to_the_end_on_postgresql(
    servers: Callable[..., ServerProcess], postgres_url: str
) -> None:
    server = servers(postgres_url)
    game_id, _, player = play_bot_game(server)
    check_record(server, game_id, player)
    player.close()


def test_a_record_file_replays_step_by_step_and_a_bad_one_is_refused(shared_server: ServerProcess) -> None:
    """``POST /api/replay``: the steps of a record brought by a person, the same as the game's own
    replay; a line that does not replay, or a file over the limit, is refused with the reason."""
    game_id, guest, player = play_bot_game(shared_server)
    text = guest.get(f"/api/games/{game_id}/record.txt").text
    uploaded = guest.post("/api/replay", json={"record": text})
    assert uploaded.status_code == 200
    steps = uploaded.json()["steps"]
    assert len(steps) == len(Record.from_text(text).events) + 1
    assert uploaded.json()["outcome"] == player.state["outcome"]
    assert steps == guest.get(f"/api/games/{game_id}/replay").json()["steps"]
    moves = [line for line in text.splitlines() if line[:2] in ("0 ", "1 ")]
    broken = guest.post("/api/replay", json={"record": text.replace(moves[-1], "0 9B1", 1)})
    assert broken.status_code == 422 and broken.json()["detail"]["key"] == "core.record_event"
    huge = guest.post("/api/replay", json={"record": text + "#" * 200_000})
    assert huge.status_code == 422
    player.close()
