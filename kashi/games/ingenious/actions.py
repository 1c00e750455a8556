"""The fixed action space of a play area, and every placement of it built once.

Each adjacent pair (edge) of the area has 36 slots: the 15 two-colour tile types either way
round (slot ``2k``: the lower colour on the lower cell; ``2k + 1``: the other way) and the six
doubles (slots 30..35). Swap and keep follow the last edge. Placements are interned in a table
so that listing and sampling moves builds no new objects.
"""

from __future__ import annotations

from functools import cache

from kashi.games.ingenious.hexgrid import area
from kashi.games.ingenious.moves import Placement
from kashi.games.ingenious.tiles import IS_DOUBLE, PAIRS, TYPES

NONDOUBLES = tuple(kind for kind in range(TYPES) if not IS_DOUBLE[kind])
DOUBLE_BASE = 2 * len(NONDOUBLES)
SLOTS_PER_EDGE = DOUBLE_BASE + 6
KIND_SLOTS: tuple[tuple[int, ...], ...] = tuple(
    (DOUBLE_BASE + PAIRS[kind][0],) if IS_DOUBLE[kind] else (2 * NONDOUBLES.index(kind), 2 * NONDOUBLES.index(kind) + 1)
    for kind in range(TYPES)
)
"""The slots of each tile type: one per distinct way round."""


def slot_of(first: int, second: int, a: int, b: int) -> int:
    """The slot of a canonical placement (lower colour first; a double's lower cell first)."""
    if first == second:
        return DOUBLE_BASE + first
    return KIND_SLOTS[PAIRS.index((first, second))][a > b]


@cache
def placement_table(radius: int) -> tuple[tuple[Placement, ...], ...]:
    """For each edge of the area, its 36 placements in slot order."""
    grid = area(radius)
    table = []
    for edge in range(grid.edges):
        a, b = grid.edge_a[edge], grid.edge_b[edge]
        row: list[Placement] = []
        for kind in NONDOUBLES:
            low, high = PAIRS[kind]
            row.extend((Placement(low, high, a, b), Placement(low, high, b, a)))
        row.extend(Placement(colour, colour, a, b) for colour in range(6))
        table.append(tuple(row))
    return tuple(table)
