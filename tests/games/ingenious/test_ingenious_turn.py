"""Spec sections 3-4: bonus placements, the swap, the first round, the end and the instant win."""

from __future__ import annotations

import pytest

from kashi.core.errors import IllegalMoveError
from kashi.core.outcome import INSTANT_WIN, RULES
from kashi.core.state import CHANCE, TERMINAL
from kashi.games.ingenious import IngeniousState
from kashi.games.ingenious.hexgrid import NAMES
from kashi.games.ingenious.moves import Decision
from kashi.games.ingenious.tiles import TILES
from tests.games.ingenious.builders import draw, fill_all_but, parts, play, position, rack, texts, track

RED_ONE = "RY h7-h6"
"""Red h7 west of h8: a red hex on h8 scores 1."""
BLUE_ONE = "BY h10-h11"
"""Blue h10 east of h9: a blue hex on h9 scores 1."""


def test_one_placement_taking_two_tracks_to_18_earns_two_bonuses() -> None:
    state = position(placed=(RED_ONE, BLUE_ONE), racks={0: "RB GG OO YY PP BO", 1: "GO"}, tracks={0: "R17 B17"})
    play(state, "RB h8-h9")
    assert texts(state) == [
        "red +1 (rays 1), Ingenious! red reached 18: place again",
        "blue +1 (rays 1), Ingenious! blue reached 18: place again",
    ]
    assert state.current_player == 0 and state.bonus == 2, "two bonus placements owed"
    play(state, "GG k9-k10")
    assert state.current_player == 0 and state.bonus == 1, "the one being made now counts"
    play(state, "OO e7-e8")
    assert state.bonus == 0
    assert state.current_player == CHANCE
    assert rack(state, 0) == ["BO", "PP", "YY"]
    assert state.chance_group()[0] == "draw 0" and state.draw_left == 3


def test_bonuses_chain() -> None:
    """The bonus placement takes green to 18 as well, which earns one more placement."""
    placed = (RED_ONE, "GO j9-j10")
    state = position(placed=placed, racks={0: "RB GG OO YY PP BO", 1: "GO"}, tracks={0: "R17 G17"})
    play(state, "RB h8-h9")
    assert state.current_player == 0
    play(state, "GG k9-k10")
    assert texts(state) == ["green +1 (rays 1), Ingenious! green reached 18: place again"]
    assert state.current_player == 0
    play(state, "OO e7-e8")
    assert state.current_player == CHANCE


def test_a_bonus_with_an_empty_rack_is_lost() -> None:
    state = position(placed=(RED_ONE,), racks={0: "RB", 1: "GO"}, tracks={0: "R17"})
    play(state, "RB h8-h9")
    assert texts(state)[-1] == "the rack is empty: 1 bonus placement(s) lost"
    assert state.current_player == CHANCE and state.draw_seat == 0 and state.draw_left == 6
    draw(state, "GG OO YY PP BO BB")
    assert state.current_player == 1


def test_refill_option_plays_the_bonus_after_refilling() -> None:
    state = position(placed=(RED_ONE,), racks={0: "RB", 1: "GO"}, tracks={0: "R17"}, empty_rack_bonus="refill")
    play(state, "RB h8-h9")
    assert parts(state)[-1] == ("ingenious.bonus", 0)
    draw(state, "GG OO YY PP BO BB")
    assert state.current_player == 0 and state.turns == 2
    play(state, "GG k9-k10")
    assert state.current_player == CHANCE and state.draw_left == 1


def test_swap_is_offered_when_the_rack_shows_none_of_the_lowest_colours() -> None:
    """Lowest are blue and orange (3); the rack left after placing shows neither."""
    tracks = {0: "R5 G5 B3 O3 Y4 P4"}
    state = position(racks={0: "RR RG GY YP GG PP", 1: "GO"}, tracks=tracks)
    bag_before = state.bag_size
    play(state, "RR k9-k10")
    assert state.current_player == 0
    assert state.legal_moves() == [Decision.SWAP, Decision.KEEP]
    play(state, "swap")
    assert state.current_player == CHANCE and state.draw_left == 6
    assert [str(TILES[kind]) for kind in state.revealed[0]] == ["RG", "GG", "GY", "YP", "PP"]
    assert rack(state, 0) == []
    draw(state, "BB BO OO OY RB BY")
    assert rack(state, 0) == ["BB", "BO", "BY", "OO", "OY", "RB"]
    assert state.bag_size == bag_before - 6 + 5
    assert state.current_player == 1
    assert [str(TILES[kind]) for kind in state.view(1).revealed[0]] == ["RG", "GG", "GY", "YP", "PP"]


def test_keep_refills_as_usual() -> None:
    state = position(racks={0: "RR RG GY YP GG PP", 1: "GO"}, tracks={0: "R5 G5 B3 O3 Y4 P4"})
    play(state, "RR k9-k10", "keep")
    assert state.current_player == CHANCE and state.draw_left == 1


def test_no_swap_when_the_rack_shows_one_of_the_tied_lowest_colours() -> None:
    """Blue and orange tie for lowest; an orange-yellow tile in the rack forbids the swap."""
    state = position(racks={0: "RR RG GY OY GG PP", 1: "GO"}, tracks={0: "R5 G5 B3 O3 Y4 P4"})
    play(state, "RR k9-k10")
    assert state.current_player == CHANCE


def test_swap_and_keep_are_only_answers_to_the_offer() -> None:
    state = position(racks={0: "RR RG GY YP GG PP", 1: "GO"}, tracks={0: "R5 G5 B3 O3 Y4 P4"})
    with pytest.raises(IllegalMoveError) as error:
        play(state, "swap")
    assert error.value.key == "ingenious.place_now"
    play(state, "RR k9-k10")
    with pytest.raises(IllegalMoveError) as error:
        play(state, "GG d8-d9")
    assert error.value.key == "ingenious.decide_now"


class TestFirstRound:
    """3.1: each first-round placement touches a start symbol no earlier one touched."""

    def start(self) -> IngeniousState:
        state = position(racks={0: "RB GG OO YY PP BO", 1: "GB OO YY PP BO GG"}, turns=0)
        play(state, "RB d8-d9")  # d8 touches the purple symbol on c8
        draw(state, "YY")
        assert state.current_player == 1
        return state

    def test_a_symbol_touched_earlier_this_round_is_taken(self) -> None:
        state = self.start()
        with pytest.raises(IllegalMoveError) as error:
            play(state, "GB d7-e7")  # d7 touches c8 too
        assert error.value.key == "ingenious.first_round"
        assert "c8" not in str(error.value) and "c13" in str(error.value)

    def test_contact_means_sharing_an_edge(self) -> None:
        state = self.start()
        with pytest.raises(IllegalMoveError):
            play(state, "GB h10-h11")  # h11 is two cells from the green symbol on h13
        with pytest.raises(IllegalMoveError):
            play(state, "GB f6-f7")
        play(state, "GB h11-h12")  # h12 touches h13
        assert state.current_player == CHANCE

    def test_after_the_first_round_there_is_no_contact_rule(self) -> None:
        state = self.start()
        play(state, "GB h11-h12")
        draw(state, "PP")
        play(state, "GG f6-f7")
        assert state.current_player == CHANCE


def test_the_game_ends_at_once_when_no_two_adjacent_cells_are_empty() -> None:
    """The last pair d12-d13 touches the red symbol c13: red 17 -> 18 earns a bonus, but the
    game is over at once and the bonus is not played."""
    placed = fill_all_but({"d12", "d13"})
    state = position(placed=placed, racks={0: "RR GG", 1: "GO"}, tracks={0: "R17 G1 B1 O1 Y1 P1"})
    grid = state.layout.area
    free = [{NAMES[grid.edge_a[edge]], NAMES[grid.edge_b[edge]]} for edge in state.free]
    assert {"d12", "d13"} in free and all(pair & {"d12", "d13"} for pair in free)
    play(state, "RR d12-d13")
    assert texts(state) == ["red +2 (rays 1+1), red stops at 18: 1 lost, Ingenious! red reached 18: place again"]
    assert state.current_player == TERMINAL
    outcome = state.outcome()
    assert outcome is not None and outcome.termination == RULES
    assert outcome.scores == (1, 0) and outcome.winners == (0,)


def test_six_tracks_at_18_win_at_once() -> None:
    state = position(
        placed=(RED_ONE,),
        racks={0: "RB GG", 1: "GO"},
        tracks={0: "R17 G18 B18 O18 Y18 P18", 1: "R18 G18 B18 O18 Y18 P17"},
    )
    play(state, "RB h8-h9")
    outcome = state.outcome()
    assert outcome is not None
    assert outcome.termination == INSTANT_WIN and outcome.winners == (0,) and outcome.ranks == (1, 2)
    assert track(state, 0) == dict.fromkeys("RGBOYP", 18)
