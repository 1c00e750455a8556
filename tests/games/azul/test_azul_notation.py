"""Spec section 10: the notation of moves, fills and centre tiles, and records that use it."""

from __future__ import annotations

import pytest

from kashi.core.errors import MoveSyntaxError
from kashi.core.game import Game
from kashi.core.record import Record
from kashi.games.azul import CENTRE, FLOOR, AzulRules, CentreTile, Draft, FactoryFill, WallPlacement
from kashi.games.azul.state import EMPTY, AzulState
from tests.games.azul.builders import board, counts, floor_text, line_text

STATE = AzulState(AzulRules(partial_floor=True, grey=True), 2, 0)


@pytest.mark.parametrize(
    ("move", "text"),
    [
        (Draft(2, 0, 1), "3B2"),
        (Draft(CENTRE, 1, FLOOR), "CYF"),
        (Draft(8, 4, 4), "9W5"),
        (Draft(2, 0, 1, 2), "3B2-2"),
        (WallPlacement(1, 3), "w24"),
    ],
)
def test_moves_print_and_read_back(move: Draft | WallPlacement, text: str) -> None:
    """10: <source><colour><destination>, 3B2-k with partial_floor, w<line><column> on the grey side."""
    assert str(move) == text
    assert STATE.parse_move(text) == move
    assert STATE.parse_move(text.lower()) == move


@pytest.mark.parametrize("text", ["", "3B", "0B1", "3X2", "3B6", "CBG", "w26", "w06", "3B2-", "3B2-0", "pass", "3 B 2"])
def test_malformed_moves_are_syntax_errors(text: str) -> None:
    """10: anything else is not a move."""
    with pytest.raises(MoveSyntaxError) as error:
        STATE.parse_move(text)
    assert error.value.key == "azul.syntax_move"


@pytest.mark.parametrize(
    ("chance", "text"),
    [
        (FactoryFill((2, 1, 1, 0, 0)), "BBYR"),
        (FactoryFill((0, 0, 0, 2, 2)), "KKWW"),
        (FactoryFill((1, 1, 0, 0, 0)), "BY.."),
        (FactoryFill(EMPTY), "...."),  # type: ignore[arg-type]
        (CentreTile(2), "+R"),
    ],
)
def test_fills_print_and_read_back(chance: FactoryFill | CentreTile, text: str) -> None:
    """10: four characters per factory, tiles sorted in colour order then '.'; +R names the centre tile."""
    assert str(chance) == text
    assert STATE.parse_chance(text) == chance


@pytest.mark.parametrize("text", ["YBBR", "BBYRR", "BYR", ".BYR", "+X", "+", "B.Y."])
def test_malformed_fills_are_syntax_errors(text: str) -> None:
    """10: tiles sorted in colour order, then a '.' for each empty place."""
    with pytest.raises(MoveSyntaxError) as error:
        STATE.parse_chance(text)
    assert error.value.key == "azul.syntax_fill"


RECORD = """[Game "azul"]
[Variant "azul"]
[Players "2"]
[Options "{options}"]
[Seed "1"]
[Start "1"]

fill BBYR KKWW BYRW YYYY RRRK{centre}
1 1B2
0 CYF
"""


def test_a_hand_written_record_replays() -> None:
    """10: records use the notation: a fill line, then each move prefixed by its seat."""
    game = Game.from_record(Record.from_text(RECORD.format(options="", centre="")))
    state = game.state
    assert [str(FactoryFill(tiles)) for tiles in state.factories] == ["....", "KKWW", "BYRW", "YYYY", "RRRK"]  # type: ignore[arg-type]
    assert line_text(state, 1, 2) == "BB"
    assert floor_text(state, 0) == "Y" and len(state.floor[0]) == 2 and state.marker_floor == 0
    assert state.centre == counts("R") and state.current_player == 1
    assert [event.line() for event in game.record().events] == [
        "fill BBYR KKWW BYRW YYYY RRRK",
        "1 1B2",
        "0 CYF",
    ]


def test_a_record_with_a_centre_tile() -> None:
    """10: with centre_seed_tile a trailing +R names the centre tile."""
    game = Game.from_record(Record.from_text(RECORD.format(options="centre_seed_tile=true", centre=" +R")))
    assert game.state.centre == counts("RR")  # the seed R, and the R left by factory 1
    assert game.record().events[0].text == "fill BBYR KKWW BYRW YYYY RRRK +R"


def test_every_legal_move_reads_back_from_its_text() -> None:
    """10: str(move) is the notation and parse_move reads it back, partial and grey moves included."""
    state = board(rules=AzulRules(partial_floor=True), factories=["BBBY", "KKWW"], centre="RR")
    grey = board(rules=AzulRules(grey=True), lines={0: {3: "YYY"}}, factories=["K"], to_move=1)
    grey.play(grey.parse_move("1K5"))
    for position in (state, grey):
        legal = position.legal_moves()
        assert legal and [position.parse_move(str(move)) for move in legal] == legal
