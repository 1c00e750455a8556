"""Greedy: the move with the best immediate value by the game's own evaluation."""

from __future__ import annotations

from random import Random
from typing import Any

from kashi.bots.base import Limits
from kashi.core import native
from kashi.core.registry import AnyState
from kashi.core.state import State


class GreedyBot:
    """Plays each legal move on a copy of its view and keeps the best for itself (ties at random)."""

    name = "greedy"

    def __init__(self, seed: int | None = None, noise: float = 0.0) -> None:
        self.rng = Random(seed)
        self.noise = noise
        """Chance of a uniformly random move instead: a softer bot for beginners."""

    def choose(self, view: AnyState, limits: Limits) -> Any:
        if self.noise and self.rng.random() < self.noise:
            return view.random_move(self.rng)
        return greedy_move(view, self.rng)


def move_values(state: AnyState, moves: list[Any], compiled: bool = True) -> list[float]:
    """The mover's evaluation after each of the legal ``moves`` (the contract's default
    appraisal, which greedy uses even where a game appraises more): by the compiled core where
    the game has one, unless ``compiled`` is off."""
    held = native.compiled(state) if compiled else None
    if held is None:
        return State.appraise(state, moves)
    actions, values = native.CORE.greedy_values(held)  # type: ignore[union-attr]
    by_action = dict(zip(actions, values, strict=True))
    return [by_action[state.action_id(move)] for move in moves]


def greedy_move(state: AnyState, rng: Random, compiled: bool = True) -> Any:
    """A move with the best evaluation for the mover, ties broken at random."""
    moves = state.legal_moves()
    return best_move(moves, move_values(state, moves, compiled), rng)


def best_move(moves: list[Any], values: list[float], rng: Random) -> Any:
    """One of the moves with the highest value, ties broken at random."""
    top = max(values)
    return rng.choice([move for move, value in zip(moves, values, strict=True) if value == top])
