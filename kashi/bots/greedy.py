"""Greedy: the move with the best immediate value by the game's own evaluation."""

from __future__ import annotations

from random import Random
from typing import Any

from kashi.bots.base import Limits
from kashi.core.registry import AnyState


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
        seat = view.current_player
        best: list[Any] = []
        best_value = float("-inf")
        for move in view.legal_moves():
            child = view.copy()
            child.play(move)
            value = child.evaluate()[seat]
            if value > best_value:
                best, best_value = [move], value
            elif value == best_value:
                best.append(move)
        return self.rng.choice(best)
