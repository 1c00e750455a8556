"""Planner: ``rollout`` whose playouts let the opponent answer as ``rollout`` would.

``rollout`` plays each of greedy's best moves out with greedy standing in for both seats, so it
values a move by what a greedy opponent does next. Against a stronger opponent that is the
wrong model: more samples or longer playouts of the same model did not help against
``rollout`` itself (docs/bots.md). Here the seat that answers a candidate gets greedy's
``replies`` best answers, each played out for ``plies`` decisions on the same sample and random
stream, and keeps the one that ends best for itself, as ``rollout`` chooses; the candidate is
worth the mover's margin after that answer. So a move that invites a good reply, which a
greedy opponent would miss, is seen as such. With ``follow``, the mover's own answer to each
reply is chosen the same way, among greedy's ``follow`` best, before the line is played out.

The samples go to the candidates by successive halving: every candidate is played out on one
sample (one determinization of the view and one random stream shared by all, so they differ by
their own consequences, not by luck), then, while ``playouts`` samples remain, the better half
by summed margin is played out on fresh ones, the last two on the most. With ``playouts`` equal
to ``width`` nothing is halved: each candidate has one sample. The work is bounded by width,
playouts, replies and plies, never by the clock, so a seed fixes the play. It uses only the
contract, so it plays any game; it was tuned for Azul Duel.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from random import Random
from typing import Any

from kashi.bots.rollout import PLIES, RolloutBot
from kashi.bots.values import margin
from kashi.core.registry import AnyState
from kashi.core.state import CHANCE


class PlannerBot(RolloutBot):
    name = "planner"

    def __init__(
        self,
        seed: int | None = None,
        width: int = 6,
        playouts: int = 6,
        plies: int = PLIES,
        replies: int = 3,
        follow: int = 0,
    ) -> None:
        super().__init__(seed, width=width, plies=plies)
        self.playouts = playouts
        """Samples a move may spend in all (one per candidate played out), an equal share per
        halving round."""
        self.replies = replies
        """Greedy's best replies each played out, the replier keeping the best for itself (0: none)."""
        self.choices = (replies, follow) if follow else (replies,)
        """How many of greedy's best moves each seat weighs in turn after the candidate."""

    def best_candidate(self, view: AnyState, candidates: list[Any]) -> Any:
        totals = [0.0] * len(candidates)
        alive = list(range(len(candidates)))
        left = self.playouts
        while len(alive) > 1 and left > 0:
            share = max(1, left // (math.ceil(math.log2(len(alive))) * len(alive)))
            for _ in range(share):
                margins = self.sample_margins(view, [candidates[index] for index in alive])
                for index, value in zip(alive, margins, strict=True):
                    totals[index] += value
            left -= share * len(alive)
            # every survivor was played out on the same samples: their totals compare as means
            alive = sorted(alive, key=lambda index: -totals[index])[: (len(alive) + 1) // 2 if left > 0 else 1]
        return candidates[alive[0]]

    def sample_margins(self, view: AnyState, candidates: list[Any]) -> list[float]:
        if not self.replies:
            return super().sample_margins(view, candidates)
        seat = view.current_player
        state = view.determinize(self.rng)
        stream = self.rng.getrandbits(64)
        return [self._answered_margin(state, move, seat, Random(stream)) for move in candidates]

    def _answered_margin(self, state: AnyState, move: Any, seat: int, rng: Random) -> float:
        """The mover's margin after ``move`` and the reply the next seat would choose: each of
        greedy's ``replies`` best is played out on the same stream, and the replier keeps the one
        that ends best for it, as ``rollout`` would, rather than greedy's first; with ``follow``,
        the seat after the replier chooses the same way among its own ``follow`` best."""
        child = state.copy()
        child.play(move)
        return margin(self._chosen_line(child, rng, self.choices), seat)

    def _chosen_line(self, state: AnyState, rng: Random, choices: tuple[int, ...]) -> Sequence[float]:
        """Every seat's value at the end of the line that the seats to move choose in turn, each
        among greedy's ``choices[k]`` best by what it leaves the chooser after the rest of the line
        (the choices shared one stream), then played out by greedy."""
        if not choices:
            self._play_out(state, rng)
            return state.evaluate()
        while state.current_player == CHANCE:
            state.apply_chance(state.sample_chance(rng))
        chooser = state.current_player
        if chooser < 0:
            return state.evaluate()
        stream = rng.getrandbits(64)
        best: tuple[float, Sequence[float]] = (float("-inf"), ())
        for choice in self.candidates(state, state.legal_moves())[: choices[0]]:
            leaf = state.copy()
            leaf.play(choice)
            values = self._chosen_line(leaf, Random(stream), choices[1:])
            worth = margin(values, chooser)
            if worth > best[0]:
                best = (worth, values)
        return best[1]
