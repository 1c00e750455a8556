"""Rollout: greedy improved by playing its best moves out (one step of policy iteration).

Greedy values a move by the position it leaves at once: it cannot see what the move leaves the
other seats, nor what it forces a few turns later (in the Azul games, the tiles nobody wants
that someone must put on the floor as a round ends). This bot takes greedy's ``width`` best
moves, plays each on a determinization of the view, lets every seat play greedy for ``plies``
more decisions (chance events drawn on the way), and keeps the move whose playout ends with the
best margin, summed over ``samples`` determinizations. Greedy stands in for every seat: an
exact model of the greedy bot, a rough one of other players. The candidates of one sample share
the determinization and the random stream, so they differ by their own consequences, not by luck.
The work is bounded by width, samples and plies, never by the clock, so a seed fixes the play.

Where the game has a compiled engine, greedy's values and each sample's playouts run in C
(``kashi/core/native/playout.c``: the same play with the core's random numbers); ``compiled=0``
keeps them in Python.
"""

from __future__ import annotations

from random import Random
from typing import Any

from kashi.bots.base import Limits
from kashi.bots.greedy import greedy_move, move_values
from kashi.bots.values import margin
from kashi.core import native
from kashi.core.registry import AnyState
from kashi.core.state import CHANCE

PLIES = 10
"""Decisions a playout lasts by default."""


class RolloutBot:
    name = "rollout"

    def __init__(
        self, seed: int | None = None, width: int = 6, samples: int = 1, plies: int = PLIES, compiled: bool = True
    ) -> None:
        self.rng = Random(seed)
        self.width = width
        self.samples = samples
        self.plies = plies
        self.compiled = compiled

    def choose(self, view: AnyState, limits: Limits) -> Any:
        moves = view.legal_moves()
        if len(moves) == 1:
            return moves[0]
        return self.best_candidate(view, self.candidates(view, moves))

    def best_candidate(self, view: AnyState, candidates: list[Any]) -> Any:
        """The candidate whose playouts end with the best mean margin."""
        margins = self.playout_margins(view, candidates)
        return candidates[max(range(len(candidates)), key=margins.__getitem__)]

    def candidates(self, view: AnyState, moves: list[Any]) -> list[Any]:
        """Greedy's ``width`` best of ``moves``."""
        values = move_values(view, moves, self.compiled)
        ranked = sorted(range(len(moves)), key=lambda index: -values[index])
        return [moves[index] for index in ranked[: self.width]]

    def playout_margins(self, view: AnyState, candidates: list[Any]) -> list[float]:
        """The mover's mean margin, in points, at the end of each candidate's playouts."""
        totals = [0.0] * len(candidates)
        for _ in range(self.samples):
            for index, value in enumerate(self.sample_margins(view, candidates)):
                totals[index] += value
        return [total / self.samples for total in totals]

    def sample_margins(self, view: AnyState, candidates: list[Any]) -> list[float]:
        """The mover's margin after each candidate's playout on one sample: the candidates share
        its determinization and random stream (common random numbers), so that they differ by
        their own consequences, not by luck."""
        held = native.compiled(view) if self.compiled else None
        if held is not None:
            ids = [view.action_id(move) for move in candidates]
            margins: list[float] = native.CORE.sample_margins(  # type: ignore[union-attr]
                held, ids, self.plies, self.rng.getrandbits(64)
            )
            return margins
        seat = view.current_player
        state = view.determinize(self.rng)
        stream = self.rng.getrandbits(64)
        margins = []
        for move in candidates:
            child = state.copy()
            child.play(move)
            self._play_out(child, Random(stream))
            margins.append(margin(child.evaluate(), seat))
        return margins

    def _play_out(self, state: AnyState, rng: Random) -> None:
        """Every seat plays greedy for ``plies`` decisions or to the end, chance drawn by ``rng``."""
        decisions = 0
        while decisions < self.plies:
            if state.current_player == CHANCE:
                state.apply_chance(state.sample_chance(rng))
            elif state.current_player < 0:
                return
            else:
                state.play(greedy_move(state, rng, self.compiled))
                decisions += 1
