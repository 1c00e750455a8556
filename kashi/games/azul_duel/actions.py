"""The fixed action space: every move kind gets a block of integers, in a stable layout.

Layout: pass, draw, skip; chip takes (4); moon takes (colour x destination); tile cells (36);
plate returns (18); plate takes and keeps (plate x slot x rotation); sun takes (workshop x
colour x destination x stacking order); chip spends (count 0..2 of each of the 10 chip types).
"""

from __future__ import annotations

from kashi.core.errors import KashiError
from kashi.games.azul_duel.components import (
    CELLS,
    CHIP_NAMES,
    CHIPS_PER_TYPE,
    LINES,
    PLATE_COUNT,
    ROTATIONS,
    SLOTS,
    SUN_INDEX,
    WORKSHOPS,
)
from kashi.games.azul_duel.notation import (
    CHIP_TAKES,
    DRAW,
    KEEP_PLATES,
    MOON_TAKES,
    ORDER_INDEX,
    ORDERS,
    PASS,
    PLACE_TILES,
    RETURN_PLATES,
    SKIP,
    TAKE_PLATES,
    ChipTake,
    Draw,
    KeepPlate,
    MoonTake,
    Move,
    Pass,
    PlaceTile,
    ReturnPlate,
    SkipChips,
    SpendChips,
    SunTake,
    TakePlate,
    sun_take,
)

DESTINATIONS = LINES + 1
PLATE_ACTIONS = PLATE_COUNT * SLOTS * ROTATIONS
SPEND_BASE = CHIPS_PER_TYPE + 1

CHIP_AT = 3
MOON_AT = CHIP_AT + WORKSHOPS - 1
TILE_AT = MOON_AT + 5 * DESTINATIONS
RETURN_AT = TILE_AT + CELLS
TAKE_AT = RETURN_AT + PLATE_COUNT
KEEP_AT = TAKE_AT + PLATE_ACTIONS
SUN_AT = KEEP_AT + PLATE_ACTIONS
SPEND_AT = SUN_AT + WORKSHOPS * 5 * DESTINATIONS * len(ORDERS)
NUM_ACTIONS: int = SPEND_AT + SPEND_BASE ** len(CHIP_NAMES)


def action_id(move: Move) -> int:
    if isinstance(move, Pass):
        return 0
    if isinstance(move, Draw):
        return 1
    if isinstance(move, SkipChips):
        return 2
    if isinstance(move, ChipTake):
        return CHIP_AT + move.workshop - 1
    if isinstance(move, MoonTake):
        return MOON_AT + move.colour * DESTINATIONS + move.line
    if isinstance(move, PlaceTile):
        return TILE_AT + move.cell
    if isinstance(move, ReturnPlate):
        return RETURN_AT + move.plate
    if isinstance(move, (TakePlate, KeepPlate)):
        start = TAKE_AT if isinstance(move, TakePlate) else KEEP_AT
        return start + (move.plate * SLOTS + move.slot) * ROTATIONS + move.rotation
    if isinstance(move, SunTake):
        order = ORDER_INDEX.get(move.order)
        if order is None:
            raise KashiError("azul_duel.not_a_move", move=move)
        return SUN_AT + (SUN_INDEX[move.workshop][move.colour] * DESTINATIONS + move.line) * len(ORDERS) + order
    if isinstance(move, SpendChips):
        code = 0
        for chip in set(move.chips):
            if move.chips.count(chip) > CHIPS_PER_TYPE:
                raise KashiError("azul_duel.not_a_move", move=move)
            code += move.chips.count(chip) * SPEND_BASE**chip
        return SPEND_AT + code
    raise KashiError("azul_duel.not_a_move", move=move)


def move_from_action(action: int) -> Move:
    if type(action) is not int or not 0 <= action < NUM_ACTIONS:
        raise KashiError("core.bad_action", action=action, last=NUM_ACTIONS - 1)
    if action < CHIP_AT:
        return (PASS, DRAW, SKIP)[action]
    if action < MOON_AT:
        return CHIP_TAKES[action - CHIP_AT + 1]
    if action < TILE_AT:
        colour, line = divmod(action - MOON_AT, DESTINATIONS)
        return MOON_TAKES[colour][line]
    if action < RETURN_AT:
        return PLACE_TILES[action - TILE_AT]
    if action < TAKE_AT:
        return RETURN_PLATES[action - RETURN_AT]
    if action < SUN_AT:
        table = TAKE_PLATES if action < KEEP_AT else KEEP_PLATES
        rest, rotation = divmod((action - TAKE_AT) % PLATE_ACTIONS, ROTATIONS)
        plate, slot = divmod(rest, SLOTS)
        return table[plate][slot][rotation]
    if action < SPEND_AT:
        rest, order = divmod(action - SUN_AT, len(ORDERS))
        rest, line = divmod(rest, DESTINATIONS)
        workshop, colour = divmod(rest, 5)
        return sun_take(workshop, colour, line, ORDERS[order])
    code = action - SPEND_AT
    chips = []
    for chip in range(len(CHIP_NAMES)):
        code, count = divmod(code, SPEND_BASE)
        chips.extend([chip] * count)
    return SpendChips(tuple(chips))
