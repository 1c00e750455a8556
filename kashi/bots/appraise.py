"""Appraise: the move the game's own appraisal values most for the mover.

Some games know more about a move than the evaluation of the position it leaves, such as what
it opens for the next player. Such a game offers ``appraise(moves, rng, **settings)``, a value
per move (``rng`` for any sampling it does); this bot plays the best one, ties at random. A game
without it is played greedily. Its cost is bounded by its settings, not by the clock, so a game
is the same on any machine.
"""

from __future__ import annotations

from random import Random
from typing import Any

from kashi.bots.base import Limits
from kashi.bots.greedy import best_move, move_values
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
        appraise = getattr(view, "appraise", None)
        values = appraise(moves, self.rng, **self.settings) if appraise else move_values(view, moves)
        return best_move(moves, values, self.rng)
