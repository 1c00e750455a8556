"""Foresight: the points each empty cell offers match the engine, the opponent's best reply is
charged to the move that leaves it, swap or keep follows what the racks are worth, and the last
placements are chosen by the result they give."""

from __future__ import annotations

import math
from random import Random

from kashi.core.game import new_game
from kashi.core.state import CHANCE
from kashi.games.ingenious import IngeniousState
from kashi.games.ingenious.endgame import finish_shares
from kashi.games.ingenious.foresight import appraise, expected_best
from kashi.games.ingenious.moves import Decision, Placement
from kashi.games.ingenious.offers import open_points
from kashi.games.ingenious.tiles import TYPE_OF, TYPES
from tests.games.ingenious.builders import fill_all_but, play, position

# Red on h5, h6, h7 with blue on h4: h8 is the one cell where red scores 3 (the opponent's lowest
# colour). Moves that score nothing for seat 0 differ only in what they leave seat 1.
RED_RUN = ("RR h5-h6", "RG h7-g7", "BB h4-g4")
TRACKS = {0: "R5 G5 B5 O5 Y5 P5", 1: "R0 G9 B9 O9 Y9 P9"}


def test_open_points_are_what_a_placed_hex_scores() -> None:
    rng = Random(4)
    state = new_game("ingenious", 2, seed=4).state
    assert isinstance(state, IngeniousState)
    checked = 0
    while not state.is_over():
        while state.current_player == CHANCE:
            state.apply_chance(state.sample_chance(rng))
        if state.is_over():
            break
        table = open_points(state.board, state.layout.area)
        for move in rng.sample(state.legal_moves(), 3) if not state.deciding else []:
            assert isinstance(move, Placement)
            first, second, a, b = move
            child = state.copy()
            child.play(move)
            scored = {change.track: change.parts[0].points for change in child.score_changes if change.track}
            expected = {first: table[a][first]} if first == second else {first: table[a][first], second: 0}
            expected[second] = expected.get(second, 0) + table[b][second]
            assert {colour: got for colour, got in expected.items() if got} == {
                "RGBOYP".index(track): got for track, got in scored.items()
            }, str(move)
            checked += 1
        state.play(state.rollout_move(rng))
    assert checked > 30


def test_covering_the_opponents_best_cell_beats_leaving_it() -> None:
    state = position(placed=RED_RUN, racks={0: "OY GB", 1: "RY"}, tracks=TRACKS)
    assert open_points(state.board, state.layout.area)[state.parse_move("OY h8-h9").a][0] == 3
    moves = [state.parse_move(text) for text in ("OY h8-h9", "OY l8-l9")]
    for seen in (state, state.view(0)):
        block, elsewhere = appraise(seen, moves)
        assert block > elsewhere


def test_the_expected_best_reply_falls_as_good_tiles_get_rare() -> None:
    values = [0.0] * TYPES
    values[TYPE_OF[0][0]] = 3.0
    pool = [0] * TYPES
    pool[TYPE_OF[0][0]] = 1
    pool[TYPE_OF[1][1]] = 9
    assert expected_best(values, pool, 10) == 3.0
    assert math.isclose(expected_best(values, pool, 1), 3.0 / 10)
    assert math.isclose(expected_best(values, pool, 2), 3.0 * (1 - 9 * 8 / (10 * 9)))
    assert math.isclose(expected_best(values, pool, 1, floor=1.0), 3.0 / 10 + 1.0 * 9 / 10)


def test_a_rack_that_cannot_feed_the_lowest_colour_is_swapped() -> None:
    """Red is far lowest and the board offers red points; the rack after placing holds no red."""
    state = position(placed=RED_RUN, racks={0: "OY GB BB OO YY PP", 1: "RY"}, tracks={0: "R0 G9 B9 O9 Y9 P9"})
    play(state, "PP l8-l9")
    assert state.deciding
    keep, swap = appraise(state, [Decision.KEEP, Decision.SWAP])
    assert swap > keep


def test_the_last_placement_is_chosen_by_the_result_it_gives() -> None:
    """One pair is left: GB on h8-h9 lifts the fifth track to 12 and wins; RB there lifts only
    the sixth and loses on the fifth (10 against 11)."""
    state = position(
        placed=fill_all_but({"h8", "h9"}),
        racks={0: "RB GB", 1: "RR"},
        tracks={0: "R10 G10 B10 O10 Y10 P10", 1: "R10 G10 B10 O10 Y11 P11"},
    )
    view = state.view(0)
    wins, loses = (state.parse_move(text) for text in ("GB h8-h9", "RB h8-h9"))
    assert finish_shares(view, [wins, loses], 4, Random(1)) == [1.0, 0.0]
    legal = view.legal_moves()
    values = appraise(view, legal, Random(1), late=5)
    state.play(legal[values.index(max(values))])
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0,)
