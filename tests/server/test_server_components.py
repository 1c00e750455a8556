"""The component tables (``State.components``) reach every table the browser draws: a lesson's
frame, a replay and the state message (on a reset only: the client keeps them, the game's
tables never change)."""

from __future__ import annotations

from random import Random

import pytest
from kashi_server_helpers import Player, ServerProcess, create_game, http
from room_fakes import cache_of, person, played, snapshot_of

import kashi
from kashi.server.archive import replay_steps
from kashi.server.lesson_data import lessons_of
from kashi.server.room_view import state_message


@pytest.mark.parametrize(("variant", "players"), [("azul-quick", 3), ("azul-duel", 2), ("ingenious", 4)])
def test_a_replay_carries_the_tables_of_its_variant_and_player_count(variant: str, players: int) -> None:
    game = kashi.new_game(variant, players, seed=6)
    rng = Random(6)
    for _ in range(12):
        game.play(game.state.random_move(rng))
    replay = replay_steps(game.record())
    assert replay["components"] == kashi.new_game(variant, players, seed=1).state.components()


@pytest.mark.parametrize("family", ["azul", "azul-duel", "ingenious"])
def test_a_lesson_carries_the_tables_of_its_position(shared_server: ServerProcess, family: str) -> None:
    client = http(shared_server)
    for lesson in lessons_of(family):
        body = client.get(f"/api/lessons/{family}/{lesson.id}").json()
        assert body["components"] == lesson.state().components(), lesson.id


def test_the_state_message_carries_the_tables_on_a_reset_only() -> None:
    cache = cache_of(snapshot_of(played(3), [person(0, "ann"), person(1, "bob")]))
    tables = cache.game.state.components()
    first, later, taken_back = (
        state_message(cache, "ann", seen, {"present": [True, True]}, {}) for seen in (None, 2, 9)
    )
    assert first["reset"] and first["components"] == tables
    assert not later["reset"] and later["components"] is None
    assert taken_back["reset"] and taken_back["components"] == tables


def test_a_quick_azul_table_gets_one_floor_space_from_its_first_state(shared_server: ServerProcess) -> None:
    host = http(shared_server)
    game_id = create_game(host, "azul-quick", [{"kind": "me"}, {"kind": "me"}], seed=3)["game"]["id"]
    player = Player(shared_server, game_id, host)
    first = player.hello()
    assert first["reset"] and first["components"]["floor"] == [-1] and first["components"]["rounds"] == 3
    player.move(first["legal_moves"][0])
    after = player.until(lambda message: message["type"] == "state" and message["version"] > first["version"])
    assert after["components"] is None
    player.close()
