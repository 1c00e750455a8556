"""Random games played in lockstep by a Python engine and its compiled engine, for the proofs
that they are the same game: the same seed, the same generator (SplitMix64), the same draws."""

from __future__ import annotations

from random import Random
from typing import Any

import pytest

from kashi.core import native
from kashi.core.errors import IllegalMoveError
from kashi.core.splitmix import SplitMix64
from kashi.core.state import CHANCE, TERMINAL


def lockstep_game(state: Any, seed: int, probes: int = 2) -> int:
    """Play ``state`` to its end in both engines from ``seed``, checking at every step that the
    legal actions and the fields are equal, that ``probes`` illegal action ids are refused by
    both with nothing changed, and at every chance event and the end that the position lines,
    scores and outcome are equal; the number of steps."""
    core = native.CORE
    compiled = native.compiled(state)
    bridge = native._bridge(state.family)
    python_rng, core_rng, probe_rng = SplitMix64(seed), core.Rng(seed), Random(seed)
    assert compiled.num_actions() == state.num_actions
    steps = 0
    while True:
        steps += 1
        if state.current_player == CHANCE:
            state.apply_chance(state.sample_chance(python_rng))
            assert compiled.random_step(core_rng) == CHANCE
            assert native.uncompiled(compiled).position() == state.position()
        elif state.current_player == TERMINAL:
            assert compiled.random_step(core_rng) == TERMINAL
            break
        else:
            actions = state.legal_actions()
            assert compiled.legal_actions() == actions
            refuse_illegal(state, compiled, set(actions), probe_rng, probes)
            action = actions[int(python_rng.random() * len(actions))]
            state.play(state.move_from_action(action))
            assert compiled.random_step(core_rng) == action
        assert list(compiled.fields()) == bridge.to_fields(state)
    assert native.uncompiled(compiled).position() == state.position()
    assert compiled.scores() == state.scores()
    assert native.uncompiled(compiled).outcome() == state.outcome()
    return steps


def play_randomly(state: Any, seed: int, plies: int) -> Any:
    """``state`` after ``plies`` random steps (chance included) drawn from ``seed``, or its end."""
    rng = SplitMix64(seed)
    for _ in range(plies):
        if state.current_player == CHANCE:
            state.apply_chance(state.sample_chance(rng))
        elif state.current_player == TERMINAL:
            break
        else:
            state.play(state.random_move(rng))
    return state


def refuse_illegal(state: Any, compiled: Any, legal: set[int], rng: Random, probes: int) -> None:
    """Action ids that are not legal (out of range included) are refused by both engines."""
    fields = compiled.fields()
    for _ in range(probes):
        action = rng.randrange(-1, state.num_actions + 1)
        if action in legal:
            continue
        assert not compiled.is_legal(action)
        with pytest.raises(native.CORE.IllegalAction):
            compiled.apply(action)
        assert compiled.fields() == fields
        if 0 <= action < state.num_actions:
            with pytest.raises(IllegalMoveError):
                state.copy().play(state.move_from_action(action))
