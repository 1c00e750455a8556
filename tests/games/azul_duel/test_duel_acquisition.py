"""Phase A by hand-built positions: suns, moons, the start tile, chips, plates, paid draws,
passing and the end of acquisition (spec section 3)."""

from __future__ import annotations

from typing import Any

import pytest
from duel_helpers import blank, chance_kind, chips, line, plates, settle, workshop

from kashi.core.errors import IllegalMoveError
from kashi.core.state import CHANCE
from kashi.games.azul_duel.notation import ChipReveal, PlateReveal, SunTake
from kashi.games.azul_duel.phases import ACQUISITION, CHIP_HIDDEN, TILING
from kashi.games.azul_duel.state import AzulDuelState

R, Y, K, B, T = range(5)


def busy(round_number: int = 1, **options: Any) -> AzulDuelState:
    """Seat 0 to move; both players already took their plates; chips gone."""
    state = blank(start=0, round_number=round_number, **options)
    state.plates_taken = [2, 2]
    return state


def test_small_sun_take_stacks_the_leftovers_in_the_chosen_order() -> None:
    state = busy()
    workshop(state, 2, sun="RYKB")
    workshop(state, 3, sun="T")
    settle(state)
    state.play(state.parse_move("sun 2 R>3 KBY"))
    assert state.moons[1] == (K, B, Y)  # bottom to top: Y is the accessible top
    assert state.line_count[2] == 1 and state.line_colour[2] == R
    assert state.suns[10:15] == [0, 0, 0, 0, 0]


def test_every_stacking_order_is_a_separate_move() -> None:
    state = busy()
    workshop(state, 2, sun="RYKB")
    settle(state)
    takes = [m for m in state.legal_moves() if isinstance(m, SunTake) and m.colour == R and m.line == 0]
    assert sorted(m.order for m in takes) == sorted([(Y, K, B), (Y, B, K), (K, Y, B), (K, B, Y), (B, Y, K), (B, K, Y)])
    state2 = busy()
    workshop(state2, 2, sun="RYYK")
    settle(state2)
    orders = {m.order for m in state2.legal_moves() if isinstance(m, SunTake) and m.colour == R and m.line == 0}
    assert orders == {(Y, Y, K), (Y, K, Y), (K, Y, Y)}


def test_an_order_that_is_not_the_leftovers_is_refused() -> None:
    state = busy()
    workshop(state, 2, sun="RYKB")
    settle(state)
    with pytest.raises(IllegalMoveError) as error:
        state.play(state.parse_move("sun 2 R>3 KBB"))
    assert error.value.key == "azul_duel.bad_order"
    assert "YKB" in str(error.value)
    with pytest.raises(IllegalMoveError):
        state.play(state.parse_move("sun 2 R>3"))  # three leftovers of different colours: say the order


def test_a_forced_order_may_be_left_out() -> None:
    state = busy()
    workshop(state, 1, sun="RRRY")
    settle(state)
    assert state.parse_move("sun 1 Y>1") == SunTake(1, Y, 0, (R, R, R))
    assert state.parse_move("sun 1 R>1") == SunTake(1, R, 0, (Y,))


def test_large_sun_leftovers_go_loose_onto_the_large_moon() -> None:
    state = busy()
    workshop(state, 0, sun="RRYKB", moon="Y")
    settle(state)
    with pytest.raises(IllegalMoveError) as error:
        state.play(SunTake(0, R, 1, (Y, K, B)))
    assert error.value.key == "azul_duel.large_no_order"
    state.play(state.parse_move("sun L R>2"))
    assert state.big_moon == [0, 2, 1, 1, 0]
    assert state.line_count[1] == 2
    assert state.start_on_moon  # taking from the sun does not take the start tile


def test_moon_take_gathers_top_tiles_of_several_stacks_and_the_large_moon() -> None:
    state = busy()
    workshop(state, 0, moon="RRB")
    workshop(state, 1, moon="YR")  # top R
    workshop(state, 2, moon="RY")  # top Y: its R is underneath
    workshop(state, 3, moon="R")  # top R
    workshop(state, 4, sun="K")
    state.chip_at[2] = CHIP_HIDDEN
    settle(state)
    state.play(state.parse_move("moon R>6"))
    assert state.line_count[5] == 4  # 2 from the large moon, 1 from stack 1, 1 from stack 3
    assert state.moons == [(Y,), (R, Y), (), ()]
    assert state.big_moon == [0, 0, 0, 1, 0]
    assert state.start_taker == 0 and not state.start_on_moon
    # workshop 3 is empty now: its chip is revealed by a chance event
    assert state.current_player == CHANCE and chance_kind(state) == "chip"


def test_only_the_first_large_moon_taker_gets_the_start_tile() -> None:
    state = busy()
    workshop(state, 0, moon="RB")
    workshop(state, 1, moon="YY")
    settle(state)
    state.play(state.parse_move("moon Y>1"))  # small moon only: no start tile
    assert state.start_on_moon and state.start_taker == -1
    state.play(state.parse_move("moon R>1"))
    assert state.start_taker == 1
    state.play(state.parse_move("moon B>2"))
    assert state.start_taker == 1


def test_a_moon_colour_that_is_not_on_top_is_refused() -> None:
    state = busy()
    workshop(state, 1, moon="RY")
    settle(state)
    with pytest.raises(IllegalMoveError) as error:
        state.play(state.parse_move("moon R>1"))
    assert error.value.key == "azul_duel.moons_lack"


def test_drafted_tiles_go_to_one_fitting_line_with_overflow() -> None:
    state = busy()
    workshop(state, 0, sun="RRRRY")
    line(state, 0, 2, "K")
    line(state, 0, 3, "RRR")
    settle(state)
    for text, key in (("sun L R>2", "azul_duel.line_other_colour"), ("sun L R>3", "azul_duel.line_complete")):
        with pytest.raises(IllegalMoveError) as error:
            state.play(state.parse_move(text))
        assert error.value.key == key
    state.play(state.parse_move("sun L R>1"))
    assert state.line_count[0] == 1
    assert state.broken[:5] == [3, 0, 0, 0, 0]


def test_a_chip_shows_when_its_workshop_empties_and_is_drawn_from_the_unrevealed() -> None:
    state = busy()
    state.chip_at[1] = CHIP_HIDDEN
    workshop(state, 2, sun="RR")
    workshop(state, 3, sun="K")
    chips(state, 1, "R R")  # both red chips are gone: a red chip cannot show up
    settle(state)
    state.play(state.parse_move("sun 2 R>2"))
    assert state.chance_group() == ("chip", 1)
    outcomes = dict(state.chance_outcomes())
    assert ChipReveal(2, R) not in outcomes
    assert outcomes[ChipReveal(2, 5)] == pytest.approx(2 / 18)
    with pytest.raises(IllegalMoveError):
        state.apply_chance(ChipReveal(2, R))
    state.apply_chance(ChipReveal(2, 5))
    assert state.chip_at[1] == 5 and state.current_player == 1


def test_chip_take_rules() -> None:
    state = busy()
    state.chip_at = [3, CHIP_HIDDEN, 7, 1]
    workshop(state, 2, sun="R")
    state.chips_taken = [2, 1]
    settle(state)
    for text, key in (("chip 1", "azul_duel.chip_quota"), ("chip 2", "azul_duel.chip_hidden")):
        with pytest.raises(IllegalMoveError) as error:
            state.play(state.parse_move(text))
        assert error.value.key == key
    state.to_move = state.current_player = 1
    state.play(state.parse_move("chip 3"))
    assert state.chips[10 + 7] == 1 and state.chips_taken[1] == 2
    state.to_move = state.current_player = 1
    with pytest.raises(IllegalMoveError) as error:
        state.play(state.parse_move("chip 3"))
    assert error.value.key == "azul_duel.chip_gone"


def test_each_player_takes_exactly_two_chips() -> None:
    state = busy()
    state.chip_at = [0, 1, 2, 3]
    settle(state)
    while state.phase == ACQUISITION:
        moves = state.legal_moves()
        state.play(moves[0])
    assert sum(state.chips[:10]) == 2 and sum(state.chips[10:]) == 2


def test_pass_only_when_nothing_else_is_legal() -> None:
    state = busy()
    state.chip_at = [0, 1, -2, -2]
    state.chips_taken = [2, 0]
    workshop(state, 1, sun="R")
    settle(state)
    with pytest.raises(IllegalMoveError) as error:
        state.play(state.parse_move("pass"))
    assert error.value.key == "azul_duel.pass_forbidden"
    state.play(state.parse_move("sun 1 R>1"))
    state.play(state.parse_move("chip 1"))
    assert [str(m) for m in state.legal_moves()] == ["pass"]  # seat 0 holds 2 chips, nothing left
    state.play(state.parse_move("pass"))
    state.play(state.parse_move("chip 2"))
    assert state.phase != ACQUISITION


def test_free_pass_option_allows_a_pass_but_not_two_in_a_row() -> None:
    state = busy(free_pass=True)
    workshop(state, 1, sun="R")
    settle(state)
    state.play(state.parse_move("pass"))
    with pytest.raises(IllegalMoveError) as error:
        state.play(state.parse_move("pass"))
    assert error.value.key == "azul_duel.pass_twice"


def test_acquisition_waits_for_the_plates_of_rounds_1_to_4() -> None:
    state = blank(start=0, round_number=2)
    state.plates_taken = [2, 1]
    state.display = [4]
    state.pool.remove(4)
    state.stack.pop()
    state.stack_known.pop()
    settle(state)
    assert state.phase == ACQUISITION and state.current_player == 0
    assert [str(m) for m in state.legal_moves()] == ["pass"]
    state.play(state.parse_move("pass"))
    state.play(state.parse_move("plate 4 s5 r2"))
    assert state.phase != ACQUISITION
    assert state.slots[9 + 4] == 4 * 4 + 2


def test_plate_from_the_display_is_placed_rotated_and_the_display_is_not_refilled() -> None:
    state = busy()
    state.plates_taken = [0, 0]
    state.display = [0, 1, 2]
    for plate in (0, 1, 2):
        state.pool.remove(plate)
    del state.stack[:3], state.stack_known[:3]
    workshop(state, 1, sun="R")
    settle(state)
    state.play(state.parse_move("plate 0 s1 r1"))  # Y K / T S turned once: T Y / S K
    assert state.cells[0:2] == [T, Y] and state.cells[6:8] == [5, K]
    assert state.display == [1, 2] and state.current_player == 1
    with pytest.raises(IllegalMoveError) as error:
        state.play(state.parse_move("plate 0 s2 r0"))
    assert error.value.key == "azul_duel.not_in_display"
    state.to_move = state.current_player = 0
    with pytest.raises(IllegalMoveError) as error:
        state.play(state.parse_move("plate 1 s1 r0"))
    assert error.value.key == "azul_duel.slot_taken"


def drawing_position(score: int = 5, **options: Any) -> AzulDuelState:
    state = busy(**options)
    state.plates_taken = [0, 2]
    state.score = [score, 5]
    workshop(state, 1, sun="R")
    return settle(state)


def test_paid_draw_keep_one_return_the_rest_in_order() -> None:
    state = drawing_position()
    for plate in (7, 3, 12):
        state.play(state.parse_move("draw"))
        assert state.chance_group()[0] == "drawn"
        state.apply_chance(PlateReveal(plate))
    assert state.score[0] == 2 and state.hand == [7, 3, 12]
    assert {str(m) for m in state.legal_moves()} >= {"draw", "keep 3 s1 r0"}
    with pytest.raises(IllegalMoveError) as error:
        state.play(state.parse_move("sun 1 R>1"))
    assert error.value.key == "azul_duel.drawing_now"
    state.play(state.parse_move("keep 3 s9 r3"))
    assert [str(m) for m in state.legal_moves()] == ["bottom 7", "bottom 12"]
    state.play(state.parse_move("bottom 12"))  # 12 goes under first, then 7 by itself
    assert state.stack[-2:] == [12, 7]
    assert state.stack_known[-2:] == [1, 1]
    assert state.plates_taken[0] == 1 and state.current_player == 1
    # the drawer knows the bottom of the stack, the other seat and spectators do not
    assert state.view(0).stack[-2:] == [12, 7]
    other = state.view(1)
    assert other.stack[-2:] == [-1, -1] and {7, 12} <= set(other.pool)
    assert state.view(None).stack.count(-1) == len(state.stack)


def test_drawn_plates_are_hidden_from_the_other_seat_while_drawing() -> None:
    state = drawing_position()
    state.play(state.parse_move("draw"))
    state.apply_chance(PlateReveal(9))
    assert state.view(0).hand == [9]
    assert state.view(1).hand == [-1] and 9 in state.view(1).pool


def test_paid_draws_clamp_at_zero_and_are_allowed_at_zero() -> None:
    state = drawing_position(score=1)
    state.play(state.parse_move("draw"))
    assert [c.points for c in state.score_changes] == [-1]
    state.apply_chance(PlateReveal(5))
    state.play(state.parse_move("draw"))
    (change,) = state.score_changes
    assert change.points == 0 and change.parts[0].points == -1
    assert state.score[0] == 0


def test_draw_at_zero_option_off() -> None:
    state = drawing_position(score=0, draw_at_zero=False)
    state.display = [1]
    state.pool.remove(1)
    state.stack.pop()
    state.stack_known.pop()
    with pytest.raises(IllegalMoveError) as error:
        state.play(state.parse_move("draw"))
    assert error.value.key == "azul_duel.draw_at_zero"
    state.play(state.parse_move("plate 1 s1 r0"))  # the display is still there
    state = drawing_position(score=0, draw_at_zero=False)
    state.play(state.parse_move("draw"))  # display empty: the plate must come from the stack
    state.apply_chance(PlateReveal(2))
    assert "draw" not in {str(m) for m in state.legal_moves()}


def test_a_revealed_top_plate_is_known_to_its_returner_only() -> None:
    state = drawing_position()
    state.play(state.parse_move("draw"))
    state.apply_chance(PlateReveal(7))
    state.play(state.parse_move("draw"))
    state.apply_chance(PlateReveal(3))
    state.play(state.parse_move("keep 3 s1 r0"))
    assert state.stack[-1] == 7
    # once the unknown plates above it are gone, 7 comes up for certain
    del state.stack[:-1], state.stack_known[:-1]
    state.pool = []
    state.plates_taken = [1, 0]
    state.to_move = state.current_player = 1
    state.play(state.parse_move("draw"))
    assert state.chance_outcomes() == [(PlateReveal(7), 1.0)]


def test_tiling_starts_when_everything_is_taken() -> None:
    state = busy()
    workshop(state, 1, sun="R")
    settle(state)
    plates(state, 0, {1: (16, 0)})  # R W / B K: red may go on a1 or b1 (wild)
    state.play(state.parse_move("sun 1 R>1"))
    assert state.phase == TILING and state.current_player == 0
