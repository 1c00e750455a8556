"""Alpha-beta search over the deterministic stretch of a game, with iterative deepening.

The search runs on one determinization of the view and stops at chance events: a position
waiting for a refill or a draw is valued by the game's evaluation, which for Azul already
projects the round's wall tiling (the expectation at the refill). With more than two players
it is paranoid: everyone else minimises the searching seat's margin.
"""

from __future__ import annotations

import time
from random import Random
from typing import Any

from kashi.bots.base import Limits
from kashi.bots.values import margin
from kashi.core.registry import AnyState

NEXT_DEPTH_SHARE = 0.3
"""Iterative deepening starts another depth only while less than this share of the time is used."""


class OutOfTime(Exception):
    """Raised inside the search when the deadline passes; the last full depth's move stands."""


class AlphaBetaBot:
    name = "search"

    def __init__(self, seed: int | None = None, depth: int = 64, seconds: float = 1.0) -> None:
        self.rng = Random(seed)
        self.max_depth = depth
        self.seconds = seconds
        self.last_depth = 0
        self.nodes = 0
        self._cut = False

    def choose(self, view: AnyState, limits: Limits) -> Any:
        moves = view.legal_moves()
        if len(moves) == 1:
            return moves[0]
        state = view.determinize(self.rng)
        seat = state.current_player
        deadline = time.perf_counter() + (limits.seconds or self.seconds)
        ordered = state.order_moves(list(moves))
        best = ordered[0]
        self.nodes = 0
        self.last_depth = 0
        started = time.perf_counter()
        for depth in range(1, self.max_depth + 1):
            self._cut = False
            try:
                value, move = self._root(state, ordered, seat, depth, deadline)
            except OutOfTime:
                break
            best = move
            self.last_depth = depth
            ordered.remove(move)
            ordered.insert(0, move)
            exhausted = not self._cut
            # the next depth costs several times this one: don't start what cannot finish
            hopeless = time.perf_counter() - started > NEXT_DEPTH_SHARE * (deadline - started)
            if exhausted or hopeless or abs(value) == float("inf"):
                break
        return best

    def _root(self, state: AnyState, moves: list[Any], seat: int, depth: int, deadline: float) -> tuple[float, Any]:
        alpha, beta = float("-inf"), float("inf")
        best_move = moves[0]
        for move in moves:
            child = state.copy()
            child.play(move)
            value = self._search(child, seat, depth - 1, alpha, beta, deadline)
            if value > alpha:
                alpha, best_move = value, move
        return alpha, best_move

    def _search(self, state: AnyState, seat: int, depth: int, alpha: float, beta: float, deadline: float) -> float:
        self.nodes += 1
        if self.nodes & 255 == 0 and time.perf_counter() > deadline:
            raise OutOfTime
        mover = state.current_player
        if mover < 0:
            return margin(state.evaluate(), seat)
        if depth <= 0:
            self._cut = True
            return margin(state.evaluate(), seat)
        maximising = mover == seat
        for move in state.order_moves(state.legal_moves()):
            child = state.copy()
            child.play(move)
            value = self._search(child, seat, depth - 1, alpha, beta, deadline)
            if maximising:
                alpha = max(alpha, value)
            else:
                beta = min(beta, value)
            if alpha >= beta:
                break
        return alpha if maximising else beta
