"""The 8 objectives on hand-built domes, and the end of the game with its tie-break (spec 1, 6)."""

from __future__ import annotations

import pytest
from duel_helpers import blank, cell, plates, settle, tiles

from kashi.games.azul_duel.objectives import (
    colourful_rows,
    complete_columns,
    complete_diagonals,
    complete_rows,
    corner_plates,
    empty_specials,
    filled_wilds,
    ring_cells,
)
from kashi.games.azul_duel.state import AzulDuelState


def fill(state: AzulDuelState, names: list[str], letter: str = "R") -> None:
    tiles(state, 0, dict.fromkeys(names, letter))


def dome(state: AzulDuelState) -> tuple[list[int], list[int], int]:
    return state.cells, state.tiles, 0


def test_a1_three_per_complete_row() -> None:
    state = blank()
    plates(state, 0, {1: (0, 0), 2: (1, 0), 3: (2, 0)})
    fill(state, [f"{c}1" for c in "abcdef"])
    fill(state, [f"{c}2" for c in "abcde"])  # row 2 lacks f2
    assert complete_rows(dome(state)) == (3, 1)


def test_a2_four_per_row_with_five_colours_special_tiles_have_none() -> None:
    state = blank()
    plates(state, 0, {1: (0, 0), 2: (1, 0), 3: (2, 0)})
    tiles(state, 0, {"a1": "R", "b1": "Y", "c1": "K", "d1": "B", "e1": "T", "f1": "S"})
    tiles(state, 0, {"a2": "R", "b2": "Y", "c2": "K", "d2": "B", "e2": "S", "f2": "R"})
    assert colourful_rows(dome(state)) == (4, 1)


def test_b1_seven_per_complete_column_and_b2_one_per_ring_cell() -> None:
    state = blank()
    plates(state, 0, {1: (0, 0), 4: (1, 0), 7: (2, 0)})
    fill(state, [f"a{r}" for r in range(1, 7)])
    fill(state, ["b2", "b3"])
    assert complete_columns(dome(state)) == (7, 1)
    assert ring_cells(dome(state)) == (6, 6)  # a1..a6 are ring cells, b2 and b3 are not


def test_c1_ten_per_complete_main_diagonal() -> None:
    state = blank()
    plates(state, 0, {1: (0, 0), 5: (1, 0), 9: (2, 0), 3: (3, 0), 7: (4, 0)})
    fill(state, ["a1", "b2", "c3", "d4", "e5", "f6"])
    fill(state, ["f1", "e2", "d3", "c4", "b5"])  # the other diagonal lacks a6
    assert complete_diagonals(dome(state)) == (10, 1)


def test_c2_three_per_top_corner_plate_eight_per_bottom_corner_plate() -> None:
    state = blank()
    plates(state, 0, {1: (0, 0), 3: (1, 0), 9: (2, 0), 7: (3, 0)})
    fill(state, ["a1", "b1", "a2", "b2"])  # top-left complete
    fill(state, ["e1", "f1", "e2", "f2"])  # top-right complete
    fill(state, ["e5", "f5", "e6", "f6"])  # bottom-right complete
    fill(state, ["a5", "b5", "a6"])  # bottom-left lacks b6
    assert corner_plates(dome(state)) == (2 * 3 + 8, 3), "two top plates and one bottom: 3 and 8 are not swapped"


def test_d1_two_per_wild_cell_only_if_all_are_filled() -> None:
    state = blank()
    plates(state, 0, {1: (1, 0), 2: (2, 0)})  # wild cells a1 and d2
    fill(state, ["a1", "d2"])
    assert filled_wilds(dome(state)) == (4, 2)
    state.tiles[cell("d2")] = -1
    assert filled_wilds(dome(state)) == (0, 2)


def test_d2_minus_three_per_special_cell_without_its_tile() -> None:
    state = blank()
    plates(state, 0, {1: (0, 0), 2: (4, 0), 3: (1, 0)})  # specials b2 and d1
    tiles(state, 0, {"b2": "S"})
    assert empty_specials(dome(state)) == (-3, 1)


def final_round(start_holder: int, scores: list[int], **options: object) -> AzulDuelState:
    state = blank(start=start_holder, round_number=5, **options)
    state.tablets = [1, 0, 0, 2]  # A1 and D2
    state.score = scores
    return state


def test_final_scoring_adds_the_objectives_then_clamps_once() -> None:
    state = final_round(0, [4, 10])
    plates(state, 0, {1: (0, 0), 2: (4, 0), 3: (1, 0)})  # 2 empty special cells: -6
    plates(state, 1, {1: (9, 0), 2: (13, 0), 3: (14, 0)})  # no special cells
    tiles(state, 1, {f"{c}1": "R" for c in "abcdef"})  # a complete row: +3
    settle(state)
    assert state.is_over()
    assert state.score == [0, 13]
    change = next(c for c in state.score_changes if c.seat == 0)
    assert [str(p) for p in change.parts] == [
        "+0 tablet A1: 0 complete dome rows x 3",
        "-6 tablet D2: 2 special cells without a special tile x -3",
    ]
    assert change.points == -4


@pytest.mark.parametrize(("taker", "rule", "winner"), [(1, "keep", 1), (-1, "keep", 0), (-1, "pass", 1)])
def test_a_tie_goes_to_the_start_tile_holder_of_round_5(taker: int, rule: str, winner: int) -> None:
    state = final_round(0, [12, 12], untaken_start_tile=rule)
    state.start_taker = taker
    state.start_on_moon = taker < 0
    settle(state)
    outcome = state.outcome()
    assert outcome is not None
    if taker == 1:
        assert state.score == [12, 10]  # the start tile's -2 decides this one
        assert outcome.winners == (0,)
    else:
        assert outcome.scores == (12, 12) and outcome.winners == (winner,)
        assert outcome.details["start_tile"] == winner


def test_tie_break_after_the_start_tile_penalty() -> None:
    state = final_round(0, [10, 12])
    state.start_taker = 1
    state.start_on_moon = False
    settle(state)
    outcome = state.outcome()
    assert outcome is not None and outcome.scores == (10, 10)
    assert outcome.winners == (1,) and outcome.ranks == (2, 1)


def test_unused_chips_score_nothing_by_default_and_per_chip_with_the_option() -> None:
    for points, expected in ((0, 5), (2, 9)):
        state = final_round(0, [5, 5], unused_chip_points=points)
        state.tablets = [0, 0, 0, 0]
        state.chips[3] = 2
        settle(state)
        assert state.score[0] == expected


def test_what_the_objectives_are_worth_so_far_is_what_the_end_would_add() -> None:
    """Before the last tiling a table shows each objective as it stands; the end then adds
    exactly those parts (the clamp at 0 aside)."""
    state = final_round(0, [4, 10])
    plates(state, 0, {1: (0, 0), 2: (4, 0), 3: (1, 0)})
    plates(state, 1, {1: (9, 0), 2: (13, 0), 3: (14, 0)})
    tiles(state, 1, {f"{c}1": "R" for c in "abcdef"})
    so_far = {change.seat: change for change in state.final_scoring_so_far()}
    assert [str(part) for part in so_far[1].parts] == [
        "+3 tablet A1: 1 complete dome row x 3",
        "+0 tablet D2: 0 special cells without a special tile x -3",
    ]
    assert so_far[0].points == -6 and so_far[1].points == 3
    assert state.score == [4, 10], "showing the objectives scores nothing"
    settle(state)
    ended = {change.seat: change for change in state.score_changes if change.parts[0].key.endswith("A1")}
    assert ended[1].parts == so_far[1].parts
