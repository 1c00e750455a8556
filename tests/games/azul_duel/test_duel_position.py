"""Azul Duel positions (docs/notation.md, "Azul Duel positions"): every position and view of
random games reads back to itself; puzzles written by hand from the rules read into the position
they describe; bad lines are refused naming the field, changing nothing."""

from __future__ import annotations

from random import Random
from typing import Any

import pytest

import kashi
from kashi.core.state import CHANCE
from kashi.games.azul_duel.phases import TILING
from kashi.games.azul_duel.rules import DuelRules
from kashi.games.azul_duel.state import AzulDuelState
from tests.games.position_checks import assert_refused, assert_round_trip, walk

OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"tablets": 4, "free_pass": True},
    {"draw_at_zero": False, "untaken_start_tile": "pass"},
]

PUZZLE = (
    "r1 0:tile3 start:0>1 A1B-C2D1 - 11?,9@1 L:-/- 1:-/-/- 2:-/-/- 3:-/-/- 4:-/-/- "
    "R9Y8K10B11T6 R1Y2K2B1T1 R1Y2K2B1T2TY1YK2KB1BR2RT2 "
    "5/p2c2/R,TY/-,-,RRR,YY,-,-/-/s4:4r0,s5:13r0,s6:1r0 "
    "3/p2c2/B,KB/B,-,-,-,-,TTTTTT/YK/s1:7r0,s2:10r2,s5:16r1"
)
"""Round 1 is being tiled, written from the rules: seat 0 first, its line 3 (red) may go on the
red cell c3 or the wild cell e3; seat 1 took the start tile, drew twice and returned plate 9."""

CHIP_DUE = (
    "r2 1:play start:1 A1B-C2D1 0,2,3 8?,9@1 L:RRYKB/- 1:RYKT/-/? 2:-/-/? 3:KKBT/-/? 4:RRYK/-/? "
    "R4Y3K5B9T4 R3Y3K3B1T1 R1Y2K2B1T2TY1YK2KB1BR2RT2 "
    "6/p0c0/R,TY/-,-,-,YYYY,-,-/-/s4:4r0,s5:13r0:R...,s6:1r0 "
    "0/p0c0/B,KB/-,-,-,-,-,TTTTTT/-/s1:7r0:.B..,s2:10r2,s5:16r1"
)
"""Round 2: seat 0 has just taken the four yellow tiles of small workshop 2, which is now empty
with its chip face down, so the chip is revealed before seat 1 plays."""


@pytest.mark.parametrize("options", OPTION_SETS, ids=["default", "four-tablets-free-pass", "no-draw-at-zero"])
def test_every_position_and_view_of_random_games_reads_back_to_itself(options: dict[str, Any]) -> None:
    seen: dict[str, int] = {"positions": 0, "chance": 0, "hidden": 0, "tiling": 0}
    for seed in range(2):
        rng = Random(seed)
        for position in walk(AzulDuelState(DuelRules.from_options(options), seed % 2), Random(seed)):
            assert_round_trip(position, "azul-duel", **options)
            for view in (position.view(0), position.view(1), position.view(None)):
                line = assert_round_trip(view, "azul-duel", **options)
                seen["hidden"] += "?" in line.split()[5] or "=?" in line.split()[1]
            assert_round_trip(position.view(0).determinize(rng), "azul-duel", **options)
            seen["positions"] += 1
            seen["chance"] += position.current_player == CHANCE
            seen["tiling"] += position.phase == TILING
    assert seen["positions"] > 300 and seen["chance"] > 50 and seen["hidden"] > 50 and seen["tiling"] > 5


def test_a_tiling_puzzle_written_by_hand_reads_into_the_position_it_describes() -> None:
    state = kashi.position("azul-duel", PUZZLE)
    assert isinstance(state, AzulDuelState)
    assert (state.phase, state.tile_line, state.to_move, state.current_player) == (TILING, 2, 0, 0)
    assert (state.starter, state.start_holder, state.start_taker, state.start_on_moon) == (0, 0, 1, False)
    assert state.stack == [-1] * 11 + [9] and state.stack_known == [0] * 11 + [2]
    assert len(state.pool) == 11 and state.chip_due == 0 and state.score == [5, 3]
    assert [str(move) for move in state.legal_moves()] == ["tile c3", "tile e3"]
    assert state.position() == PUZZLE
    state.play(state.parse_move("tile e3"))
    assert state.current_player == CHANCE and state.round == 2 and state.start_holder == 1
    assert state.score == [5 + 1, 0], "seat 1: 3 + 1 (b1) - 3 (two broken) - 2 (start tile), clamped at 0"


def test_a_chip_reveal_follows_from_an_empty_workshop_written_by_hand() -> None:
    state = kashi.position("azul-duel", CHIP_DUE)
    assert isinstance(state, AzulDuelState)
    assert state.current_player == CHANCE and state.chip_due == 0b10 and state.to_move == 1
    outcomes = dict(state.chance_outcomes())
    assert sum(outcomes.values()) == pytest.approx(1.0) and {str(chip)[:2] for chip in outcomes} == {"2="}
    state.apply_chance(state.parse_chance("2=YK"))
    assert state.current_player == 1 and "chip 2" in [str(move) for move in state.legal_moves()]


def test_a_view_hides_the_plates_another_seat_knows() -> None:
    seen_by_0 = kashi.position("azul-duel", PUZZLE).view(0).position()
    assert seen_by_0.split()[5] == "12?"
    read = kashi.position("azul-duel", seen_by_0)
    assert isinstance(read, AzulDuelState)
    assert read.stack == [-1] * 12 and 9 in read.pool


@pytest.mark.parametrize(
    ("old", "new", "field", "words"),
    [
        (" R9Y8K10B11T6 ", " ", "fields", "15 fields, expected 16"),
        ("r1 ", "r6 ", "round", "6 is not a number 1..5"),
        ("0:tile3", "2:tile3", "step", "2 is not a number 0..1"),
        ("0:tile3", "0:tile7", "step", "'tile7' is not a step"),
        ("0:tile3", "0 tile3", "fields", "17 fields"),
        ("0:tile3", "0:chips3+1", "step", "chips stand in for tiles only once they are spent"),
        ("0:tile3", "0:tile4", "step", "must be complete with 2 or more cells"),
        ("0:tile3", "0:chips4", "step", "cannot be completed with chips"),
        ("0:tile3", "0:keep", "step", "needs at least 1 drawn plate"),
        ("0:tile3", "0:play", "step", "the engine would go on by itself to tiling"),
        ("start:0>1", "start:2", "start", "is not a start player"),
        ("A1B-C2D1", "A1B-C-D1", "tablets", "tablets are decided A to D, 1 left out"),
        ("A1B-C2D1", "A1B1C2D1", "tablets", "tablets are decided A to D, 1 left out"),
        ("A1B-C2D1", "A?B-C2D1", "tablets", "tablets are decided A to D, 1 left out"),
        ("A1B-C2D1", "A1B-C2D?", "tablets", "the tablets are all decided at setup"),
        ("A1B-C2D1", "A1B-C2", "tablets", "is not A to D"),
        (" - 11?", " 18 11?", "display", "18 is not a number 0..17"),
        (" - 11?", " 1,2,3,4 11?", "display", "4 plates, the display holds 3"),
        ("11?,9@1", "11?,9@2", "stack", "is neither N? (N unknown plates) nor a plate"),
        ("11?,9@1", "12?,9@1", "consistency", "the 18 plates are not each in exactly one place"),
        ("L:-/-", "X:-/-", "workshop L", "does not start with 'L:'"),
        ("L:-/-", "L:RRRRRR/-", "workshop L sun", "at most 5 fit here"),
        ("1:-/-/-", "1:-/-/Q", "workshop 1 chip", "'Q' is not a chip"),
        ("1:-/-/-", "1:-/RRRR/-", "workshop 1 moon", "at most 3 fit here"),
        ("1:-/-/-", "1:-/-", "workshop 1", "2 parts, expected 3"),
        ("R9Y8K10B11T6", "R9Y8K10B11X6", "bag", "is not a list of counts"),
        ("R9Y8K10B11T6", "R10Y8K10B11T6", "consistency", "66 coloured tiles instead of 65"),
        ("R1Y2K2B1T1", "R1Y2K2B1T14", "tower", "T: 14 is not a number 0..13"),
        ("T2TY1YK2", "T2TY2YK2", "chips", "3 TY chips are held, revealed or face down"),
        ("R1Y2K2B1T2TY1", "R3Y2K2B1T2TY1", "unrevealed chips", "R: 3 is not a number 0..2"),
        ("5/p2c2/R,TY", "x/p2c2/R,TY", "seat 0 score", "'x' is not a number"),
        ("5/p2c2/R,TY", "5/p3c2/R,TY", "seat 0 taken", "is not p<plates>c<chips>"),
        ("5/p2c2/R,TY", "5/p2c2/R,TX", "seat 0 chips", "'TX' is not a chip"),
        ("/-,-,RRR,YY,-,-/", "/-,-,RRR,YY,-/", "seat 0 lines", "5 pattern lines, expected 6"),
        ("/-,-,RRR,YY,-,-/", "/-,-,RRRR,YY,-,-/", "seat 0 line 3", "at most 3 fit here"),
        ("/-,-,RRR,YY,-,-/", "/-,-,RRR,YB,-,-/", "seat 0 line 4", "mixes colours"),
        ("TTTTTT/YK/", "TTTTTT/YKRRR/", "seat 1 broken", "at most 4 fit here"),
        ("s4:4r0,s5", "s4:4r4,s5", "seat 0 dome", "is not a plate on a slot"),
        ("s4:4r0,s5", "s4:4r0,s4:2r0,s5", "seat 0 dome", "slot s4 holds two plates"),
        ("s5:13r0,", "s5:13r0:K...,", "consistency", "on a cell of type"),
        ("s5:16r1", "s5:4r1", "consistency", "the 18 plates are not each in exactly one place"),
        ("5/p2c2/R,TY/-,-,RRR,YY,-,-/-/", "5/p2c2/R,TY/-,-,RRR,YY,-,-/", "seat 0", "5 parts, expected 6"),
    ],
)
def test_a_bad_line_is_refused_naming_the_field_and_changes_nothing(old: str, new: str, field: str, words: str) -> None:
    assert PUZZLE.count(old) == 1
    assert_refused(kashi.new_game("azul-duel", seed=5), PUZZLE.replace(old, new), field, words)
