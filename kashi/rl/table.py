"""One game driven by action ids: the runner every adapter shares.

It plays on the state directly (not on ``Game``, whose record keeping costs time per move) and
draws chance events from its own seeded RNG, so a seed fixes the whole game.
"""

from __future__ import annotations

from random import Random

from kashi.core.errors import IllegalMoveError
from kashi.core.outcome import TRUNCATED
from kashi.core.registry import AnyState
from kashi.core.state import CHANCE
from kashi.rl.config import GameConfig

SEED_BITS = 48
"""Bits of the game seeds the environments draw from their seed generators."""


class Table:
    """A game in progress: its state, the RNG of its chance events, and whose turn it is."""

    def __init__(self, config: GameConfig, seed: int) -> None:
        self.config = config
        self.rng = Random(seed)
        self.state: AnyState = config.make_state(self.rng.randrange(config.players))
        self.num_actions: int = self.state.num_actions
        self.moves = config.moves
        self.resolve_chance()

    def resolve_chance(self) -> None:
        state, rng = self.state, self.rng
        while state.current_player == CHANCE:
            state.apply_chance(state.sample_chance(rng))

    def act(self, action: int) -> None:
        """Play action ``action`` for the seat to move, then draw every chance event that follows.

        An action outside the legal ones raises ``IllegalMoveError`` and changes nothing.
        """
        state = self.state
        if not 0 <= action < self.num_actions:
            raise IllegalMoveError("core.bad_action", action=action, last=self.num_actions - 1)
        move = self.moves.get(action)
        if move is None:
            move = self.moves[action] = state.move_from_action(action)
        state.play(move)
        if state.current_player == CHANCE:
            self.resolve_chance()

    @property
    def to_move(self) -> int:
        return self.state.current_player

    def is_over(self) -> bool:
        return self.state.is_over()

    def truncated(self) -> bool:
        """Whether the game ended at the engine's round cap rather than by the rules."""
        outcome = self.state.outcome()
        return outcome is not None and outcome.termination == TRUNCATED
