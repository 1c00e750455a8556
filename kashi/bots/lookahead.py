"""Lookahead: greedy one reply deeper.

The ``width`` best moves by greedy's measure are each played on a determinization of the view
and answered by the other seats, each playing its own greedy move, until the seat is to move
again or a chance event comes; the move whose answered position has the best margin wins,
summed over ``samples`` determinizations. Greedy ignores what its move leaves the others; this
bot sees the reply it invites, which is most of the denial play in tile-drafting games.
"""

from __future__ import annotations

from random import Random
from typing import Any

from kashi.bots.base import Limits
from kashi.bots.greedy import greedy_move, move_values
from kashi.bots.values import margin
from kashi.core.registry import AnyState


class LookaheadBot:
    name = "lookahead"

    def __init__(self, seed: int | None = None, width: int = 8, samples: int = 1) -> None:
        self.rng = Random(seed)
        self.width = width
        self.samples = samples

    def choose(self, view: AnyState, limits: Limits) -> Any:
        moves = view.legal_moves()
        if len(moves) == 1:
            return moves[0]
        seat = view.current_player
        values = move_values(view, moves)
        ranked = sorted(range(len(moves)), key=lambda index: -values[index])
        candidates = [moves[index] for index in ranked[: self.width]]
        totals = [0.0] * len(candidates)
        for _ in range(self.samples):
            state = view.determinize(self.rng)
            for index, move in enumerate(candidates):
                child = state.copy()
                child.play(move)
                self._answer(child, seat)
                totals[index] += margin(child.evaluate(), seat)
        best = max(range(len(candidates)), key=totals.__getitem__)
        return candidates[best]

    def _answer(self, state: AnyState, seat: int) -> None:
        """Let every other seat play its greedy move until ``seat`` moves again or chance comes."""
        while 0 <= state.current_player != seat:
            state.play(greedy_move(state, self.rng))
