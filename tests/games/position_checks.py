"""Round trips of the position notation over positions reached in play, shared by every game's
position tests: each position and view is written, read back into its variant, and must give
the same JSON and the same line."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from random import Random
from typing import Any

import pytest

import kashi
from kashi.core.position_text import PositionError
from kashi.core.state import State

AnyState = State[Any, Any]
Chooser = Callable[[Any, Random], Any]


def walk(state: AnyState, rng: Random, choose: Chooser | None = None) -> Iterator[AnyState]:
    """Every position of one game played to its end from ``state``, chance-pending ones
    included: chance outcomes are sampled, moves drawn at random or by ``choose``. The same
    object is yielded each time, changed in place between steps."""
    while True:
        yield state
        if state.is_over():
            return
        if state.is_chance():
            state.apply_chance(state.sample_chance(rng))
        else:
            state.play(choose(state, rng) if choose else state.random_move(rng))


def assert_round_trip(state: AnyState, variant: str, **options: Any) -> str:
    """The position's line reads back to the same JSON and writes the same line; returns it."""
    line = state.position()
    read = kashi.position(variant, line, **options)
    assert read.to_json() == state.to_json(), line
    assert read.position() == line
    return line


def assert_refused(game: kashi.Game, line: str, field: str, words: str) -> None:
    """Reading ``line`` into ``game`` is refused naming ``field`` with ``words`` in the reason,
    and leaves the game as it was."""
    before = game.state.to_json()
    with pytest.raises(PositionError) as refused:
        kashi.position(game, line)
    assert refused.value.key == "core.bad_position"
    assert refused.value.message.params["field"] == field, str(refused.value)
    assert words in str(refused.value)
    assert game.state.to_json() == before
