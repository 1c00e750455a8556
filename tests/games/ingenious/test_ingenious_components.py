"""The component tables an Ingenious table draws (``IngeniousState.components``), against
section 1 of the rules spec by hand: the board and the play area by player count, the start
symbols (or the tutorial's centre star), the marks of the tracks and the team boards."""

from __future__ import annotations

import pytest

import kashi

SYMBOLS = [[5, -5, "R"], [5, 0, "G"], [0, 5, "B"], [-5, 5, "O"], [-5, 0, "Y"], [0, -5, "P"]]
"""Spec 1: the six corners at distance 5 hold R G B O Y P in this order by default."""
DIRECTIONS = {(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)}


@pytest.mark.parametrize(
    ("variant", "players", "radius", "starts", "marks", "board_of", "reserve"),
    [
        ("ingenious-solo", 1, 5, SYMBOLS, [18, 36], [0], False),
        ("ingenious", 2, 5, SYMBOLS, [18], [0, 1], False),
        ("ingenious", 3, 6, SYMBOLS, [18], [0, 1, 2], False),
        ("ingenious", 4, 7, SYMBOLS, [18], [0, 1, 2, 3], False),
        ("ingenious-teams", 4, 7, SYMBOLS, [18, 36], [0, 1, 0, 1], False),
        ("ingenious-tutorial", 2, 5, [[0, 0, ""]], [18], [0, 1], True),
        ("ingenious-tutorial", 3, 6, [[0, 0, ""]], [18], [0, 1, 2], False),
    ],
)
def test_the_tables_of_each_variant_and_player_count(
    variant: str,
    players: int,
    radius: int,
    starts: list[list[object]],
    marks: list[int],
    board_of: list[int],
    reserve: bool,
) -> None:
    tables = kashi.new_game(variant, players, seed=1).state.components()
    directions = tables.pop("directions")
    assert tables == {
        "colours": ["R", "G", "B", "O", "Y", "P"],
        "board_radius": 7,
        "rows": list("abcdefghijklmno"),
        "radius": radius,
        "starts": starts,
        "marks": marks,
        "board_of": board_of,
        "rack_size": 6,
        "reserve": reserve,
    }
    assert {tuple(step) for step in directions} == DIRECTIONS and len(directions) == 6


def test_the_start_colours_option_recolours_the_start_symbols() -> None:
    tables = kashi.new_game("ingenious", 2, seed=1, start_colours="PYORGB").state.components()
    assert [start[2] for start in tables["starts"]] == list("PYORGB")
    assert [start[:2] for start in tables["starts"]] == [start[:2] for start in SYMBOLS]
