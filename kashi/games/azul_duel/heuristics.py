"""Azul Duel knowledge for bots: a position evaluation, move ordering and a rollout policy.

The evaluation plays this round's dome tiling forward on a scratch copy of each dome: complete
lines go to their best cell and score, partial lines are credited by how full they are, lines
that can never place count as broken tiles; then the penalties. The objectives of the tablets in
play are added exactly when this is the last round, as a potential (how complete each scoring
group is, squared) before. Moves are ordered by a cheap static value of what they take or lay.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from random import Random
from typing import TYPE_CHECKING

from kashi.games.azul_duel import acquisition, dome
from kashi.games.azul_duel.components import (
    BROKEN_OF,
    BROKEN_SPACES,
    BROKEN_TOTAL,
    CHIPS_OF,
    DOME_BASE,
    DOME_SIZE,
    EMPTY,
    LINE_INDEX,
    LINES,
    PLATES,
    ROUNDS,
    SLOT_CELLS,
    SLOT_INDEX,
    SLOTS,
    SPECIAL,
    START_TILE_PENALTY,
    SUN_INDEX,
    WILD,
    rotated,
)
from kashi.games.azul_duel.notation import (
    BROKEN,
    ChipTake,
    Draw,
    KeepPlate,
    MoonTake,
    Move,
    Pass,
    PlaceTile,
    SpendChips,
    SunTake,
    TakePlate,
)
from kashi.games.azul_duel.objectives import (
    BOTTOM_CORNERS,
    COLUMNS,
    DIAGONALS,
    OBJECTIVES,
    RING,
    ROWS,
    TOP_CORNERS,
)
from kashi.games.azul_duel.phases import OVER, TILING

if TYPE_CHECKING:
    from kashi.games.azul_duel.state import AzulDuelState

PARTIAL_LINE = 0.5
"""Share of its best placement credited to an unfinished line, per filled place."""
WAITING_LINE = 0.25
"""The same for a line whose dome row has no cell for it yet but still an empty plate slot."""
POTENTIAL = 0.6
"""Share of the objectives credited for partly built scoring groups."""
CHIP_VALUE = 0.75
"""A held chip: a third to a half of a tile that completes a line."""
START_TIE = 0.5
"""At the end the start-tile holder wins a tie."""
SAMPLES = 4
"""Uniform moves drawn per rollout step; the best by ``quick_value`` is played."""
FITS, COMPLETES, CONNECTS, MATCHES, KEEP_WILD = 2.0, 4.0, 2.0, 3.0, 0.5
"""Weights of ``quick_value``: per tile fitting a line, a completed line, a plate next to a
plate, a plate cell taking a waiting line's colour, a wild cell left free for later."""
STATIC = {ChipTake: 1.0, Draw: -1.0, Pass: -5.0}
"""``quick_value`` of moves that neither take tiles nor lay anything (others: 0)."""

SLOT_NEIGHBOURS = tuple(
    tuple(other for other in range(SLOTS) if abs(other // 3 - slot // 3) + abs(other % 3 - slot % 3) == 1)
    for slot in range(SLOTS)
)
"""The plate slots sharing a side with each slot of the 3x3 dome."""
Dome = tuple[list[int], list[int]]
"""One seat's cell types and tile contents, 36 each, as scratch copies (base 0)."""
DomeView = tuple[Sequence[int], Sequence[int]]
"""The same, only read (the objective potentials take it as tuples, to remember their values)."""


def evaluate(state: AzulDuelState) -> tuple[float, ...]:
    return evaluate_seat(state, 0), evaluate_seat(state, 1)


def evaluate_seat(state: AzulDuelState, seat: int) -> float:
    """One seat's value, computed apart from the other's (greedy reads only the mover's)."""
    if state.phase == OVER:
        return state.score[seat] + START_TIE * (seat == state.start_holder)
    return _value(state, seat)


def _value(state: AzulDuelState, seat: int) -> float:
    scratch = _scratch(state, seat)
    gained, pending, breaking = _project(state, seat, scratch)
    broken = sum(state.broken[BROKEN_OF[seat]])
    penalty = BROKEN_TOTAL[min(BROKEN_SPACES, broken + breaking)]
    tiled = state.phase == TILING and (seat - state.starter) % 2 < state.tiling_turn
    if state.start_taker == seat and not tiled:
        penalty += START_TILE_PENALTY
    score = max(0, state.score[seat] + gained - penalty)
    chips = sum(state.chips[CHIPS_OF[seat]]) * max(CHIP_VALUE, state.rules.unused_chip_points)
    if state.round == ROUNDS:
        if state.phase == TILING or acquisition.over(state):
            pending = 0.0  # nothing more can be drafted: unfinished lines are lost at the end
        return max(0, score + _objectives(state, scratch)) + pending + chips
    return score + POTENTIAL * _potential(state, scratch) + pending + chips


def _scratch(state: AzulDuelState, seat: int) -> Dome:
    base = DOME_BASE[seat]
    return state.cells[base : base + 36], state.tiles[base : base + 36]


def _project(state: AzulDuelState, seat: int, scratch: Dome) -> tuple[int, float, int]:
    """Points of this round's placements (laid on ``scratch``), credit for unfinished lines, and
    the tiles of lines that will be emptied into the broken area."""
    cells, tiles = scratch
    gained = 0
    pending = 0.0
    breaking = 0
    for line in range(LINES):
        index = LINE_INDEX[seat][line]
        count = state.line_count[index]
        if not count:
            continue
        colour = state.line_colour[index]
        targets = dome.legal_cells(cells, tiles, 0, line, colour)
        if not targets:
            if dome.plate_row_full(state.slots, seat, line):
                breaking += count
            else:
                pending += WAITING_LINE * count / (line + 1)
            continue
        points, best = max((tile_points(scratch, cell, colour), cell) for cell in targets)
        if count == line + 1:
            gained += points
            tiles[best] = colour
            special = dome.completed_special(cells, tiles, 0, best)
            if special >= 0:
                tiles[special] = SPECIAL
        else:
            pending += PARTIAL_LINE * points * count / (line + 1)
    return gained, pending, breaking


def tile_points(scratch: Dome, cell: int, colour: int) -> int:
    """What a tile of ``colour`` on the empty ``cell`` would score, the special tile it triggers
    included; ``scratch`` is left as it was."""
    cells, tiles = scratch
    points = dome.placement_points(*dome.runs(tiles, 0, cell))
    tiles[cell] = colour
    special = dome.completed_special(cells, tiles, 0, cell)
    tiles[cell] = EMPTY
    return points + (special // DOME_SIZE + 1 if special >= 0 else 0)


def _objectives(state: AzulDuelState, scratch: Dome) -> int:
    cells, tiles = scratch
    return sum(OBJECTIVES[tablet][side - 1].score((cells, tiles, 0))[0] for tablet, side in _in_play(state.tablets))


def _potential(state: AzulDuelState, scratch: Dome) -> float:
    return _dome_potential(tuple(state.tablets), tuple(scratch[0]), tuple(scratch[1]))


@lru_cache(maxsize=4096)
def _dome_potential(tablets: tuple[int, ...], cells: tuple[int, ...], tiles: tuple[int, ...]) -> float:
    """The objectives' potential of a projected dome: remembered, since the moves a greedy
    player weighs from one position mostly leave the same projected dome."""
    filled = 0
    for cell, tile in enumerate(tiles):
        if tile != EMPTY:
            filled |= 1 << cell
    scratch = (cells, tiles)
    return sum(POTENTIALS[tablet][side - 1](scratch, filled) for tablet, side in _in_play(tablets))


def _in_play(tablets: Sequence[int]) -> list[tuple[int, int]]:
    """Each tablet in play with its side up (1 or 2)."""
    return [(tablet, side) for tablet, side in enumerate(tablets) if side > 0]


# -- objective potentials: what an objective would pay, scaled by how far along it is ---------
# Each takes the scratch dome and the bit mask of its filled cells.
Potential = Callable[[DomeView, int], float]


def _mask(cells: Iterable[int]) -> int:
    return sum(1 << cell for cell in cells)


RING_MASK = _mask(RING)
SLOT_MASKS = tuple(_mask(cells) for cells in SLOT_CELLS)


def _groups(points: int, groups: Sequence[Sequence[int]]) -> Potential:
    """An objective paying ``points`` per complete group: each group by its filled share squared."""
    masks = tuple(_mask(group) for group in groups)
    size = len(groups[0])

    def potential(scratch: DomeView, filled: int) -> float:
        return points * sum(((filled & mask).bit_count() / size) ** 2 for mask in masks)

    return potential


def _colourful_rows(scratch: DomeView, filled: int) -> float:
    tiles = scratch[1]
    return 4 * sum((min(5, len({tiles[cell] for cell in row} - {EMPTY, SPECIAL})) / 5) ** 2 for row in ROWS)


def _ring(scratch: DomeView, filled: int) -> float:
    return (filled & RING_MASK).bit_count()


def _wilds(scratch: DomeView, filled: int) -> float:
    wilds = _mask(cell for cell, kind in enumerate(scratch[0]) if kind == WILD)
    return 2 * (filled & wilds).bit_count() ** 2 / wilds.bit_count() if wilds else 0.0


def _specials(scratch: DomeView, filled: int) -> float:
    """-3 per special cell left empty, less as the rest of its plate (which brings the tile) fills."""
    cells = scratch[0]
    total = 0.0
    for plate, mask in zip(SLOT_CELLS, SLOT_MASKS, strict=True):
        for cell in plate:
            if cells[cell] == SPECIAL and not filled >> cell & 1:
                total -= 3 * (1 - ((filled & mask).bit_count() / 3) ** 2)
    return total


_top_corners, _bottom_corners = _groups(3, TOP_CORNERS), _groups(8, BOTTOM_CORNERS)


def _corners(scratch: DomeView, filled: int) -> float:
    return _top_corners(scratch, filled) + _bottom_corners(scratch, filled)


POTENTIALS: tuple[tuple[Potential, Potential], ...] = (
    (_groups(3, ROWS), _colourful_rows),
    (_groups(7, COLUMNS), _ring),
    (_groups(10, DIAGONALS), _corners),
    (_wilds, _specials),
)
"""POTENTIALS[tablet][side - 1], mirroring ``objectives.OBJECTIVES``."""


# -- move ordering and rollouts ----------------------------------------------------------
def quick_value(state: AzulDuelState, move: Move) -> float:
    """A cheap static value of a move for the seat to move, on the scale of points."""
    seat = state.to_move
    if isinstance(move, (SunTake, MoonTake)):
        return _take_value(state, seat, move)
    if isinstance(move, (TakePlate, KeepPlate)):
        return _plate_value(state, seat, move)
    if isinstance(move, PlaceTile):
        return _cell_value(state, seat, move.cell)
    if isinstance(move, SpendChips):
        return _best_cell_value(state, seat) - CHIP_VALUE * len(move.chips)
    return STATIC.get(type(move), 0.0)


def _take_value(state: AzulDuelState, seat: int, move: SunTake | MoonTake) -> float:
    """Tiles that fit the line (more when they complete it and its dome row has a cell for them),
    less the broken tiles it adds and the start tile it brings."""
    colour = move.colour
    if isinstance(move, SunTake):
        taken = state.suns[SUN_INDEX[move.workshop][colour]]
        start = move.workshop == 0 and state.sun_start
    else:
        taken = state.big_moon[colour] + sum(1 for stack in state.moons if stack and stack[-1] == colour)
        start = state.big_moon[colour] > 0
    value = -float(START_TILE_PENALTY) if start and state.start_on_moon else 0.0
    overflow = taken
    if move.line != BROKEN:
        line = move.line
        space = line + 1 - state.line_count[LINE_INDEX[seat][line]]
        fits = min(taken, space)
        if dome.has_legal_cell(state.cells, state.tiles, DOME_BASE[seat], line, colour):
            value += FITS * fits + (COMPLETES if fits == space else 0.0)
            overflow -= fits
        elif not dome.plate_row_full(state.slots, seat, line):
            value += FITS * fits * WAITING_LINE
            overflow -= fits
    broken = sum(state.broken[BROKEN_OF[seat]])
    return value - BROKEN_TOTAL[min(BROKEN_SPACES, broken + overflow)] + BROKEN_TOTAL[broken]


def _plate_value(state: AzulDuelState, seat: int, move: TakePlate | KeepPlate) -> float:
    """Plates next to plates (tiles score by runs across them), and cells that give a pattern
    line whose dome row has no cell for it a place to go."""
    slots = state.slots
    value = CONNECTS * sum(slots[SLOT_INDEX[seat][other]] >= 0 for other in SLOT_NEIGHBOURS[move.slot])
    for cell, kind in zip(SLOT_CELLS[move.slot], rotated(PLATES[move.plate], move.rotation), strict=True):
        line = cell // DOME_SIZE
        index = LINE_INDEX[seat][line]
        count, colour = state.line_count[index], state.line_colour[index]
        if (
            count
            and kind in (colour, WILD)
            and not dome.has_legal_cell(state.cells, state.tiles, DOME_BASE[seat], line, colour)
        ):
            value += MATCHES * count / (line + 1)
    return value


def _cell_value(state: AzulDuelState, seat: int, cell: int) -> float:
    scratch = _scratch(state, seat)
    colour = state.line_colour[LINE_INDEX[seat][state.tile_line]]
    return tile_points(scratch, cell, colour) - (KEEP_WILD if scratch[0][cell] == WILD else 0.0)


def _best_cell_value(state: AzulDuelState, seat: int) -> float:
    """The best placement of the line being tiled, were it complete."""
    scratch = _scratch(state, seat)
    line = state.tile_line
    colour = state.line_colour[LINE_INDEX[seat][line]]
    targets = dome.legal_cells(scratch[0], scratch[1], 0, line, colour)
    return max((tile_points(scratch, cell, colour) for cell in targets), default=0.0)


def order_moves(state: AzulDuelState, moves: list[Move]) -> list[Move]:
    return sorted(moves, key=lambda move: -quick_value(state, move))


def rollout_move(state: AzulDuelState, rng: Random) -> Move:
    """The best of a few uniformly drawn moves by ``quick_value``: fast and far from random."""
    return state.best_random_move(rng, SAMPLES, lambda move: quick_value(state, move))
