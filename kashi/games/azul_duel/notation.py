"""Azul Duel moves and chance outcomes, and their notation (docs/notation.md).

Moves are small frozen dataclasses, one per kind of decision; the common ones are interned in
tables so move generation builds no new objects.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import product
from typing import Any

from kashi.core.errors import MoveSyntaxError
from kashi.games.azul_duel.components import (
    CELLS,
    CHIP_NAMES,
    COLOURS,
    DOME_SIZE,
    LINES,
    PLATE_COUNT,
    ROTATIONS,
    SLOTS,
    TABLETS,
    WORKSHOPS,
)

BROKEN = LINES
"""Destination index of the broken-tile area (pattern lines are 0..5)."""


def workshop_name(workshop: int) -> str:
    return "L" if workshop == 0 else str(workshop)


def line_name(line: int) -> str:
    return "x" if line == BROKEN else str(line + 1)


def cell_name(cell: int) -> str:
    """``c3``: column letter a..f, row number 1..6 from the top."""
    return f"{'abcdef'[cell % DOME_SIZE]}{cell // DOME_SIZE + 1}"


def colours_text(colours: tuple[int, ...]) -> str:
    return "".join(COLOURS[colour] for colour in colours)


@dataclass(frozen=True, slots=True)
class TakePlate:
    """Take face-up ``plate`` from the display (or the opening) and place it on ``slot``."""

    plate: int
    slot: int
    rotation: int

    def __str__(self) -> str:
        return f"plate {self.plate} s{self.slot + 1} r{self.rotation}"


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw the top plate of the face-down stack, paying 1 point."""

    def __str__(self) -> str:
        return "draw"


@dataclass(frozen=True, slots=True)
class KeepPlate:
    """Keep drawn ``plate`` and place it on ``slot``; the other drawn plates go to the bottom."""

    plate: int
    slot: int
    rotation: int

    def __str__(self) -> str:
        return f"keep {self.plate} s{self.slot + 1} r{self.rotation}"


@dataclass(frozen=True, slots=True)
class ReturnPlate:
    """Put drawn ``plate`` on the bottom of the stack, next in the chosen order."""

    plate: int

    def __str__(self) -> str:
        return f"bottom {self.plate}"


@dataclass(frozen=True, slots=True)
class SunTake:
    """Take all ``colour`` tiles of a sun into ``line``; a small sun's leftovers go onto its
    moon stacked in ``order`` (bottom to top)."""

    workshop: int
    colour: int
    line: int
    order: tuple[int, ...] = ()

    def __str__(self) -> str:
        order = f" {colours_text(self.order)}" if self.order else ""
        return f"sun {workshop_name(self.workshop)} {COLOURS[self.colour]}>{line_name(self.line)}{order}"


@dataclass(frozen=True, slots=True)
class MoonTake:
    """Take every small-moon top tile of ``colour`` plus that colour from the large moon."""

    colour: int
    line: int

    def __str__(self) -> str:
        return f"moon {COLOURS[self.colour]}>{line_name(self.line)}"


@dataclass(frozen=True, slots=True)
class ChipTake:
    """Take the revealed bonus chip of a small workshop."""

    workshop: int

    def __str__(self) -> str:
        return f"chip {self.workshop}"


@dataclass(frozen=True, slots=True)
class Pass:
    """Pass the turn: only when no action is legal (unless the ``free_pass`` option)."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class SpendChips:
    """Complete the pattern line being tiled with these chips (chip types, ascending)."""

    chips: tuple[int, ...]

    def __str__(self) -> str:
        return "chips " + ",".join(CHIP_NAMES[chip] for chip in self.chips)


@dataclass(frozen=True, slots=True)
class SkipChips:
    """Leave the pattern line being tiled incomplete instead of spending chips."""

    def __str__(self) -> str:
        return "skip"


@dataclass(frozen=True, slots=True)
class PlaceTile:
    """Put the tile of the line being tiled on ``cell`` of its dome row."""

    cell: int

    def __str__(self) -> str:
        return f"tile {cell_name(self.cell)}"


Move = (
    TakePlate
    | Draw
    | KeepPlate
    | ReturnPlate
    | SunTake
    | MoonTake
    | ChipTake
    | Pass
    | SpendChips
    | SkipChips
    | PlaceTile
)


def move_parts(move: Move) -> dict[str, Any]:
    """The parts of a move as a table picks them, in the notation's own names: plates by number,
    slots from 1, workshops ``L`` or 1..4, colour letters, lines 1..6 or ``x``, dome cells ``c3``."""
    kind = {
        TakePlate: "plate", Draw: "draw", KeepPlate: "keep", ReturnPlate: "bottom", SunTake: "sun",
        MoonTake: "moon", ChipTake: "chip", Pass: "pass", SpendChips: "chips", SkipChips: "skip",
        PlaceTile: "tile",
    }[type(move)]  # fmt: skip
    parts: dict[str, Any] = {"kind": kind}
    if isinstance(move, TakePlate | KeepPlate):
        parts.update(plate=move.plate, slot=move.slot + 1, rotation=move.rotation)
    elif isinstance(move, ReturnPlate):
        parts["plate"] = move.plate
    elif isinstance(move, SunTake):
        parts.update(workshop=workshop_name(move.workshop), colour=COLOURS[move.colour], line=line_name(move.line))
        parts["order"] = colours_text(move.order)
    elif isinstance(move, MoonTake):
        parts.update(colour=COLOURS[move.colour], line=line_name(move.line))
    elif isinstance(move, ChipTake):
        parts["workshop"] = workshop_name(move.workshop)
    elif isinstance(move, SpendChips):
        parts["chips"] = [CHIP_NAMES[chip] for chip in move.chips]
    elif isinstance(move, PlaceTile):
        parts["cell"] = cell_name(move.cell)
    return parts


ACQUISITION_MOVES = (TakePlate, Draw, KeepPlate, ReturnPlate, SunTake, MoonTake, ChipTake, Pass)
TILING_MOVES = (SpendChips, SkipChips, PlaceTile)


@dataclass(frozen=True, slots=True)
class WorkshopFill:
    """Tiles drawn from the bag onto one workshop's sun, as counts per colour."""

    workshop: int
    counts: tuple[int, int, int, int, int]

    def __str__(self) -> str:
        tiles = "".join(COLOURS[colour] * count for colour, count in enumerate(self.counts))
        return f"{workshop_name(self.workshop)}:{tiles}"


@dataclass(frozen=True, slots=True)
class TabletDraw:
    """One tablet's fate at setup: side 1 or 2 up, or 0 (left out of the game)."""

    tablet: int
    side: int

    def __str__(self) -> str:
        return f"{TABLETS[self.tablet]}{self.side or '-'}"


@dataclass(frozen=True, slots=True)
class PlateReveal:
    """The plate turned up from the top of the stack (into the display or a drawing hand)."""

    plate: int

    def __str__(self) -> str:
        return str(self.plate)


@dataclass(frozen=True, slots=True)
class ChipReveal:
    """The chip found under a small workshop's moon once that workshop is empty."""

    workshop: int
    chip: int

    def __str__(self) -> str:
        return f"{self.workshop}={CHIP_NAMES[self.chip]}"


Chance = WorkshopFill | TabletDraw | PlateReveal | ChipReveal
workshop_fill = cache(WorkshopFill)
"""The one ``WorkshopFill`` of each workshop and mix of tiles (a few hundred), built when first drawn."""

# -- interned tables ----------------------------------------------------------------------
TAKE_PLATES = tuple(
    tuple(tuple(TakePlate(p, s, r) for r in range(ROTATIONS)) for s in range(SLOTS)) for p in range(PLATE_COUNT)
)
KEEP_PLATES = tuple(
    tuple(tuple(KeepPlate(p, s, r) for r in range(ROTATIONS)) for s in range(SLOTS)) for p in range(PLATE_COUNT)
)
RETURN_PLATES = tuple(ReturnPlate(p) for p in range(PLATE_COUNT))
MOON_TAKES = tuple(tuple(MoonTake(c, line) for line in range(LINES + 1)) for c in range(5))
CHIP_TAKES = tuple(ChipTake(w) for w in range(WORKSHOPS))
PLACE_TILES = tuple(PlaceTile(cell) for cell in range(CELLS))
DRAW = Draw()
PASS = Pass()
SKIP = SkipChips()
sun_take = cache(SunTake)
"""The one ``SunTake`` of each (workshop, colour, line, order), built when first asked for: there
are too many stacking orders to build them all up front, and building one costs more than a look-up."""
spend_chips = lru_cache(maxsize=4096)(SpendChips)
"""The ``SpendChips`` of a set of chips, remembered for the sets that come up again and again."""

ORDERS: tuple[tuple[int, ...], ...] = tuple(order for length in range(4) for order in product(range(5), repeat=length))
"""Every stacking order of up to 3 leftover tiles (a small sun holds 4, at least 1 is taken)."""
ORDER_INDEX = {order: index for index, order in enumerate(ORDERS)}

# -- parsing --------------------------------------------------------------------------------
_LINE = r"([1-6x])"
_PATTERNS = {
    "plate": re.compile(r"^(plate|keep) (\d{1,2}) s([1-9]) r([0-3])$"),
    "bottom": re.compile(r"^bottom (\d{1,2})$"),
    "sun": re.compile(rf"^sun ([l1-4]) ([rykbt])>{_LINE}(?: ([rykbt]{{1,3}}))?$"),
    "moon": re.compile(rf"^moon ([rykbt])>{_LINE}$"),
    "chip": re.compile(r"^chip ([1-4])$"),
    "chips": re.compile(r"^chips ([a-z, ]+)$"),
    "tile": re.compile(r"^tile ([a-f])([1-6])$"),
}
_SIMPLE: dict[str, Move] = {"draw": DRAW, "pass": PASS, "skip": SKIP}
_SYNTAX_HELP = (
    "plate 4 s5 r1, draw, keep 4 s5 r1, bottom 9, sun 2 R>3 KB, moon Y>x, chip 2, pass, chips R,TY, skip, tile c3"
)


def _line(text: str) -> int:
    return BROKEN if text == "x" else int(text) - 1


def parse_move(text: str) -> Move:
    """Read a move in notation (case and extra spaces are ignored)."""
    if not isinstance(text, str):
        raise MoveSyntaxError("azul_duel.syntax_move", text=text, examples=_SYNTAX_HELP)
    word = " ".join(text.lower().split())
    simple = _SIMPLE.get(word)
    if simple is not None:
        return simple
    head = word.split(" ", 1)[0]
    pattern = _PATTERNS.get("plate" if head == "keep" else head)
    match = pattern.match(word) if pattern is not None else None
    if match is None:
        raise MoveSyntaxError("azul_duel.syntax_move", text=text, examples=_SYNTAX_HELP)
    groups = match.groups()
    if head in ("plate", "keep"):
        plate = int(groups[1])
        if plate >= PLATE_COUNT:
            raise MoveSyntaxError("azul_duel.syntax_plate", text=text, plate=plate, last=PLATE_COUNT - 1)
        table = TAKE_PLATES if head == "plate" else KEEP_PLATES
        return table[plate][int(groups[2]) - 1][int(groups[3])]
    if head == "bottom":
        plate = int(groups[0])
        if plate >= PLATE_COUNT:
            raise MoveSyntaxError("azul_duel.syntax_plate", text=text, plate=plate, last=PLATE_COUNT - 1)
        return RETURN_PLATES[plate]
    if head == "sun":
        workshop = 0 if groups[0] == "l" else int(groups[0])
        order = tuple(COLOURS.index(letter) for letter in (groups[3] or "").upper())
        return SunTake(workshop, COLOURS.index(groups[1].upper()), _line(groups[2]), order)
    if head == "moon":
        return MOON_TAKES[COLOURS.index(groups[0].upper())][_line(groups[1])]
    if head == "chip":
        return CHIP_TAKES[int(groups[0])]
    if head == "chips":
        return SpendChips(parse_chips(groups[0], text))
    column, row = groups
    return PLACE_TILES[(int(row) - 1) * DOME_SIZE + "abcdef".index(column)]


def parse_chips(words: str, text: str) -> tuple[int, ...]:
    """Chip names separated by commas or spaces, e.g. ``R,R,TY``, as ascending chip types."""
    chips = []
    for name in words.replace(",", " ").upper().split():
        if name not in CHIP_NAMES:
            swapped = name[::-1]
            if swapped not in CHIP_NAMES:
                raise MoveSyntaxError("azul_duel.syntax_chip", text=text, chip=name, known=" ".join(CHIP_NAMES))
            name = swapped
        chips.append(CHIP_NAMES.index(name))
    if not chips:
        raise MoveSyntaxError("azul_duel.syntax_move", text=text, examples=_SYNTAX_HELP)
    return tuple(sorted(chips))


_FILL = re.compile(r"^([L1-4]):(R*Y*K*B*T*)$")
_TABLET = re.compile(r"^([ABCD])([12-])$")
_CHIP = re.compile(r"^([1-4])=([A-Z]{1,2})$")


def parse_chance(text: str) -> Chance:
    """Read ``L:RRYKB``, ``2:RYKT``, ``A1``, ``B-``, ``12`` or ``3=TY``."""
    word = text.strip().upper() if isinstance(text, str) else ""
    if word.isdigit() and len(word) <= 2 and int(word) < PLATE_COUNT:
        return PlateReveal(int(word))
    fill = _FILL.match(word)
    if fill:
        tiles = fill.group(2)
        counts = (tiles.count("R"), tiles.count("Y"), tiles.count("K"), tiles.count("B"), tiles.count("T"))
        return WorkshopFill(0 if fill.group(1) == "L" else int(fill.group(1)), counts)
    tablet = _TABLET.match(word)
    if tablet:
        side = 0 if tablet.group(2) == "-" else int(tablet.group(2))
        return TabletDraw(TABLETS.index(tablet.group(1)), side)
    chip = _CHIP.match(word)
    if chip and chip.group(2) in CHIP_NAMES:
        return ChipReveal(int(chip.group(1)), CHIP_NAMES.index(chip.group(2)))
    raise MoveSyntaxError("azul_duel.syntax_chance", text=text)
