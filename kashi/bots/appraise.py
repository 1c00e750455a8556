"""Appraise: the move the game's own appraisal values most for the mover.

Some games know more about a move than the evaluation of the position it leaves, such as what
it opens for the next player. Such a game overrides the contract's ``appraise(moves, rng,
**settings)``, a value per move (``rng`` for any sampling it does); this bot plays the best one,
ties at random. A game that does not is played greedily (the default appraisal). Its cost is
bounded by its settings, not by the clock, so a game is the same on any machine.
"""

from __future__ import annotations

from random import Random
from typing import Any

from kashi.bots.base import Limits
from kashi.bots.greedy import best_move
from kashi.core.registry import AnyState


class AppraiseBot:
    name = "appraise"

    def __init__(self, seed: int | None = None, **settings: Any) -> None:
        self.rng = Random(seed)
        self.settings = settings
        """Passed to the game's appraisal (e.g. how many moves it looks at in depth)."""

    def choose(self, view: AnyState, limits: Limits) -> Any:
        moves = view.legal_moves()
        if len(moves) == 1:
            return moves[0]
        return self.best(view, moves)

    def best(self, view: AnyState, moves: list[Any]) -> Any:
        """The move of ``moves`` the game's appraisal values most (ties at random)."""
        return best_move(moves, view.appraise(moves, self.rng, **self.settings), self.rng)
