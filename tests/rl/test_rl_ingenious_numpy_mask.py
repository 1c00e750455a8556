"""Ingenious's encoder builds its mask in numpy and reads the state without copying a view: both
must say exactly what the engine's move list and the seat's view say, under every contact rule."""

from __future__ import annotations

from random import Random
from typing import Any

import numpy as np
import pytest
from kashi_random_play import decision_positions

from kashi.core.state import CHANCE, TERMINAL
from kashi.rl.config import GameConfig
from kashi.rl.encoding import encoder_for
from kashi.rl.masks import mask_of

CONFIGS = [
    ("ingenious", 2, {}),  # first round by the start symbols, then anywhere
    ("ingenious", 3, {"reserve_hand": True}),
    ("ingenious-teams", 4, {}),
    ("ingenious-solo", 1, {}),
    ("ingenious", 2, {"start": "centre-star"}),  # the first tile touches the star
    ("ingenious-tutorial", 2, {}),  # must touch: the engine's own list
]


@pytest.mark.parametrize(("variant", "players", "options"), CONFIGS)
def test_the_numpy_mask_marks_exactly_the_engines_legal_moves(
    variant: str, players: int, options: dict[str, Any]
) -> None:
    config = GameConfig(variant, players, options)
    encoder = encoder_for(config, "engine")
    checked = 0
    for state in decision_positions(config, 5, games=2):
        expected = mask_of(state.legal_actions(), state.num_actions)
        assert np.array_equal(encoder.mask(state), expected)
        _, mask = encoder.observe_with_mask(state, state.current_player)
        assert np.array_equal(mask, expected)
        assert mask.dtype == np.int8
        checked += 1
    assert checked > 20


@pytest.mark.parametrize(("variant", "players", "options"), CONFIGS)
def test_observing_the_state_equals_encoding_the_seats_view(
    variant: str, players: int, options: dict[str, Any]
) -> None:
    config = GameConfig(variant, players, options)
    encoder = encoder_for(config, "compact")
    for index, state in enumerate(decision_positions(config, 9)):
        if index % 3:
            continue
        for seat in range(players):
            assert np.array_equal(encoder.observe(state, seat), encoder.encode(state.view(seat), seat))
        observation, _ = encoder.observe_with_mask(state, state.current_player)
        assert np.array_equal(observation, encoder.encode(state.view(state.current_player), state.current_player))


def test_a_placeholder_rack_has_no_legal_placement() -> None:
    """A view of another seat's turn shows a rack of placeholders: nothing can be placed from it."""
    config = GameConfig("ingenious", 2, {})
    encoder = encoder_for(config, "engine")
    state = next(decision_positions(config, 3))
    view = state.view(1 - state.current_player)
    assert view.legal_actions() == []
    assert not encoder.mask(view).any()


@pytest.mark.parametrize("actions", ["engine", "compact"])
@pytest.mark.parametrize(("variant", "players", "options"), CONFIGS)
def test_a_batch_gives_each_game_what_it_gives_alone(
    variant: str, players: int, options: dict[str, Any], actions: str
) -> None:
    """Positions of every kind (first round, later turns, swap-or-keep, must touch) in one batch."""
    config = GameConfig(variant, players, options)
    encoder = encoder_for(config, actions)
    swaps = variant != "ingenious-tutorial"  # the tutorial's colours lock: no swap question
    states: list[Any] = []
    for index, state in enumerate(decision_positions(config, 11, games=30)):
        if index % 4 == 0 or state.deciding:
            states.append(state)
        if len(states) >= 40 and (any(state.deciding for state in states) or not swaps):
            break
    assert any(state.deciding for state in states) == swaps
    observations, masks = encoder.observe_batch(states)
    for row, state in enumerate(states):
        observation, mask = encoder.observe_with_mask(state, state.current_player)
        assert np.array_equal(observations[row], observation)
        assert np.array_equal(masks[row], mask)
        assert np.array_equal(masks[row], encoder.mask(state))


@pytest.mark.parametrize("actions", ["engine", "compact"])
@pytest.mark.parametrize(("variant", "players", "options"), CONFIGS[:3])
def test_interleaved_games_never_read_another_games_board(
    variant: str, players: int, options: dict[str, Any], actions: str
) -> None:
    """The encoder keeps the last board it packed and adds only the tiles placed since: looking at
    several live games in turn (one or two moves apart, new games replacing ended ones, views
    between) must give what another encoder gives for a copy of each position."""
    config = GameConfig(variant, players, options)
    encoder = encoder_for(config, actions)
    fresh = encoder_for(config, actions)  # given copies, whose boards it has never seen
    rng = Random(3)
    games: list[Any] = [config.make_state(game % players) for game in range(3)]
    played = 0
    looks = 0
    while played < 8:
        game = rng.randrange(len(games)) if rng.random() < 0.3 else looks % len(games)
        state = games[game]
        while state.current_player == CHANCE:
            state.apply_chance(state.sample_chance(rng))
        if state.current_player == TERMINAL:
            games[game] = config.make_state(played % players)
            played += 1
            continue
        seat = rng.randrange(players)
        expected = fresh.observe_with_mask(state.copy(), state.current_player)
        observation, mask = encoder.observe_with_mask(state, state.current_player)
        assert np.array_equal(observation, expected[0])
        assert np.array_equal(mask, expected[1])
        assert np.array_equal(encoder.observe(state, seat), fresh.observe(state.copy(), seat))
        if looks % 7 == 0:
            assert np.array_equal(encoder.encode(state.view(seat), seat), fresh.encode(state.view(seat), seat))
        looks += 1
        for _ in range(1 + (rng.random() < 0.3)):
            if state.current_player >= 0:
                state.play(state.random_move(rng))
            while state.current_player == CHANCE:
                state.apply_chance(state.sample_chance(rng))
    assert looks > 100
