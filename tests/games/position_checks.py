"""Round trips of the position notation and of the JSON form over positions reached in play,
shared by every game's position tests: each position and view is written, read back, and must
give the same state (every cache of the engine included), the same line and the same moves."""

from __future__ import annotations

import json
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
    """The position's line reads back to the same state and writes the same line, and so does
    its JSON form (the other spelling of the same facts); returns the line."""
    line = state.position()
    read = kashi.position(variant, line, **options)
    assert engine_fields(read) == engine_fields(state), line
    assert read.position() == line
    assert read.to_json() == assert_json_round_trip(state), line
    return line


def engine_fields(state: AnyState) -> dict[str, Any]:
    """Everything the engine keeps, caches included, except the last move's score changes; the
    free pairs of Ingenious are a set kept in a list, so their order (and positions) may differ."""
    names = [name for cls in type(state).__mro__ for name in getattr(cls, "__slots__", ())]
    found = {name: getattr(state, name) for name in names if hasattr(state, name) and name not in ("_facts", "fpos")}
    if isinstance(found.get("free"), list):
        found["free"] = sorted(found["free"])
    return found


def assert_json_round_trip(state: AnyState) -> dict[str, Any]:
    """The JSON form, through text, rebuilds the same state: every field of the engine, the
    position line and the legal moves; returns the JSON form."""
    data = json.loads(json.dumps(state.to_json()))
    again = type(state).from_json(data)
    assert engine_fields(again) == engine_fields(state), state.position()
    assert again.position() == state.position()
    assert [str(move) for move in again.legal_moves()] == [str(move) for move in state.legal_moves()]
    assert again.to_json() == data
    return data


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
