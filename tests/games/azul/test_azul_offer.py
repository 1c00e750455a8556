"""Spec section 4: the factory offer (turns, takes, destinations, floor, marker, partial_floor)."""

from __future__ import annotations

import pytest

from kashi.core.errors import IllegalMoveError, MoveSyntaxError
from kashi.core.state import CHANCE
from kashi.games.azul import AzulRules, Draft, WallPlacement
from kashi.games.azul.state import EMPTY, AzulState
from tests.games.azul.builders import board, counts, floor_text, line_text, play

FACTORIES = ["BBYR", "KKWW", "BYRW", "YYYY", "RRRK"]


def offer() -> AzulState:
    """Seat 0 to move: line 1 holds a complete Y, line 3 one R, wall row 2 has its blue."""
    return board(
        walls={0: [".....", ".x...", ".....", ".....", "....."]},
        lines={0: {1: "Y", 3: "R"}},
        factories=FACTORIES,
    )


def test_turns_start_with_the_starter_and_go_clockwise() -> None:
    """4: players act in turn, starting with the marker holder, then by increasing index."""
    state = board(players=3, factories=["BBBB", "YYYY", "RRRR", "KKKK"], to_move=2)
    seats = []
    for move in ("1B1", "2Y1", "3R1", "4K2"):
        seats.append(state.current_player)
        play(state, move)
    assert seats == [2, 0, 1, 2]


def test_a_turn_is_mandatory() -> None:
    """4: a turn is mandatory (there is no pass): always a move, and no pass move exists."""
    state = offer()
    assert state.legal_moves() and all(isinstance(move, Draft) for move in state.legal_moves())
    with pytest.raises(MoveSyntaxError):
        state.parse_move("pass")


def test_take_from_a_factory_moves_the_rest_to_the_centre() -> None:
    """4: take all tiles of one colour from a factory; the rest of it go to the centre."""
    state = offer()
    play(state, "1B4")
    assert line_text(state, 0, 4) == "BB"
    assert state.factories[0] is EMPTY
    assert state.centre == counts("YR")
    assert state.marker_in_centre and len(state.floor[0]) == 0
    assert state.current_player == 1


def test_there_is_no_move_taking_only_some_tiles_of_a_colour() -> None:
    """4: a take is all tiles of the colour: every legal 1B move takes both blues."""
    state = offer()
    for move in state.legal_moves():
        if str(move).startswith("1B"):
            after = state.copy()
            after.play(move)
            assert after.factories[0] is EMPTY and after.centre[0] == 0


def test_first_taker_from_the_centre_takes_the_marker() -> None:
    """4: the first player in the round to take from the centre takes the marker to their floor."""
    state = offer()
    play(state, "1B4", "CY5")
    assert not state.marker_in_centre
    assert state.marker_floor == 1 and state.next_starter == 1
    assert len(state.floor[1]) == 1 and floor_text(state, 1) == ""
    assert state.centre == counts("R")
    play(state, "CR3")
    assert len(state.floor[0]) == 0 and state.marker_floor == 1
    assert line_text(state, 0, 3) == "RR"


def test_the_marker_takes_the_leftmost_free_space_after_floor_tiles() -> None:
    """4: the marker goes on the leftmost free space: after the tiles already there."""
    state = board(floors={0: "KK"}, factories=["BBBB"], centre="YYY")
    play(state, "CYF")
    assert len(state.floor[0]) == 2 + 1 + 3
    assert state.floor[0] == "KK1YYY"


def test_a_line_holding_tiles_accepts_only_that_colour() -> None:
    """4: a line that already holds tiles accepts only that colour."""
    state = offer()
    moves = {str(move) for move in state.legal_moves()}
    assert "5R3" in moves and "1B3" not in moves and "3W3" not in moves
    with pytest.raises(IllegalMoveError) as error:
        play(state, "1B3")
    assert error.value.key == "azul.line_other_colour"


def test_no_colour_in_a_line_whose_wall_row_has_it() -> None:
    """4: a colour may not go into line i if wall row i already holds that colour."""
    state = offer()
    moves = {str(move) for move in state.legal_moves()}
    assert "1B2" not in moves and "1Y2" in moves and "1B4" in moves
    with pytest.raises(IllegalMoveError) as error:
        play(state, "3B2")
    assert error.value.key == "azul.wall_has_colour"


def test_a_complete_line_takes_nothing() -> None:
    """4: one pattern line that is not already complete."""
    state = offer()
    assert not any(str(move).endswith("Y1") for move in state.legal_moves())
    with pytest.raises(IllegalMoveError) as error:
        play(state, "4Y1")
    assert error.value.key == "azul.line_complete"


def test_the_floor_is_always_allowed() -> None:
    """4: the floor line directly is always allowed, even when a line could take them."""
    state = offer()
    every_take = {str(move)[:2] for move in state.legal_moves()}
    assert every_take == {f"{i + 1}{c}" for i, tiles in enumerate(FACTORIES) for c in set(tiles)}
    assert {f"{take}F" for take in every_take} <= {str(move) for move in state.legal_moves()}
    play(state, "1BF")
    assert floor_text(state, 0) == "BB" and len(state.floor[0]) == 2
    assert line_text(state, 0, 4) == ""


def test_tiles_that_do_not_fit_overflow_to_the_floor_not_another_line() -> None:
    """4: tiles that do not fit overflow to the floor; a take is never split across two lines."""
    state = offer()
    play(state, "4Y2")
    assert line_text(state, 0, 2) == "YY"
    assert floor_text(state, 0) == "YY"
    assert line_text(state, 0, 3) == "R" and line_text(state, 0, 4) == ""
    assert all(isinstance(move, Draft) and move.line <= 5 for move in state.legal_moves())


def test_a_line_that_already_holds_tiles_is_topped_up() -> None:
    """4: a line is filled right to left; tiles added to a started line join it."""
    state = offer()
    play(state, "5R3")
    assert line_text(state, 0, 3) == "RRR" and floor_text(state, 0) == "R"
    assert "   RRR |" in state.render().splitlines()[8]


@pytest.mark.parametrize("number", [1, 2, 3, 4, 5])
def test_pattern_line_i_holds_i_tiles(number: int) -> None:
    """1: line i holds i tiles; one more overflows to the floor (after the marker, first from the centre)."""
    state = board(centre="B" * (number + 1), factories=["K"])
    play(state, f"CB{number}")
    assert line_text(state, 0, number) == "B" * number
    assert floor_text(state, 0) == "B" and len(state.floor[0]) == 2


def test_floor_fills_to_seven_then_the_lid() -> None:
    """4: floor spaces fill left to right; once all 7 are full, further tiles go to the lid."""
    state = board(floors={0: "BBBBB"}, factories=["YYYY", "RRRR"])
    play(state, "1YF")
    assert len(state.floor[0]) == 7
    assert floor_text(state, 0) == "BBBBBYY"
    assert state.lid == counts("YY")


def test_marker_on_a_full_floor_still_makes_the_next_starter() -> None:
    """4: if the floor is full when the marker is taken, the player still becomes next starter."""
    state = board(floors={0: "BBBBKKK"}, centre="Y", factories=["RRRR"], to_move=0, starter=1)
    play(state, "CY1")
    assert len(state.floor[0]) == 7 and state.marker_floor == 0 and state.next_starter == 0


def test_the_offer_ends_when_the_table_is_empty_even_with_the_marker_in_the_centre() -> None:
    """4: the phase ends when all factories and the centre hold no tiles."""
    state = board(factories=["BB", "YY"])
    play(state, "1B5")
    assert state.current_player == 1
    play(state, "2Y5")
    assert state.current_player == CHANCE and state.round == 2


def test_the_centre_is_unbounded() -> None:
    """1: the centre of the table is unbounded."""
    state = board(players=4, factories=["BYRK"] * 5 + ["W"], to_move=0)
    play(state, "1B1", "2Y1", "3R1", "4K1", "5B2")
    assert sum(state.centre) == 15


class TestPartialFloor:
    """4: option partial_floor: any number of the taken tiles to the floor, the rest to the line."""

    RULES = AzulRules(partial_floor=True)

    def state(self) -> AzulState:
        return board(rules=self.RULES, factories=["BBBY", "K"])

    @pytest.mark.parametrize(
        ("move", "line", "floor"), [("1B2-1", "BB", "B"), ("1B3-2", "B", "BB"), ("1B1-1", "B", "BB")]
    )
    def test_split(self, move: str, line: str, floor: str) -> None:
        state = play(self.state(), move)
        assert line_text(state, 0, int(move[2])) == line
        assert floor_text(state, 0) == floor

    def test_k_ranges_from_1_to_fewer_than_taken(self) -> None:
        """10: 3B2-k needs 1 <= k < the number taken."""
        moves = {str(move) for move in self.state().legal_moves()}
        assert {"1B2-1", "1B2-2"} <= moves and "1B2-3" not in moves and "1BF-1" not in moves
        assert not any(text.startswith("1Y") and "-" in text for text in moves)
        assert not any(text.startswith("2K") and "-" in text for text in moves)
        with pytest.raises(IllegalMoveError) as error:
            play(self.state(), "1B2-3")
        assert error.value.key == "azul.partial_floor_count"
        assert str(error.value) == "you take 3 blue tiles: k must be from 1 to 2"
        with pytest.raises(IllegalMoveError) as error:
            play(self.state(), "1BF-1")
        assert error.value.key == "azul.partial_floor_line"

    def test_off_by_default(self) -> None:
        state = board(factories=["BBBY"])
        assert not any("-" in str(move) for move in state.legal_moves())
        with pytest.raises(IllegalMoveError) as error:
            play(state, "1B2-1")
        assert error.value.key == "azul.partial_floor_off"


def test_grey_placement_is_not_a_draft() -> None:
    """4: during the offer only takes are moves."""
    with pytest.raises(IllegalMoveError) as error:
        offer().play(WallPlacement(0, 0))
    assert error.value.key == "azul.drafting_now"
