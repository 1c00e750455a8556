"""Turning a game's per-seat evaluation into what search needs: one number for one seat."""

from __future__ import annotations

import math
from collections.abc import Sequence


def margin(values: Sequence[float], seat: int) -> float:
    """The seat's value minus the best other seat's (its own value in a solo game)."""
    others = [value for other, value in enumerate(values) if other != seat]
    return values[seat] - max(others) if others else values[seat]


def squash(points: float, scale: float) -> float:
    """A points margin mapped into (-1, 1) so that rewards stay comparable across games."""
    return math.tanh(points / scale)


SURE = 0.999
"""``unsquash`` reads a reward beyond this as this: a certain result is a large margin, not an infinite one."""


def unsquash(reward: float, scale: float) -> float:
    """The points margin a reward in (-1, 1) stands for: the inverse of ``squash``."""
    return scale * math.atanh(max(-SURE, min(SURE, reward)))
