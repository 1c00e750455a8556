"""The spec's invariants (section 8), checked on any state: used to reject corrupt JSON."""

from __future__ import annotations

from kashi.core.state import CHANCE, TERMINAL
from kashi.games.azul.rules import (
    COLOURS,
    FLOOR_SPACES,
    LINES,
    TILES,
    TILES_PER_COLOUR,
    WALL_CELLS,
    board_base,
    cell_index,
    factories_for,
    wall_bit,
)
from kashi.games.azul.state import AzulState, holders_of


def problems(state: AzulState) -> list[str]:
    """Every invariant the state breaks, in words (empty when the state is sound)."""
    found: list[str] = []
    players = state.num_players
    if players not in (2, 3, 4) or len(state.factories) != factories_for(players):
        return [f"{players} players with {len(state.factories)} factories"]
    per_seat = ("line_colour", "line_count", "accept", "row_colours", "column_colours")
    sizes = {name: LINES * players for name in per_seat}
    sizes.update({"wall": players, "floor": players, "score": players, "cells": WALL_CELLS * players})
    sizes.update({"bag": 5, "lid": 5, "centre": 5})
    for name, size in sizes.items():
        if len(getattr(state, name)) != size:
            return [f"{name} has {len(getattr(state, name))} entries, not {size}"]
    for colour in range(5):
        count = state.bag[colour] + state.lid[colour] + state.centre[colour]
        count += sum(tiles[colour] for tiles in state.factories)
        for seat in range(players):
            base = board_base(seat)
            count += sum(state.line_count[base + line] for line in range(5) if state.line_colour[base + line] == colour)
            count += sum(1 for row in range(5) if (state.row_colours[base + row] >> colour) & 1)
            count += state.floor[seat].count(COLOURS[colour])
        if count != TILES_PER_COLOUR:
            found.append(f"colour {colour} has {count} tiles, not {TILES_PER_COLOUR} (of {TILES})")
    if any(count < 0 for name in ("bag", "lid", "centre", "line_count") for count in getattr(state, name)):
        found.append("a negative tile count")
    table = sum(state.centre) + sum(sum(tiles) for tiles in state.factories)
    if table != state.table_tiles:
        found.append(f"table_tiles is {state.table_tiles} but the table holds {table}")
    markers = int(state.marker_in_centre) + int(state.marker_floor >= 0)
    if state.current_player >= 0 and state.tiling is None and markers != 1:
        found.append(f"{markers} starting-player markers on the table")
    for seat in range(players):
        base = board_base(seat)
        wall = state.wall[seat]
        for line in range(5):
            colour, count = state.line_colour[base + line], state.line_count[base + line]
            if (colour < 0) != (count == 0) or count > line + 1 or colour > 4:
                found.append(f"seat {seat} line {line + 1} holds {count} of colour {colour}")
            elif colour >= 0 and (state.row_colours[base + line] >> colour) & 1:
                found.append(f"seat {seat} line {line + 1} holds a colour already in its wall row")
            row = [state.cells[cell_index(seat, line, column)] for column in range(5)]
            if any(((wall >> wall_bit(line, column)) & 1) != (row[column] >= 0) for column in range(5)):
                found.append(f"seat {seat} wall row {line + 1} disagrees with its cells")
            if sum(1 << cell for cell in row if cell >= 0) != state.row_colours[base + line]:
                found.append(f"seat {seat} wall row {line + 1} repeats a colour")
        for column in range(5):
            cells = [state.cells[cell_index(seat, row, column)] for row in range(5)]
            if sum(1 << cell for cell in cells if cell >= 0) != state.column_colours[base + column]:
                found.append(f"seat {seat} wall column {column + 1} repeats a colour")
            if not state.rules.grey and any(cell >= 0 and cell != (column - row) % 5 for row, cell in enumerate(cells)):
                found.append(f"seat {seat} wall column {column + 1} has a tile off its printed colour")
        for colour in range(5):
            lines = 0
            for line in range(5):
                held, count = state.line_colour[base + line], state.line_count[base + line]
                free = not (state.row_colours[base + line] >> colour) & 1
                if (held < 0 and free) or (held == colour and count <= line):
                    lines |= 1 << line
            if state.accept[base + colour] != lines:
                found.append(f"seat {seat} accept mask of colour {colour} is stale")
        floor = state.floor[seat]
        markers_here = floor.count("1")
        if (
            len(floor) > FLOOR_SPACES
            or set(floor) - set(COLOURS + "1")
            or markers_here > int(state.marker_floor == seat)
        ):
            found.append(f"seat {seat} floor {floor!r} is not a floor line")
        if state.score[seat] < 0:
            found.append(f"seat {seat} has a negative score")
    if state.holders != holders_of(state.factories, state.centre):
        found.append("the holders of each colour are stale")
    if state.current_player not in (CHANCE, TERMINAL) and not 0 <= state.current_player < players:
        found.append(f"current player {state.current_player} out of range")
    return found
