"""Dome geometry and placement scoring over one player's 6x6 cells.

A dome is two flat slices of 36 ints, ``cells`` (cell types: colour, ``SPECIAL``, ``WILD`` or
``NO_PLATE``) and ``tiles`` (contents: colour, ``SPECIAL`` tile or ``EMPTY``), starting at
``base = DOME_BASE[seat]``; cells are ``row * 6 + column``.
"""

from __future__ import annotations

from kashi.games.azul_duel.components import (
    CELL_SLOT,
    DOME_SIZE,
    EMPTY,
    PLATES,
    ROTATIONS,
    SLOT_CELLS,
    SLOT_INDEX,
    SPECIAL,
    WILD,
    rotated,
)

COLUMNS = range(DOME_SIZE)
ROTATED_PLATES = tuple(tuple(rotated(cells, rotation) for rotation in range(ROTATIONS)) for cells in PLATES)
"""Each plate's cells in each rotation, as ``rotated`` gives them."""


def lay_plate(cells: list[int], base: int, slot: int, plate: int, rotation: int) -> None:
    """Write the cell types of a plate placed on ``slot`` in ``rotation``."""
    for cell, kind in zip(SLOT_CELLS[slot], ROTATED_PLATES[plate][rotation], strict=True):
        cells[base + cell] = kind


def legal_cells(cells: list[int], tiles: list[int], base: int, row: int, colour: int) -> list[int]:
    """The empty cells of dome ``row`` (0-based) that accept ``colour``: that colour or wild."""
    found = []
    first = row * DOME_SIZE
    kinds = cells[base + first : base + first + DOME_SIZE]
    contents = tiles[base + first : base + first + DOME_SIZE]
    for column in COLUMNS:
        if contents[column] == EMPTY and (kinds[column] == colour or kinds[column] == WILD):
            found.append(first + column)
    return found


def has_legal_cell(cells: list[int], tiles: list[int], base: int, row: int, colour: int) -> bool:
    """Whether ``legal_cells`` would find any cell (without listing them: a rollout's hot path)."""
    start = base + row * DOME_SIZE
    for cell in range(start, start + DOME_SIZE):
        if tiles[cell] == EMPTY and (cells[cell] == colour or cells[cell] == WILD):
            return True
    return False


def plate_row_full(slots: list[int], seat: int, row: int) -> bool:
    """Whether all 3 slots of the plate row feeding dome ``row`` hold a plate."""
    first = SLOT_INDEX[seat][(row // 2) * 3]
    return slots[first] >= 0 and slots[first + 1] >= 0 and slots[first + 2] >= 0


def runs(tiles: list[int], base: int, cell: int) -> tuple[int, int]:
    """Lengths of the horizontal and vertical runs of occupied cells through ``cell``."""
    row, column = divmod(cell, DOME_SIZE)
    left = column
    while left > 0 and tiles[base + cell - (column - left) - 1] != EMPTY:
        left -= 1
    right = column
    while right < DOME_SIZE - 1 and tiles[base + cell + (right - column) + 1] != EMPTY:
        right += 1
    up = row
    while up > 0 and tiles[base + cell - (row - up + 1) * DOME_SIZE] != EMPTY:
        up -= 1
    down = row
    while down < DOME_SIZE - 1 and tiles[base + cell + (down - row + 1) * DOME_SIZE] != EMPTY:
        down += 1
    return right - left + 1, down - up + 1


def placement_points(horizontal: int, vertical: int) -> int:
    """Colour-blind scoring: 1 for a lone tile, else each run longer than 1 counts in full."""
    if horizontal == 1 and vertical == 1:
        return 1
    return (horizontal if horizontal > 1 else 0) + (vertical if vertical > 1 else 0)


def completed_special(cells: list[int], tiles: list[int], base: int, cell: int) -> int:
    """The special cell whose plate ``cell`` just completed (its other 3 cells filled), or -1."""
    plate_cells = SLOT_CELLS[CELL_SLOT[cell]]
    special = -1
    for other in plate_cells:
        if cells[base + other] == SPECIAL:
            special = other
        elif tiles[base + other] == EMPTY:
            return -1
    if special < 0 or tiles[base + special] != EMPTY:
        return -1
    return special
