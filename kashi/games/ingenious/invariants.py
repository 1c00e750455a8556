"""Consistency checks of an Ingenious state: used to vet JSON input and by the property tests."""

from __future__ import annotations

from typing import TYPE_CHECKING

from kashi.core.state import CHANCE, TERMINAL
from kashi.games.ingenious.hexgrid import CELLS
from kashi.games.ingenious.layout import EMPTY, OUTSIDE
from kashi.games.ingenious.rules import RACK_SIZE
from kashi.games.ingenious.tiles import COPIES, HIDDEN, TYPE_OF, TYPES

if TYPE_CHECKING:
    from kashi.games.ingenious.state import IngeniousState


def problems(state: IngeniousState) -> list[str]:
    """Every broken invariant, in words (empty when the state is consistent)."""
    return [*_board_problems(state), *_tile_problems(state), *_turn_problems(state)]


def _board_problems(state: IngeniousState) -> list[str]:
    found = []
    lay = state.layout
    expected = list(lay.board)
    for move in state.placed:
        for cell, colour in ((move.a, move.first), (move.b, move.second)):
            if expected[cell] != EMPTY:
                found.append(f"{move} covers a cell that is not free")
            expected[cell] = colour
    if state.board != expected:
        found.append("the board differs from its start cells and placements")
    grid = lay.area
    free = {edge for edge in range(grid.edges) if expected[grid.edge_a[edge]] == expected[grid.edge_b[edge]] == EMPTY}
    if set(state.free) != free or len(state.free) != len(free):
        found.append("the free pairs differ from the empty adjacent cells")
    if any(state.fpos[edge] != position for position, edge in enumerate(state.free)):
        found.append("free pair positions are stale")
    if any(value == OUTSIDE for value in (state.board[cell] for cell in grid.cells)) or len(state.board) != CELLS:
        found.append("a cell of the play area is marked outside")
    for track in state.tracks:
        if len(track) != 6 or not all(0 <= value <= state.rules.track_max for value in track):
            found.append(f"track {track} is outside 0..{state.rules.track_max}")
    return found


def _tile_problems(state: IngeniousState) -> list[str]:
    found = []
    counts = list(state.bag)
    hidden_tiles = 0
    for seat in range(state.num_players):
        hides = bool(state.hidden >> seat & 1)
        for rack in (state.racks[seat], state.reserves[seat]):
            if len(rack) > RACK_SIZE:
                found.append(f"seat {seat} holds {len(rack)} tiles in one rack")
            for kind in rack:
                if (kind == HIDDEN) != hides:
                    found.append(f"seat {seat} has a rack that is neither shown nor hidden")
                elif kind == HIDDEN:
                    hidden_tiles += 1
                else:
                    counts[kind] += 1
    for kind in state.aside:
        if kind != HIDDEN:
            counts[kind] += 1
    for move in state.placed:
        counts[TYPE_OF[move.first][move.second]] += 1
    if any(count < 0 for count in state.bag) or len(state.bag) != TYPES:
        found.append("the bag holds a negative count")
    if counts != list(COPIES):
        found.append("tiles are not conserved: bag, racks, set-aside tiles and board differ from the 120")
    aside_hidden = sum(1 for kind in state.aside if kind == HIDDEN)
    if sum(state.bag) != state.bag_size + hidden_tiles + aside_hidden:
        found.append(f"bag size {state.bag_size} does not match its contents")
    return found


def _turn_problems(state: IngeniousState) -> list[str]:
    player = state.current_player
    if player == CHANCE:
        ok = state.draw_left > 0 and state.bag_size > 0 and 0 <= state.draw_seat < state.num_players
    elif player == TERMINAL:
        ok = bool(state.ended)
    else:
        ok = 0 <= player < state.num_players and not state.ended and (state.deciding or bool(state.racks[player]))
    return [] if ok else [f"seat to move {player} does not fit the phase of the turn"]
