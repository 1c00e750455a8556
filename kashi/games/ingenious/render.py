"""Plain-text picture of an Ingenious position for terminal play.

Rows run top to bottom from the lowest row letter; each cell is three characters wide: `` R ``
a tile hex, ``(R)`` a start symbol, `` * `` the star, `` . `` empty, ``[R]`` the hexes of the
last tile placed. Row letters stand at both ends of each row; each column number stands just
past both ends of its diagonal (columns run down to the right).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from kashi.core.state import CHANCE, TERMINAL
from kashi.games.ingenious.hexgrid import BOARD_RADIUS, COORDS, ROW_LETTERS
from kashi.games.ingenious.layout import EMPTY, STAR
from kashi.games.ingenious.tiles import COLOURS, tiles_text

if TYPE_CHECKING:
    from kashi.games.ingenious.state import IngeniousState

CELL_WIDTH = 4
ANSI = ("\x1b[31m", "\x1b[32m", "\x1b[34m", "\x1b[38;5;208m", "\x1b[93m", "\x1b[35m")
"""Terminal colours of R G B O Y P, used only when asked for; the letters stay."""
RESET = "\x1b[0m"


def render(state: IngeniousState, seat: int | None, colour: bool = False) -> str:
    if seat is None and state.current_player >= 0:
        seat = state.current_player
    lines = _board_lines(state, colour)
    lines.append("")
    lines.extend(_status_lines(state, seat))
    return "\n".join(lines)


def _board_lines(state: IngeniousState, colour: bool) -> list[str]:
    radius = state.layout.area.radius
    margin = 4 * radius + 5
    rows = 2 * radius + 3

    def x_of(q: int, r: int) -> int:
        return margin + CELL_WIDTH * q + 2 * r

    canvas = [[" "] * (2 * margin + 6) for _ in range(rows)]
    paint = [[""] * (2 * margin + 6) for _ in range(rows)]

    def put(line: int, x: int, text: str) -> None:
        for offset, char in enumerate(text):
            canvas[line][x + offset] = char

    last = {state.placed[-1].a, state.placed[-1].b} if state.placed else set()
    for cell in state.layout.area.cells:
        q, r = COORDS[cell]
        put(r + radius + 1, x_of(q, r), _cell_text(state, cell, cell in last))
        if colour and state.board[cell] < EMPTY:
            paint[r + radius + 1][x_of(q, r) + 1] = ANSI[state.board[cell]]
    for r in range(-radius, radius + 1):
        letter = ROW_LETTERS[r + BOARD_RADIUS]
        put(r + radius + 1, 0, letter)
        put(r + radius + 1, len(canvas[0]) - 1, letter)
    for q in range(-radius, radius + 1):
        top, bottom = max(-radius, -radius - q), min(radius, radius - q)
        number = f"{q + BOARD_RADIUS + 1:>2}"
        put(top + radius, x_of(q, top - 1), number)
        put(bottom + radius + 2, x_of(q, bottom + 1), number)
    if colour:
        for codes, line in zip(paint, canvas, strict=True):
            for x, code in enumerate(codes):
                if code:
                    line[x] = f"{code}{line[x]}{RESET}"
    return ["".join(line).rstrip() for line in canvas]


def _cell_text(state: IngeniousState, cell: int, last: bool) -> str:
    value = state.board[cell]
    if value == EMPTY:
        return " . "
    if value == STAR:
        return " * "
    letter = COLOURS[value]
    if cell in state.layout.starts:
        return f"({letter})"
    return f"[{letter}]" if last else f" {letter} "


def _status_lines(state: IngeniousState, seat: int | None) -> list[str]:
    lines = []
    if seat is not None:
        lines.append(f"Rack of seat {seat}: {tiles_text(state.racks[seat]) or '(empty)'}")
        if state.layout.reserve:
            lines.append(f"Reserve of seat {seat}: {tiles_text(state.reserves[seat]) or '(empty)'}")
    board_of = state.layout.board_of
    for index, track in enumerate(state.tracks):
        members = [member for member in range(state.num_players) if board_of[member] == index]
        who = "Team " + "+".join(map(str, members)) if len(members) > 1 else f"Seat {members[0]}"
        scores = "  ".join(f"{COLOURS[colour]} {value:>2}" for colour, value in enumerate(track))
        racks = ", ".join(f"{len(state.racks[member])}" for member in members)
        lines.append(f"{who}: {scores}   lowest {min(track)}   tiles in rack {racks}")
    lines.append(f"Bag: {state.bag_size} tiles")
    for shower, tiles in enumerate(state.revealed):
        if tiles:
            lines.append(f"Seat {shower} swapped, showing: {tiles_text(tiles)}")
    lines.append(_whose_turn(state))
    return lines


def _whose_turn(state: IngeniousState) -> str:
    player = state.current_player
    if player == TERMINAL:
        outcome = state.outcome()
        winners = " and ".join(f"seat {seat}" for seat in outcome.winners) if outcome else ""
        return f"Game over ({state.ended}): won by {winners or 'nobody'}"
    if player == CHANCE:
        return f"Drawing tiles for seat {state.draw_seat}"
    if state.deciding:
        return f"Seat {player}: your rack shows none of your lowest colours: swap or keep?"
    extra = f" (bonus placement, {state.bonus - 1} more due)" if state.bonus else ""
    return f"Seat {player} to place a tile{extra}"
