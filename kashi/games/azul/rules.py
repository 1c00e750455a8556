"""The fixed facts of Azul (colours, wall, floor) and the rule options of the family."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from kashi.core.errors import RuleOptionError
from kashi.core.registry import Option

COLOURS = "BYRKW"
"""Blue, Yellow, Red, blacK, White: the spec's order and letters."""
COLOUR_NAMES = ("blue", "yellow", "red", "black", "white")
LINES = len(COLOURS)
"""Pattern lines, wall rows and wall columns of a board: one per colour."""
WALL_CELLS = LINES * LINES
TILES_PER_COLOUR = 20
TILES = TILES_PER_COLOUR * len(COLOURS)
FACTORY_SIZE = 4
FLOOR_SPACES = 7
FLOOR_PENALTY = (-1, -1, -2, -2, -2, -3, -3)
FLOOR_TOTAL = tuple(sum(FLOOR_PENALTY[:used]) for used in range(FLOOR_SPACES + 1))
"""Penalty for a floor with 0..7 occupied spaces: 0, -1, -2, -4, -6, -8, -11, -14."""
ROW_BONUS, COLUMN_BONUS, COLOUR_BONUS = 2, 7, 10


def factories_for(players: int) -> int:
    return 2 * players + 1


def board_base(seat: int) -> int:
    """Where a seat's entries start in the engine's per-seat lists of five (pattern lines, wall
    rows, wall columns, accept masks by colour): entry ``k`` is at ``board_base(seat) + k``."""
    return seat * LINES


def board_index(seat: int, entry: int) -> int:
    """Entry ``entry`` (a line, a wall row or column, a colour) of a seat's per-seat lists."""
    return seat * LINES + entry


def cell_index(seat: int, row: int, column: int) -> int:
    """A wall space of a seat in the engine's ``cells``."""
    return seat * WALL_CELLS + row * LINES + column


def wall_bit(row: int, column: int) -> int:
    """The bit of a wall space in a seat's 25-bit wall mask."""
    return LINES * row + column


def wall_column(colour: int, row: int) -> int:
    """Where the colour side's printed wall puts a colour in a row."""
    return (colour + row) % 5


def wall_colour(row: int, column: int) -> int:
    """The colour printed at a cell of the colour side."""
    return (column - row) % 5


OPTIONS = (
    Option("grey", False, "grey wall side: the owner chooses each tile's column"),
    Option("partial_floor", False, "a take may send some of its tiles to the floor (notation 3B2-k)"),
    Option(
        "rounds", 0, "end after this many rounds instead of at a complete row (0: row trigger)", minimum=0, maximum=100
    ),
    Option("centre_seed_tile", False, "one extra tile is drawn into the centre each round"),
    Option("overflow", "floor", "where tiles that do not fit go", choices=("floor", "discard")),
    Option("leftover_penalty", 0, "points lost at the end per tile left in a pattern line", minimum=0, maximum=5),
    Option(
        "adjacency",
        "standard",
        "wall scoring: runs (standard) or 1 + contiguous tiles (cross)",
        choices=("standard", "cross"),
    ),
    Option(
        "max_rounds",
        100,
        "engine cap: stop a game that has not ended after this many rounds, reported as truncation",
        minimum=1,
        maximum=10_000,
        ours=True,
    ),
)


@dataclass(frozen=True, slots=True)
class AzulRules:
    """The checked options of one game, shared by all of its states."""

    grey: bool = False
    partial_floor: bool = False
    rounds: int = 0
    centre_seed_tile: bool = False
    overflow: str = "floor"
    leftover_penalty: int = 0
    adjacency: str = "standard"
    max_rounds: int = 100

    @classmethod
    def from_options(cls, options: Mapping[str, Any]) -> AzulRules:
        return cls(**{name: options[name] for name in cls.__slots__ if name in options})

    def to_options(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in self.__slots__}


def floor_spaces(rules: AzulRules) -> int:
    """The floor spaces a game can fill: all seven, or only the first under ``overflow =
    "discard"``, where every tile that does not fit a line (or is sent to the floor) goes to the
    lid and the floor holds nothing but the marker (spec 9.3)."""
    return FLOOR_SPACES if rules.overflow != "discard" else 1


def check_options(players: int, options: Mapping[str, Any]) -> None:
    rounds, cap = options.get("rounds", 0), options.get("max_rounds", 100)
    if rounds and rounds > cap:
        raise RuleOptionError("core.bad_option", option="rounds", allowed=f"at most max_rounds ({cap})", value=rounds)
