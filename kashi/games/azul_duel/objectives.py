"""The 8 end-of-game objectives (4 double-sided tablets), evaluated on one player's dome.

Each objective counts something on the dome and turns the count into points; the score part
keeps both so the explanation reads e.g. "2 complete rows x 3".
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from kashi.games.azul_duel.components import DOME_SIZE, EMPTY, SLOT_CELLS, SPECIAL, WILD

Dome = tuple[list[int], list[int], int]
"""(cells, tiles, base): one player's dome slices, as in ``dome.py``."""

ROWS = tuple(tuple(range(row * DOME_SIZE, row * DOME_SIZE + DOME_SIZE)) for row in range(DOME_SIZE))
COLUMNS = tuple(tuple(range(column, DOME_SIZE * DOME_SIZE, DOME_SIZE)) for column in range(DOME_SIZE))
DIAGONALS = (
    tuple(i * DOME_SIZE + i for i in range(DOME_SIZE)),
    tuple(i * DOME_SIZE + DOME_SIZE - 1 - i for i in range(DOME_SIZE)),
)
RING = tuple(
    cell
    for cell in range(DOME_SIZE * DOME_SIZE)
    if cell // DOME_SIZE in (0, DOME_SIZE - 1) or cell % DOME_SIZE in (0, DOME_SIZE - 1)
)
TOP_CORNERS = (SLOT_CELLS[0], SLOT_CELLS[2])
BOTTOM_CORNERS = (SLOT_CELLS[6], SLOT_CELLS[8])

ROW_POINTS = 3
COLOURFUL = 5
"""The colours a colourful row shows."""
COLOURFUL_ROW_POINTS = 4
COLUMN_POINTS = 7
DIAGONAL_POINTS = 10
TOP_CORNER_POINTS = 3
BOTTOM_CORNER_POINTS = 8
WILD_POINTS = 2
SPECIAL_PENALTY = -3


def _complete(dome: Dome, group: tuple[int, ...]) -> bool:
    _, tiles, base = dome
    return all(tiles[base + cell] != EMPTY for cell in group)


def complete_rows(dome: Dome) -> tuple[int, int]:
    count = sum(_complete(dome, row) for row in ROWS)
    return ROW_POINTS * count, count


def colourful_rows(dome: Dome) -> tuple[int, int]:
    """Rows with at least COLOURFUL different colours; special tiles have none, a wild cell has its tile's."""
    _, tiles, base = dome
    count = sum(len({tiles[base + cell] for cell in row} - {EMPTY, SPECIAL}) >= COLOURFUL for row in ROWS)
    return COLOURFUL_ROW_POINTS * count, count


def complete_columns(dome: Dome) -> tuple[int, int]:
    count = sum(_complete(dome, column) for column in COLUMNS)
    return COLUMN_POINTS * count, count


def ring_cells(dome: Dome) -> tuple[int, int]:
    _, tiles, base = dome
    count = sum(tiles[base + cell] != EMPTY for cell in RING)
    return count, count


def complete_diagonals(dome: Dome) -> tuple[int, int]:
    count = sum(_complete(dome, diagonal) for diagonal in DIAGONALS)
    return DIAGONAL_POINTS * count, count


def corner_plates(dome: Dome) -> tuple[int, int]:
    top = sum(_complete(dome, plate) for plate in TOP_CORNERS)
    bottom = sum(_complete(dome, plate) for plate in BOTTOM_CORNERS)
    return TOP_CORNER_POINTS * top + BOTTOM_CORNER_POINTS * bottom, top + bottom


def filled_wilds(dome: Dome) -> tuple[int, int]:
    """WILD_POINTS per wild cell, but only when every wild cell of the dome holds a tile."""
    cells, tiles, base = dome
    wilds = [cell for cell in range(DOME_SIZE * DOME_SIZE) if cells[base + cell] == WILD]
    if any(tiles[base + cell] == EMPTY for cell in wilds):
        return 0, len(wilds)
    return WILD_POINTS * len(wilds), len(wilds)


def empty_specials(dome: Dome) -> tuple[int, int]:
    cells, tiles, base = dome
    count = sum(
        cells[base + cell] == SPECIAL and tiles[base + cell] != SPECIAL for cell in range(DOME_SIZE * DOME_SIZE)
    )
    return SPECIAL_PENALTY * count, count


@dataclass(frozen=True)
class Objective:
    name: str
    """Tablet letter and side, e.g. ``A1``."""
    score: Callable[[Dome], tuple[int, int]]
    """(points, count) for a dome."""
    weights: dict[str, int] = field(default_factory=dict)
    """The numbers its explanation names (points per thing counted)."""


OBJECTIVES: tuple[tuple[Objective, Objective], ...] = (
    (
        Objective("A1", complete_rows, {"each": ROW_POINTS}),
        Objective("A2", colourful_rows, {"colours": COLOURFUL, "each": COLOURFUL_ROW_POINTS}),
    ),
    (Objective("B1", complete_columns, {"each": COLUMN_POINTS}), Objective("B2", ring_cells)),
    (
        Objective("C1", complete_diagonals, {"each": DIAGONAL_POINTS}),
        Objective("C2", corner_plates, {"top": TOP_CORNER_POINTS, "bottom": BOTTOM_CORNER_POINTS}),
    ),
    (Objective("D1", filled_wilds, {"each": WILD_POINTS}), Objective("D2", empty_specials, {"each": SPECIAL_PENALTY})),
)
"""OBJECTIVES[tablet][side - 1]."""
