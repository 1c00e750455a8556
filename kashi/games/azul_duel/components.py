"""The components of Azul Duel as data, mirroring the tables of the rules spec (section 1).

Colours, cells and chips are small ints so a position is a handful of flat lists.
"""

from __future__ import annotations

COLOURS = "RYKBT"
"""Red, Yellow, Black, Blue, Turquoise: colour ``c`` is ``COLOURS[c]``."""
COLOUR_NAMES = ("red", "yellow", "black", "blue", "turquoise")
TILES_PER_COLOUR = 13
TILES = 5 * TILES_PER_COLOUR
SPECIAL_TILES = 9

SPECIAL = 5
"""A cell type (the special cell of a plate) and a cell content (a special tile on it)."""
WILD = 6
"""A cell type: accepts a tile of any colour."""
NO_PLATE = -1
"""Cell type of a cell whose dome slot has no plate yet."""
EMPTY = -1
"""Cell content: no tile."""
CELL_LETTERS = COLOURS + "SW"

PLATES: tuple[tuple[int, int, int, int], ...] = tuple(
    tuple(CELL_LETTERS.index(letter) for letter in cells.split())  # type: ignore[misc]
    for cells in (
        "Y K T S", "W B T K", "T R B W", "K Y R W", "K S T R", "T Y W K",
        "S K R B", "Y B K S", "T R B S", "Y R W B", "Y S K R", "T K R W",
        "B K S T", "R T Y W", "T B W Y", "S T Y B", "R W B K", "S Y B R",
    )
)  # fmt: skip
"""The 18 dome plates: cell types top-left, top-right, bottom-left, bottom-right (spec table)."""
PLATE_COUNT = len(PLATES)
ROTATIONS = 4


def rotated(cells: tuple[int, int, int, int], quarter_turns: int) -> tuple[int, int, int, int]:
    """A plate's cells after ``quarter_turns`` clockwise quarter turns (plates are never flipped)."""
    top_left, top_right, bottom_left, bottom_right = cells
    for _ in range(quarter_turns % ROTATIONS):
        top_left, top_right, bottom_left, bottom_right = bottom_left, top_left, bottom_right, top_right
    return top_left, top_right, bottom_left, bottom_right


CHIP_NAMES = ("R", "Y", "K", "B", "T", "TY", "YK", "KB", "BR", "RT")
"""Chip types 0..9: five single-colour chips, then the five two-colour chips."""
CHIPS_PER_TYPE = 2
CHIP_COLOURS: tuple[frozenset[int], ...] = tuple(
    frozenset(COLOURS.index(letter) for letter in name) for name in CHIP_NAMES
)
"""The colours each chip type shows: a two-colour chip matches either colour."""
CHIPS_PER_ROUND = 4
CHIPS_PER_PLAYER = 2
CHIPS_PER_TILE_MATCHING = 2
CHIPS_PER_TILE_ANY = 3

BROKEN_SPACES = 4
BROKEN_TOTAL = (0, 1, 3, 6, 10)
"""Penalty for 0..4 broken tiles: spaces -1, -2, -3, -4 added up."""
START_TILE_PENALTY = 2
DRAW_COST = 1
START_SCORE = 5

LINES = 6
"""Pattern lines 1..6; line ``r`` holds ``r`` tiles and feeds cell row ``r``."""
DOME_SIZE = 6
SLOTS = 9
CELLS = DOME_SIZE * DOME_SIZE
DISPLAY_SIZE = 3
PLATES_PER_ROUND = 2
PLATE_ROUNDS = 4
ROUNDS = 5

WORKSHOPS = 5
"""Workshop 0 is the large one (``L``); 1..4 are the small ones."""
LARGE = 0
LARGE_SUN = 5
SMALL_SUN = 4

TABLETS = "ABCD"
TABLET_SIDES = 2


def slot_cells(slot: int) -> tuple[int, int, int, int]:
    """The dome cells (row * 6 + column) of a plate slot, in the plate's cell order."""
    top = 2 * (slot // 3) * DOME_SIZE + 2 * (slot % 3)
    return top, top + 1, top + DOME_SIZE, top + DOME_SIZE + 1


SLOT_CELLS = tuple(slot_cells(slot) for slot in range(SLOTS))
CELL_SLOT = tuple((cell // DOME_SIZE // 2) * 3 + (cell % DOME_SIZE) // 2 for cell in range(CELLS))

# -- where things are in the state's flat lists ------------------------------------------
# Tables rather than functions: the engine reads them on every move, and a look-up costs far
# less than a call.
COLOUR_COUNT = len(COLOURS)
CHIP_TYPES = len(CHIP_NAMES)
SEATS = 2

SUN_INDEX = tuple(
    tuple(workshop * COLOUR_COUNT + colour for colour in range(COLOUR_COUNT)) for workshop in range(WORKSHOPS)
)
"""``SUN_INDEX[workshop][colour]``: the count of a colour in a workshop's sun, in ``suns``."""
SUN_OF = tuple(slice(workshop * COLOUR_COUNT, (workshop + 1) * COLOUR_COUNT) for workshop in range(WORKSHOPS))
"""``SUN_OF[workshop]``: a workshop's sun in ``suns``, its tiles as counts per colour."""
BROKEN_OF = tuple(slice(seat * COLOUR_COUNT, (seat + 1) * COLOUR_COUNT) for seat in range(SEATS))
"""``BROKEN_OF[seat]``: a seat's broken tiles in ``broken``, as counts per colour."""
LINE_INDEX = tuple(tuple(seat * LINES + line for line in range(LINES)) for seat in range(SEATS))
"""``LINE_INDEX[seat][line]``: a seat's pattern line (0-based) in ``line_colour`` and ``line_count``."""
LINES_OF = tuple(slice(seat * LINES, (seat + 1) * LINES) for seat in range(SEATS))
"""``LINES_OF[seat]``: a seat's pattern lines in ``line_colour`` and ``line_count``."""
DESTINATION_COUNTS_OF = BROKEN_OF
"""``DESTINATION_COUNTS_OF[seat]``: a seat's destination counts per colour in
``destination_counts`` (five per seat, laid out as the broken tiles are)."""
CHIP_INDEX = tuple(tuple(seat * CHIP_TYPES + chip for chip in range(CHIP_TYPES)) for seat in range(SEATS))
"""``CHIP_INDEX[seat][chip]``: the count of a chip type a seat holds, in ``chips``."""
CHIPS_OF = tuple(slice(seat * CHIP_TYPES, (seat + 1) * CHIP_TYPES) for seat in range(SEATS))
"""``CHIPS_OF[seat]``: a seat's chips in ``chips``, as counts per chip type."""
SLOT_INDEX = tuple(tuple(seat * SLOTS + slot for slot in range(SLOTS)) for seat in range(SEATS))
"""``SLOT_INDEX[seat][slot]``: a seat's dome slot (0-based) in ``slots``: ``plate * ROTATIONS +
rotation`` or -1."""
SLOTS_OF = tuple(slice(seat * SLOTS, (seat + 1) * SLOTS) for seat in range(SEATS))
"""``SLOTS_OF[seat]``: a seat's dome slots in ``slots``."""
DOME_BASE = tuple(seat * CELLS for seat in range(SEATS))
"""``DOME_BASE[seat]``: where a seat's 36 dome cells start in ``cells`` and ``tiles`` (cell
``row * 6 + column``)."""
DOME_OF = tuple(slice(base, base + CELLS) for base in DOME_BASE)
"""``DOME_OF[seat]``: a seat's dome cells in ``cells`` and ``tiles``."""
