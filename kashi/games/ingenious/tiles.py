"""Colours and tile types of Ingenious: 21 types, 120 tiles.

A tile type is a number 0..20 in the order RR RG RB .. PP (colour pairs with the lower colour
first). ``Tile`` is that number with the spec's notation as its text, so chance outcomes and
racks are plain small ints that print as ``RB``.
"""

from __future__ import annotations

from kashi.core.errors import MoveSyntaxError

COLOURS = "RGBOYP"
"""Red, Green, Blue, Orange, Yellow, Purple: the spec's order and letters."""
COLOUR_NAMES = ("red", "green", "blue", "orange", "yellow", "purple")
PAIR_COPIES = 6
DOUBLE_COPIES = 5

PAIRS: tuple[tuple[int, int], ...] = tuple((low, high) for low in range(6) for high in range(low, 6))
"""The two colours of each tile type, lower colour first."""
TYPES = len(PAIRS)
TYPE_OF: tuple[tuple[int, ...], ...] = tuple(
    tuple(PAIRS.index((min(a, b), max(a, b))) for b in range(6)) for a in range(6)
)
"""Tile type of two colours, in either order."""
IS_DOUBLE: tuple[bool, ...] = tuple(low == high for low, high in PAIRS)
COPIES: tuple[int, ...] = tuple(DOUBLE_COPIES if double else PAIR_COPIES for double in IS_DOUBLE)
TOTAL_TILES = sum(COPIES)
HIDDEN = TYPES
"""The placeholder of a tile in a rack the viewer may not see."""


class Tile(int):
    """A tile type (or ``HIDDEN``) that prints in notation: ``RB``, ``GG``, ``??``."""

    __slots__ = ()

    def __str__(self) -> str:
        if self == HIDDEN:
            return "??"
        low, high = PAIRS[self]
        return COLOURS[low] + COLOURS[high]

    def __repr__(self) -> str:
        return f"Tile({self})"


TILES: tuple[Tile, ...] = tuple(Tile(kind) for kind in range(TYPES + 1))
"""Every tile type and the hidden placeholder, interned."""


def colour_of(letter: str) -> int:
    """The colour index of a letter of R G B O Y P (either case), or -1."""
    return COLOURS.find(letter.upper()) if len(letter) == 1 else -1


def parse_tile(text: str) -> Tile:
    """A tile written as two colour letters in either order (``RB`` or ``BR``)."""
    if len(text) == 2:
        first, second = colour_of(text[0]), colour_of(text[1])
        if first >= 0 and second >= 0:
            return TILES[TYPE_OF[first][second]]
    raise MoveSyntaxError("ingenious.syntax_tile", text=text)


def tiles_text(tiles: list[int] | tuple[int, ...]) -> str:
    """Tiles in notation, sorted by type, e.g. ``RB GG OY``."""
    return " ".join(str(TILES[kind]) for kind in sorted(tiles))
