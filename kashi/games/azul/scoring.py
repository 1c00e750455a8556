"""Wall scoring on a 25-bit wall mask (bit ``wall_bit(row, column)``), shared by rules and heuristics.

Runs are read from tables of five bits, so a placement's score costs a few lookups."""

from __future__ import annotations

from typing import Any

from kashi.games.azul.rules import LINES

FULL = 0b11111
"""Five bits set: a complete row or column."""
COLUMN = sum(1 << (LINES * row) for row in range(LINES))
"""The bits of wall column 0; shifted left by ``c``, of column ``c``."""


def _run(bits: int, index: int) -> int:
    """Length of the run of set bits through ``index`` once that bit is set."""
    bits |= 1 << index
    low = index
    while low > 0 and (bits >> (low - 1)) & 1:
        low -= 1
    high = index
    while high < LINES - 1 and (bits >> (high + 1)) & 1:
        high += 1
    return high - low + 1


RUN = tuple(tuple(_run(bits, index) for index in range(LINES)) for bits in range(FULL + 1))
"""RUN[five bits][index]: the run a tile at ``index`` would join, itself counted."""
COLUMN_BITS = {sum(((bits >> row) & 1) << (LINES * row) for row in range(LINES)): bits for bits in range(FULL + 1)}
"""A column's spaces as five bits (bit ``row``), keyed by the wall shifted right by the column and
masked with ``COLUMN``."""


def runs(wall: int, row: int, column: int) -> tuple[int, int]:
    """Lengths of the horizontal and vertical contiguous runs through a (filled) cell."""
    return RUN[(wall >> (LINES * row)) & FULL][column], RUN[COLUMN_BITS[(wall >> column) & COLUMN]][row]


def run_points(across: int, down: int, cross: bool) -> int:
    """What a tile scores with these runs through it: standard adjacency, or 1 + its neighbours' runs."""
    if cross:
        return across + down - 1
    if across > 1 and down > 1:
        return across + down
    return across if across > down else down


def placement_part(across: int, down: int, cross: bool) -> tuple[str, dict[str, Any]]:
    """The key and parameters of a placement's score part, as the message catalogue words it."""
    if cross:
        return "azul.place.cross", {"tile": 1, "more": across + down - 2}
    if across > 1 and down > 1:
        return "azul.place.both", {"row": across, "column": down}
    if across > 1:
        return "azul.place.row", {"row": across}
    if down > 1:
        return "azul.place.column", {"column": down}
    return "azul.place.lone", {}


def placement_points(wall: int, row: int, column: int, cross: bool) -> int:
    """What a tile at (row, column) scores on ``wall`` (the cell counts as filled)."""
    return run_points(*runs(wall, row, column), cross)


def full_row_bits(wall: int) -> int:
    """The first bit of each complete row: it survives the AND of the row's five shifts."""
    return wall & (wall >> 1) & (wall >> 2) & (wall >> 3) & (wall >> 4) & COLUMN


def full_rows(wall: int) -> int:
    """How many rows of the wall are complete."""
    return full_row_bits(wall).bit_count()


def full_column_bits(wall: int) -> int:
    """Bit ``c`` set when column ``c`` is complete."""
    step = LINES
    return wall & (wall >> step) & (wall >> 2 * step) & (wall >> 3 * step) & (wall >> 4 * step) & FULL
