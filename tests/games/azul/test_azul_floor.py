"""Spec sections 4-5: floor penalties, the marker, the clamp at 0, the next starting player."""

from __future__ import annotations

import pytest

from tests.games.azul.builders import board, counts, fill, floor_text, parts, play, texts


@pytest.mark.parametrize(
    ("floor", "penalty"),
    [("B", -1), ("BY", -2), ("BYR", -4), ("BYRK", -6), ("BYRKW", -8), ("BBYRKW", -11), ("BBYYRKW", -14)],
)
def test_floor_penalty_is_the_sum_of_the_occupied_spaces(floor: str, penalty: int) -> None:
    """1/5.4: spaces cost -1 -1 -2 -2 -2 -3 -3; subtract the value of each occupied space."""
    state = board(floors={0: floor}, factories=["K"], to_move=1, scores=[20, 0])
    play(state, "1K5")
    assert parts(state, 0) == [("azul.floor", penalty)]
    assert texts(state, 0) == [f"floor {penalty}"]
    assert state.score[0] == 20 + penalty


def test_the_marker_counts_as_a_floor_tile() -> None:
    """4: the marker counts as one floor tile (the mistake of forgetting its penalty, spec 9.2)."""
    state = board(centre="Y", scores=[5, 0])
    play(state, "CY1")
    assert parts(state, 0) == [("azul.place.lone", 1), ("azul.floor", -1)]
    assert state.score[0] == 5


def test_the_marker_and_tiles_on_the_floor() -> None:
    """4: the marker takes a floor space before the taken tiles."""
    state = board(centre="YYY", scores=[9, 0])
    play(state, "CYF")
    assert parts(state, 0) == [("azul.floor", -6)]
    assert state.score[0] == 3


def test_taking_the_marker_onto_a_full_floor_costs_nothing_more() -> None:
    """4: floor full when the marker is taken: next starter anyway, no extra penalty (cap -14)."""
    state = board(floors={0: "BBBBKKK"}, centre="Y", to_move=0, starter=1, scores=[20, 0])
    play(state, "CY1")
    assert parts(state, 0) == [("azul.place.lone", 1), ("azul.floor", -14)]
    assert state.score[0] == 7
    fill(state, "fill BBBB YYYY RRRR KKKK WWWW")
    assert state.starter == 0 and state.current_player == 0


def test_the_clamp_at_zero_comes_after_the_gains() -> None:
    """5.4: the score never goes below 0; the clamp is applied after this round's gains."""
    state = board(
        walls={0: [".x...", "x....", ".....", ".....", "....."]},
        lines={0: {2: "BB"}},
        floors={0: "KK"},
        factories=["K"],
        to_move=1,
    )
    play(state, "1K5")
    assert state.score[0] == 0 + 4 - 2  # not 4: the penalty is not clamped before the gain


def test_the_clamp_is_explained_and_the_change_is_what_was_added() -> None:
    """5.4: a score of 1 with +1 and -8 ends at 0, not -6."""
    state = board(lines={0: {1: "B"}}, floors={0: "YYRRK"}, factories=["K"], to_move=1, scores=[1, 0])
    play(state, "1K5")
    assert state.score[0] == 0
    assert parts(state, 0) == [("azul.place.lone", 1), ("azul.floor", -8), ("azul.clamp", 6)]
    (change,) = [change for change in state.score_changes if change.seat == 0]
    assert change.points == -1


def test_floor_tiles_go_to_the_lid_and_the_marker_does_not() -> None:
    """5.5/1: floor tiles go to the lid; the marker is not a tile, never in the bag or the lid."""
    state = board(floors={1: "RRK"}, centre="YY", factories=["W"], to_move=1)
    play(state, "CYF")
    assert floor_text(state, 1) == "RRKYY" and state.floor[1] == "RRK1YY"
    assert state.lid == counts("")
    play(state, "1W5")
    assert state.lid == counts("YYRRK")
    assert sum(state.bag) + sum(state.lid) + 1 == 100  # the W on seat 0's line 5
    assert state.floor == ["", ""] and floor_text(state, 1) == ""


def test_the_marker_taker_starts_the_next_round() -> None:
    """5.5: the marker goes to its taker, who starts the next round."""
    state = board(centre="Y", factories=["K"], to_move=1, starter=0)
    play(state, "CY1", "1K5")
    fill(state, "fill BBBB YYYY RRRR KKKK WWWW")
    assert state.starter == 1 and state.current_player == 1
    assert state.marker_in_centre and state.marker_floor == -1


def test_nobody_took_from_the_centre_so_the_same_starter_starts_again() -> None:
    """5.5: if nobody took the marker this round, the same starting player starts again."""
    state = board(factories=["K", "Y"], to_move=1)
    play(state, "1K5", "2Y5")
    assert state.marker_in_centre
    fill(state, "fill BBBB YYYY RRRR KKKK WWWW")
    assert state.starter == 1 and state.current_player == 1
