"""``legal_actions`` lists exactly the action ids of ``legal_moves``, in the same order."""

from __future__ import annotations

from random import Random

from hypothesis import given, settings
from hypothesis import strategies as st

import kashi
from kashi.games.azul_duel.notation import DRAW
from kashi.games.azul_duel.phases import OPENING, TILING


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_legal_actions_are_the_action_ids_of_the_legal_moves(seed: int) -> None:
    """Random play that draws plates whenever it may (so that it reaches the return stage)."""
    game = kashi.new_game("azul-duel", seed=seed)
    rng = Random(seed)
    seen = set()
    while not game.is_over():
        state = game.state
        moves = state.legal_moves()
        assert state.legal_actions() == [state.action_id(move) for move in moves]
        seen.add((state.phase, state.draw_stage))
        game.play(DRAW if DRAW in moves else state.random_move(rng))
    assert game.state.legal_actions() == []
    stages = {stage for _, stage in seen}
    assert {OPENING, TILING} <= {phase for phase, _ in seen} and {0, 1, 2} <= stages
