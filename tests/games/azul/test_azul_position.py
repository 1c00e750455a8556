"""Azul positions (docs/notation.md, "Azul positions"): every position of random games of every
variant reads back to itself; puzzles written by hand from the rules read into the position they
describe; bad lines are refused naming the field, changing nothing."""

from __future__ import annotations

from random import Random
from typing import Any

import pytest

import kashi
from kashi.core.state import CHANCE
from kashi.games.azul import AzulRules, AzulState
from tests.games.position_checks import assert_refused, assert_round_trip, walk

CONFIGS: list[tuple[str, int, dict[str, Any]]] = [
    ("azul", 2, {}),
    ("azul", 3, {}),
    ("azul", 4, {}),
    ("azul-grey", 2, {}),
    ("azul-grey", 3, {}),
    ("azul-grey", 4, {}),
    ("azul-mini", 2, {}),
    ("azul-mini", 4, {}),
    ("azul-quick", 2, {}),
    ("azul-quick", 3, {}),
    ("azul-quick", 4, {}),
    ("azul", 3, {"partial_floor": True}),
]

PUZZLE = (
    "r2 0 s1 m1 BBYR,-,KKWW,-,YYYK RRW B14Y15R14K13W12 B1R1K2W1 "
    "4/B,-,-,KK,-/1Y3,W4,5,5,5/- 6/-,RR,-,-,WWW/B4,1B3,5,5,5/1"
)
"""Round 2 of a 2-player game, written from the rules: seat 1 started, took the marker from the
centre, seat 0 is to move; 20 tiles of each colour in all."""


@pytest.mark.parametrize(("variant", "players", "options"), CONFIGS)
def test_every_position_of_random_games_reads_back_to_itself(
    variant: str, players: int, options: dict[str, Any]
) -> None:
    rules = AzulRules.from_options(kashi.variant(variant).resolve(players, options))
    seen = refills = 0
    for seed in range(3):
        state = AzulState(rules, players, seed % players)
        for position in walk(state, Random(seed)):
            assert_round_trip(position, variant, **options)
            seen += 1
            refills += position.current_player == CHANCE
    assert seen > 150 and refills > 20
    assert assert_round_trip(state.view(0), variant, **options) == state.position()


def test_a_puzzle_written_by_hand_reads_into_the_position_it_describes() -> None:
    state = kashi.position("azul", PUZZLE)
    assert isinstance(state, AzulState)
    assert (state.round, state.current_player, state.starter, state.next_starter) == (2, 0, 1, 1)
    assert not state.marker_in_centre and state.marker_floor == 1
    assert state.table_tiles == 4 + 4 + 4 + 3 and sum(state.bag) == 68 and sum(state.lid) == 5
    assert state.score == [4, 6] and state.complete_rows(0) == 0
    moves = [str(move) for move in state.legal_moves()]
    assert len(moves) == 36
    assert {"1B2", "1B3", "1B5", "1BF", "3K4", "CWF"} <= set(moves)
    assert not {"1B1", "3W2", "5Y1", "CR4"} & set(moves)
    assert str(state.explain_illegal(state.parse_move("3W2"))) == "row 2 of your wall already has white"
    assert state.position() == PUZZLE


def test_a_grey_wall_choice_written_by_hand_is_the_decision_it_names() -> None:
    """Seat 0 tiles line 2 (yellow) with yellow already in column 1; seat 1's line 3 waits."""
    line = "r1 0w2 s0 m1 -,-,-,-,- - B19Y17R17K19W19 - 1/-,YY,-,-,B/Y4,5,5,5,5/K 0/-,-,RRR,-,-/5,5,5,5,5/1W"
    state = kashi.position("azul-grey", line)
    assert isinstance(state, AzulState)
    assert state.tiling == (0, 1) and [str(move) for move in state.legal_moves()] == ["w22", "w23", "w24", "w25"]
    state.play(state.parse_move("w23"))
    assert state.tiling == (1, 2) and state.current_player == 1


def test_a_refill_written_by_hand_is_due_at_the_factory_it_names() -> None:
    line = "r3 fill3 s1 mC BBYR,KKWW,-,-,- - B18Y19R19K18W18 - 0/-,-,-,-,-/5,5,5,5,5/- 0/-,-,-,-,-/5,5,5,5,5/-"
    state = kashi.position("azul", line)
    assert isinstance(state, AzulState)
    assert state.current_player == CHANCE and state.fill_index == 2 and state.marker_in_centre
    outcomes = dict(state.chance_outcomes())
    assert sum(outcomes.values()) == pytest.approx(1.0) and len(outcomes) == 70


def test_players_come_from_the_line_or_are_given() -> None:
    line = kashi.new_game("azul", players=4, seed=3).state.position()
    assert kashi.position("azul", line).num_players == 4
    assert kashi.position("azul", line, players=4).num_players == 4
    assert_refused(kashi.new_game("azul", players=3, seed=3), line, "fields", "expected 11")


@pytest.mark.parametrize(
    ("old", "new", "field", "words"),
    [
        (" 6/-,RR,-,-,WWW/B4,1B3,5,5,5/1", "", "fields", "9 fields, expected 10"),
        ("r2 ", "r0 ", "round", "0 is not a number 1..100"),
        ("r2 ", "2 ", "round", "does not start with 'r'"),
        ("r2 0 ", "r2 2 ", "turn", "2 is not a number 0..1"),
        ("r2 0 ", "r2 0w4 ", "turn", "only the grey wall"),
        ("r2 0 ", "r2 fill+ ", "turn", "draw no centre tile"),
        ("r2 0 ", "r2 fill1 ", "turn", "must be empty while they are filled"),
        ("r2 0 ", "r2 end ", "turn", "the game is not over"),
        (" s1 ", " s5 ", "starter", "5 is not a number 0..1"),
        (" m1 ", " mX ", "marker", "'X' is not a number 0..1"),
        (" m1 ", " m0 ", "marker", "seat 0 took the marker, but the floor of seat 1 shows it"),
        (" m1 ", " mC ", "marker", "the marker is in the centre, but the floor of seat 1 shows it"),
        ("5,5,5/1", "5,5,5/-", "marker", "seat 1 took the marker, but its floor shows no 1 and has room"),
        ("BBYR,-,KKWW,-,YYYK", "BBYR,-,KKWW,YYYK", "factories", "4 factories, expected 5"),
        ("BBYR,-,", "BBYRR,-,", "factory 1", "at most 4 fit here"),
        ("BBYR,-,", "BBXR,-,", "factory 1", "'X', which is none of the letters BYRKW"),
        (",-,YYYK", ",,YYYK", "factories", "has an empty item"),
        (" RRW ", " RRQ ", "centre", "'Q'"),
        ("B14Y15", "B14Z15", "bag", "is not a list of counts"),
        ("B14Y15", "B14B15", "bag", "gives B twice"),
        (" B1R1K2W1 ", " B1R1K2W21 ", "lid", "W: 21 is not a number 0..20"),
        (" 4/B,-,-,KK,-/1Y3,W4,5,5,5/- ", " 4/B,-,-,KK,-/1Y3,W4,5,5,5 ", "seat 0", "3 parts, expected 4"),
        (" 4/B,", " x/B,", "seat 0 score", "'x' is not a number"),
        ("4/B,-,-,KK,-/", "4/B,-,-,KK/", "seat 0 lines", "4 pattern lines, expected 5"),
        ("4/B,-,-,KK,-/", "4/BB,-,-,KK,-/", "seat 0 line 1", "at most 1 fit here"),
        ("4/B,-,-,KK,-/", "4/B,-,-,KY,-/", "seat 0 line 4", "mixes colours"),
        ("/1Y3,W4,", "/1Y4,W4,", "seat 0 wall row 1", "6 spaces, a wall row has 5"),
        ("/1Y3,W4,", "/1Y3,W4,5,", "seat 0 wall", "6 wall rows, expected 5"),
        ("/1Y3,W4,", "/1Y?,W4,", "seat 0 wall row 1", "'?' is neither a colour"),
        ("/1Y3,W4,", "/Y4,W4,", "consistency", "off its printed colour"),
        ("5,5,5/1", "5,5,5/11", "seat 1 floor", "is not a floor line"),
        ("B14Y15", "B15Y15", "consistency", "colour 0 has 21 tiles, not 20"),
        ("4/B,-,-,KK,-", "4/B,W,-,KK,-", "consistency", "holds a colour already in its wall row"),
    ],
)
def test_a_bad_line_is_refused_naming_the_field_and_changes_nothing(old: str, new: str, field: str, words: str) -> None:
    assert PUZZLE.count(old) == 1
    assert_refused(kashi.new_game("azul", seed=5), PUZZLE.replace(old, new), field, words)
