"""Azul Duel positions to and from the compiled engine's fields (``native/azul_duel.h`` lists them).

The engine keeps its caches (dome cell types, destination counts, the pool of plates nobody
located) to itself; what crosses is the facts, so a state read back here has every cache worked
out again. A view's hidden plates cross as ``-1``, as the view holds them.
"""

from __future__ import annotations

from kashi.games.azul_duel import dome
from kashi.games.azul_duel.acquisition import count_destinations
from kashi.games.azul_duel.components import (
    CELLS,
    CHIP_TYPES,
    CHIPS_OF,
    DESTINATION_COUNTS_OF,
    DISPLAY_SIZE,
    DOME_BASE,
    LINES,
    PLATE_COUNT,
    ROTATIONS,
    SLOTS,
    WORKSHOPS,
)
from kashi.games.azul_duel.rules import KEEP, PASS_ON, DuelRules
from kashi.games.azul_duel.state import AzulDuelState

HEADER = 25
"""Fields before the tablets: the flow of the round, then the rules."""
MOON_HEIGHT = 3
"""A small moon holds at most a small sun's 3 leftovers."""
SEAT = 3 + CHIP_TYPES + SLOTS + CELLS + 2 * LINES + 5
"""Fields per seat."""


def _padded(values: list[int], size: int, pad: int = -1) -> list[int]:
    return [len(values), *values, *[pad] * (size - len(values))]


def to_fields(state: AzulDuelState) -> list[int]:
    rules = state.rules
    fields = [
        state.current_player, state.round, state.phase, state.after_display, state.to_move, state.starter,
        state.start_holder, state.start_taker, int(state.start_on_moon), int(state.sun_start), state.draw_stage,
        state.fill_workshop, state.fill_need, state.opening_left, state.chip_due, state.tiling_turn,
        state.tile_line, state.tile_stage, state.stand_ins, int(state.last_pass),
        rules.tablets, int(rules.draw_at_zero), rules.unused_chip_points, int(rules.free_pass),
        int(rules.untaken_start_tile == PASS_ON),
    ]  # fmt: skip
    fields += state.tablets + state.bag + state.tower + state.suns
    for moon in state.moons:
        fields += _padded(list(moon), MOON_HEIGHT)
    fields += state.big_moon + state.chip_at + state.chip_pool
    fields += _padded(state.display, DISPLAY_SIZE)
    fields += _padded(state.stack, PLATE_COUNT)
    fields += state.stack_known + [0] * (PLATE_COUNT - len(state.stack_known))
    fields += _padded(state.hand, PLATE_COUNT)
    for seat in range(2):
        base = DOME_BASE[seat]
        fields += [state.score[seat], state.plates_taken[seat], state.chips_taken[seat]]
        fields += state.chips[CHIPS_OF[seat]]
        fields += state.slots[seat * SLOTS : (seat + 1) * SLOTS]
        fields += state.tiles[base : base + CELLS]
        fields += state.line_colour[seat * LINES : (seat + 1) * LINES]
        fields += state.line_count[seat * LINES : (seat + 1) * LINES]
        fields += state.broken[seat * 5 : seat * 5 + 5]
    return fields


def from_fields(fields: list[int] | tuple[int, ...]) -> AzulDuelState:
    """The state of fields the compiled engine wrote (it checked them when it read them)."""
    values = list(fields)
    rules = DuelRules(
        tablets=values[20],
        draw_at_zero=bool(values[21]),
        unused_chip_points=values[22],
        free_pass=bool(values[23]),
        untaken_start_tile=PASS_ON if values[24] else KEEP,
    )
    state = object.__new__(AzulDuelState)
    state.rules = rules
    state.num_players = 2
    state._facts = []
    state._drawn = None
    (
        state.current_player, state.round, state.phase, state.after_display, state.to_move, state.starter,
        state.start_holder, state.start_taker, start_on_moon, sun_start, state.draw_stage, state.fill_workshop,
        state.fill_need, state.opening_left, state.chip_due, state.tiling_turn, state.tile_line,
        state.tile_stage, state.stand_ins, last_pass,
    ) = values[:20]  # fmt: skip
    state.start_on_moon, state.sun_start, state.last_pass = bool(start_on_moon), bool(sun_start), bool(last_pass)
    at = HEADER

    def take(count: int) -> list[int]:
        nonlocal at
        taken = values[at : at + count]
        at += count
        return taken

    def listed(size: int) -> list[int]:
        length, items = take(1)[0], take(size)
        return items[:length]

    state.tablets, state.bag, state.tower, state.suns = take(4), take(5), take(5), take(WORKSHOPS * 5)
    state.moons = [tuple(listed(MOON_HEIGHT)) for _ in range(WORKSHOPS - 1)]
    state.big_moon, state.chip_at, state.chip_pool = take(5), take(WORKSHOPS - 1), take(CHIP_TYPES)
    state.display = listed(DISPLAY_SIZE)
    state.stack = listed(PLATE_COUNT)
    state.stack_known = take(PLATE_COUNT)[: len(state.stack)]
    state.hand = listed(PLATE_COUNT)
    state.score, state.plates_taken, state.chips_taken = [0, 0], [0, 0], [0, 0]
    state.chips, state.slots, state.tiles, state.line_colour, state.line_count, state.broken = [], [], [], [], [], []
    for seat in range(2):
        state.score[seat], state.plates_taken[seat], state.chips_taken[seat] = take(3)
        state.chips += take(CHIP_TYPES)
        state.slots += take(SLOTS)
        state.tiles += take(CELLS)
        state.line_colour += take(LINES)
        state.line_count += take(LINES)
        state.broken += take(5)
    state.cells = [-1] * (2 * CELLS)
    for seat in range(2):
        for slot in range(SLOTS):
            placed = state.slots[seat * SLOTS + slot]
            if placed >= 0:
                dome.lay_plate(state.cells, DOME_BASE[seat], slot, placed // ROTATIONS, placed % ROTATIONS)
    state.destination_counts = [0] * 10
    for seat in range(2):
        state.destination_counts[DESTINATION_COUNTS_OF[seat]] = count_destinations(state, seat)
    located = {placed // ROTATIONS for placed in state.slots if placed >= 0}
    located |= {plate for plate in state.display + state.stack + state.hand if plate >= 0}
    state.pool = [plate for plate in range(PLATE_COUNT) if plate not in located]
    return state
