"""``legal_actions`` lists exactly the action ids of ``legal_moves``, in the same order, for
Azul and Ingenious (Azul Duel's test also steers play into its plate-drawing stages)."""

from __future__ import annotations

from random import Random

from hypothesis import given, settings
from hypothesis import strategies as st

import kashi

SETUPS = [(variant, players) for variant in ("azul", "azul-grey", "ingenious") for players in (2, 3, 4)]
SETUPS.append(("ingenious-teams", 4))


@settings(max_examples=22, deadline=None)
@given(seed=st.integers(0, 10_000), setup=st.sampled_from(SETUPS))
def test_legal_actions_are_the_action_ids_of_the_legal_moves(seed: int, setup: tuple[str, int]) -> None:
    variant, players = setup
    game = kashi.new_game(variant, players=players, seed=seed)
    rng = Random(seed)
    while not game.is_over():
        state = game.state
        assert state.legal_actions() == [state.action_id(move) for move in state.legal_moves()]
        game.play(state.random_move(rng))
    if variant.startswith("ingenious"):
        assert game.state.legal_actions() == []
