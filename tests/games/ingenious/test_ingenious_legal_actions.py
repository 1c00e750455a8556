"""``legal_actions`` lists exactly the action ids of ``legal_moves``, in the same order."""

from __future__ import annotations

from random import Random

from hypothesis import given, settings
from hypothesis import strategies as st

import kashi


@settings(max_examples=12, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    setup=st.sampled_from([("ingenious", 2), ("ingenious", 3), ("ingenious", 4), ("ingenious-teams", 4)]),
)
def test_legal_actions_are_the_action_ids_of_the_legal_moves(seed: int, setup: tuple[str, int]) -> None:
    variant, players = setup
    game = kashi.new_game(variant, players=players, seed=seed)
    rng = Random(seed)
    while not game.is_over():
        state = game.state
        assert state.legal_actions() == [state.action_id(move) for move in state.legal_moves()]
        game.play(state.random_move(rng))
    assert game.state.legal_actions() == []
