"""Determinized open-loop Monte Carlo tree search with progressive widening.

Each iteration samples the hidden parts of the view (``determinize``) and every chance event
afresh, so the tree is over the players' moves only and never sees hidden information. A node
may have about ``widening * sqrt(visits)`` children: the root adds its moves in the game's
``order_moves`` order, deeper nodes add the moves the game's ``rollout_move`` proposes, so
positions with hundreds of moves are searched where it matters. A child whose move is not
legal in this iteration's sample is skipped. Rollouts play ``rollout_move`` for a few plies and
end with the game's evaluation.

Where the game has a compiled engine, the whole loop runs in C (``kashi/core/native/search.c``:
the same algorithm on the same game knowledge, with its own random numbers); this module stays
the reference, and the search of every game without one.
"""

from __future__ import annotations

import math
import time
from random import Random
from typing import Any

from kashi.bots.base import Limits
from kashi.bots.values import margin, squash, unsquash
from kashi.core import native
from kashi.core.errors import IllegalMoveError
from kashi.core.registry import AnyState
from kashi.core.state import CHANCE

SETTLE_CHECK = 50
"""Iterations between two checks of ``settled`` (each check reads every root child)."""


class Node:
    __slots__ = ("children", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[Any, Node] = {}
        self.visits = 0
        self.total = 0.0

    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0


class MCTSBot:
    name = "mcts"
    compiled_search = True
    """Whether the search may run in the compiled core: its leaves are the game's own
    evaluation after the game's rollouts (a subclass that scores leaves otherwise says no).
    The setting ``compiled=0`` keeps the Python loop, to compare the two."""

    def __init__(
        self,
        seed: int | None = None,
        iterations: int = 1000,
        seconds: float | None = None,
        exploration: float = 0.7,
        widening: float = 2.0,
        rollout_plies: int = 8,
        scale: float = 10.0,
        early_stop: bool = False,
        stop_at_chance: bool = False,
        compiled: bool = True,
    ) -> None:
        self.rng = Random(seed)
        self.compiled_search = compiled and type(self).compiled_search
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.widening = widening
        self.rollout_plies = rollout_plies
        self.scale = scale
        self.early_stop = early_stop
        """Stop once no other root child can catch up with the most visited one in the
        iterations left: the same move, sooner (``settled``)."""
        self.stop_at_chance = stop_at_chance
        """End a rollout at its first chance event (in Azul the round's end, where the board
        is tiled and an evaluation reads it best), within ``rollout_plies``."""
        self.last_iterations = 0
        self._root_order: list[Any] = []

    def choose(self, view: AnyState, limits: Limits) -> Any:
        moves = view.legal_moves()
        if len(moves) == 1:
            return moves[0]
        return preferred(self.search(view, self.order_root(view, list(moves)), limits))

    def search(self, view: AnyState, order: list[Any], limits: Limits) -> Node:
        """The tree grown from ``view``, its root's moves entering in ``order``: each root child
        holds the mover's mean reward for its move (see ``points``)."""
        budget = limits.iterations or self.iterations
        seconds = limits.seconds or self.seconds
        compiled = native.compiled(view) if self.compiled_search else None
        if compiled is not None:
            return self._compiled_search(view, compiled, order, budget, seconds)
        self._root_order = order
        root = Node()
        deadline = time.perf_counter() + seconds if seconds else None
        done = 0
        while done < budget and (deadline is None or time.perf_counter() < deadline or done == 0):
            self._iterate(root, view.determinize(self.rng))
            done += 1
            if self.early_stop and done % SETTLE_CHECK == 0 and settled(root, budget - done):
                break
        self.last_iterations = done
        return root

    def _compiled_search(
        self, view: AnyState, compiled: Any, order: list[Any], budget: int, seconds: float | None
    ) -> Node:
        """``search`` run by the compiled core, its root's children read back as nodes."""
        done, children = native.CORE.search(  # type: ignore[union-attr]
            compiled,
            [view.action_id(move) for move in order],
            budget,
            seconds or 0.0,
            self.exploration,
            self.widening,
            self.rollout_plies,
            self.scale,
            self.early_stop,
            self.stop_at_chance,
            self.rng.getrandbits(64),
        )
        root = Node()
        root.visits = done
        for action, visits, total in children:
            child = root.children[view.move_from_action(action)] = Node()
            child.visits, child.total = visits, total
        self.last_iterations = done
        return root

    def points(self, node: Node) -> float:
        """A node's mean reward back on the points-margin scale (the inverse of ``squash``)."""
        return unsquash(node.mean(), self.scale)

    def order_root(self, view: AnyState, moves: list[Any]) -> list[Any]:
        """The order in which the root's moves enter the tree: the game's ``order_moves``."""
        return view.order_moves(moves)

    def _iterate(self, root: Node, state: AnyState) -> None:
        path: list[tuple[Node, int]] = []
        node = root
        while True:
            while state.current_player == CHANCE:
                state.apply_chance(state.sample_chance(self.rng))
            if state.current_player < 0:
                break
            mover = state.current_player
            if len(node.children) < 1 + self.widening * math.sqrt(node.visits):
                move = self._new_move(state, node, node is root)
                if move is not None:
                    child = node.children[move] = Node()
                    state.play(move)
                    path.append((child, mover))
                    break
            chosen = self._select(state, node)
            if chosen is None:
                move = self._new_move(state, node, node is root)
                if move is None:
                    break
                chosen = node.children[move] = Node()
                state.play(move)
                path.append((chosen, mover))
                break
            node = chosen
            path.append((node, mover))
        rewards = self._leaf_rewards(state)
        root.visits += 1
        for child, mover in path:
            child.visits += 1
            child.total += rewards[mover]

    def _new_move(self, state: AnyState, node: Node, at_root: bool) -> Any:
        """The next move to add below ``node``: by the game's order at the root, else proposed."""
        if at_root:
            return next((move for move in self._root_order if move not in node.children), None)
        for _ in range(4):
            move = state.rollout_move(self.rng)
            if move not in node.children:
                return move
        untried = [move for move in state.legal_moves() if move not in node.children]
        return self.rng.choice(untried) if untried else None

    def _select(self, state: AnyState, node: Node) -> Node | None:
        """Play the child with the best upper bound among those legal in this sample."""
        log_visits = math.log(node.visits + 1)
        exploration = self.exploration

        def bound(item: tuple[Any, Node]) -> float:
            child = item[1]
            return child.total / child.visits + exploration * math.sqrt(log_visits / child.visits)

        # The best is nearly always legal: try it before ranking the rest (max and a stable
        # descending sort pick the same first child among equals).
        items = node.children.items()
        best = max(items, key=bound)
        try:
            state.play(best[0])
        except IllegalMoveError:
            pass
        else:
            return best[1]
        for move, child in sorted(items, key=bound, reverse=True):
            if child is best[1]:
                continue
            try:
                state.play(move)
            except IllegalMoveError:
                continue
            return child
        return None

    def _leaf_rewards(self, state: AnyState) -> list[float]:
        """Each seat's reward in (-1, 1) for a new leaf: its squashed margin after a rollout."""
        self._rollout(state)
        values = state.evaluate()
        return [squash(margin(values, seat), self.scale) for seat in range(len(values))]

    def _rollout(self, state: AnyState) -> None:
        rng = self.rng
        for _ in range(self.rollout_plies):
            if self.stop_at_chance and state.current_player == CHANCE:
                break
            while state.current_player == CHANCE:
                state.apply_chance(state.sample_chance(rng))
            if state.current_player < 0:
                break
            state.play(state.rollout_move(rng))


def settled(root: Node, left: int) -> bool:
    """Whether the most visited child stays strictly the most visited whatever ``left`` more
    iterations do, so that ``preferred`` cannot change."""
    first = second = 0
    for child in root.children.values():
        if child.visits > first:
            first, second = child.visits, first
        elif child.visits > second:
            second = child.visits
    return first - second > left


def preferred(root: Node) -> Any:
    """The root's move to play: the most visited, the better mean among equals."""
    return max(root.children.items(), key=lambda item: (item[1].visits, item[1].mean()))[0]
