"""The component tables (``State.components``) reach every table the browser draws: a lesson's
frame, a replay and the state message (on a reset only: the client keeps them, the game's
tables never change)."""

from __future__ import annotations

from random import Random

import pytest
from kashi_server_helpers import ServerProcess, http

import kashi
from kashi.server.archive import replay_steps
from kashi.server.lesson_data import lessons_of


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
