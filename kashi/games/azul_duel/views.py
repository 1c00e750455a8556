"""What each seat may see, and full positions sampled from a view for search.

The only secrets are plates: those a player returned under the stack (known to that player
alone) and the plates in a drawing player's hand (known to the drawer). Hidden plates become
``-1`` and go back into the view's ``pool``, from which they are drawn when revealed.
"""

from __future__ import annotations

from random import Random
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from kashi.games.azul_duel.state import AzulDuelState


def view(state: AzulDuelState, seat: int | None) -> AzulDuelState:
    seen = state.copy()
    mask = 0 if seat is None else 1 << seat
    hidden = []
    for position, plate in enumerate(seen.stack):
        if plate >= 0 and not seen.stack_known[position] & mask:
            hidden.append(plate)
            seen.stack[position] = -1
            seen.stack_known[position] = 0
    if seen.hand and seen.to_move != seat:
        hidden.extend(plate for plate in seen.hand if plate >= 0)
        seen.hand = [-1] * len(seen.hand)
    seen.pool = sorted(seen.pool + hidden)
    return seen


def determinize(state: AzulDuelState, rng: Random) -> AzulDuelState:
    """Give every unseen plate in the stack and the hand a place, at random."""
    full = state.copy()
    unseen = full.pool[:]
    rng.shuffle(unseen)
    for position, plate in enumerate(full.stack):
        if plate < 0:
            full.stack[position] = unseen.pop()
    full.hand = [plate if plate >= 0 else unseen.pop() for plate in full.hand]
    full.pool = sorted(unseen)
    return full
