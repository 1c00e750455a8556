"""Determinized open-loop Monte Carlo tree search.

Each iteration samples the hidden parts of the view (``determinize``) and every chance event
afresh, so the tree is over the players' moves only and never sees hidden information. Rollouts
use the game's ``rollout_move`` for a few plies and end with its evaluation.
"""

from __future__ import annotations

import math
import time
from random import Random
from typing import Any

from kashi.bots.base import Limits
from kashi.bots.values import margin, squash
from kashi.core.registry import AnyState
from kashi.core.state import CHANCE


class Node:
    __slots__ = ("children", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[Any, Node] = {}
        self.visits = 0
        self.total = 0.0


class MCTSBot:
    name = "mcts"

    def __init__(
        self,
        seed: int | None = None,
        iterations: int = 1000,
        seconds: float | None = None,
        exploration: float = 0.7,
        rollout_plies: int = 8,
        scale: float = 10.0,
    ) -> None:
        self.rng = Random(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.rollout_plies = rollout_plies
        self.scale = scale
        self.last_iterations = 0

    def choose(self, view: AnyState, limits: Limits) -> Any:
        moves = view.legal_moves()
        if len(moves) == 1:
            return moves[0]
        root = Node()
        budget = limits.iterations or self.iterations
        seconds = limits.seconds or self.seconds
        deadline = time.perf_counter() + seconds if seconds else None
        done = 0
        while done < budget and (deadline is None or time.perf_counter() < deadline or done == 0):
            self._iterate(root, view.determinize(self.rng))
            done += 1
        self.last_iterations = done
        return max(moves, key=lambda move: root.children[move].visits if move in root.children else -1)

    def _iterate(self, root: Node, state: AnyState) -> None:
        rng = self.rng
        path: list[tuple[Node, int]] = []
        node = root
        while True:
            while state.current_player == CHANCE:
                state.apply_chance(state.sample_chance(rng))
            if state.current_player < 0:
                break
            mover = state.current_player
            moves = state.legal_moves()
            untried = [move for move in moves if move not in node.children]
            if untried:
                move = untried[0] if len(untried) == len(moves) else rng.choice(untried)
                child = node.children[move] = Node()
                state.play(move)
                path.append((child, mover))
                break
            log_visits = math.log(node.visits + 1)
            move = max(moves, key=lambda m: self._ucb(node.children[m], log_visits))
            node = node.children[move]
            state.play(move)
            path.append((node, mover))
        values = self._rollout(state)
        root.visits += 1
        for child, mover in path:
            child.visits += 1
            child.total += squash(margin(values, mover), self.scale)

    def _ucb(self, child: Node, log_visits: float) -> float:
        return child.total / child.visits + self.exploration * math.sqrt(log_visits / child.visits)

    def _rollout(self, state: AnyState) -> tuple[float, ...]:
        rng = self.rng
        for _ in range(self.rollout_plies):
            while state.current_player == CHANCE:
                state.apply_chance(state.sample_chance(rng))
            if state.current_player < 0:
                break
            state.play(state.rollout_move(rng))
        return state.evaluate()
