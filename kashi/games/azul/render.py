"""Azul as plain text: letters always, ANSI colour only on request."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kashi.core.state import CHANCE, TERMINAL
from kashi.core.text import Palette, pad
from kashi.games.azul.rules import COLOURS, FLOOR_PENALTY, FLOOR_SPACES, board_base, cell_index, wall_bit, wall_colour

if TYPE_CHECKING:
    from kashi.games.azul.state import AzulState

paint = Palette({"B": "34", "Y": "33", "R": "31", "K": "90", "W": "36"}).paint


def tiles_text(counts: tuple[int, ...] | list[int], colour: bool) -> str:
    return "".join(paint(COLOURS[c], colour) * n for c, n in enumerate(counts)) or "-"


def render(state: AzulState, colour: bool = False) -> str:
    lines = [_status(state)]
    factories = "  ".join(f"{i + 1}:{tiles_text(tiles, colour)}" for i, tiles in enumerate(state.factories))
    lines.append(f"Factories  {factories}")
    marker = "1 " if state.marker_in_centre else ""
    lines.append(f"Centre     {marker}{tiles_text(state.centre, colour)}")
    lines.append(f"Bag {sum(state.bag)}  Lid {sum(state.lid)}")
    for seat in range(state.num_players):
        lines.append("")
        lines.extend(_board(state, seat, colour))
    return "\n".join(lines)


def _status(state: AzulState) -> str:
    if state.current_player == TERMINAL:
        return f"Round {state.round}: game over ({state.ended})"
    if state.current_player == CHANCE:
        return f"Round {state.round}: refilling the factories"
    doing = "places a tile on the wall" if state.tiling is not None else "to move"
    return f"Round {state.round}: seat {state.current_player} {doing}"


def _board(state: AzulState, seat: int, colour: bool) -> list[str]:
    """Pattern lines right-aligned against the wall, wall cells lower case while empty."""
    mover = " <" if state.current_player == seat else ""
    rows = [f"Seat {seat}  score {state.score[seat]}{mover}"]
    base = board_base(seat)
    wall = state.wall[seat]
    for line in range(5):
        held, count = state.line_colour[base + line], state.line_count[base + line]
        pattern = "." * (line + 1 - count) + (paint(COLOURS[held], colour) * count if count else "")
        cells = []
        for column in range(5):
            filled = (wall >> wall_bit(line, column)) & 1
            if state.rules.grey:
                letter = COLOURS[state.cells[cell_index(seat, line, column)]] if filled else "."
            else:
                printed = COLOURS[wall_colour(line, column)]
                letter = printed if filled else printed.lower()
            cells.append(paint(letter, colour) if filled else letter)
        rows.append(f"  {line + 1} {pad(pattern, 5, right=True)} | {' '.join(cells)}")
    row = state.floor[seat]
    floor = [letter if letter == "1" else paint(letter, colour) for letter in row]
    floor += ["."] * (FLOOR_SPACES - len(row))
    penalty = sum(FLOOR_PENALTY[: len(row)])
    rows.append(f"  floor {' '.join(floor)}  ({penalty})")
    return rows
