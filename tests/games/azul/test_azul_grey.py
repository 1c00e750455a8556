"""Spec 9.1: the grey side of the wall (azul-grey)."""

from __future__ import annotations

import pytest

import kashi
from kashi.core.errors import IllegalMoveError
from kashi.core.state import CHANCE
from kashi.games.azul import AzulRules, AzulState
from tests.games.azul.builders import board, counts, floor_text, line_text, parts, play, texts, wall_rows

GREY = AzulRules(grey=True)
EMPTY_WALL = ["....."] * 5


def grey(walls: dict[int, list[str]], lines: dict[int, dict[int, str]], **more: object) -> AzulState:
    """Seat 1 ends the offer by taking the last tile (to its line 5); seat 0 has the complete lines."""
    return play(board(rules=GREY, walls=walls, lines=lines, factories=["K"], to_move=1, **more), "1K5")  # type: ignore[arg-type]


def moves(state: AzulState) -> list[str]:
    return [str(move) for move in state.legal_moves()]


def test_the_variant_is_the_grey_side() -> None:
    """9.1: azul-grey is the grey side: the wall has no printed colours."""
    game = kashi.new_game("azul-grey", seed=3)
    assert game.state.rules.grey
    assert "b y r k w" not in game.state.render()


def test_tiling_a_complete_line_is_a_decision() -> None:
    """9.1/10: the owner chooses any empty space of the row: a move w<line><column>."""
    state = grey({}, {0: {1: "B"}})
    assert state.current_player == 0 and state.tiling == (0, 0)
    assert moves(state) == ["w11", "w12", "w13", "w14", "w15"]
    play(state, "w13")
    assert wall_rows(state, 0)[0] == "..B.."
    assert parts(state, 0) == [("azul.place.lone", 1)]
    assert state.current_player == CHANCE


def test_the_colour_may_not_repeat_in_a_column_or_take_a_tiled_space() -> None:
    """9.1: an empty space such that the colour does not already appear in that column."""
    state = grey({0: ["..Y..", "B....", ".....", ".....", "....."]}, {0: {1: "B"}})
    assert moves(state) == ["w12", "w14", "w15"]
    for move, key, text in [
        ("w11", "azul.column_has_colour", "column 1 of your wall already has blue"),
        ("w13", "azul.wall_taken", "row 1, column 3 of your wall is already tiled"),
        ("w21", "azul.wrong_line", "line 2 is not being tiled now: place the tile of line 1"),
    ]:
        before = state.to_json()
        with pytest.raises(IllegalMoveError) as error:
            play(state, move)
        assert (error.value.key, str(error.value)) == (key, text)
        assert state.to_json() == before


def test_decisions_go_top_to_bottom_and_see_the_tiles_placed_above() -> None:
    """9.1: one decision per complete line with more than one legal column, top to bottom."""
    state = grey({}, {0: {1: "B", 2: "BB"}, 1: {1: "Y"}})
    play(state, "w13")
    assert state.tiling == (0, 1) and moves(state) == ["w21", "w22", "w24", "w25"]
    play(state, "w22")
    assert state.current_player == 1 and moves(state) == ["w11", "w12", "w13", "w14", "w15"]
    play(state, "w15")
    assert parts(state, 1) == [("azul.place.lone", 1)]
    assert wall_rows(state, 0)[:2] == ["..B..", ".B..."] and wall_rows(state, 1)[0] == "....Y"
    assert state.current_player == CHANCE


def test_a_draft_during_tiling_is_refused() -> None:
    """9.1: wall tiling is a decision phase: only placements are moves then."""
    state = grey({}, {0: {1: "B"}})
    with pytest.raises(IllegalMoveError) as error:
        play(state, "1B1")
    assert error.value.key == "azul.tiling_now"


def test_one_legal_column_is_placed_without_asking() -> None:
    """9.1: a complete line with a single legal column needs no decision."""
    state = grey({0: ["YRK..", "...B.", ".....", ".....", "....."]}, {0: {1: "B"}})
    assert state.current_player == CHANCE
    assert wall_rows(state, 0)[0] == "YRK.B"
    assert parts(state, 0) == [("azul.place.lone", 1)]


def test_no_legal_space_sends_all_the_tiles_to_the_floor_and_the_lid() -> None:
    """9.1: no legal space: all its tiles go to the floor line (overflow to the lid)."""
    state = board(
        rules=GREY,
        walls={0: ["...B.", "YRK..", "....B", ".....", "....."]},
        lines={0: {2: "BB"}},
        floors={0: "RRRRRR"},
        factories=["K"],
        to_move=1,
        scores=[20, 0],
    )
    play(state, "1K5")
    assert line_text(state, 0, 2) == "" and wall_rows(state, 0)[1] == "YRK.."
    assert parts(state, 0) == [("azul.to_floor", 0), ("azul.floor", -14)]
    assert texts(state, 0)[0] == "line 2: no legal wall space for blue, 2 tiles to the floor"
    assert state.score[0] == 6
    assert state.lid == counts("BBRRRRRR") and floor_text(state, 0) == ""


def test_the_colour_bonus_counts_tiles_anywhere_on_the_wall() -> None:
    """9.1: end bonuses are the same (+10 per colour with 5 tiles anywhere on the wall)."""
    wall = ["YRKW.", "B....", ".B...", "..B..", "...B."]
    state = grey({0: wall}, {0: {1: "B"}})
    assert parts(state, 0) == [("azul.place.row", 5), ("azul.bonus.row", 2), ("azul.bonus.colour", 10)]
    assert state.score[0] == 17 and state.is_over()
