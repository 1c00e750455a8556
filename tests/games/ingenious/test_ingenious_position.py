"""Ingenious positions (docs/notation.md, "Ingenious positions"): every position and view of
random and greedy games of every variant reads back to itself; a puzzle written by hand from the
rules reads into the position it describes; bad lines are refused naming the field, changing
nothing."""

from __future__ import annotations

from random import Random

import pytest

import kashi
from kashi.core.state import CHANCE, TERMINAL
from kashi.games.ingenious import IngeniousRules, IngeniousState
from kashi.games.ingenious.tiles import HIDDEN
from tests.games.ingenious.test_ingenious_properties import CONFIGS, greedy_move
from tests.games.position_checks import assert_refused, assert_round_trip, walk

PUZZLE = "0:place t2/d4/turn1 R17G3B2O4Y5P1/R0G0B3O0Y0P0 RR,RG,GB,OY,PP,BO/GG,YP,RB,OO,BY,GP -/- 106 RRd11-d12,BBl8-l9"
"""After the first round of a 2-player game, written from the rules: each seat laid one tile
touching a start symbol and refilled; seat 0 has red at 17 and a red double in its rack."""


@pytest.mark.parametrize(("variant", "players"), CONFIGS)
def test_every_position_and_view_of_random_games_reads_back_to_itself(variant: str, players: int) -> None:
    """A random game with the views of the first seat and of a spectator, two greedy ones (which
    reach 18, bonus placements and swaps); every seat's view wherever tiles are drawn."""
    rules = IngeniousRules.from_options(kashi.variant(variant).resolve(players, {}))
    seen = {"positions": 0, "chance": 0, "bonus": 0}
    for seed, choose in ((0, None), (2, greedy_move), (6, greedy_move)):  # seeds whose greedy games reach 18
        state = IngeniousState(rules, players, seed % players)
        for position in walk(state, Random(seed), choose):
            assert_round_trip(position, variant)
            viewers = (None, *range(players)) if position.is_chance() else (None, 0) if choose is None else ()
            for seat in viewers:
                assert_round_trip(position.view(seat), variant)
            seen["positions"] += 1
            seen["chance"] += position.current_player == CHANCE
            seen["bonus"] += position.bonus > 0
        assert position.current_player == TERMINAL
    assert seen["positions"] > 200 and seen["chance"] > 100
    assert seen["bonus"] > 0 or not rules.bonus, "greedy play reaches 18 and its bonus placements"


def test_an_instant_win_reads_back_with_its_winner() -> None:
    state = kashi.position("ingenious", PUZZLE.replace("R17G3B2O4Y5P1", "R17G18B18O18Y18P18"))
    assert isinstance(state, IngeniousState)
    state.play(state.parse_move("RR c11-c12"))
    assert (state.current_player, state.ended, state.winner) == (TERMINAL, "instant-win", 0)
    assert assert_round_trip(state, "ingenious").split()[0] == "0:end"


def test_a_puzzle_written_by_hand_reads_into_the_position_it_describes() -> None:
    state = kashi.position("ingenious", PUZZLE)
    assert isinstance(state, IngeniousState)
    assert (state.current_player, state.turn, state.turns, state.bonus, state.bag_size) == (0, 0, 2, 0, 106)
    assert state.track(0) == [17, 3, 2, 4, 5, 1] and state.scores() == (1, 0)
    assert sum(state.bag) == 106 and state.touched == 0b101, "the red and the blue start symbols"
    assert len(state.legal_moves()) == 10 * len(state.free), "RR and PP once, the four others either way round"
    assert str(state.explain_illegal(state.parse_move("GG e9-e10"))) == "there is no GG tile in your rack"
    assert state.position() == PUZZLE
    state.play(state.parse_move("RR c11-c12"))
    assert state.track(0)[0] == 18 and state.bonus == 1 and state.current_player == 0
    assert state.position().split()[0] == "0:place:bonus1"


def test_a_view_writes_the_racks_it_hides_as_their_sizes() -> None:
    seen_by_1 = kashi.position("ingenious", PUZZLE).view(1).position()
    assert seen_by_1.split()[3] == "?6/GG,YP,RB,OO,BY,GP"
    read = kashi.position("ingenious", seen_by_1)
    assert isinstance(read, IngeniousState)
    assert read.racks[0] == [HIDDEN] * 6 and read.hidden == 0b01 and sum(read.bag) == 106 + 6


def test_players_come_from_the_line() -> None:
    line = kashi.new_game("ingenious", players=3, seed=2).state.position()
    assert kashi.position("ingenious", line).num_players == 3
    with pytest.raises(kashi.RuleOptionError):
        kashi.position("ingenious-teams", line)


@pytest.mark.parametrize(
    ("old", "new", "field", "words"),
    [
        (" 106 ", " ", "fields", "6 fields, expected 7"),
        ("0:place ", "5:place ", "step", "5 is not a number 0..1"),
        ("0:place ", "0:fly ", "step", "'fly' is not a step"),
        ("0:place ", "0:place:aside=RB ", "step", "does not go with 'place'"),
        ("0:place ", "0:swap:bonus1 ", "step", "does not go with 'swap'"),
        ("0:place ", "1:draw ", "record", "the rack of seat 1 is full"),
        ("t2/d4/turn1", "t2/d4/move1", "record", "is not t<turns>/d<draw lines>"),
        ("t2/d4/turn1", "t9/d4/turn1", "record", "9 turns played with 2 tiles on the board"),
        ("/R0G0B3O0Y0P0", "/R0G0B3O0Y0P0/R0", "tracks", "3 parts, expected 2: board 0/board 1"),
        ("R17G3", "R19G3", "tracks 0", "R: 19 is not a number 0..18"),
        ("R17G3", "R17X3", "tracks 0", "is not a list of counts"),
        ("BO/GG", "BO,GG", "racks", "1 parts, expected 2: seat 0/seat 1"),
        ("RR,RG,GB", "RR,RX,GB", "racks 0", "'RX' is not a tile"),
        ("RR,RG,GB,OY,PP,BO/", "?6+?6/", "racks 0", "one rack, no reserve"),
        ("BO/GG,YP,RB,OO,BY,GP -/- 106", "BO,YY/GG,YP,RB,OO,BY,GP -/- 105", "racks 0", "7 tiles, at most 6"),
        (" -/- ", " - ", "shown", "1 parts, expected 2: seat 0/seat 1"),
        (" 106 ", " 107 ", "bag", "107 tiles, but 106 are neither on the board nor in a rack"),
        (" 106 ", " x ", "bag", "'x' is not a number"),
        ("RRd11-d12", "RRd11-d13", "board", "d11 and d13 are not neighbours"),
        ("RRd11-d12", "RRc12-c13", "board", "c13 already holds a tile or a start symbol"),
        ("RRd11-d12", "RRa8-a9", "board", "a8 is outside the play area"),
        ("RRd11-d12", "RR d11-d12", "fields", "8 fields"),
        ("BBl8-l9", "BBl8-l9,GGl8-k8", "board", "l8 already holds a tile"),
        ("RR,RG,GB,OY,PP,BO/", "RR,RR,RR,RR,RR,BO/", "consistency", "6 RR tiles in play, the game has 5"),
    ],
)
def test_a_bad_line_is_refused_naming_the_field_and_changes_nothing(old: str, new: str, field: str, words: str) -> None:
    assert PUZZLE.count(old) == 1
    assert_refused(kashi.new_game("ingenious", seed=5), PUZZLE.replace(old, new), field, words)
