"""Azul observations decode back to the position they encode, for every observer (seats rotated)."""

from __future__ import annotations

from importlib import import_module
from random import Random
from typing import Any

import numpy as np
import pytest

from kashi.core.registry import families
from kashi.rl.config import GameConfig
from kashi.rl.encoding import Encoder, encoder_for
from kashi.rl.spiel import spiel_specs
from kashi.rl.table import Table


def expected_blocks(state: Any, seat: int, last_round: int) -> dict[str, np.ndarray]:
    """Each block's entries computed directly from the state, unscaled back to counts."""
    players = state.num_players
    seats = [(seat + relative) % players for relative in range(players)]
    marker = state.marker_floor
    lines = np.zeros((players, 5, 7))
    walls = np.zeros((players, 25, 6))
    for relative, other in enumerate(seats):
        for line in range(5):
            colour, count = state.line_colour[other * 5 + line], state.line_count[other * 5 + line]
            lines[relative, line, colour + 1] = 1
            lines[relative, line, 6] = count / (line + 1)
        for cell in range(25):
            walls[relative, cell, state.cells[other * 25 + cell] + 1] = 1
    tiling = np.zeros(5)
    if state.tiling is not None:
        tiling[state.tiling[1]] = 1
    if not state.rules.grey:
        walls = 1 - walls[:, :, 0]  # the colour side: tiled or not
    return {
        "factories": np.array(state.factories).ravel() / 4,
        "centre": np.array(state.centre) / 20,
        "bag": np.array(state.bag) / 20,
        "lid": np.array(state.lid) / 20,
        "floor": np.array([len(state.floor[o]) for o in seats]) / 7,
        "took_marker": np.array([o == marker for o in seats]),
        "score": np.array([min(state.score[o], 200) for o in seats]) / 200,
        "marker_in_centre": np.array([state.marker_in_centre]),
        "lines": lines.ravel(),
        "walls": walls.ravel(),
        "to_move": np.array([o == state.current_player for o in seats]),
        "round": np.array([min(state.round, last_round) / last_round]),
        "tiling_line": tiling,
    }


@pytest.mark.parametrize(
    ("variant", "players", "options"),
    [("azul", 2, {}), ("azul", 4, {}), ("azul-grey", 3, {}), ("azul", 2, {"rounds": 6})],
)
def test_azul_observation_blocks_match_the_position(variant: str, players: int, options: dict[str, Any]) -> None:
    config = GameConfig(variant, players, options)
    encoder: Any = encoder_for(config)
    rng = Random(7)
    table = Table(config, seed=3)
    state: Any = table.state
    checked = 0
    while not state.is_over():
        for seat in range(players):
            observation = encoder.observe(state, seat)
            assert observation.shape == (encoder.size,) and observation.dtype == np.float32
            for name, expected in expected_blocks(state, seat, encoder.last_round).items():
                assert np.allclose(observation[encoder.layout.blocks[name]], expected), name
            checked += 1
        actions = state.legal_actions()
        table.act(actions[rng.randrange(len(actions))])
    assert checked > 50


def test_each_game_brings_its_own_encoder_and_openspiel_statement():
    """kashi.rl names no game: every family's learning module, in the game's own package,
    gives the encoder and the OpenSpiel statement that the environments use."""
    learning = {family.name: import_module(family.learning) for family in families()}
    assert set(learning) == {"azul", "azul-duel", "ingenious"}
    for name, module in learning.items():
        assert module.__name__.startswith("kashi.games.")
        assert issubclass(module.ENCODER, Encoder)
        assert type(encoder_for(GameConfig(name, 2))) is module.ENCODER
    assert [spec.short_name for spec in spiel_specs()] == ["kashi_azul", "kashi_azul_duel", "kashi_ingenious"]


@pytest.mark.parametrize(("variant", "players"), [("azul", 3), ("azul-grey", 2), ("azul-duel", 2), ("ingenious", 3)])
def test_views_of_any_seats_are_their_observations_of_each_game(variant: str, players: int) -> None:
    """Batches of several sizes, some of them packed before with other games in their rows, any
    game and seat in any order, a game more than once."""
    config = GameConfig(variant, players)
    encoder = encoder_for(config)
    rng = Random(2)
    tables = [Table(config, seed) for seed in range(5)]
    for _ in range(12):
        live = [table for table in tables if not table.is_over()]
        for table in live:
            actions = list(table.state.legal_actions())
            table.act(actions[rng.randrange(len(actions))])
        states = [table.state for table in live if not table.is_over()]
        subset = states[rng.randrange(len(states)) :]
        for batch in (states, subset):
            games = [rng.randrange(len(batch)) for _ in range(2 * len(batch))]
            seats = [rng.randrange(players) for _ in games]
            expected = np.stack([encoder.observe(batch[game], seat) for game, seat in zip(games, seats, strict=True)])
            assert np.array_equal(encoder.observe_views(batch, games, seats), expected)
