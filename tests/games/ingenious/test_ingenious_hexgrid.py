"""Spec section 1 and 9: the hex board, its play areas, start cells and cell names."""

from __future__ import annotations

import pytest

from kashi.games.ingenious.hexgrid import (
    CELLS,
    CENTRE,
    COORDS,
    INDEX,
    NAMES,
    START_CELLS,
    area,
    area_radius,
    cell_of,
    distance,
)


def cell(name: str) -> int:
    found = cell_of(name)
    assert found is not None, name
    return found


def test_the_board_has_169_cells_of_side_8() -> None:
    assert CELLS == 169
    assert max(distance(q, r) for q, r in COORDS) == 7
    assert sum(1 for q, r in COORDS if distance(q, r) == 7) == 6 * 7


@pytest.mark.parametrize(("players", "radius", "cells"), [(1, 5, 91), (2, 5, 91), (3, 6, 127), (4, 7, 169)])
def test_play_area_by_player_count(players: int, radius: int, cells: int) -> None:
    assert area_radius(players) == radius
    assert len(area(radius).cells) == cells


def test_distance_is_the_largest_of_q_r_and_q_plus_r() -> None:
    assert distance(0, 0) == 0
    assert distance(5, -5) == 5
    assert distance(3, 2) == 5
    assert distance(-2, -3) == 5
    assert distance(-4, 1) == 4


@pytest.mark.parametrize(
    ("name", "coords"),
    [("h8", (0, 0)), ("h9", (1, 0)), ("g8", (0, -1)), ("g7", (-1, -1)), ("a8", (0, -7)), ("a15", (7, -7)),
     ("o1", (-7, 7)), ("o8", (-0, 7)), ("h1", (-7, 0)), ("h15", (7, 0)), ("c13", (5, -5)), ("m3", (-5, 5))],
)  # fmt: skip
def test_cell_names_row_letter_from_r_and_column_number_from_q(name: str, coords: tuple[int, int]) -> None:
    assert COORDS[cell(name)] == coords
    assert NAMES[INDEX[coords]] == name


def test_names_outside_the_board_are_not_cells() -> None:
    for name in ("a1", "a7", "o9", "p8", "h0", "h16", "8h", ""):
        assert cell_of(name) is None
    assert cell_of("H8") == CENTRE


def test_every_cell_has_its_own_name() -> None:
    assert len(set(NAMES)) == CELLS
    assert all(cell_of(name) == index for index, name in enumerate(NAMES))


def test_start_cells_are_the_six_corners_at_distance_5() -> None:
    assert [NAMES[INDEX[coords]] for coords in START_CELLS] == ["c13", "h13", "m8", "m3", "h3", "c8"]
    assert all(distance(q, r) == 5 for q, r in START_CELLS)


def test_neighbours_share_an_edge_and_stop_at_the_area_edge() -> None:
    small, large = area(5), area(7)
    assert sorted(NAMES[other] for other in small.neighbours[CENTRE]) == ["g8", "g9", "h7", "h9", "i7", "i8"]
    corner = cell("c13")
    assert sorted(NAMES[other] for other in small.neighbours[corner]) == ["c12", "d12", "d13"]
    assert len(large.neighbours[corner]) == 6


def test_rays_run_straight_to_the_edge_of_the_area() -> None:
    east = 0
    assert [NAMES[other] for other in area(5).rays[CENTRE * 6 + east]] == ["h9", "h10", "h11", "h12", "h13"]
    assert len(area(7).rays[CENTRE * 6 + east]) == 7
    north_east = 1
    assert [NAMES[other] for other in area(5).rays[CENTRE * 6 + north_east]] == ["g9", "f10", "e11", "d12", "c13"]
    assert area(5).rays[cell("c13") * 6 + north_east] == ()


@pytest.mark.parametrize("radius", [5, 6, 7])
def test_edges_are_the_adjacent_pairs(radius: int) -> None:
    """A hexagon of radius R has 3R(3R+1) adjacent pairs (12 for the 7 cells of radius 1)."""
    grid = area(radius)
    assert grid.edges == 3 * radius * (3 * radius + 1)
    for edge in range(grid.edges):
        a, b = grid.edge_a[edge], grid.edge_b[edge]
        assert a < b and b in grid.neighbours[a]
        assert grid.edge_of[(a, b)] == grid.edge_of[(b, a)] == edge
        assert edge in grid.incident[a] and edge in grid.incident[b]
