"""Every game's component tables (``State.components``) are plain JSON, depend only on the
variant, options and player count (never on the position or the viewer), and stay small enough
to travel with a table's first state message."""

from __future__ import annotations

import json
from random import Random

import pytest

import kashi
from kashi.core.registry import variants
from kashi.core.state import State
from tests.games.position_checks import walk

GAMES = [(variant.name, players) for variant in variants() for players in variant.allowed_players]


@pytest.mark.parametrize(("variant", "players"), GAMES)
def test_the_tables_are_json_and_the_same_at_every_step_and_in_every_view(variant: str, players: int) -> None:
    state = kashi.new_game(variant, players, seed=2).state
    tables = state.components()
    assert tables, "a game with a browser table sends its tables"
    text = json.dumps(tables, separators=(",", ":"))
    assert json.loads(text) == tables
    assert len(text) < 1500, len(text)
    for step, position in enumerate(walk(state, Random(2))):
        if step % 7 == 0:
            assert position.components() == tables
            assert all(position.view(seat).components() == tables for seat in (None, *range(players)))
    assert position.components() == tables


def test_the_contract_default_is_no_tables() -> None:
    """A game with nothing printed beyond its position keeps ``State.components``."""
    assert State.components(kashi.new_game("azul", 2, seed=1).state) == {}
