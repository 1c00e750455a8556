"""Perfect recall for games with hidden information: what each seat has seen, step by step.

A seat's information state is the sequence of its views after every step (and its own moves),
not its current view: two histories can lead to the same view yet differ in what the seat saw
on the way. The sequence is kept as a running BLAKE2b digest per seat, so an information state
string stays short however long the game (a collision is as unlikely as one of a 128-bit hash).
"""

from __future__ import annotations

from hashlib import blake2b

from kashi.core.registry import AnyState

DIGEST_BYTES = 16
START = b"kashi"


def start(players: int) -> tuple[bytes, ...]:
    """Every seat's record before anything happened."""
    return (blake2b(START, digest_size=DIGEST_BYTES).digest(),) * players


def extend(seen: tuple[bytes, ...], state: AnyState, mover: int, move: str) -> tuple[bytes, ...]:
    """The records after a step that led to ``state``: each seat adds its view of ``state``, and
    the seat that moved (``mover``; the chance player is none of them) its own move too."""
    return tuple(
        _digest(record, (move if seat == mover else "") + "|" + state.view(seat).position())
        for seat, record in enumerate(seen)
    )


def resampled(seen: tuple[bytes, ...], seat: int, state: AnyState) -> tuple[bytes, ...]:
    """Records for a world drawn from ``seat``'s information: ``seat`` keeps its own; what the
    other seats saw is not known, so theirs start from ``seat``'s and their view of the drawn
    world, which tells the worlds apart."""
    return tuple(
        record if other == seat else _digest(seen[seat], f"drawn {other}|" + state.view(other).position())
        for other, record in enumerate(seen)
    )


def _digest(record: bytes, entry: str) -> bytes:
    return blake2b(record + entry.encode(), digest_size=DIGEST_BYTES).digest()
