"""SplitMix64 as a ``random.Random``: the random numbers of the compiled core, in Python.

A game played by a Python engine with this generator and one played by the compiled engine
with the same seed draw the same numbers (``random()`` is the top 53 bits of each output), so
the equivalence tests can compare them move for move and chance for chance.
"""

from __future__ import annotations

from random import Random

MASK = (1 << 64) - 1
GOLDEN_GAMMA = 0x9E3779B97F4A7C15
UNIT = 2.0**-53


class SplitMix64(Random):
    """The core's generator (``kashi/core/native/rng.c``); slower than Python's own, exact."""

    def __init__(self, seed: int = 0) -> None:
        self.counter = 0
        super().__init__(seed)

    def seed(self, a: object = None, version: int = 2) -> None:
        if not isinstance(a, int):
            raise TypeError("SplitMix64 is seeded with an integer")
        self.counter = a & MASK

    def next(self) -> int:
        """The next 64 random bits."""
        self.counter = z = (self.counter + GOLDEN_GAMMA) & MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def random(self) -> float:
        return (self.next() >> 11) * UNIT

    def getrandbits(self, k: int) -> int:
        bits, have = 0, 0
        while have < k:
            bits |= self.next() << have
            have += 64
        return bits & ((1 << k) - 1)

    def getstate(self) -> tuple[int, ...]:
        return (self.counter,)

    def setstate(self, state: tuple[int, ...]) -> None:
        (self.counter,) = state
