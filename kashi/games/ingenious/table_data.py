"""The component tables a browser table draws for one Ingenious game (``IngeniousState.components``).

Everything is read from the engine's tables (``hexgrid``, ``layout``, ``rules``, ``tiles``) for
the game's options and player count, so the drawn board is the play area and start cells of
the game being played.
"""

from __future__ import annotations

from typing import Any

from kashi.games.ingenious.hexgrid import BOARD_RADIUS, COORDS, DIRECTIONS, ROW_LETTERS
from kashi.games.ingenious.layout import Layout
from kashi.games.ingenious.rules import RACK_SIZE, IngeniousRules
from kashi.games.ingenious.tiles import COLOURS


def table_data(rules: IngeniousRules, lay: Layout) -> dict[str, Any]:
    """The tables as JSON values:

    - ``colours``: the colour letters in track order, index = the engine's colour number;
    - ``board_radius``: the printed board (every cell at most this far from the centre) and
      ``rows``: its row letters from r = -board_radius on, which name the cells (``h8``);
    - ``radius``: the play area of this player count;
    - ``directions``: the six axial steps (q, r) to a neighbour;
    - ``starts``: each start cell as ``[q, r, colour letter]``, the colour ``""`` for the
      colourless centre star;
    - ``marks``: the track values that earn a bonus placement (or lock the colour), the last
      one each track's maximum;
    - ``board_of``: the score board of each seat (partners share one in the team game);
    - ``rack_size``: the tiles a rack holds; ``reserve``: whether each seat also holds a
      reserve rack.
    """
    colours = len(COLOURS)
    starts = []
    for cell in lay.starts:
        q, r = COORDS[cell]
        piece = lay.board[cell]
        starts.append([q, r, COLOURS[piece] if piece < colours else ""])
    return {
        "colours": list(COLOURS),
        "board_radius": BOARD_RADIUS,
        "rows": list(ROW_LETTERS),
        "radius": lay.area.radius,
        "directions": [list(step) for step in DIRECTIONS],
        "starts": starts,
        "marks": list(rules.marks),
        "board_of": list(lay.board_of),
        "rack_size": RACK_SIZE,
        "reserve": lay.reserve,
    }
