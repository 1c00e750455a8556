"""MCTS over a learned evaluation: plans across the round's end with the network at its leaves.

The tree is ``MCTSBot``'s (open loop, each iteration a fresh determinization, so every refill
below a round's end is sampled anew: an expectation over refills by sampling). What differs is
how a leaf is scored and where the root starts:

- a leaf is not played out; chance is drawn until someone is to move, then the learned
  evaluation (``kashi.models``) gives each seat its chance to win, tie-break included, and its
  expected final score. The reward is mostly the chance to win (``2p - 1``) with a share
  ``margin_weight`` of the squashed expected margin, so close games are played for the win
  and decided ones still for points; a finished game is scored exactly the same way;
- the root adds its moves best first by the evaluation of the position each move leaves.

Only families with a trained evaluation (Azul) can use it; NumPy is needed, PyTorch is not.
"""

from __future__ import annotations

from typing import Any

from kashi.bots.base import Limits
from kashi.bots.mcts import MCTSBot
from kashi.bots.values import margin, squash
from kashi.core.registry import AnyState
from kashi.core.state import CHANCE


class LearnedMCTSBot(MCTSBot):
    name = "mcts-nn"
    compiled_search = False

    def __init__(
        self,
        seed: int | None = None,
        iterations: int = 2000,
        seconds: float | None = None,
        exploration: float = 0.7,
        widening: float = 2.0,
        rollout_plies: int = 0,
        margin_weight: float = 0.2,
        scale: float = 10.0,
        weights: str | None = None,
        early_stop: bool = False,
        stop_at_chance: bool = False,
    ) -> None:
        super().__init__(
            seed, iterations, seconds, exploration, widening, rollout_plies, scale, early_stop, stop_at_chance
        )
        self.margin_weight = margin_weight
        self.model = _load(weights)

    def choose(self, view: AnyState, limits: Limits) -> Any:
        if view.family != "azul":
            raise ValueError(f"{self.name} has a learned evaluation for azul only, not {view.family}")
        return super().choose(view, limits)

    def order_root(self, view: AnyState, moves: list[Any]) -> list[Any]:
        """Moves best first by the mover's reward in the position each leaves (chance drawn)."""
        mover = view.current_player
        values = []
        for move in moves:
            after = view.copy()
            after.play(move)
            values.append(self._leaf_rewards(after)[mover])
        ranked = sorted(range(len(moves)), key=lambda index: -values[index])
        return [moves[index] for index in ranked]

    def _leaf_rewards(self, state: AnyState) -> list[float]:
        self._rollout(state)
        while state.current_player == CHANCE:
            state.apply_chance(state.sample_chance(self.rng))
        outcome = state.outcome()
        if outcome is not None:
            share = 1 / len(outcome.winners)
            chances = [share if seat in outcome.winners else 0.0 for seat in range(len(outcome.scores))]
            finals: list[float] = [float(score) for score in outcome.scores]
        else:
            chances, finals = self.model.evaluate(state)
        weight = self.margin_weight
        return [
            (1 - weight) * (2 * chance - 1) + weight * squash(margin(finals, seat), self.scale)
            for seat, chance in enumerate(chances)
        ]


def _load(weights: str | None) -> Any:
    """The evaluation, checked now so that a bad weights file is refused before any game starts."""
    from kashi.models.azul import AzulValueModel, shipped_model

    return AzulValueModel.load(weights) if weights else shipped_model()
