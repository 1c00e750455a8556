"""Spec section 9: notation of placements, decisions and draws; illegal moves explain the rule."""

from __future__ import annotations

from random import Random
from typing import Any

import pytest

from kashi.core.errors import IllegalMoveError, KashiError, MoveSyntaxError
from kashi.core.game import Game, new_game
from kashi.core.record import Record
from kashi.games.ingenious import IngeniousState
from kashi.games.ingenious.hexgrid import cell_of
from kashi.games.ingenious.moves import Decision, Placement, parse_move
from kashi.games.ingenious.tiles import TILES, parse_tile
from tests.games.ingenious.builders import play, position

RED, BLUE = 0, 2


def cell(name: str) -> int:
    found = cell_of(name)
    assert found is not None
    return found


def test_a_placement_puts_the_first_colour_on_the_first_cell() -> None:
    move = parse_move("RB h8-h9")
    assert move == Placement(RED, BLUE, cell("h8"), cell("h9"))
    assert str(move) == "RB h8-h9"


def test_the_same_placement_written_the_other_way_round_is_one_move() -> None:
    assert parse_move("BR h9-h8") == parse_move("RB h8-h9")
    assert str(parse_move("BR h9-h8")) == "RB h8-h9"
    assert str(parse_move("BR h8-h9")) == "RB h9-h8"


def test_a_double_is_written_lower_cell_first() -> None:
    assert str(parse_move("GG g8-g7")) == "GG g7-g8"
    assert parse_move("GG g8-g7") == parse_move("GG g7-g8")


def test_decisions() -> None:
    assert parse_move("swap") is Decision.SWAP and parse_move(" KEEP ") is Decision.KEEP
    assert str(Decision.SWAP) == "swap" and str(Decision.KEEP) == "keep"


@pytest.mark.parametrize(
    ("text", "key"),
    [("RX h8-h9", "ingenious.syntax_tile"), ("RB h8h9", "ingenious.syntax_move"), ("RB z8-h9", "ingenious.syntax_cell"),
     ("RB a1-h9", "ingenious.syntax_cell"), ("", "ingenious.syntax_move"), ("RBG h8-h9", "ingenious.syntax_move")],
)  # fmt: skip
def test_malformed_moves(text: str, key: str) -> None:
    with pytest.raises(MoveSyntaxError) as error:
        parse_move(text)
    assert error.value.key == key


def test_draws_are_written_in_colour_order() -> None:
    assert str(parse_tile("BR")) == "RB" and str(parse_tile("yo")) == "OY" and str(TILES[0]) == "RR"
    game = new_game("ingenious", players=2, seed=11, first_seat=1)
    lines = game.record().to_text().splitlines()
    setup = [line for line in lines if line.startswith("draw")]
    assert [line.split()[1] for line in setup] == ["0", "1"]
    for line in setup:
        tiles = line.split()[2:]
        assert len(tiles) == 6
        assert all("RGBOYP".index(tile[0]) <= "RGBOYP".index(tile[1]) for tile in tiles)


def test_a_refill_is_one_record_line() -> None:
    state = position(racks={0: "RB GG OO YY PP BO", 1: "GO"})
    play(state, "RB k9-k10")
    group = state.chance_group()
    state.apply_chance(state.parse_chance("GG"))
    assert group == ("draw 0", state.draw_line)


def test_every_legal_move_round_trips_through_its_text() -> None:
    game = new_game("ingenious", players=3, seed=5)
    moves = game.state.legal_moves()
    assert len(moves) == len(set(moves))
    assert all(game.state.parse_move(str(move)) == move for move in moves)


def test_action_ids_are_a_fixed_bijection() -> None:
    state = position(racks={0: "RB GG OO YY PP BO", 1: "GO"})
    assert state.num_actions == 36 * 240 + 2
    ids = set()
    for action in range(state.num_actions):
        move = state.move_from_action(action)
        assert state.action_id(move) == action
        ids.add(move)
    assert len(ids) == state.num_actions
    assert state.action_id(Decision.SWAP) == 36 * 240 and state.action_id(Decision.KEEP) == 36 * 240 + 1
    with pytest.raises(KashiError):
        state.move_from_action(state.num_actions)


def snapshot(state: IngeniousState) -> dict[str, Any]:
    return state.to_json()


@pytest.mark.parametrize(
    ("text", "key"),
    [("RB i13-i14", "ingenious.outside"), ("RB h8-h10", "ingenious.not_adjacent"),
     ("RB h7-h8", "ingenious.occupied"), ("RB h12-h13", "ingenious.start_symbol"),
     ("RR h8-h9", "ingenious.not_in_rack"), ("keep", "ingenious.place_now")],
)  # fmt: skip
def test_illegal_moves_name_the_rule_and_change_nothing(text: str, key: str) -> None:
    state = position(placed=("RY h7-h6",), racks={0: "RB GG", 1: "GO"})
    before = snapshot(state)
    with pytest.raises(IllegalMoveError) as error:
        play(state, text)
    assert error.value.key == key
    assert state.explain_illegal(state.parse_move(text)) is not None
    assert not state.is_legal(state.parse_move(text))
    assert snapshot(state) == before


@pytest.mark.parametrize("junk", [("RB", 1, 2, 3), "RB h8-h9", None, Placement(0, 1, 500, 501), Placement(0, 9, 1, 2)])
def test_things_that_are_not_moves_are_refused_without_harm(junk: Any) -> None:
    state = position(racks={0: "RB GG", 1: "GO"})
    before = snapshot(state)
    with pytest.raises(IllegalMoveError) as error:
        state.play(junk)
    assert error.value.key == "ingenious.not_a_move"
    assert snapshot(state) == before


def test_the_outside_message_says_why() -> None:
    state = position(racks={0: "RB GG", 1: "GO"})
    with pytest.raises(IllegalMoveError) as error:
        play(state, "RB i13-i14")
    assert str(error.value) == "i13 is outside the play area of a 2-player game (distance 6 from h8, at most 5)"


def test_chance_is_refused_out_of_turn_and_for_tiles_not_in_the_bag() -> None:
    state = position(racks={0: "RB GG", 1: "GO"})
    with pytest.raises(IllegalMoveError):
        state.apply_chance(TILES[0])
    play(state, "RB k9-k10")
    state.bag[0] = 0
    state.bag_size = sum(state.bag)
    before = snapshot(state)
    for junk in (TILES[0], 99, "RR", -1):
        with pytest.raises(IllegalMoveError):
            state.apply_chance(junk)  # type: ignore[arg-type]
    assert snapshot(state) == before


def test_chance_outcomes_follow_the_bag() -> None:
    state = position(racks={0: "RB GG", 1: "GO"})
    play(state, "RB k9-k10")
    outcomes = dict(state.chance_outcomes())
    assert abs(sum(outcomes.values()) - 1) < 1e-12
    assert outcomes[parse_tile("RB")] == pytest.approx(5 / state.bag_size)  # one of 6 is on the board
    assert outcomes[parse_tile("GG")] == pytest.approx(4 / state.bag_size)  # one of 5 is in a rack
    assert outcomes[parse_tile("RR")] == pytest.approx(5 / state.bag_size)
    assert state.bag_size == 120 - 1 - 2  # RB on the board, GG and GO in racks


def test_a_record_replays_without_rng() -> None:
    game = new_game("ingenious", players=2, seed=21)
    rng = Random(1)
    while not game.is_over():
        game.play(game.state.random_move(rng))
    text = game.record().to_text()
    again = Game.from_record(Record.from_text(text))
    assert again.state.to_json() == game.state.to_json()
    assert again.record().to_text() == text


def test_json_round_trip_and_malformed_json() -> None:
    state = position(placed=("RY h7-h6",), racks={0: "RB GG", 1: "GO"}, tracks={0: "R3"}, turns=1)
    data = state.to_json()
    assert IngeniousState.from_json(data).to_json() == data
    seats = data["players"]
    broken = [
        {**data, "players": 7},
        {**data, "board": ["RY h7-h6", "GG h7-h8"]},
        {**data, "bag": data["bag"] + 1},
        {**data, "players": [{**seats[0], "rack": ["RB", "XX"]}, seats[1]]},
        {**data, "tracks": [{**data["tracks"][0], "R": 19}, data["tracks"][1]]},
        {**data, "rules": {**data["rules"], "teams": True}},
        {key: value for key, value in data.items() if key != "bag"},
    ]
    for bad in broken:
        with pytest.raises(KashiError):
            IngeniousState.from_json(bad)
