"""Azul knowledge for bots: a position evaluation, move ordering and a rollout policy.

The evaluation projects each seat's board to the end of the current round (complete lines
tiled and scored, floor penalty, clamp), credits unfinished lines by how full they are, and
adds the end bonuses: exactly when the game ends this round, as a potential otherwise.
"""

from __future__ import annotations

from random import Random
from typing import TYPE_CHECKING

from kashi.core.state import best_sampled_move
from kashi.games.azul.moves import CENTRE, FLOOR, Draft, Move
from kashi.games.azul.rules import (
    COLOUR_BONUS,
    COLUMN_BONUS,
    FLOOR_TOTAL,
    ROW_BONUS,
    TILES_PER_COLOUR,
    board_base,
    board_index,
    wall_bit,
    wall_column,
)
from kashi.games.azul.scoring import placement_points

if TYPE_CHECKING:
    from kashi.games.azul.state import AzulState

PARTIAL_LINE = 0.45
"""Share of a placement's value credited per filled place of an unfinished line."""
POTENTIAL = 0.6
"""Share of the end bonuses credited for partly built rows, columns and colours."""
ROW_CELLS = tuple(0b11111 << wall_bit(row, 0) for row in range(5))
COLUMN_CELLS = tuple(sum(1 << wall_bit(row, column) for row in range(5)) for column in range(5))
COLOUR_CELLS = tuple(sum(1 << wall_bit(row, wall_column(colour, row)) for row in range(5)) for colour in range(5))


def evaluate(state: AzulState) -> tuple[float, ...]:
    if state.ended:
        return tuple(float(score) for score in state.score)
    projected = [project(state, seat) for seat in range(state.num_players)]
    game_ends = not state.rules.rounds and any(
        (wall & cells) == cells for wall, _, _ in projected for cells in ROW_CELLS
    )
    last_round = bool(state.rules.rounds) and state.round >= state.rules.rounds
    values = []
    for seat, (wall, score, pending) in enumerate(projected):
        if game_ends or last_round:
            values.append(score + end_bonuses(state, seat, wall) - state.rules.leftover_penalty * pending)
        else:
            values.append(score + POTENTIAL * bonus_potential(wall) + pending)
    return tuple(values)


def project(state: AzulState, seat: int) -> tuple[int, float, float]:
    """The wall and score after this round's tiling, and the credit for unfinished lines."""
    wall = state.wall[seat]
    cross = state.rules.adjacency == "cross"
    gained = 0
    pending = 0.0
    base = board_base(seat)
    for line in range(5):
        count = state.line_count[base + line]
        if not count:
            continue
        column = line_column(state, seat, line, wall)
        if column < 0:
            continue
        if count == line + 1:
            wall |= 1 << wall_bit(line, column)
            gained += placement_points(wall, line, column, cross)
        else:
            value = placement_points(wall | 1 << wall_bit(line, column), line, column, cross)
            pending += PARTIAL_LINE * value * count / (line + 1)
    score = max(0, state.score[seat] + gained + FLOOR_TOTAL[len(state.floor[seat])])
    return wall, score, pending


def line_column(state: AzulState, seat: int, line: int, wall: int) -> int:
    """Where the line's tile will go: printed on the colour side, the first legal space on grey."""
    base = board_base(seat)
    colour = state.line_colour[base + line]
    if not state.rules.grey:
        return wall_column(colour, line)
    taken = state.column_colours
    columns = [
        column
        for column in range(5)
        if not (wall >> wall_bit(line, column)) & 1 and not (taken[base + column] >> colour) & 1
    ]
    return columns[0] if columns else -1


def end_bonuses(state: AzulState, seat: int, wall: int) -> int:
    return wall_end_bonuses(wall, state.rules.grey)


def wall_end_bonuses(wall: int, grey: bool) -> int:
    """The end bonuses ``wall`` earns (no colour bonus on the grey side)."""
    total = sum(ROW_BONUS for cells in ROW_CELLS if wall & cells == cells)
    total += sum(COLUMN_BONUS for cells in COLUMN_CELLS if wall & cells == cells)
    if not grey:
        total += sum(COLOUR_BONUS for cells in COLOUR_CELLS if wall & cells == cells)
    return total


def bonus_potential(wall: int) -> float:
    """End bonuses weighted by how complete each row, column and colour is (squared)."""
    total = 0.0
    for cells in ROW_CELLS:
        total += ROW_BONUS * (bin(wall & cells).count("1") / 5) ** 2
    for cells in COLUMN_CELLS:
        total += COLUMN_BONUS * (bin(wall & cells).count("1") / 5) ** 2
    for cells in COLOUR_CELLS:
        total += COLOUR_BONUS * (bin(wall & cells).count("1") / 5) ** 2
    return total


def _draft_value(taken: int, space: int) -> int:
    """``quick_value`` of taking ``taken`` tiles to a line with ``space`` free places (none to the floor)."""
    fits = min(taken, space)
    return 2 * fits + (4 if fits == space else 0) - 3 * (taken - fits)


LINE_VALUE = tuple(tuple(_draft_value(taken, space) for space in range(6)) for taken in range(TILES_PER_COLOUR + 1))
"""LINE_VALUE[taken][space]: a draft's value to a pattern line, by tiles taken and places free."""
FLOOR_VALUE = tuple(-3 * taken - 2 for taken in range(TILES_PER_COLOUR + 1))
"""FLOOR_VALUE[taken]: a draft's value straight to the floor."""
BELOW_ANY_VALUE = min(FLOOR_VALUE + tuple(min(row) for row in LINE_VALUE)) - 1


def quick_value(state: AzulState, move: Move) -> int:
    """A cheap static score of a draft: tiles that fit, a completed line, floor overflow."""
    if not isinstance(move, Draft):
        return 0
    tiles = state.centre if move.source == CENTRE else state.factories[move.source]
    taken = tiles[move.colour]
    if move.line == FLOOR:
        return FLOOR_VALUE[taken]
    space = move.line + 1 - state.line_count[board_index(state.current_player, move.line)]
    return LINE_VALUE[taken][space] - 3 * move.to_floor


def order_moves(state: AzulState, moves: list[Move]) -> list[Move]:
    return sorted(moves, key=lambda move: -quick_value(state, move))


def rollout_move(state: AzulState, rng: Random, samples: int = 4) -> Move:
    """The best of a few uniformly drawn moves by ``quick_value``: fast and far from random."""
    if state.tiling is not None:
        return state.random_move(rng)
    if state.rules.partial_floor or state.current_player < 0:
        return best_sampled_move(state, rng, lambda move: quick_value(state, move), samples)
    # quick_value inlined: a rollout spends most of its time here.
    centre, factories, line_count = state.centre, state.factories, state.line_count
    base = board_base(state.current_player)
    best: Move | None = None
    best_value = BELOW_ANY_VALUE
    for move in state.random_drafts(rng, samples):
        line = move.line
        taken = (centre if move.source == CENTRE else factories[move.source])[move.colour]
        value = FLOOR_VALUE[taken] if line == FLOOR else LINE_VALUE[taken][line + 1 - line_count[base + line]]
        if value > best_value:
            best, best_value = move, value
    assert best is not None
    return best
