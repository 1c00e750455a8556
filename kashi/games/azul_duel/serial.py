"""JSON form of a position: every field as plain lists and ints, checked on the way back in."""

from __future__ import annotations

from typing import Any

from kashi.core.errors import KashiError
from kashi.games.azul_duel.components import PLATE_COUNT, TILES
from kashi.games.azul_duel.invariants import problems
from kashi.games.azul_duel.rules import DuelRules
from kashi.games.azul_duel.state import FIELDS, AzulDuelState

_INTS: dict[str, tuple[int, int]] = {
    "current_player": (-2, 1), "round": (1, 5), "phase": (0, 7), "after_display": (0, 7),
    "to_move": (0, 1), "starter": (0, 1), "start_holder": (0, 1), "start_taker": (-1, 1),
    "draw_stage": (0, 2), "fill_workshop": (0, 5), "fill_need": (0, 5), "opening_left": (0, 2),
    "chip_due": (0, 15), "tiling_turn": (0, 2), "tile_line": (0, 6), "tile_stage": (0, 2),
    "stand_ins": (0, 5),
}  # fmt: skip
_BOOLS = ("start_on_moon", "sun_start", "last_pass")
_FIXED_LISTS: dict[str, tuple[int, int, int]] = {
    "bag": (5, 0, TILES), "tower": (5, 0, TILES), "suns": (25, 0, 5), "big_moon": (5, 0, 5),
    "chip_at": (4, -2, 9), "chip_pool": (10, 0, 2), "chips": (20, 0, 2), "chips_taken": (2, 0, 2),
    "plates_taken": (2, 0, 2), "slots": (18, -1, 71), "cells": (72, -1, 6), "tiles": (72, -1, 5),
    "line_colour": (12, -1, 4), "line_count": (12, 0, 6), "broken": (10, 0, 4),
    "score": (2, 0, 10**6), "tablets": (4, -1, 2),
}  # fmt: skip
_PLATE_LISTS: dict[str, tuple[int, int, int]] = {
    "display": (3, 0, PLATE_COUNT - 1), "stack": (PLATE_COUNT, -1, PLATE_COUNT - 1),
    "stack_known": (PLATE_COUNT, 0, 3), "pool": (PLATE_COUNT, 0, PLATE_COUNT - 1),
    "hand": (PLATE_COUNT, -1, PLATE_COUNT - 1),
}  # fmt: skip


def to_json(state: AzulDuelState) -> dict[str, Any]:
    data: dict[str, Any] = {"game": "azul-duel"}
    for name in FIELDS:
        value = getattr(state, name)
        data[name] = value[:] if isinstance(value, list) else value
    data["rules"] = state.rules.to_options()
    data["moons"] = [list(stack) for stack in state.moons]
    return data


def from_json(data: dict[str, Any]) -> AzulDuelState:
    if not isinstance(data, dict) or data.get("game") != "azul-duel":
        raise KashiError("core.bad_json", reason="not an azul-duel position")
    state = object.__new__(AzulDuelState)
    try:
        for name, (low, high) in _INTS.items():
            setattr(state, name, _int(data[name], low, high, name))
        for name in _BOOLS:
            if not isinstance(data[name], bool):
                raise ValueError(f"{name} must be true or false")
            setattr(state, name, data[name])
        for name, (length, low, high) in _FIXED_LISTS.items():
            setattr(state, name, _ints(data[name], low, high, name, exact=length))
        for name, (length, low, high) in _PLATE_LISTS.items():
            setattr(state, name, _ints(data[name], low, high, name, most=length))
        moons = data["moons"]
        if not isinstance(moons, list) or len(moons) != 4:
            raise ValueError("moons must be 4 stacks")
        state.moons = [tuple(_ints(stack, 0, 4, "moons", most=3)) for stack in moons]
        state.rules = DuelRules.from_options(data["rules"])
    except (AttributeError, KeyError, TypeError, ValueError) as error:
        if isinstance(error, KashiError):
            raise
        reason = f"missing field {error}" if isinstance(error, KeyError) else str(error)
        raise KashiError("core.bad_json", reason=reason) from None
    state.num_players = 2
    state._facts = []
    found = problems(state)
    if found:
        raise KashiError("core.bad_json", reason="; ".join(found))
    return state


def _int(value: Any, low: int, high: int, name: str) -> int:
    if type(value) is not int or not low <= value <= high:
        raise ValueError(f"{name} must be an integer {low}..{high}, not {value!r}")
    return value


def _ints(value: Any, low: int, high: int, name: str, exact: int = -1, most: int = -1) -> list[int]:
    if not isinstance(value, list) or (exact >= 0 and len(value) != exact) or (most >= 0 and len(value) > most):
        size = f"{exact}" if exact >= 0 else f"at most {most}"
        raise ValueError(f"{name} must be a list of {size} integers")
    return [_int(item, low, high, name) for item in value]
