"""``VectorGames`` on the compiled core: the games live in C, stepped in one call per batch.

The core plays every game's action, draws the chance that follows from each game's own stream,
pays the rewards, restarts the games that ended, and writes each game's packed row, legal-action
mask, seat to move and observation into NumPy arrays. The observation is the encoder's own: the
core packs the position as the encoder does and reads the encoder's lookup tables
(``lookups``), and other seats' views are the encoder's gathers on the packed rows
(``observe_packed``). Only games whose encoder reads packed rows (Azul) and whose engine is
compiled run here.
"""

from __future__ import annotations

from random import Random
from typing import Any

import numpy as np

from kashi.core import native
from kashi.core.errors import IllegalMoveError
from kashi.core.registry import AnyState
from kashi.rl.config import GameConfig
from kashi.rl.encoding.base import Encoder

REWARD_CODES = {"win": 0, "score": 1}
Ends = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]
"""A step's rewards, terminated, truncated and final scores."""


def compiled_batch(config: GameConfig, encoder: Encoder, games: int, reward: str) -> Any | None:
    """The core's batch of ``games`` games of ``config``, or None where it cannot run them."""
    width = getattr(encoder, "packed_width", None)
    starts = [native.compiled(config.make_state(seat)) for seat in range(config.players)]
    if width is None or native.CORE is None or starts[0] is None:
        return None
    batch = native.CORE.Batch(starts, games, REWARD_CODES[reward], list(config.teams))
    if batch.packed_width() != width:
        raise AssertionError(f"{config.family}: the core packs {batch.packed_width()} ints, the encoder reads {width}")
    indices, offsets, table = encoder.lookups()  # type: ignore[attr-defined]
    batch.observe_with(encoder.size, indices.astype(np.int64), offsets.astype(np.int64), table)
    return batch


class CompiledGames:
    """The compiled half of ``VectorGames`` (which checks the actions' shape first)."""

    def __init__(self, batch: Any, encoder: Any, games: int, players: int, copy: bool) -> None:
        self.batch = batch
        self.encoder = encoder
        self.games = games
        self.players = players
        self.num_actions = num_actions = encoder.num_actions
        self.copy = copy
        self._packed = np.zeros(games * encoder.packed_width, np.int64)
        self._starts = (np.arange(games) * encoder.packed_width)[:, None]
        self._masks = np.zeros((games, num_actions), np.int8)
        self._ended = np.zeros(games, np.bool_)
        self._seeds = Random()
        self._final_packed = np.zeros(games * encoder.packed_width, np.int64)
        self.ended = np.zeros(0, np.intp)
        """The games the last step ended."""
        self._finals: dict[int, AnyState] | None = None

    def reset(self, seed: int | None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        if seed is not None:
            self._seeds.seed(seed)
        self.batch.reset(self._seeds.getrandbits(64))
        return self.show()

    def step(self, actions: np.ndarray) -> tuple[Ends, np.ndarray | None]:
        """Every game's action played: the rewards, terminated, truncated and final scores, and
        the final observations of the games that ended, as the seat that ended each sees it (None
        when none ended)."""
        ids = np.ascontiguousarray(actions, dtype=np.int64)
        seats = (self.games, self.players)
        rewards, final_scores = np.zeros(seats, np.float32), np.zeros(seats, np.int64)
        terminated, truncated = np.zeros(self.games, np.bool_), np.zeros(self.games, np.bool_)
        final_observation = np.zeros((self.games, self.encoder.size), np.float32)
        ends = (rewards, terminated, truncated, final_scores)
        try:  # the core checks every action before it plays any
            self.batch.step(ids, *ends, self._ended, self._final_packed, final_observation)
        except native.CORE.IllegalAction:  # type: ignore[union-attr]
            raise self._refusal(ids) from None
        self.ended = np.flatnonzero(self._ended)
        self._finals = None
        return ends, final_observation if self.ended.size else None

    def _refusal(self, ids: np.ndarray) -> IllegalMoveError:
        """The error naming the first game whose action the core refused."""
        game = self.batch.first_illegal(ids)
        action = int(ids[game])
        if not 0 <= action < self.num_actions:
            return IllegalMoveError("core.bad_action", action=action, last=self.num_actions - 1)
        return IllegalMoveError("rl.illegal_action", game=game, action=action)

    def show(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Every game's observation (of the seat to move), mask and seat to move."""
        masks = self._masks if not self.copy else np.empty((self.games, self.num_actions), np.int8)
        observations = np.empty((self.games, self.encoder.size), np.float32)
        to_move = np.empty(self.games, np.int64)
        self.batch.show(self._packed, masks, to_move, observations)
        return observations, masks, to_move

    def states(self) -> list[AnyState]:
        return [native.uncompiled(self.batch.state(game)) for game in range(self.games)]

    def final_states(self) -> dict[int, AnyState]:
        """The final positions of the games the last step ended, by game."""
        if self._finals is None:  # read back once a step, and only when asked for
            self._finals = {int(game): native.uncompiled(self.batch.final(int(game))) for game in self.ended}
        return self._finals

    def observe_views(self, games: Any, seats: Any) -> np.ndarray:
        """The observations of ``seats`` in the current positions of ``games`` (pairwise)."""
        observations: np.ndarray = self.encoder.observe_packed(self._packed, self._starts.take(games, 0), seats)
        return observations

    def observe_final_views(self, games: Any, seats: Any) -> np.ndarray:
        """The observations of ``seats`` in the final positions of ``games``, which the last step ended."""
        observations: np.ndarray = self.encoder.observe_packed(self._final_packed, self._starts.take(games, 0), seats)
        return observations
