"""Azul's compiled engine is the Python engine's game: move for move, chance for chance.

Random games are played in lockstep from the same seed (``kashi_compiled.lockstep_game``) in
every variant and player count; positions drawn by hypothesis cross to the compiled engine and
back unchanged, and its evaluation and rollout policy agree with the Python ones there.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from kashi_compiled import lockstep_game, play_randomly
from kashi_test_extras import compiled_core

from kashi.core import native
from kashi.core.registry import variant
from kashi.core.splitmix import SplitMix64
from kashi.games.azul import heuristics

CONFIGURATIONS = [
    ("azul", {}),
    ("azul-grey", {}),
    ("azul-mini", {}),
    ("azul-quick", {}),
    ("azul", {"partial_floor": True}),
    ("azul-grey", {"partial_floor": True, "centre_seed_tile": True, "max_rounds": 3}),
]
"""Every variant, the partial floor of both walls, and a game the engine's cap truncates."""
GAMES = 100
"""Games per configuration and player count in the default suite: 300 per configuration."""


@pytest.fixture(autouse=True)
def _core() -> None:
    compiled_core()


def new_state(name: str, options: dict[str, Any], players: int, start: int) -> Any:
    chosen = variant(name)
    return chosen.family.make_state(players, chosen.resolve(players, options), start)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize(("name", "options"), CONFIGURATIONS)
def test_random_games_are_the_same_game(name, options, players):
    for seed in range(GAMES):
        lockstep_game(new_state(name, options, players, seed % players), seed=1000 * players + seed)


@pytest.mark.slow
@pytest.mark.parametrize(("name", "options"), CONFIGURATIONS)
def test_a_hundred_thousand_games_are_the_same_game(name, options):
    for seed in range(100_000):
        players = 2 + seed % 3
        lockstep_game(new_state(name, options, players, seed % players), seed=seed, probes=1)


@settings(max_examples=150, deadline=None)
@given(
    configuration=st.sampled_from(CONFIGURATIONS),
    players=st.sampled_from([2, 3, 4]),
    seed=st.integers(0, 2**64 - 1),
    plies=st.integers(0, 400),
)
def test_any_position_crosses_over_and_back(configuration, players, seed, plies):
    name, options = configuration
    state = play_randomly(new_state(name, options, players, seed % players), seed, plies)
    compiled = native.compiled(state)
    assert native.uncompiled(compiled).position() == state.position()
    assert compiled.legal_actions() == state.legal_actions()
    assert compiled.current_player() == state.current_player
    assert compiled.evaluate() == pytest.approx(state.evaluate(), rel=1e-12, abs=1e-12)
    lockstep_game(state, seed=seed, probes=1)


def test_the_rollout_policy_draws_what_the_python_policy_draws():
    """While a draft is due (no partial floors), both draw the same four drafts with the same
    numbers and keep the same best one."""
    core = compiled_core()
    compared = 0
    for seed in range(40):
        state = play_randomly(new_state("azul", {}, 2 + seed % 3, 0), seed, 2 * seed)
        if state.current_player < 0:
            continue
        python_rng, core_rng = SplitMix64(seed), core.Rng(seed)
        compiled = native.compiled(state)
        for _ in range(20):
            move = heuristics.rollout_move(state, python_rng)
            assert compiled.rollout_action(core_rng) == state.action_id(move)
            compared += 1
    assert compared >= 500
