"""Azul Duel as plain text: letters always, ANSI colour only on request.

Dome cells: an upper-case letter is a tile, a lower-case letter an empty cell of that colour,
``*`` an empty wild cell, ``s`` an empty special cell, ``S`` a special tile, ``.`` no plate.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kashi.core.state import CHANCE, TERMINAL
from kashi.core.text import Palette, pad
from kashi.games.azul_duel.components import (
    BROKEN_OF,
    BROKEN_TOTAL,
    CELL_LETTERS,
    CHIP_INDEX,
    CHIP_NAMES,
    CHIP_TYPES,
    COLOURS,
    DOME_BASE,
    DOME_SIZE,
    EMPTY,
    LINE_INDEX,
    LINES,
    NO_PLATE,
    PLATES,
    SPECIAL,
    SUN_OF,
    TABLETS,
    WILD,
    WORKSHOPS,
)
from kashi.games.azul_duel.notation import workshop_name
from kashi.games.azul_duel.phases import CHIP_HIDDEN, CHIP_TAKEN, PHASE_NAMES, TILING

if TYPE_CHECKING:
    from kashi.games.azul_duel.state import AzulDuelState

paint = Palette({"R": "31", "Y": "33", "K": "90", "B": "34", "T": "36"}).paint


def _tiles(counts: list[int], colour: bool) -> str:
    return "".join(paint(COLOURS[c], colour) * n for c, n in enumerate(counts)) or "-"


def render(state: AzulDuelState, seat: int | None = None, colour: bool = False) -> str:
    lines = [_status(state)]
    tablets = " ".join(f"{TABLETS[t]}{side}" for t, side in enumerate(state.tablets) if side > 0) or "-"
    display = " ".join(_plate(plate) for plate in state.display) or "-"
    lines.append(f"Tablets {tablets}   Display {display}   Stack {len(state.stack)} plates")
    lines.append(f"Bag {sum(state.bag)}  Tower {sum(state.tower)}")
    lines.append("Workshop  sun     moon")
    for workshop in range(WORKSHOPS):
        lines.append(_workshop(state, workshop, colour))
    if state.hand:
        lines.append("Drawn plates: " + " ".join(_plate(p) if p >= 0 else "?" for p in state.hand))
    for board_seat in range(2):
        lines.append("")
        lines.extend(_board(state, board_seat, board_seat == seat, colour))
    return "\n".join(lines)


def _plate(plate: int) -> str:
    """A plate and its cells (top-left, top-right, bottom-left, bottom-right), e.g. ``0:YKTS``."""
    return f"{plate}:{''.join(CELL_LETTERS[kind] for kind in PLATES[plate])}"


def _status(state: AzulDuelState) -> str:
    if state.current_player == TERMINAL:
        scores = " - ".join(str(score) for score in state.score)
        return f"Azul Duel, game over: {scores} (start tile: seat {state.start_holder})"
    who = "chance" if state.current_player == CHANCE else f"seat {state.current_player} to move"
    where = PHASE_NAMES[state.phase]
    if state.phase == TILING:
        where += f" line {state.tile_line + 1}"
    return f"Azul Duel, round {state.round}, {where}: {who}"


def _workshop(state: AzulDuelState, workshop: int, colour: bool) -> str:
    sun = _tiles(state.suns[SUN_OF[workshop]], colour)
    if workshop == 0:
        moon = _tiles(state.big_moon, colour)
        extra = " + start tile" if state.start_on_moon else ""
        if state.sun_start and state.start_on_moon:
            extra = " (start tile goes with the sun)"
        return f"  {workshop_name(workshop)}       {pad(sun, 7)} {moon}{extra}"
    stack = state.moons[workshop - 1]
    moon = "".join(paint(COLOURS[c], colour) for c in stack) or "-"
    chip = state.chip_at[workshop - 1]
    chip_text = {CHIP_HIDDEN: "chip ?", CHIP_TAKEN: "no chip"}.get(chip) or f"chip {CHIP_NAMES[chip]}"
    top = f" (top {COLOURS[stack[-1]]})" if stack else ""
    return f"  {workshop}       {pad(sun, 7)} {pad(moon + top, 12)} {chip_text}"


def _board(state: AzulDuelState, seat: int, mine: bool, colour: bool) -> list[str]:
    marks = [f"Seat {seat}{' (you)' if mine else ''}: score {state.score[seat]}"]
    if state.start_taker == seat:
        marks.append("took the start tile")
    elif state.start_holder == seat:
        marks.append("holds the start tile")
    held = [CHIP_NAMES[chip] for chip in range(CHIP_TYPES) for _ in range(state.chips[CHIP_INDEX[seat][chip]])]
    broken = state.broken[BROKEN_OF[seat]]
    out = [
        ", ".join(marks),
        f"  plates {state.plates_taken[seat]}/2, chips taken {state.chips_taken[seat]}/2, "
        f"chips {' '.join(held) or '-'}, broken {_tiles(broken, colour)} (-{BROKEN_TOTAL[sum(broken)]})",
        "  lines          dome a b c d e f",
    ]
    for line in range(LINES):
        count = state.line_count[LINE_INDEX[seat][line]]
        letter = COLOURS[state.line_colour[LINE_INDEX[seat][line]]] if count else ""
        slots = ["."] * (line + 1 - count) + [paint(letter, colour)] * count
        cells = " ".join(_cell(state, seat, line * DOME_SIZE + column, colour) for column in range(DOME_SIZE))
        out.append(f"  {line + 1} {' ' * (2 * (LINES - 1 - line))}{' '.join(slots)}    {line + 1}  {cells}")
    return out


def _cell(state: AzulDuelState, seat: int, cell: int, colour: bool) -> str:
    kind, tile = state.cells[DOME_BASE[seat] + cell], state.tiles[DOME_BASE[seat] + cell]
    if tile == SPECIAL:
        return "S"
    if tile != EMPTY:
        return paint(COLOURS[tile], colour)
    if kind == NO_PLATE:
        return "."
    if kind == WILD:
        return "*"
    if kind == SPECIAL:
        return "s"
    return COLOURS[kind].lower()
