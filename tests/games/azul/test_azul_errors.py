"""Illegal moves are explained in plain words, and bad input never changes a game (spec 4, 10)."""

from __future__ import annotations

from typing import Any

import pytest

from kashi.core.errors import IllegalMoveError, KashiError, MoveSyntaxError
from kashi.core.state import CHANCE
from kashi.games.azul import CENTRE, Draft, WallPlacement
from kashi.games.azul.state import AzulState
from tests.games.azul.builders import board, game_at, play

FACTORIES = ["BBYR", "KKWW", "BYRW", "YYYY", "RRRK"]


def offer() -> AzulState:
    """Seat 0 to move: line 1 holds a complete Y, line 3 one R, wall row 2 has its blue."""
    return board(
        walls={0: [".....", ".x...", ".....", ".....", "....."]},
        lines={0: {1: "Y", 3: "R"}},
        factories=FACTORIES,
        centre="K",
    )


@pytest.mark.parametrize(
    ("move", "key", "text"),
    [
        ("1B2", "azul.wall_has_colour", "row 2 of your wall already has blue"),
        ("1B3", "azul.line_other_colour", "pattern line 3 already holds red: a line holds one colour only"),
        ("4Y1", "azul.line_complete", "pattern line 1 is already complete"),
        ("1K4", "azul.colour_absent", "factory 1 has no black tiles"),
        ("CB4", "azul.colour_absent_centre", "the centre has no blue tiles"),
        ("7B4", "azul.no_factory", "there is no factory 7 with 2 players (5 factories)"),
        ("w11", "azul.drafting_now", "no wall placement is due: take tiles from a factory or the centre"),
        (
            "1B4-1",
            "azul.partial_floor_off",
            "sending only some tiles to the floor needs the partial_floor option",
        ),
    ],
)
def test_illegal_moves_name_the_rule_they_break(move: str, key: str, text: str) -> None:
    """4: each refused move says which rule it breaks, and changes nothing."""
    state = offer()
    before = state.to_json()
    with pytest.raises(IllegalMoveError) as error:
        play(state, move)
    assert (error.value.key, str(error.value)) == (key, text)
    assert state.to_json() == before
    explained = state.explain_illegal(state.parse_move(move))
    assert explained is not None and explained.key == key
    assert state.to_json() == before


def test_a_legal_move_has_no_explanation() -> None:
    assert offer().explain_illegal(offer().parse_move("1B4")) is None


@pytest.mark.parametrize("move", [Draft(0, 0, 9), Draft(0, 7, 0), Draft(-1, 0, 0), "1B4", 42, None])
def test_objects_that_are_not_moves(move: Any) -> None:
    """A move object outside the notation is refused as not a move."""
    state = offer()
    before = state.to_json()
    with pytest.raises(IllegalMoveError) as error:
        state.play(move)
    assert error.value.key == "azul.not_a_move"
    assert state.to_json() == before


@pytest.mark.parametrize(
    ("move", "seat", "error", "key"),
    [
        ("3X2", None, MoveSyntaxError, "azul.syntax_move"),
        ("1B4", 1, IllegalMoveError, "core.out_of_turn"),
        (42, None, IllegalMoveError, "azul.not_a_move"),
        (Draft(CENTRE, 0, 0), None, IllegalMoveError, "azul.colour_absent_centre"),
        ("9B4", None, IllegalMoveError, "azul.no_factory"),
        (WallPlacement(0, 0), 0, IllegalMoveError, "azul.drafting_now"),
    ],
)
def test_bad_input_to_a_game_changes_nothing(move: Any, seat: int | None, error: type[KashiError], key: str) -> None:
    """A malformed move, a move out of turn, a wrong type, an absent factory: nothing changes."""
    game = game_at(offer())
    before, events = game.state.to_json(), list(game.events)
    with pytest.raises(error) as raised:
        game.play(move, seat=seat)
    assert raised.value.key == key
    assert game.state.to_json() == before and game.events == events and game.score_log == []


def test_a_chance_event_is_refused_while_a_player_is_to_move() -> None:
    state = offer()
    before = state.to_json()
    with pytest.raises(IllegalMoveError) as error:
        state.apply_chance(state.parse_chance("BBYR"))
    assert error.value.key == "core.not_chance" and state.to_json() == before


def test_no_move_while_a_refill_is_due_or_after_the_end() -> None:
    state = board(to_move=CHANCE)
    with pytest.raises(IllegalMoveError) as error:
        play(state, "1B1")
    assert error.value.key == "core.not_your_turn"
    over = board(walls={0: ["xxxx.", *["....."] * 4]}, lines={0: {1: "W"}}, factories=["K"], to_move=1)
    game = game_at(over)
    game.play("1K5")
    assert game.is_over() and game.state.legal_moves() == []
    with pytest.raises(IllegalMoveError) as error:
        game.play("1K5")
    assert error.value.key == "core.game_over"


def test_the_game_returns_the_score_changes_of_the_move_that_ends_the_offer() -> None:
    """5: the score changes carry their parts: 3 in the row + 2 in the column, floor -4, bonus column."""
    tiling = board(
        walls={0: [".....", "..x..", "xx...", ".....", "....."]},
        lines={0: {3: "BBB"}},
        floors={0: "RRR"},
        factories=["K"],
        to_move=1,
    )
    game = game_at(tiling)
    changes = game.play("1K5", seat=1)
    (change,) = changes
    assert change.seat == 0 and change.points == 5 - 4
    assert [(part.key, part.points) for part in change.parts] == [("azul.place.both", 5), ("azul.floor", -4)]
    assert str(change) == "blue at 3-3: 3 in the row + 2 in the column = +5, floor -4"
    assert game.score_log == changes
