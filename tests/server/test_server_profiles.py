"""What the table and a profile show of ratings (issue 47, deliver 4): each seat's rating in the
game's pool beside its name, what a rated game changed once it ends, and a player's recent games,
a private game shown only to those who sat in it."""

from __future__ import annotations

from typing import Any

import httpx
from kashi_server_helpers import ServerProcess, create_game, http, play_to_the_end


def seat_ratings(client: httpx.Client, game_id: str) -> list[dict[str, Any]]:
    answer = client.get(f"/api/games/{game_id}/ratings")
    assert answer.status_code == 200, answer.text
    seats: list[dict[str, Any]] = answer.json()["seats"]
    return seats


def test_the_seats_show_their_ratings_and_a_rated_end_shows_what_it_changed(shared_server: ServerProcess) -> None:
    host = http(shared_server)
    me = host.get("/api/me").json()["id"]
    seats = [{"kind": "me"}, {"kind": "bot", "level": "easy"}]
    game_id = create_game(host, "azul-quick", seats, rated=True, public=True)["game"]["id"]
    before = seat_ratings(host, game_id)
    assert before[0]["player"] == me and before[1]["player"] is None
    assert before[0]["games"] == 0 and before[0]["provisional"] is True and before[0]["change"] is None
    assert before[0]["rating"] == 1500, "a newcomer to the pool reads the system's start"
    play_to_the_end(shared_server, host, game_id)
    after = seat_ratings(host, game_id)  # asked at once: the answer settles the game first
    mine = host.get(f"/api/players/{me}/ratings").json()
    [pool] = [pool for pool in mine["ratings"] if (pool["family"], pool["players"]) == ("azul", 2)]
    [change] = [change for change in mine["history"] if change["game"] == game_id]
    assert after[0]["rating"] == round(pool["rating"]) and after[0]["games"] == pool["games"]
    assert after[0]["change"] == round(change["rating_after"] - change["rating_before"])
    assert after[1]["change"] is not None, "the bot's rating moved too"
    if after[0]["change"] != 0:
        assert (after[0]["change"] > 0) != (after[1]["change"] > 0), "one side gains what the other loses"


def test_open_seats_hot_seat_and_casual_games(shared_server: ServerProcess) -> None:
    host = http(shared_server)
    invited = create_game(host, "azul", [{"kind": "me"}, {"kind": "person"}], rated=True)["game"]["id"]
    assert "rating" not in seat_ratings(host, invited)[1] and seat_ratings(host, invited)[1]["player"] is None
    hot_seat = create_game(host, "azul", [{"kind": "me"}, {"kind": "me"}])["game"]["id"]
    assert all("rating" not in seat for seat in seat_ratings(host, hot_seat)), "one person in two seats: never rated"
    casual = create_game(host, "azul", [{"kind": "me"}, {"kind": "bot", "level": "easy"}], rated=False)["game"]["id"]
    shown = seat_ratings(host, casual)
    assert shown[0]["rating"] >= 0 and shown[0]["change"] is None, "a casual game shows the ratings it never changes"
    missing = host.get("/api/games/no-such-game/ratings")
    assert missing.status_code == 404 and missing.json()["detail"]["key"] == "server.no_game"


def test_a_profile_lists_public_games_and_private_ones_only_to_their_players(shared_server: ServerProcess) -> None:
    host, stranger = http(shared_server), http(shared_server)
    me = host.get("/api/me").json()["id"]
    seats = [{"kind": "me"}, {"kind": "bot", "level": "easy"}]
    private = create_game(host, "azul-quick", seats, public=False)["game"]["id"]
    public = create_game(host, "azul-quick", seats, public=True)["game"]["id"]
    unfinished = create_game(host, "azul-quick", seats, public=True)["game"]["id"]
    for game_id in (private, public):
        play_to_the_end(shared_server, host, game_id)
    own = [game["id"] for game in host.get(f"/api/players/{me}/games").json()]
    seen = [game["id"] for game in stranger.get(f"/api/players/{me}/games").json()]
    assert own == [public, private], "newest first, finished only"
    assert seen == [public], "a private game is shown only to those who sat in it"
    assert unfinished not in own
    missing = stranger.get("/api/players/nobody/games")
    assert missing.status_code == 404 and missing.json()["detail"]["key"] == "server.no_player"
