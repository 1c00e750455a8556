"""Numbers that describe an Azul position for a learned evaluation (plain Python, no NumPy).

Each seat gets the same list (``SEAT_FEATURES``), read after this round's tiling is projected
(``heuristics.project``): points banked and to come, the floor, unfinished lines and whether the
table still holds the tiles they miss, how close rows, columns and colours are to their end
bonuses, how many points the free wall spaces would score, and the first-player marker. The
table gets a few more (``TABLE_FEATURES``): round, tiles left on the table, whether the marker
is still in the centre, whether the game ends this round, the number of players. Everything
is scaled to about -1..1 so that a small model can read it as it is.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from kashi.games.azul.heuristics import COLOUR_CELLS, bonus_potential, line_column, project, wall_end_bonuses
from kashi.games.azul.rules import FLOOR_TOTAL, LINES, board_base, wall_bit
from kashi.games.azul.scoring import FULL, RUN

if TYPE_CHECKING:
    from kashi.games.azul.state import AzulState

SEAT_FEATURES = (
    "score", "projected", "round_gain", "floor", "pending", "missing", "open_lines", "supplied_lines",
    "wall_tiles", "rows_5", "rows_4", "rows_3", "columns_5", "columns_4", "columns_3",
    "colours_5", "colours_4", "colours_3", "bonus_now", "bonus_potential", "free_space_points",
    "took_marker", "to_move",
)  # fmt: skip
TABLE_FEATURES = (
    "round", "table_tiles", "marker_in_centre", "ends_this_round", "players_2", "players_3", "players_4",
    "bag_tiles",
)  # fmt: skip
ROWS_DONE = SEAT_FEATURES.index("rows_5")
TRANSPOSE = tuple(
    tuple(sum(((bits >> column) & 1) << (LINES * column + row) for column in range(LINES)) for bits in range(FULL + 1))
    for row in range(LINES)
)
"""TRANSPOSE[row][row bits]: that row's tiles in a column-major mask, so columns are added up by rows."""


def _column_major(wall: int) -> int:
    """The wall with rows and columns swapped: column ``c`` in bits ``5c .. 5c + 4``."""
    columns = 0
    for row in range(LINES):
        columns |= TRANSPOSE[row][(wall >> wall_bit(row, 0)) & FULL]
    return columns


def _free_space_points(wall: int, columns: int) -> int:
    """What the wall's free spaces would score, each placed alone on this wall (standard adjacency)."""
    total = 0
    for row in range(LINES):
        row_bits = (wall >> wall_bit(row, 0)) & FULL
        if row_bits == FULL:
            continue
        across_runs = RUN[row_bits]
        for column in range(LINES):
            if not (row_bits >> column) & 1:
                across = across_runs[column]
                down = RUN[(columns >> (LINES * column)) & FULL][row]
                total += across + down if across > 1 and down > 1 else max(across, down)
    return total


def _near_complete(counts: list[int]) -> tuple[float, float, float]:
    """How many of the five groups are complete, have four, have three tiles (each / 5)."""
    return counts.count(5) / 5, counts.count(4) / 5, counts.count(3) / 5


def seat_features(state: AzulState, seat: int, table: list[int]) -> list[float]:
    """``SEAT_FEATURES`` of one seat; ``table`` is the tiles of each colour left to draft."""
    wall, projected, pending = project(state, seat)
    base = board_base(seat)
    missing = open_lines = supplied = 0
    for line in range(LINES):
        count = state.line_count[base + line]
        if count and count <= line and line_column(state, seat, line, wall) >= 0:
            need = line + 1 - count
            missing += need
            open_lines += 1
            supplied += table[state.line_colour[base + line]] >= need
    score = state.score[seat]
    return [
        score / 50,
        projected / 50,
        (projected - score) / 10,
        FLOOR_TOTAL[len(state.floor[seat])] / 5,
        pending / 10,
        missing / 10,
        open_lines / 5,
        supplied / 5,
        *wall_features(wall, state.rules.grey),
        float(state.marker_floor == seat),
        float(state.current_player == seat),
    ]


@lru_cache(maxsize=1 << 16)
def wall_features(wall: int, grey: bool) -> tuple[float, ...]:
    """The features a projected wall alone decides, ``wall_tiles`` to ``free_space_points``:
    the leaves of a search share few walls, so they are worked out once each."""
    rows = [(wall >> wall_bit(row, 0) & FULL).bit_count() for row in range(LINES)]
    column_major = _column_major(wall)
    columns = [(column_major >> (LINES * column) & FULL).bit_count() for column in range(LINES)]
    colours = [(wall & cells).bit_count() for cells in COLOUR_CELLS]
    return (
        wall.bit_count() / 25,
        *_near_complete(rows),
        *_near_complete(columns),
        *_near_complete(colours),
        wall_end_bonuses(wall, grey) / 20,
        bonus_potential(wall) / 20,
        _free_space_points(wall, column_major) / 50,
    )


def table_features(state: AzulState, walls_end_game: bool) -> list[float]:
    players = state.num_players
    return [
        state.round / 5,
        state.table_tiles / (4 * len(state.factories)),
        float(state.marker_in_centre),
        float(walls_end_game),
        float(players == 2),
        float(players == 3),
        float(players == 4),
        sum(state.bag) / 100,
    ]


def features(state: AzulState) -> tuple[list[list[float]], list[float]]:
    """Every seat's ``SEAT_FEATURES`` and the ``TABLE_FEATURES`` of a position."""
    table = state.centre[:]
    for tiles in state.factories:
        for colour in range(LINES):
            table[colour] += tiles[colour]
    seats = [seat_features(state, seat, table) for seat in range(state.num_players)]
    rounds = state.rules.rounds
    ends = state.round >= rounds if rounds else any(row[ROWS_DONE] > 0 for row in seats)
    return seats, table_features(state, ends)
