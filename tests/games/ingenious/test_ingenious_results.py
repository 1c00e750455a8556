"""Spec sections 4-6: ranking by sorted score lists, shared wins, the team game and solo."""

from __future__ import annotations

from typing import Any

from kashi.core.outcome import INSTANT_WIN, RULES, Outcome
from kashi.core.state import CHANCE
from tests.games.ingenious.builders import parts, play, position, texts, track

RED_ONE = "RY h7-h6"


def finished(tracks: dict[int, str], players: int = 2, **options: Any) -> Outcome:
    state = position(players, tracks=tracks, over=RULES, **options)
    outcome = state.outcome()
    assert outcome is not None
    return outcome


def test_sorted_lists_are_compared_lowest_first() -> None:
    """5 5 7 9 10 12 against 5 6 6 6 6 6: the lowest tie, the second lowest decides."""
    outcome = finished({0: "R5 G5 B7 O9 Y10 P12", 1: "R6 G6 B5 O6 Y6 P6"})
    assert outcome.winners == (1,) and outcome.ranks == (2, 1)
    assert outcome.scores == (5, 5)
    assert outcome.details["sorted"] == [[5, 5, 7, 9, 10, 12], [5, 6, 6, 6, 6, 6]]


def test_the_lowest_score_decides_first() -> None:
    outcome = finished({0: "R4 G18 B18 O18 Y18 P18", 1: "R5 G5 B5 O5 Y5 P5"})
    assert outcome.winners == (1,)


def test_a_complete_tie_is_a_shared_win() -> None:
    outcome = finished({0: "R3 G4 B5 O6 Y7 P8", 1: "R8 G7 B6 O5 Y4 P3"})
    assert outcome.winners == (0, 1) and outcome.ranks == (1, 1)


def test_a_complete_tie_can_be_a_draw_instead() -> None:
    outcome = finished({0: "R3 G4 B5 O6 Y7 P8", 1: "R8 G7 B6 O5 Y4 P3"}, complete_tie="draw")
    assert outcome.winners == () and outcome.ranks == (1, 1)


def test_three_players_two_sharing_first_place() -> None:
    outcome = finished({0: "R2 G2 B2 O2 Y2 P2", 1: "R3 G4 B5 O6 Y7 P8", 2: "R8 G7 B6 O5 Y4 P3"}, players=3)
    assert outcome.winners == (1, 2) and outcome.ranks == (3, 1, 1)


class TestTeams:
    """Section 5: partners 0+2 and 1+3 share one board whose tracks run to 36."""

    def test_partners_score_on_one_board(self) -> None:
        state = position(4, placed=(RED_ONE,), racks={seat: "RB GG" for seat in range(4)}, teams=True, to_move=2)
        play(state, "RB h8-h9")
        assert track(state, 0)["R"] == 1 and track(state, 2)["R"] == 1
        assert track(state, 1)["R"] == 0 and track(state, 3)["R"] == 0

    def test_reaching_18_stops_there_and_earns_a_bonus(self) -> None:
        state = position(4, placed=("RR h7-h6", "RY h5-i4"), racks={0: "RB GG"}, teams=True, tracks={0: "R17"})
        play(state, "RB h8-h9")
        assert parts(state) == [("ingenious.rays", 3), ("ingenious.capped", -2), ("ingenious.bonus", 0)]
        assert track(state, 0)["R"] == 18 and state.current_player == 0

    def test_points_after_18_continue_toward_36(self) -> None:
        state = position(4, placed=("RR h7-h6", "RY h5-i4"), racks={0: "RB GG"}, teams=True, tracks={0: "R18"})
        play(state, "RB h8-h9")
        assert texts(state) == ["red +3 (rays 3)"]
        assert track(state, 0)["R"] == 21 and state.current_player == CHANCE

    def test_reaching_36_earns_another_bonus_and_stops(self) -> None:
        state = position(4, placed=("RR h7-h6", "RY h5-i4"), racks={0: "RB GG"}, teams=True, tracks={0: "R34"})
        play(state, "RB h8-h9")
        assert texts(state) == ["red +3 (rays 3), red stops at 36: 1 lost, Ingenious! red reached 36: place again"]
        assert track(state, 0)["R"] == 36 and state.current_player == 0

    def test_six_tracks_at_36_win_for_the_team(self) -> None:
        tracks = {0: "R35 G36 B36 O36 Y36 P36"}
        state = position(4, placed=(RED_ONE,), racks={2: "RB GG"}, teams=True, tracks=tracks, to_move=2)
        play(state, "RB h8-h9")
        outcome = state.outcome()
        assert outcome is not None and outcome.termination == INSTANT_WIN
        assert outcome.winners == (0, 2) and outcome.ranks == (1, 2, 1, 2)

    def test_the_better_team_list_wins(self) -> None:
        outcome = finished({0: "R10 G10 B10 O10 Y10 P10", 1: "R9 G30 B30 O30 Y30 P30"}, players=4, teams=True)
        assert outcome.winners == (0, 2) and outcome.scores == (10, 9, 10, 9)


class TestSolo:
    """Section 6: one player, the small area, tracks to 36."""

    def test_solo_tracks_run_to_36_with_bonuses_at_18_and_36(self) -> None:
        state = position(1, placed=(RED_ONE,), racks={0: "RB GG OO"}, tracks={0: "R17"})
        play(state, "RB h8-h9")
        assert track(state, 0)["R"] == 18 and state.current_player == 0
        state = position(1, placed=(RED_ONE,), racks={0: "RB GG OO"}, tracks={0: "R35"})
        play(state, "RB h8-h9")
        assert track(state, 0)["R"] == 36 and state.current_player == 0

    def test_the_result_is_the_sorted_list(self) -> None:
        outcome = finished({0: "R20 G3 B36 O7 Y9 P12"}, players=1)
        assert outcome.scores == (3,) and outcome.winners == (0,)
        assert outcome.details["sorted"] == [[3, 7, 9, 12, 20, 36]]

    def test_solo_plays_on_the_small_area(self) -> None:
        state = position(1, racks={0: "RB GG"})
        assert state.layout.area.radius == 5
