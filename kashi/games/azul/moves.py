"""Azul moves and chance outcomes, with the spec's notation (section 10).

Every move and fill is interned: parsing or generating the same move gives the same object,
so legal-move lists are built from tables instead of new objects.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from itertools import product

from kashi.core.errors import MoveSyntaxError
from kashi.games.azul.rules import COLOURS, FACTORY_SIZE

CENTRE = 9
"""Source index of the centre of the table (factories are 0..8)."""
FLOOR = 5
"""Destination index of the floor line (pattern lines are 0..4)."""


@dataclass(frozen=True, slots=True)
class Draft:
    """Take all tiles of ``colour`` from ``source`` and put them on ``line`` (or the floor).

    ``to_floor`` > 0 is the ``partial_floor`` option's ``-k``: that many of the taken tiles go
    straight to the floor and the rest to the line.
    """

    source: int
    colour: int
    line: int
    to_floor: int = 0
    text: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        source = "C" if self.source == CENTRE else str(self.source + 1)
        line = "F" if self.line == FLOOR else str(self.line + 1)
        suffix = f"-{self.to_floor}" if self.to_floor else ""
        colour = COLOURS[self.colour] if 0 <= self.colour < 5 else "?"
        object.__setattr__(self, "text", f"{source}{colour}{line}{suffix}")

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class WallPlacement:
    """Grey side: put the tile of pattern ``line`` on wall ``column`` of that row."""

    line: int
    column: int

    def __str__(self) -> str:
        return f"w{self.line + 1}{self.column + 1}"


@dataclass(frozen=True, slots=True)
class FactoryFill:
    """The tiles one factory received in a refill, as counts per colour."""

    counts: tuple[int, ...]
    text: str = field(init=False, repr=False, compare=False)
    size: int = field(init=False, repr=False, compare=False)
    """The number of tiles, or -1 when ``counts`` is not five counts of at least 0 (never a fill)."""
    colours: tuple[int, ...] = field(init=False, repr=False, compare=False)
    """The colours present, in order."""

    def __post_init__(self) -> None:
        tiles = "".join(COLOURS[colour] * count for colour, count in enumerate(self.counts))
        object.__setattr__(self, "text", tiles.ljust(FACTORY_SIZE, "."))
        counts = self.counts
        sound = len(counts) == len(COLOURS) and all(isinstance(count, int) and count >= 0 for count in counts)
        object.__setattr__(self, "size", sum(counts) if sound else -1)
        object.__setattr__(self, "colours", tuple(colour for colour, count in enumerate(counts) if count))

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class CentreTile:
    """The extra tile drawn into the centre under ``centre_seed_tile``."""

    colour: int

    def __str__(self) -> str:
        return f"+{COLOURS[self.colour]}"


Move = Draft | WallPlacement
Chance = FactoryFill | CentreTile

DRAFTS = tuple(
    tuple(tuple(Draft(source, colour, line) for line in range(FLOOR + 1)) for colour in range(5))
    for source in range(CENTRE + 1)
)
"""DRAFTS[source][colour][line]: every whole-take move."""
WALL_PLACEMENTS = tuple(tuple(WallPlacement(line, column) for column in range(5)) for line in range(5))
FILLS = {
    counts: FactoryFill(counts) for counts in product(range(FACTORY_SIZE + 1), repeat=5) if sum(counts) <= FACTORY_SIZE
}
"""Every possible factory content, keyed by its counts."""
CENTRE_TILES = tuple(CentreTile(colour) for colour in range(5))

_DRAFT_TEXT = re.compile(r"^([1-9C])([BYRKW])([1-5F])(?:-([1-9]\d?))?$")
_WALL_TEXT = re.compile(r"^W([1-5])([1-5])$")
_FILL_TEXT = re.compile(r"^B*Y*R*K*W*\.*$")


def parse_move(text: str) -> Move:
    """Read ``3B2``, ``CYF``, ``3B2-1`` or ``w24`` (case-insensitive)."""
    word = text.strip().upper()
    wall = _WALL_TEXT.match(word)
    if wall:
        return WALL_PLACEMENTS[int(wall.group(1)) - 1][int(wall.group(2)) - 1]
    draft = _DRAFT_TEXT.match(word)
    if draft is None:
        raise MoveSyntaxError("azul.syntax_move", text=text)
    source_text, colour_text, line_text, floor_text = draft.groups()
    source = CENTRE if source_text == "C" else int(source_text) - 1
    line = FLOOR if line_text == "F" else int(line_text) - 1
    move = DRAFTS[source][COLOURS.index(colour_text)][line]
    if floor_text:
        return Draft(move.source, move.colour, move.line, int(floor_text))
    return move


def move_parts(move: Move) -> dict[str, int | str]:
    """The parts of a move as a table picks them: see ``AzulState.move_parts``."""
    if isinstance(move, WallPlacement):
        return {"kind": "wall", "line": move.line + 1, "column": move.column + 1}
    return {
        "kind": "draft",
        "source": "C" if move.source == CENTRE else move.source + 1,
        "colour": COLOURS[move.colour],
        "line": "F" if move.line == FLOOR else move.line + 1,
        "to_floor": move.to_floor,
    }


def parse_chance(text: str) -> Chance:
    """Read a factory's ``BBYR`` / ``BY..`` / ``....`` or the centre tile ``+R``."""
    word = text.strip().upper()
    if len(word) == 2 and word[0] == "+" and word[1] in COLOURS:
        return CENTRE_TILES[COLOURS.index(word[1])]
    if len(word) != FACTORY_SIZE or not _FILL_TEXT.match(word):
        raise MoveSyntaxError("azul.syntax_fill", text=text)
    counts = (word.count("B"), word.count("Y"), word.count("R"), word.count("K"), word.count("W"))
    return FILLS[counts]
