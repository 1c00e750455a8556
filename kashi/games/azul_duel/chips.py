"""Paying for missing pattern-line tiles with bonus chips (spec 4.1).

Each missing tile costs 2 chips showing the line's colour or 3 chips of any colour, so a set
of ``n`` chips with ``matching`` chips of the colour pays for ``missing`` tiles exactly when it
splits into ``a`` matching pairs and ``b`` triples with ``a + b = missing``.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import product
from operator import mul

from kashi.games.azul_duel.components import CHIP_COLOURS, CHIPS_PER_TILE_ANY, CHIPS_PER_TILE_MATCHING

SHOWING = tuple(tuple(chip for chip, shown in enumerate(CHIP_COLOURS) if colour in shown) for colour in range(5))
"""``SHOWING[colour]``: the chip types that show the colour."""


def pays(chips: tuple[int, ...], colour: int, missing: int) -> bool:
    """Whether spending exactly ``chips`` (chip types) completes ``missing`` tiles of ``colour``."""
    count = len(chips)
    triples = count - CHIPS_PER_TILE_MATCHING * missing
    pairs = missing - triples
    if pairs < 0 or triples < 0:
        return False
    matching = sum(colour in CHIP_COLOURS[chip] for chip in chips)
    return matching >= CHIPS_PER_TILE_MATCHING * pairs


def can_pay(held: list[int], colour: int, missing: int) -> bool:
    """Whether some set of the held chips pays for ``missing`` tiles of ``colour``.

    With ``a`` matching pairs the other ``missing - a`` tiles need 3 chips each from the rest,
    so some ``a`` must satisfy ``2a <= matching`` and ``3(missing - a) <= total - 2a``.
    """
    total = sum(held)
    matching = sum(map(held.__getitem__, SHOWING[colour]))
    return max(0, 3 * missing - total) <= min(missing, matching // CHIPS_PER_TILE_MATCHING)


def spends(held: list[int], colour: int, missing: int) -> list[tuple[int, ...]]:
    """Every set of held chips (``held[type]`` = count) that pays for ``missing`` tiles of ``colour``.

    Sets are ascending tuples of chip types, ordered by how many of each type they take (the
    lowest type first). Which sets pay depends only on how many of each held type there are and
    whether it shows the colour, so the sets are worked out once per such shape, as positions
    among the held types, and named with this holding's types.
    """
    types, sets = paying_sets(held, colour, missing)
    return [tuple(map(types.__getitem__, chosen)) for chosen in sets]


def paying_sets(held: list[int], colour: int, missing: int) -> tuple[list[int], tuple[tuple[int, ...], ...]]:
    """The held types and the paying sets as positions among them, in ``spends`` order: a random
    pick names only the set it draws."""
    types = [chip for chip, count in enumerate(held) if count]
    shape = tuple(held[chip] * 2 + (colour in CHIP_COLOURS[chip]) for chip in types)
    return types, _paying(shape, missing)


@lru_cache(maxsize=1024)
def _paying(shape: tuple[int, ...], missing: int) -> tuple[tuple[int, ...], ...]:
    """The paying sets of a holding shape (per held type: ``2 * count + shows the colour``), as
    positions among its types, ordered by their count vectors: the sets of 2 to 3 chips per
    missing tile with enough matching chips (``pays``, counted on the positions).

    The count vectors are walked in that order directly (``product`` is lexicographic), so each
    set is seen once, not once per way of picking equal chips."""
    least, most = CHIPS_PER_TILE_MATCHING * missing, CHIPS_PER_TILE_ANY * missing
    matched = [kind % 2 for kind in shape]
    found = []
    for counts in product(*(range(kind // 2 + 1) for kind in shape)):
        size = sum(counts)
        if least <= size <= most:
            shown = sum(map(mul, counts, matched))
            if shown >= CHIPS_PER_TILE_MATCHING * (most - size):
                found.append(tuple(position for position, n in enumerate(counts) for _ in range(n)))
    return tuple(found)
