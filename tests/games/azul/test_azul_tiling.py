"""Spec section 5 (steps 1-3): wall tiling top to bottom and the scoring of each placed tile."""

from __future__ import annotations

import pytest

from kashi.core.state import CHANCE
from tests.games.azul.builders import board, counts, line_text, parts, play, texts, wall_rows

EMPTY_WALL = ["....."] * 5


def tiled(wall: list[str], lines: dict[int, str], score: int = 0) -> object:
    """Seat 0 has ``wall`` and ``lines``; seat 1 ends the offer by taking the last tile (to its line 5)."""
    state = board(walls={0: wall}, lines={0: lines}, factories=["K"], to_move=1, scores=[score, 0])
    return play(state, "1K5")


@pytest.mark.parametrize(
    ("wall", "lines", "expected"),
    [
        pytest.param(EMPTY_WALL, {1: "B"}, [("azul.place.lone", 1)], id="lone"),
        pytest.param([".xx..", *EMPTY_WALL[1:]], {1: "B"}, [("azul.place.row", 3)], id="row-run"),
        pytest.param(["x.x..", *EMPTY_WALL[1:]], {1: "K"}, [("azul.place.row", 2)], id="row-run-stops-at-gap"),
        pytest.param([".....", "x....", "x....", ".....", "....."], {1: "B"}, [("azul.place.column", 3)], id="column"),
        pytest.param([".....", "..x..", "xx...", ".....", "....."], {3: "BBB"}, [("azul.place.both", 5)], id="both"),
        pytest.param([".x...", "x....", ".....", ".....", "....."], {2: "BB"}, [("azul.place.both", 4)], id="L-shape"),
        pytest.param(["x....", *EMPTY_WALL[1:]], {2: "BB"}, [("azul.place.lone", 1)], id="diagonal-not-counted"),
        pytest.param(["..x..", "..x..", "xx.x.", "..x..", "....."], {3: "BBB"}, [("azul.place.both", 8)], id="cross"),
    ],
)
def test_scoring_a_placed_tile(wall: list[str], lines: dict[int, str], expected: list[tuple[str, int]]) -> None:
    """5.2: lone tile 1; else the horizontal run through it, plus the vertical run (itself in both)."""
    state = tiled(wall, lines, score=3)
    assert parts(state, 0) == expected
    assert state.score[0] == 3 + sum(points for _, points in expected)


def test_score_part_names_the_row_and_column_runs() -> None:
    """5.2: the score change explains itself: 3 in the row + 2 in the column."""
    state = tiled([".....", "..x..", "xx...", ".....", "....."], {3: "BBB"})
    assert texts(state, 0) == ["blue at 3-3: 3 in the row + 2 in the column = +5"]
    (change,) = [change for change in state.score_changes if change.seat == 0]
    assert change.points == 5


def test_lines_are_tiled_top_to_bottom() -> None:
    """5.1: scored at once, top to bottom, so a tile from line 1 is a neighbour when line 2 is scored."""
    state = tiled([".....", "x....", ".....", ".....", "....."], {1: "Y", 2: "BB"})
    # Y at row 1 is alone (1); then B at row 2 has W to its left and Y above: 2 + 2.
    assert parts(state, 0) == [("azul.place.lone", 1), ("azul.place.both", 4)]
    assert state.score[0] == 5
    assert wall_rows(state, 0)[:2] == [".Y...", "WB..."]


def test_only_complete_lines_are_tiled_and_the_rest_go_to_the_lid() -> None:
    """5.1/5.3: complete lines give one tile to the wall, the others go to the lid; incomplete stay."""
    state = board(lines={0: {3: "RRR", 4: "KK"}, 1: {1: "W"}}, factories=["K"], to_move=1)
    play(state, "1K5")
    assert wall_rows(state, 0)[2] == "....R"
    assert line_text(state, 0, 3) == "" and line_text(state, 0, 4) == "KK"
    assert wall_rows(state, 1)[0] == "....W" and line_text(state, 1, 5) == "K"
    assert state.lid == counts("RR")
    assert state.score == [1, 1]
    assert state.current_player == CHANCE
