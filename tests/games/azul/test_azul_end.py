"""Spec section 7: the end trigger, the end bonuses, the winner, the truncation cap."""

from __future__ import annotations

import kashi
from kashi.core.outcome import RULES, TRUNCATED
from kashi.core.state import CHANCE, TERMINAL
from kashi.games.azul import AzulRules
from tests.games.azul.builders import board, game_at, parts, play, texts

ROW_ONE_BUT_WHITE = ["xxxx.", ".....", ".....", ".....", "....."]


def test_the_game_ends_after_the_tiling_phase_with_a_complete_row_not_before() -> None:
    """7: the game ends right after the wall tiling in which a player completed a row."""
    state = board(walls={0: ROW_ONE_BUT_WHITE}, lines={0: {1: "W"}}, factories=["K", "Y"], to_move=1)
    play(state, "1K5")
    assert state.current_player == 0 and not state.is_over()  # the complete line waits for tiling
    play(state, "2Y5")
    assert state.is_over() and state.current_player == TERMINAL and state.ended == RULES
    assert state.outcome() is not None and state.outcome().termination == RULES


def test_no_complete_row_means_the_next_round() -> None:
    """6/7: without a complete row the factories are refilled for the next round."""
    state = board(walls={0: ["xxx..", *ROW_ONE_BUT_WHITE[1:]]}, lines={0: {1: "W"}}, factories=["K"], to_move=1)
    play(state, "1K5")
    assert state.current_player == CHANCE and state.round == 2 and not state.is_over()


def test_all_three_bonuses() -> None:
    """7: +2 per complete row, +7 per complete column, +10 per colour with all 5 tiles."""
    wall = ["xxxx.", "x...x", ".x..x", "..x.x", "...xx"]
    state = board(walls={0: wall}, lines={0: {1: "W"}}, factories=["K"], to_move=1, scores=[10, 4])
    play(state, "1K5")
    assert parts(state, 0) == [
        ("azul.place.both", 10), ("azul.bonus.row", 2), ("azul.bonus.column", 7), ("azul.bonus.colour", 10),
    ]  # fmt: skip
    assert texts(state, 0)[1:] == ["bonus: row 1 +2", "bonus: column 5 +7", "bonus: all five white +10"]
    assert state.score == [39, 4]
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0,) and outcome.ranks == (1, 2)


def test_ties_go_to_more_complete_rows() -> None:
    """7: a tie goes to the tied player with more complete rows (+2 for each of them)."""
    walls = {0: ROW_ONE_BUT_WHITE, 1: ["xxxx.", "xxxx.", ".....", ".....", "....."]}
    lines = {0: {1: "W"}, 1: {1: "W", 2: "KK"}}
    state = board(walls=walls, lines=lines, factories=["K"], scores=[19, 10])
    play(state, "1K5")
    # seat 0: W row 5 + bonus 2; seat 1: W row 5, then K row 5 + column 2, + 2 bonuses of 2.
    assert state.score == [26, 26]
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (1,) and outcome.ranks == (2, 1)
    assert outcome.details["complete_rows"] == [1, 2]


def test_a_full_tie_is_a_shared_victory() -> None:
    """7: if still tied, the tied players share the victory."""
    walls = {seat: ROW_ONE_BUT_WHITE for seat in range(3)}
    state = board(players=3, walls=walls, lines={0: {1: "W"}, 1: {1: "W"}}, factories=["K"], scores=[3, 3, 9])
    play(state, "1K5")
    assert state.score == [10, 10, 9]
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (0, 1) and outcome.ranks == (1, 1, 3)


def test_the_truncation_cap_is_reported_as_truncation() -> None:
    """7: a cap on rounds (default 100) is reported as truncation, not as a rules outcome."""
    assert AzulRules().max_rounds == 100
    assert kashi.variant("azul").resolve(2, {})["max_rounds"] == 100
    ongoing = board(factories=["K"], round_number=99)
    play(ongoing, "1K5")
    assert ongoing.current_player == CHANCE and ongoing.round == 100
    game = game_at(board(factories=["K"], round_number=100))
    game.play("1K5", seat=0)
    assert game.is_over() and game.state.ended == TRUNCATED
    outcome = game.outcome()
    assert outcome is not None and outcome.termination == TRUNCATED
    assert game.record().headers["Termination"] == "truncated"


def test_a_smaller_cap_truncates_earlier() -> None:
    """7: the cap is a number of rounds (an engine option)."""
    state = board(rules=AzulRules(max_rounds=1), factories=["K"])
    play(state, "1K5")
    assert state.ended == TRUNCATED
