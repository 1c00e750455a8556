"""How a placed tile scores: straight rays (standard rules) or connected groups (tutorial)."""

from __future__ import annotations

from collections.abc import Sequence


def ray_runs(board: list[int], rays: Sequence[tuple[int, ...]], cell: int, colour: int, skip: int) -> list[int]:
    """The non-empty runs of ``colour`` seen from ``cell`` along each direction except ``skip``.

    ``skip`` points at the tile's other hex, which is never counted; a run stops at an empty
    cell, another colour (or the star) and the edge of the play area.
    """
    runs = []
    base = cell * 6
    for direction in range(6):
        if direction != skip:
            run = 0
            for other in rays[base + direction]:
                if board[other] != colour:
                    break
                run += 1
            if run:
                runs.append(run)
    return runs


def ray_lines(board: list[int], rays: Sequence[tuple[int, ...]], cell: int, colour: int, skip: int) -> list[list[int]]:
    """The cells of the runs ``ray_runs`` counts, each line from ``cell`` outwards; a table
    draws them (the hot path only counts, so it keeps its own loop)."""
    lines = []
    base = cell * 6
    for direction in range(6):
        if direction != skip:
            line = [cell]
            for other in rays[base + direction]:
                if board[other] != colour:
                    break
                line.append(other)
            if len(line) > 1:
                lines.append(line)
    return lines


def group_cells(board: list[int], neighbours: Sequence[tuple[int, ...]], seeds: tuple[int, ...]) -> set[int]:
    """The connected same-colour group holding ``seeds`` (cells of one colour)."""
    colour = board[seeds[0]]
    seen = set(seeds)
    frontier = list(seeds)
    while frontier:
        cell = frontier.pop()
        for other in neighbours[cell]:
            if other not in seen and board[other] == colour:
                seen.add(other)
                frontier.append(other)
    return seen


def group_size(board: list[int], neighbours: Sequence[tuple[int, ...]], seeds: tuple[int, ...]) -> int:
    """Cells in the connected same-colour group holding ``seeds``."""
    return len(group_cells(board, neighbours, seeds))
