"""Positions along seeded random games, for tests that check a property at every decision."""

from __future__ import annotations

from collections.abc import Iterator
from random import Random
from typing import Any

from kashi.core.state import CHANCE, TERMINAL
from kashi.rl.config import GameConfig


def decision_positions(config: GameConfig, seed: int, games: int = 1, start: int = 0) -> Iterator[Any]:
    """A copy of every position with a seat to move, along ``games`` random games drawn from
    ``seed`` (game ``g`` starting with seat ``(start + g) % players``)."""
    rng = Random(seed)
    for game in range(games):
        state: Any = config.make_state((start + game) % config.players)
        while state.current_player != TERMINAL:
            if state.current_player == CHANCE:
                state.apply_chance(state.sample_chance(rng))
            else:
                yield state.copy()
                state.play(state.random_move(rng))
