"""The bots' knowledge of Ingenious: the lowest track matters most, placements are valued without
playing them, and rollouts and move ordering stay within the legal moves."""

from __future__ import annotations

import math
from random import Random
from typing import Any

import pytest

from kashi.core.game import new_game
from kashi.core.outcome import RULES
from kashi.core.state import CHANCE
from kashi.games.ingenious import IngeniousState
from kashi.games.ingenious.heuristics import board_value, placement_gain, points
from kashi.games.ingenious.moves import Decision, Placement
from kashi.games.ingenious.tiles import COLOURS
from tests.games.ingenious.builders import play, position

# h7 (west of h8) holds red and i8 (south-east of h8) green, each backed by yellow: a tile on
# h8-h9 scores 1 point in the colour it shows on h8 if that is red or green.
BESIDE_RED_AND_GREEN = ("RY h7-h6", "GY i8-j8")
VARIANTS = [
    ("ingenious", 2, {}),
    ("ingenious", 3, {}),
    ("ingenious", 4, {"teams": True}),
    ("ingenious-tutorial", 2, {}),
]


def settle(state: IngeniousState, rng: Random) -> None:
    while state.current_player == CHANCE:
        state.apply_chance(state.sample_chance(rng))


def random_positions(name: str, players: int, options: dict[str, Any], seed: int) -> list[IngeniousState]:
    """Every decision point of one game played by the rollout policy."""
    rng = Random(seed)
    state = new_game(name, players, seed=seed, **options).state
    assert isinstance(state, IngeniousState)
    seen: list[IngeniousState] = []
    while True:
        settle(state, rng)
        if state.is_over():
            return [*seen, state]
        seen.append(state.copy())
        state.play(state.rollout_move(rng))


def test_raising_the_lowest_colour_beats_raising_the_highest() -> None:
    state = position(placed=BESIDE_RED_AND_GREEN, racks={0: "RB GB", 1: "OY"}, tracks={0: "R9 G2 B5 O5 Y5 P5"})
    red, green = state.parse_move("RB h8-h9"), state.parse_move("GB h8-h9")
    assert isinstance(red, Placement) and isinstance(green, Placement)
    assert points(state, red) == ((0, 1), (2, 0))
    assert points(state, green) == ((1, 1), (2, 0))
    assert placement_gain(state, green) == 1.0 > placement_gain(state, red)
    assert state.order_moves([red, green])[0] == green
    values = []
    for move in (red, green):
        child = state.copy()
        child.play(move)
        values.append(child.evaluate()[0])
    assert values[1] > values[0] > state.evaluate()[0]


def test_points_lost_to_the_cap_are_worth_nothing_but_the_bonus_placement_is() -> None:
    capped = position(placed=BESIDE_RED_AND_GREEN, racks={0: "RB", 1: "OY"}, tracks={0: "R18 G2 B5 O5 Y5 P5"})
    near = position(placed=BESIDE_RED_AND_GREEN, racks={0: "RB", 1: "OY"}, tracks={0: "R17 G2 B5 O5 Y5 P5"})
    move = capped.parse_move("RB h8-h9")
    assert isinstance(move, Placement)
    assert placement_gain(capped, move) == 0.0
    assert placement_gain(near, move) > 1.0


def test_the_lowest_track_weighs_most() -> None:
    base = [0, 5, 5, 5, 5, 9]
    raised_low = board_value([1, 5, 5, 5, 5, 9]) - board_value(base)
    raised_high = board_value([0, 5, 5, 5, 5, 10]) - board_value(base)
    assert raised_low == 1.0 > raised_high > 0


@pytest.mark.parametrize(("name", "players", "options"), VARIANTS)
def test_placement_points_match_the_engine(name: str, players: int, options: dict[str, Any]) -> None:
    for state in random_positions(name, players, options, seed=3)[:-1:5]:
        if state.deciding:
            continue
        legal = state.legal_moves()
        for move in Random(1).sample(legal, min(10, len(legal))):
            assert isinstance(move, Placement)
            child = state.copy()
            child.play(move)
            awarded = {change.track: change.parts[0].points for change in child.score_changes if change.track}
            expected = {COLOURS[colour]: gained for colour, gained in points(state, move) if gained}
            assert awarded == expected, str(move)


@pytest.mark.parametrize(("name", "players", "options"), VARIANTS)
def test_rollouts_and_ordering_keep_to_the_legal_moves(name: str, players: int, options: dict[str, Any]) -> None:
    rng = Random(7)
    positions = random_positions(name, players, options, seed=3)  # a game with swaps, where they exist
    assert any(state.deciding for state in positions) == (name == "ingenious")
    for state in positions[:-1]:
        legal = state.legal_moves()
        ordered = state.order_moves(list(legal))
        assert sorted(map(str, ordered)) == sorted(map(str, legal))
        assert all(state.is_legal(state.rollout_move(rng)) for _ in range(3))


@pytest.mark.parametrize(("name", "players", "options"), VARIANTS)
def test_evaluate_gives_every_seat_a_finite_value_and_partners_the_same(
    name: str, players: int, options: dict[str, Any]
) -> None:
    for state in random_positions(name, players, options, seed=9)[::7]:
        values = state.evaluate()
        assert len(values) == players
        assert all(math.isfinite(value) for value in values)
        if options.get("teams"):
            assert values[0] == values[2] and values[1] == values[3]


@pytest.mark.parametrize(("name", "players", "options"), VARIANTS)
def test_a_finished_game_is_valued_in_the_order_of_its_result(name: str, players: int, options: dict[str, Any]) -> None:
    compared = 0
    for seed in range(3):
        final = random_positions(name, players, options, seed)[-1]
        outcome = final.outcome()
        assert outcome is not None
        values = final.evaluate()
        for seat in range(players):
            for other in range(players):
                if outcome.ranks[seat] < outcome.ranks[other]:
                    assert values[seat] > values[other]
                    compared += 1
    assert compared


def test_the_sorted_lists_decide_a_finished_game_even_against_the_weights() -> None:
    """Second-lowest 6 beats 5 although four tracks of 18 weigh more than four of 6."""
    state = position(tracks={0: "R5 G6 B6 O6 Y6 P6", 1: "R5 G5 B18 O18 Y18 P18"}, over=RULES)
    assert board_value(state.tracks[1]) > board_value(state.tracks[0])
    values = state.evaluate()
    assert values[0] > values[1]


@pytest.mark.parametrize(
    ("rack", "placed", "choice"),
    [
        ("YP YY PP OY OP OO", "OO h10-h11", Decision.SWAP),  # nothing left for red, green or blue
        ("GB GO BO GG BB GY", "GY h10-h11", Decision.KEEP),  # no red, but green and blue galore
    ],
)
def test_swap_a_rack_that_does_not_feed_the_low_colours(rack: str, placed: str, choice: Decision) -> None:
    state = position(racks={0: rack, 1: "OY"}, tracks={0: "R1 G3 B4 O5 Y9 P9"})
    play(state, placed)
    assert state.deciding
    assert state.order_moves([Decision.SWAP, Decision.KEEP])[0] is choice
    assert state.rollout_move(Random(0)) is choice
