"""The points an empty cell offers: what a hex of each colour would score there.

A hex scores the colour runs seen from its cell; the direction of the tile's other hex is an
empty cell before placing, so it adds nothing, and each empty cell has one count per colour
whichever way a tile covers it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from kashi.games.ingenious.layout import EMPTY

if TYPE_CHECKING:
    from kashi.games.ingenious.hexgrid import Area

PointTable = dict[int, list[int]]
"""Empty cell -> points a hex of each colour would score there."""


def open_points(board: list[int], grid: Area, cells: Iterable[int] | None = None) -> PointTable:
    """Points a hex of each colour would score on each empty cell of ``cells`` (default: the area)."""
    rays = grid.rays
    table: PointTable = {}
    for cell in grid.cells if cells is None else cells:
        if board[cell] != EMPTY:
            continue
        found = [0, 0, 0, 0, 0, 0]
        base = cell * 6
        for direction in range(6):
            ray = rays[base + direction]
            if not ray:
                continue
            colour = board[ray[0]]
            if colour < EMPTY:
                run = 0
                for other in ray:
                    if board[other] != colour:
                        break
                    run += 1
                found[colour] += run
        table[cell] = found
    return table
