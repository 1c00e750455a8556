"""What one game configuration fixes before play: area, start symbols, who scores on which board."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from kashi.games.ingenious.actions import placement_table
from kashi.games.ingenious.hexgrid import CELLS, CENTRE, INDEX, START_CELLS, Area, area, area_radius
from kashi.games.ingenious.moves import Placement
from kashi.games.ingenious.rules import IngeniousRules
from kashi.games.ingenious.tiles import colour_of

EMPTY = 6
"""Board value of an empty cell; colours are 0..5."""
STAR = 7
"""Board value of the colourless centre star: occupied, scores for nobody."""
OUTSIDE = 8
"""Board value of a cell outside the play area."""


@dataclass(frozen=True, slots=True)
class Layout:
    """The fixed facts of a game configuration, shared by all of its states."""

    area: Area
    board: tuple[int, ...]
    """The board before any tile: start symbols (or the star), empty cells, outside cells."""
    starts: tuple[int, ...]
    """Cells of the start symbols (or of the star)."""
    touch_mask: tuple[int, ...]
    """Per cell, bit ``i`` set when the cell touches ``starts[i]``."""
    symbols: bool
    """Six start symbols (first-round rule) rather than the centre star (first-tile rule)."""
    board_of: tuple[int, ...]
    """The score board of each seat: partners share one in the team game."""
    boards: int
    reserve: bool
    """Each seat also holds a reserve rack (the tutorial's 2-player rule)."""
    placements: tuple[tuple[Placement, ...], ...]
    """Every placement of the area by edge and action slot (see ``actions``)."""


@cache
def layout(rules: IngeniousRules, players: int) -> Layout:
    grid = area(area_radius(players))
    board = [EMPTY if grid.inside[cell] else OUTSIDE for cell in range(CELLS)]
    symbols = rules.start == "symbols"
    if symbols:
        starts = tuple(INDEX[coords] for coords in START_CELLS)
        for cell, letter in zip(starts, rules.start_colours.upper(), strict=True):
            board[cell] = colour_of(letter)
    else:
        starts = (CENTRE,)
        board[CENTRE] = STAR
    touch = [0] * CELLS
    for bit, start in enumerate(starts):
        for cell in grid.neighbours[start]:
            touch[cell] |= 1 << bit
    board_of = tuple(seat % 2 for seat in range(players)) if rules.teams else tuple(range(players))
    reserve = rules.reserve_hand and players == 2
    boards = max(board_of) + 1
    table = placement_table(grid.radius)
    return Layout(grid, tuple(board), starts, tuple(touch), symbols, board_of, boards, reserve, table)
