"""Hex geometry of the Ingenious board: axial cells, cell names, play areas and their tables.

Cells are numbered 0..168 over the whole side-8 board in name order (row ``a`` first, then by
column), so a cell keeps its number whatever the play area. Each play area precomputes the
tables the engine's hot path reads: neighbours, straight rays and the adjacent cell pairs.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

BOARD_RADIUS = 7
"""The full board: every cell at distance <= 7 from the centre (169 cells, side 8)."""

DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
"""The six axial steps; direction ``d`` and ``(d + 3) % 6`` are opposite."""

START_CELLS = ((5, -5), (5, 0), (0, 5), (-5, 5), (-5, 0), (0, -5))
"""The six corners at distance 5 that hold the printed start symbols, in the spec's order."""

ROW_LETTERS = "abcdefghijklmno"


def distance(q: int, r: int) -> int:
    """Distance of a cell from the centre."""
    return max(abs(q), abs(r), abs(q + r))


COORDS: tuple[tuple[int, int], ...] = tuple(
    (q, r)
    for r in range(-BOARD_RADIUS, BOARD_RADIUS + 1)
    for q in range(-BOARD_RADIUS, BOARD_RADIUS + 1)
    if distance(q, r) <= BOARD_RADIUS
)
"""Axial (q, r) of every cell, indexed by cell number."""
CELLS = len(COORDS)
INDEX: dict[tuple[int, int], int] = {coords: cell for cell, coords in enumerate(COORDS)}
NAMES: tuple[str, ...] = tuple(f"{ROW_LETTERS[r + BOARD_RADIUS]}{q + BOARD_RADIUS + 1}" for q, r in COORDS)
"""Cell names like Havannah boards: row letter from r, column number from q; ``h8`` is the centre."""
_BY_NAME = {name: cell for cell, name in enumerate(NAMES)}
CENTRE = INDEX[(0, 0)]


def cell_of(name: str) -> int | None:
    """The cell named ``name`` (case-insensitive), or None if the board has no such cell."""
    return _BY_NAME.get(name.lower())


def area_radius(players: int) -> int:
    """Play area by player count: 1-2 players distance <= 5, 3 players <= 6, 4 players <= 7."""
    return {1: 5, 2: 5, 3: 6, 4: 7}[players]


@dataclass(frozen=True, slots=True)
class Area:
    """One play area and its precomputed tables (shared by every state of that size).

    ``rays[cell * 6 + d]`` lists the cells met going from ``cell`` in direction ``d`` up to the
    edge of the area. Edges are the unordered adjacent pairs ``(a, b)`` with ``a < b``.
    """

    radius: int
    inside: tuple[bool, ...]
    cells: tuple[int, ...]
    neighbours: tuple[tuple[int, ...], ...]
    rays: tuple[tuple[int, ...], ...]
    edge_a: tuple[int, ...]
    edge_b: tuple[int, ...]
    edge_dir: tuple[int, ...]
    """Direction from ``edge_a`` to ``edge_b``."""
    edge_of: dict[tuple[int, int], int]
    """Edge number of an adjacent pair, in either order."""
    direction_of: dict[tuple[int, int], int]
    """Direction from the first cell of an adjacent pair to the second, in either order."""
    incident: tuple[tuple[int, ...], ...]
    """Edges that touch each cell."""

    @property
    def edges(self) -> int:
        return len(self.edge_a)


@cache
def area(radius: int) -> Area:
    """The play area of all cells at distance <= ``radius``, with its tables."""
    inside = tuple(distance(q, r) <= radius for q, r in COORDS)
    cells = tuple(cell for cell in range(CELLS) if inside[cell])

    def step(cell: int, direction: int) -> int | None:
        q, r = COORDS[cell]
        dq, dr = DIRECTIONS[direction]
        target = INDEX.get((q + dq, r + dr))
        return target if target is not None and inside[target] else None

    rays: list[tuple[int, ...]] = []
    neighbours: list[tuple[int, ...]] = []
    for cell in range(CELLS):
        around = []
        for direction in range(6):
            ray = []
            current = step(cell, direction) if inside[cell] else None
            while current is not None:
                ray.append(current)
                current = step(current, direction)
            rays.append(tuple(ray))
            if ray:
                around.append(ray[0])
        neighbours.append(tuple(around))
    edge_a: list[int] = []
    edge_b: list[int] = []
    edge_dir: list[int] = []
    edge_of: dict[tuple[int, int], int] = {}
    direction_of: dict[tuple[int, int], int] = {}
    incident: list[list[int]] = [[] for _ in range(CELLS)]
    for cell in cells:
        for direction in range(6):
            other = step(cell, direction)
            if other is not None and cell < other:
                edge = len(edge_a)
                edge_a.append(cell)
                edge_b.append(other)
                edge_dir.append(direction)
                edge_of[(cell, other)] = edge_of[(other, cell)] = edge
                direction_of[(cell, other)], direction_of[(other, cell)] = direction, (direction + 3) % 6
                incident[cell].append(edge)
                incident[other].append(edge)
    return Area(
        radius,
        inside,
        cells,
        tuple(neighbours),
        tuple(rays),
        tuple(edge_a),
        tuple(edge_b),
        tuple(edge_dir),
        edge_of,
        direction_of,
        tuple(tuple(edges) for edges in incident),
    )
