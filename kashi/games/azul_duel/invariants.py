"""Facts that hold in every reachable position; checked by ``from_json`` and the property tests."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kashi.games.azul_duel import dome
from kashi.games.azul_duel.acquisition import count_destinations
from kashi.games.azul_duel.components import (
    BROKEN_OF,
    BROKEN_SPACES,
    CELLS,
    CHIPS_PER_TYPE,
    DESTINATION_COUNTS_OF,
    DOME_BASE,
    DOME_OF,
    LINE_INDEX,
    LINES,
    NO_PLATE,
    PLATE_COUNT,
    ROTATIONS,
    SLOT_INDEX,
    SLOTS,
    SPECIAL,
    TILES,
    WILD,
)

if TYPE_CHECKING:
    from kashi.games.azul_duel.state import AzulDuelState


def tiles_in_play(state: AzulDuelState) -> int:
    """Coloured tiles in bag, tower, workshops, pattern lines, domes and broken areas."""
    on_domes = sum(1 for tile in state.tiles if 0 <= tile < SPECIAL)
    on_moons = sum(len(stack) for stack in state.moons) + sum(state.big_moon)
    return (
        sum(state.bag) + sum(state.tower) + sum(state.suns) + on_moons + on_domes + sum(state.broken)
        + sum(state.line_count) - state.stand_ins
    )  # fmt: skip


def problems(state: AzulDuelState) -> list[str]:
    """Every broken invariant, in words (empty for a sound position)."""
    found = []
    if tiles_in_play(state) != TILES:
        found.append(f"{tiles_in_play(state)} coloured tiles instead of {TILES}")
    placed = [slot // ROTATIONS for slot in state.slots if slot >= 0]
    located = state.display + [p for p in state.stack if p >= 0] + [p for p in state.hand if p >= 0]
    every = sorted(placed + located + state.pool)
    unseen = state.stack.count(-1) + state.hand.count(-1)
    if every != list(range(PLATE_COUNT)) or len(state.pool) != unseen:
        found.append("the 18 plates are not each in exactly one place")
    if len(state.stack_known) != len(state.stack):
        found.append("stack knowledge does not match the stack")
    if any(score < 0 for score in state.score):
        found.append(f"negative score {state.score}")
    if sum(state.chip_pool) + sum(state.chips) > len(state.chip_pool) * CHIPS_PER_TYPE:
        found.append("more chips than exist")
    found.extend(_board_problems(state))
    return found


def _board_problems(state: AzulDuelState) -> list[str]:
    found = []
    for seat in range(2):
        cells = [NO_PLATE] * CELLS
        for slot in range(SLOTS):
            value = state.slots[SLOT_INDEX[seat][slot]]
            if value >= 0:
                dome.lay_plate(cells, 0, slot, value // ROTATIONS, value % ROTATIONS)
        if cells != state.cells[DOME_OF[seat]]:
            found.append(f"seat {seat}: dome cells do not match its plates")
        for cell in range(CELLS):
            tile, kind = state.tiles[DOME_BASE[seat] + cell], cells[cell]
            fits = tile == kind or (kind == WILD and 0 <= tile < SPECIAL)
            if tile >= 0 and not fits:
                found.append(f"seat {seat}: tile {tile} on a cell of type {kind}")
        if sum(state.broken[BROKEN_OF[seat]]) > BROKEN_SPACES:
            found.append(f"seat {seat}: more than {BROKEN_SPACES} broken tiles")
        for line in range(LINES):
            count, colour = state.line_count[LINE_INDEX[seat][line]], state.line_colour[LINE_INDEX[seat][line]]
            if count > line + 1 or (count > 0) != (colour >= 0):
                found.append(f"seat {seat}: pattern line {line + 1} holds {count} of colour {colour}")
        kept = state.destination_counts[DESTINATION_COUNTS_OF[seat]]
        if kept != count_destinations(state, seat):
            found.append(f"seat {seat}: destination counts {kept} are not its lines'")
    return found
