"""Wall scoring on a 25-bit wall mask (bit ``wall_bit(row, column)``), shared by rules and heuristics."""

from __future__ import annotations

from typing import Any

from kashi.games.azul.rules import LINES, wall_bit

LAST = LINES - 1


def runs(wall: int, row: int, column: int) -> tuple[int, int]:
    """Lengths of the horizontal and vertical contiguous runs through a (filled) cell."""
    row_start = wall_bit(row, 0)
    left = column
    while left > 0 and (wall >> (row_start + left - 1)) & 1:
        left -= 1
    right = column
    while right < LAST and (wall >> (row_start + right + 1)) & 1:
        right += 1
    top = row
    while top > 0 and (wall >> (LINES * (top - 1) + column)) & 1:
        top -= 1
    bottom = row
    while bottom < LAST and (wall >> (LINES * (bottom + 1) + column)) & 1:
        bottom += 1
    return right - left + 1, bottom - top + 1


def placement(wall: int, row: int, column: int, cross: bool) -> tuple[str, int, dict[str, Any]]:
    """The score part of a tile just placed at (row, column) of ``wall``: key, points, params."""
    across, down = runs(wall, row, column)
    if cross:
        more = across + down - 2
        return "azul.place.cross", 1 + more, {"more": more}
    if across > 1 and down > 1:
        return "azul.place.both", across + down, {"row": across, "column": down}
    if across > 1:
        return "azul.place.row", across, {"row": across}
    if down > 1:
        return "azul.place.column", down, {"column": down}
    return "azul.place.lone", 1, {}


def placement_points(wall: int, row: int, column: int, cross: bool) -> int:
    across, down = runs(wall, row, column)
    if cross:
        return across + down - 1
    if across > 1 and down > 1:
        return across + down
    return max(across, down)
