"""The baseline: a uniformly random legal move."""

from __future__ import annotations

from random import Random
from typing import Any

from kashi.bots.base import Limits
from kashi.core.registry import AnyState


class RandomBot:
    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = Random(seed)

    def choose(self, view: AnyState, limits: Limits) -> Any:
        return view.random_move(self.rng)
