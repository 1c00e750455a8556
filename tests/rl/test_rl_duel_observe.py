"""Azul Duel's observations are read from the state as the seat's view would show it: plates
under the stack that the seat does not know and the other seat's drawn hand stay out."""

from __future__ import annotations

from random import Random

import numpy as np
from kashi_random_play import decision_positions

from kashi.core.state import CHANCE, TERMINAL
from kashi.rl.config import GameConfig
from kashi.rl.encoding import encoder_for


def test_observing_the_state_equals_encoding_the_seats_view_for_both_seats() -> None:
    config = GameConfig("azul-duel", 2, {})
    encoder = encoder_for(config, "engine")
    rng = Random(1)  # games in which plates went back under the stack
    checked = secrets = 0
    for game in range(2):
        state = config.make_state(game % 2)
        while state.current_player != TERMINAL:
            for seat in (0, 1):
                view = state.view(seat)
                secrets += view.stack != state.stack or view.hand != state.hand
                assert np.array_equal(encoder.observe(state, seat), encoder.encode(view, seat))
                checked += 1
            if state.current_player == CHANCE:
                state.apply_chance(state.sample_chance(rng))
            else:
                state.play(state.random_move(rng))
    assert checked > 200
    assert secrets > 20  # the positions checked did hide plates from a seat


def test_a_batch_gives_each_game_what_it_gives_alone() -> None:
    """Positions of every phase of Azul Duel, with both action spaces, in one batch."""
    config = GameConfig("azul-duel", 2, {})
    states = [state for index, state in enumerate(decision_positions(config, 3)) if index % 5 == 0]
    assert len({state.phase for state in states}) >= 2  # drafting and tiling
    for actions in ("engine", "compact"):
        encoder = encoder_for(config, actions)
        observations, masks = encoder.observe_batch(states)
        for row, position in enumerate(states):
            observation, mask = encoder.observe_with_mask(position, position.current_player)
            assert np.array_equal(observations[row], observation)
            assert np.array_equal(masks[row], mask)
