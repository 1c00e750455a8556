"""Legal-action masks, fast: each move object's action id is computed once and remembered.

Moves are immutable and engines intern the common ones, so the same object always has the same
id in one game configuration. The cache is keyed by ``id(move)`` and keeps the move alive, so an
id can never be reused by another object while its entry exists.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from kashi.core.registry import AnyState

CACHE_LIMIT = 200_000
"""Entries kept before the cache starts over (engines that build fresh move objects)."""


class ActionIds:
    """Action ids of legal moves for one game configuration (one action space)."""

    def __init__(self, num_actions: int) -> None:
        self.num_actions = num_actions
        self._known: dict[int, tuple[Any, int]] = {}

    def __deepcopy__(self, memo: dict[int, Any]) -> ActionIds:
        return self  # one cache per configuration, shared by every copy of a state

    def legal_actions(self, state: AnyState) -> list[int]:
        known = self._known
        actions = []
        for move in state.legal_moves():
            entry = known.get(id(move))
            if entry is None or entry[0] is not move:
                if len(known) >= CACHE_LIMIT:
                    known.clear()
                entry = known[id(move)] = (move, state.action_id(move))
            actions.append(entry[1])
        return actions

    def mask(self, state: AnyState) -> np.ndarray:
        """1 at every legal action id of the seat to move, 0 elsewhere (all 0 off turn)."""
        mask = np.zeros(self.num_actions, dtype=np.int8)
        legal = self.legal_actions(state)
        if legal:
            mask[legal] = 1
        return mask
