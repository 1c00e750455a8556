"""The component tables a browser table draws for one Azul game (``AzulState.components``).

Everything is read from the engine's own tables in ``rules`` under the game's options and
player count, so the picture follows the rules played: the grey side prints no colours, and
the quick rules (``overflow = "discard"``) have one floor space, the marker's, not seven.
"""

from __future__ import annotations

from typing import Any

from kashi.core.json_form import EMPTY_CELL
from kashi.games.azul.rules import (
    COLOUR_BONUS,
    COLOURS,
    COLUMN_BONUS,
    FACTORY_SIZE,
    FLOOR_PENALTY,
    LINES,
    ROW_BONUS,
    AzulRules,
    factories_for,
    floor_spaces,
    wall_colour,
)


def table_data(rules: AzulRules, players: int) -> dict[str, Any]:
    """The tables as JSON values:

    - ``colours``: the colour letters, index = the engine's colour number;
    - ``lines``: how many tiles each pattern line holds, top to bottom;
    - ``wall``: the printed wall, a string of colour letters per row (``.`` where nothing is
      printed: every cell of the grey side);
    - ``floor``: the printed penalty of each floor space this game can fill, left to right;
    - ``factories``, ``factory_size``: the factories for this player count and the tiles each holds;
    - ``rounds``: the fixed number of rounds, or None when a complete row ends the game;
    - ``bonuses``: the end-of-game points per complete row, column and colour;
    - ``leftover_penalty``: points per tile left on a pattern line at the end (0 or negative).
    """
    printed = [
        EMPTY_CELL * LINES if rules.grey else "".join(COLOURS[wall_colour(row, column)] for column in range(LINES))
        for row in range(LINES)
    ]
    return {
        "colours": list(COLOURS),
        "lines": [line + 1 for line in range(LINES)],
        "wall": printed,
        "floor": list(FLOOR_PENALTY[: floor_spaces(rules)]),
        "factories": factories_for(players),
        "factory_size": FACTORY_SIZE,
        "rounds": rules.rounds or None,
        "bonuses": {"row": ROW_BONUS, "column": COLUMN_BONUS, "colour": COLOUR_BONUS},
        "leftover_penalty": -rules.leftover_penalty,
    }
