"""Legal-action masks over a game configuration's fixed action space.

Every engine lists the ids itself (``state.legal_actions()``, straight from its tables in Azul,
Azul Duel and Ingenious), so a mask is one allocation and one vectorised write. Azul's encoder
builds its drafts' masks without listing ids (``kashi.games.azul.learning``).
"""

from __future__ import annotations

import numpy as np

from kashi.core.registry import AnyState


def action_mask(state: AnyState, num_actions: int) -> np.ndarray:
    """A new int8 vector: 1 at every legal action id of the seat to move, 0 elsewhere."""
    return mask_of(state.legal_actions(), num_actions)


def mask_of(legal: np.ndarray | list[int], num_actions: int) -> np.ndarray:
    """A new int8 vector: 1 at the ``legal`` action ids, 0 elsewhere."""
    mask = np.zeros(num_actions, dtype=np.int8)
    mask[np.asarray(legal, dtype=np.intp)] = 1
    return mask
