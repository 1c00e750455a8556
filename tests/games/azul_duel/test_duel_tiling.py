"""Phase B by hand-built positions: placement, runs, special tiles, chips, the lock, waiting and
breaking lines, penalties. Expected numbers are worked out from spec section 4."""

from __future__ import annotations

import pytest
from duel_helpers import blank, cell, chips, line, plates, settle, tiles

from kashi.core.errors import IllegalMoveError
from kashi.games.azul_duel.components import COLOURS
from kashi.games.azul_duel.notation import SKIP, PlaceTile, SpendChips
from kashi.games.azul_duel.phases import TILING
from kashi.games.azul_duel.state import AzulDuelState

R, Y, K, B, T = range(5)


def tiled(state: AzulDuelState) -> AzulDuelState:
    """Acquisition is over in a blank position (round 5: no plates owed); run the tiling."""
    return settle(state)


def at_round_5() -> AzulDuelState:
    state = blank(start=0, round_number=5)
    state.tablets = [0, 0, 0, 0]  # no objectives, so scores show the tiling alone
    return state


def test_a_lone_tile_scores_1() -> None:
    state = at_round_5()
    plates(state, 0, {1: (0, 0)})  # Y K / T S
    line(state, 0, 1, "K")
    tiled(state)
    assert state.tiles[cell("b1")] == K
    assert state.score[0] == 6
    assert state.line_count[0] == 0


def test_runs_cross_plate_borders_and_count_both_directions() -> None:
    state = at_round_5()
    plates(state, 0, {1: (0, 0), 2: (3, 0)})  # Y K / T S and K Y / R W
    tiles(state, 0, {"a1": "Y", "b1": "K", "d1": "Y", "c2": "R"})
    line(state, 0, 1, "K")
    state.score = [5, 5]
    tiled(state)
    assert state.tiles[cell("c1")] == K
    # row a1..d1 = 4 (e1 has no plate), column c1..c2 = 2
    assert state.score[0] == 5 + 6


def test_score_change_explains_the_placement() -> None:
    state = at_round_5()
    plates(state, 0, {1: (1, 0)})  # W B / T K: blue may go on a1 (wild) or b1
    line(state, 0, 1, "B")
    tiled(state)
    state.play(PlaceTile(cell("b1")))
    assert [(c.seat, c.points, str(c)) for c in state.score_changes] == [(0, 1, "+1 lone tile at b1")]


def test_wild_cell_choice_is_a_decision() -> None:
    state = at_round_5()
    plates(state, 0, {1: (1, 0)})  # W B / T K
    line(state, 0, 1, "B")
    tiled(state)
    assert state.phase == TILING and state.current_player == 0
    assert [str(move) for move in state.legal_moves()] == ["tile a1", "tile b1"]
    state.play(state.parse_move("tile a1"))
    assert state.tiles[cell("a1")] == B
    assert state.tiles[cell("b1")] == -1


def test_a_cell_outside_the_choice_is_refused() -> None:
    state = at_round_5()
    plates(state, 0, {1: (1, 0)})
    line(state, 0, 1, "B")
    tiled(state)
    with pytest.raises(IllegalMoveError) as error:
        state.play(PlaceTile(cell("a2")))
    assert error.value.key == "azul_duel.cell_illegal"
    assert "legal: a1 b1" in str(error.value)


def test_special_tile_scores_after_the_tile_that_completes_its_plate() -> None:
    state = at_round_5()
    plates(state, 0, {1: (0, 0), 4: (6, 0)})  # Y K / T S ; S K / R B
    tiles(state, 0, {"a1": "Y", "b1": "K"})
    line(state, 0, 2, "TT")
    line(state, 0, 3, "KKK")
    tiled(state)
    assert state.tiles[cell("a2")] == T
    assert state.tiles[cell("b2")] == 5  # the special tile
    # a2: column a1..a2 = 2; special b2 on row 2: +2; then b3: column b1..b3 = 3 (the special
    # tile counts as occupied; a3 is an empty special cell, so no row run)
    assert state.score[0] == 5 + 2 + 2 + 3
    assert state.tiles[cell("a3")] == -1


def test_special_tile_parts_are_explained_in_order() -> None:
    state = at_round_5()
    plates(state, 0, {1: (0, 0), 2: (16, 0)})  # Y K / T S ; R W / B K
    tiles(state, 0, {"a1": "Y", "b1": "K"})
    line(state, 0, 1, "R")  # a choice between c1 and d1 (wild)
    line(state, 0, 2, "TT")
    tiled(state)
    state.play(PlaceTile(cell("c1")))
    texts = [str(part) for change in state.score_changes for part in change.parts]
    assert texts == ["+3 tile at c1: 3 in the row", "+2 tile at a2: 2 in the column", "+2 special tile at b2 (row 2)"]


def red_line_three_with_chips(held: str) -> AzulDuelState:
    """Round 5, plate 8 in slot 4 (T R / B S: row 3 has R at b3), line 3 holding RR, the
    given chips, and tiling begun."""
    state = at_round_5()
    plates(state, 0, {4: (8, 0)})
    line(state, 0, 3, "RR")
    chips(state, 0, held)
    tiled(state)
    return state


def test_chips_complete_a_line_with_two_matching_chips() -> None:
    state = red_line_three_with_chips("R R K")
    moves = {str(m) for m in state.legal_moves()}
    assert moves == {"chips R,R", "chips R,R,K", "skip"}
    tower_before = state.tower[R]
    state.play(SpendChips((R, R)))
    assert state.tiles[cell("b3")] == R
    assert state.chips[:10] == [0, 0, 1, 0, 0, 0, 0, 0, 0, 0]
    assert state.chip_pool[R] == 0  # spent chips leave the game
    assert state.tower[R] == tower_before + 1  # 2 real tiles: 1 placed, 1 to the tower
    assert state.line_count[2] == 0


def test_two_colour_chips_match_either_colour() -> None:
    state = red_line_three_with_chips("BR RT")
    assert {str(m) for m in state.legal_moves()} == {"chips BR,RT", "skip"}


def test_chips_complete_a_line_with_three_mixed_chips() -> None:
    state = red_line_three_with_chips("K B TY")
    with pytest.raises(IllegalMoveError) as error:
        state.play(state.parse_move("chips K,B"))
    assert error.value.key == "azul_duel.chips_dont_pay"
    state.play(state.parse_move("chips TY K B"))
    assert state.tiles[cell("b3")] == R
    assert sum(state.chips[:10]) == 0


def test_chips_not_held_are_refused() -> None:
    state = red_line_three_with_chips("K B TY")
    with pytest.raises(IllegalMoveError) as error:
        state.play(state.parse_move("chips R,R"))
    assert error.value.key == "azul_duel.chips_not_held"


def test_no_chip_decision_for_a_line_without_a_real_tile_or_without_enough_chips() -> None:
    state = at_round_5()
    plates(state, 0, {4: (8, 0)})
    line(state, 0, 3, "R")
    chips(state, 0, "R K")  # 2 missing tiles need at least 4 chips
    tiled(state)
    assert state.phase != TILING  # resolved without asking
    assert state.line_count[2] == 1


def test_lines_above_are_locked_once_passed() -> None:
    state = at_round_5()
    plates(state, 0, {1: (3, 0), 4: (2, 0)})  # K Y / R W ; T R / B W
    line(state, 0, 2, "R")
    line(state, 0, 4, "BBBB")
    chips(state, 0, "R R")
    tiled(state)
    assert {str(m) for m in state.legal_moves()} == {"chips R,R", "skip"}
    state.play(SKIP)
    # now line 4 asks for its cell; line 2 cannot be completed any more
    assert [str(m) for m in state.legal_moves()] == ["tile a4", "tile b4"]
    with pytest.raises(IllegalMoveError) as error:
        state.play(SpendChips((R, R)))
    assert error.value.key == "azul_duel.tiling_now"
    state.play(PlaceTile(cell("b4")))
    assert state.line_count[1] == 1 and state.line_colour[1] == R
    assert state.chips[R] == 2


def test_complete_line_without_a_cell_waits_while_its_plate_row_has_room() -> None:
    state = at_round_5()
    plates(state, 0, {4: (8, 0)})  # row 3: T R
    tiles(state, 0, {"b3": "R"})
    line(state, 0, 3, "RRR")
    tiled(state)
    assert state.line_count[2] == 3
    assert sum(state.broken[:5]) == 0
    assert state.score[0] == 5


@pytest.mark.parametrize(("held", "penalty"), [("RRR", 6), ("RR", 3)])
def test_line_without_a_cell_breaks_once_its_plate_row_is_full(held: str, penalty: int) -> None:
    state = at_round_5()
    plates(state, 0, {4: (8, 0), 5: (0, 0), 6: (7, 0)})  # row 3: T R | Y K | Y B
    tiles(state, 0, {"b3": "R"})
    line(state, 0, 3, held)
    state.score = [10, 5]
    tower_before = state.tower[R]
    tiled(state)
    assert state.line_count[2] == 0
    assert state.score[0] == 10 - penalty
    assert state.tower[R] == tower_before + len(held)  # broken tiles end in the tower


@pytest.mark.parametrize(("broken", "score"), [(1, 19), (2, 17), (3, 14), (4, 10)])
def test_broken_tiles_cost_1_3_6_10(broken: int, score: int) -> None:
    state = at_round_5()
    state.broken[K] = broken
    state.score = [20, 20]
    tiled(state)
    assert state.score[0] == score
    assert sum(state.broken) == 0


def test_broken_area_holds_4_and_the_rest_goes_to_the_tower_free() -> None:
    state = blank(start=0, round_number=5)
    state.tablets = [0, 0, 0, 0]
    state.big_moon[R] = 6
    settle(state)
    tower_before = state.tower[R]
    state.play(state.parse_move("moon R>x"))
    # 4 broken (then 2 more to the tower); tiling ran at once and put the 4 in the tower too
    assert state.tower[R] == tower_before + 6
    # broken -10, start tile -2 (the first large-moon take), from 5: clamped at 0
    change = next(c for c in state.score_changes if c.seat == 0)
    assert [part.points for part in change.parts] == [-10, -2]
    assert change.points == -5
    assert state.score[0] == 0


def test_start_tile_costs_2_and_its_taker_starts_next_round() -> None:
    state = blank(start=1, round_number=1)
    state.plates_taken = [2, 2]
    state.big_moon[Y] = 1
    state.suns[5 + T] = 1  # workshop 1's sun
    settle(state)
    state.play(state.parse_move("sun 1 T>1"))
    state.play(state.parse_move("moon Y>1"))
    assert state.round == 2
    assert state.starter == 0 and state.to_move == 0
    assert state.score == [5 - 2, 5]


@pytest.mark.parametrize(("rule", "starter"), [("keep", 0), ("pass", 1)])
def test_untaken_start_tile_option(rule: str, starter: int) -> None:
    state = blank(start=0, round_number=1, untaken_start_tile=rule)
    state.plates_taken = [2, 2]
    settle(state)
    assert state.round == 2
    assert state.starter == starter


def test_tiling_goes_in_turn_from_the_round_start_player() -> None:
    state = at_round_5()
    state.start_holder = state.starter = 1
    plates(state, 1, {2: (16, 0)})  # R W / B K: red may go on c1 or d1 (wild)
    plates(state, 0, {1: (1, 0)})  # W B / T K: blue may go on a1 (wild) or b1
    line(state, 0, 1, "B")
    line(state, 1, 1, "R")
    tiled(state)
    assert state.current_player == 1
    assert {str(m) for m in state.legal_moves()} == {"tile c1", "tile d1"}
    state.play(PlaceTile(cell("d1")))
    assert state.current_player == 0
    assert {str(m) for m in state.legal_moves()} == {"tile a1", "tile b1"}


def test_colours_of_tiles_on_wild_cells_stay_as_placed() -> None:
    state = at_round_5()
    plates(state, 0, {1: (1, 0)})
    line(state, 0, 1, "T")
    tiled(state)  # only a1 (wild) accepts turquoise
    assert state.tiles[cell("a1")] == COLOURS.index("T")
