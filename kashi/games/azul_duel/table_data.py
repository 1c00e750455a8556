"""The component tables a browser table draws for one Azul Duel game (``DuelState.components``).

Everything is read from the engine's tables (``components``, ``notation``) and the game's
options; nothing is typed again here.
"""

from __future__ import annotations

from typing import Any

from kashi.games.azul_duel.components import (
    BROKEN_SPACES,
    BROKEN_TOTAL,
    CELL_LETTERS,
    CELLS,
    CHIP_NAMES,
    CHIPS_PER_PLAYER,
    COLOURS,
    DISPLAY_SIZE,
    DOME_SIZE,
    DRAW_COST,
    LARGE,
    LARGE_SUN,
    LINES,
    PLATE_ROUNDS,
    PLATES,
    PLATES_PER_ROUND,
    ROTATIONS,
    ROUNDS,
    SLOT_CELLS,
    SMALL_SUN,
    SPECIAL,
    START_SCORE,
    START_TILE_PENALTY,
    TABLETS,
    WILD,
    WORKSHOPS,
)
from kashi.games.azul_duel.notation import BROKEN, cell_name, line_name, workshop_name
from kashi.games.azul_duel.rules import DuelRules


def table_data(rules: DuelRules) -> dict[str, Any]:
    """The tables as JSON values:

    - ``colours``: the colour letters, index = the engine's colour number; ``special`` and
      ``wild``: the letters of a plate's special and wild cells (a special tile is ``special``);
    - ``plates``: the 18 plates by number, each its cells' letters top-left, top-right,
      bottom-left, bottom-right; ``rotations``: the quarter turns a plate may be placed in;
    - ``chips``: the bonus chip types by number, as the view names them;
    - ``lines``: how many tiles each pattern line holds, top to bottom (line r feeds dome row r);
      ``broken_line``: the broken-tile area as a move's line; ``broken``: the penalty of each of
      its spaces, left to right;
    - ``dome``: cells per dome row and column; ``slot_cells``: the dome cells (row * dome +
      column) of each plate slot, in a plate's cell order; ``cells``: the names of the dome cells;
    - ``workshops``: the workshops' names (the large one first) with ``suns``, the tiles each
      sun is filled with; ``display``: the face-up plates on the scoring board;
    - ``tablets``: the tablets' letters, ``tablets_in_play`` how many of them this game uses;
    - ``rounds``, ``plate_rounds`` (the rounds in which plates are taken), ``plates_per_round``
      and ``chips_per_round`` (what each player takes in such a round);
    - ``draw_cost`` and ``start_tile_cost``: the points a stack draw and the start tile cost
      (negative); ``start_score``: each player's score before the first move.
    """
    spaces = range(BROKEN_SPACES)
    return {
        "colours": list(COLOURS),
        "special": CELL_LETTERS[SPECIAL],
        "wild": CELL_LETTERS[WILD],
        "plates": ["".join(CELL_LETTERS[cell] for cell in plate) for plate in PLATES],
        "rotations": ROTATIONS,
        "chips": list(CHIP_NAMES),
        "lines": [line + 1 for line in range(LINES)],
        "broken_line": line_name(BROKEN),
        "broken": [BROKEN_TOTAL[space] - BROKEN_TOTAL[space + 1] for space in spaces],
        "dome": DOME_SIZE,
        "slot_cells": [list(cells) for cells in SLOT_CELLS],
        "cells": [cell_name(cell) for cell in range(CELLS)],
        "workshops": [workshop_name(workshop) for workshop in range(WORKSHOPS)],
        "suns": [LARGE_SUN if workshop == LARGE else SMALL_SUN for workshop in range(WORKSHOPS)],
        "display": DISPLAY_SIZE,
        "tablets": list(TABLETS),
        "tablets_in_play": rules.tablets,
        "rounds": ROUNDS,
        "plate_rounds": PLATE_ROUNDS,
        "plates_per_round": PLATES_PER_ROUND,
        "chips_per_round": CHIPS_PER_PLAYER,
        "draw_cost": -DRAW_COST,
        "start_tile_cost": -START_TILE_PENALTY,
        "start_score": START_SCORE,
    }
