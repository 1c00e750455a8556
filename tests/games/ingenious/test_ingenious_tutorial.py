"""Spec section 8: the tutorial's options, each on its own, and the ingenious-tutorial preset."""

from __future__ import annotations

from typing import ClassVar

import pytest

from kashi.core.errors import IllegalMoveError
from kashi.core.game import new_game
from kashi.core.outcome import RULES
from kashi.core.state import CHANCE, TERMINAL
from kashi.games.ingenious.hexgrid import CENTRE
from kashi.games.ingenious.layout import STAR
from tests.games.ingenious.builders import drain, draw, parts, play, position, rack, state_of, texts, track

FULL = "RB GG OO YY PP BO"


class TestGroupScoring:
    """scoring = group: the connected same-colour group of each colour, own hexes included."""

    PLACED: ClassVar[tuple[str, ...]] = ("RR h7-h6", "RO g7-f7")  # red h7 h6, and g7 joined to h7

    def test_each_colour_scores_its_group(self) -> None:
        state = position(placed=self.PLACED, racks={0: FULL, 1: "GO"}, scoring="group")
        play(state, "RB h8-h9")
        assert texts(state) == ["red +4 (group of 4)", "blue +1 (group of 1)"]
        red, blue = (change.parts[0].params["cells"] for change in state.score_changes)
        assert (red, blue) == (["g7", "h6", "h7", "h8"], ["h9"]), "the cells a table outlines"

    def test_a_double_scores_its_group_once(self) -> None:
        state = position(placed=self.PLACED, racks={0: "RR GG", 1: "GO"}, scoring="group")
        play(state, "RR h8-h9")
        assert texts(state) == ["red +5 (group of 5)"]

    def test_a_start_symbol_belongs_to_the_group_of_its_colour(self) -> None:
        state = position(racks={0: "RB GG", 1: "GO"}, scoring="group")
        play(state, "RB d12-d11")
        assert texts(state) == ["red +2 (group of 2)", "blue +1 (group of 1)"]


class TestGlobalLock:
    """cap = global-lock: 18 in a colour locks it for everyone; no bonus, no swap, no instant win."""

    RUN_OF_3: ClassVar[tuple[str, ...]] = ("RR h7-h6", "RY h5-i4")

    def test_reaching_18_locks_the_colour_and_earns_no_bonus(self) -> None:
        state = position(placed=self.RUN_OF_3, racks={0: FULL, 1: "GO"}, tracks={0: "R16"}, cap="global-lock")
        play(state, "RB h8-h9")
        assert parts(state) == [("ingenious.rays", 3), ("ingenious.capped", -1), ("ingenious.lock", 0)]
        assert texts(state)[0].endswith("red reached 18: locked for everyone")
        assert state.current_player == CHANCE

    def test_nobody_scores_a_locked_colour(self) -> None:
        state = position(placed=self.RUN_OF_3, racks={0: FULL, 1: "RG GO"}, tracks={0: "R16"}, cap="global-lock")
        play(state, "RB h8-h9")
        draw(state, "GG")
        play(state, "RG g9-f10")  # g9 sees red h8 south-west
        assert parts(state) == [("ingenious.rays", 1), ("ingenious.locked", -1)]
        assert track(state, 1)["R"] == 0

    def test_no_swap_under_the_lock(self) -> None:
        tracks = {0: "R5 G5 B3 O3 Y4 P4"}
        state = position(racks={0: "RR RG GY YP GG PP", 1: "GO"}, tracks=tracks, cap="global-lock")
        play(state, "RR k9-k10")
        assert state.current_player == CHANCE

    def test_no_instant_win_under_the_lock(self) -> None:
        tracks = {0: "R17 G18 B18 O18 Y18 P18"}
        state = position(placed=("RY h7-h6",), racks={0: FULL, 1: "GO"}, tracks=tracks, cap="global-lock")
        play(state, "RB h8-h9")
        assert track(state, 0)["R"] == 18 and state.current_player == CHANCE


class TestCentreStar:
    """start = centre-star: a colourless star on h8; the first tile touches it; it scores for nobody."""

    def test_the_star_replaces_the_start_symbols(self) -> None:
        state = position(racks={0: FULL, 1: "GO"}, start="centre-star", turns=0)
        assert state.board[CENTRE] == STAR
        assert all(state.board[cell] != STAR for cell in state.layout.area.cells if cell != CENTRE)
        assert len(state.layout.starts) == 1

    def test_the_first_tile_must_touch_the_star(self) -> None:
        state = position(racks={0: FULL, 1: "GO"}, start="centre-star", turns=0)
        with pytest.raises(IllegalMoveError) as error:
            play(state, "RB c8-c9")
        assert error.value.key == "ingenious.first_tile"
        with pytest.raises(IllegalMoveError) as error:
            play(state, "RB h8-h9")
        assert error.value.key == "ingenious.start_symbol"
        play(state, "RB h9-h10")
        draw(state, "YY")
        play(state, "GO c8-c9")  # without must_touch only the first tile is bound

    def test_the_star_scores_for_nobody_and_stops_runs(self) -> None:
        state = position(placed=("RY h7-h6",), racks={0: FULL, 1: "GO"}, start="centre-star")
        play(state, "RB h9-i9")
        assert texts(state) == []


class TestMustTouch:
    def test_every_tile_must_touch_an_occupied_cell(self) -> None:
        state = position(placed=("RY h7-h6",), racks={0: FULL, 1: "GO"}, must_touch=True)
        with pytest.raises(IllegalMoveError) as error:
            play(state, "RB k9-k10")
        assert error.value.key == "ingenious.must_touch"
        play(state, "RB h8-h9")
        draw(state, "YY")
        play(state, "GO h12-i12")  # touches the green start symbol on h13

    def test_legal_moves_obey_the_contact_rule(self) -> None:
        state = position(placed=("RY h7-h6",), racks={0: "GG", 1: "GO"}, must_touch=True)
        grid = state.layout.area
        for move in state.legal_moves():
            assert isinstance(move, type(state.parse_move("GG h8-h9")))
            cells = (move.a, move.b)  # type: ignore[union-attr]
            assert any(state.board[other] < 6 for cell in cells for other in grid.neighbours[cell])


class TestReserveHand:
    """reserve_hand (2 players): an active rack and a reserve rack of 6 each."""

    def test_setup_draws_an_active_and_a_reserve_rack_each(self) -> None:
        game = new_game("ingenious-tutorial", players=2, seed=7, first_seat=0)
        state = state_of(game)
        assert [len(rack) for rack in state.racks] == [6, 6]
        assert [len(rack) for rack in state.reserves] == [6, 6]
        lines = [event.text for event in game.events]
        assert [line.split()[:2] for line in lines] == [["draw", "0"], ["draw", "0"], ["draw", "1"], ["draw", "1"]]
        assert state.bag_size == 120 - 24

    def test_after_placing_one_tile_is_drawn_into_the_active_rack(self) -> None:
        state = position(racks={0: FULL, 1: "GO"}, reserves={0: FULL, 1: "GO"}, reserve_hand=True)
        play(state, "GG k9-k10")
        assert state.draw_left == 1 and state.draw_target == 0

    def test_the_reserve_becomes_active_when_the_active_rack_is_empty(self) -> None:
        state = position(racks={0: "GG", 1: "OO"}, reserves={0: FULL, 1: "YY"}, reserve_hand=True)
        drain(state)
        play(state, "GG k9-k10")
        assert state.current_player == 1
        assert rack(state, 0) == sorted(FULL.split()) and state.reserves[0] == []

    def test_reserve_hands_exist_only_with_two_players(self) -> None:
        game = new_game("ingenious-tutorial", players=3, seed=7)
        assert all(rack == [] for rack in state_of(game).reserves)


class TestStuck:
    """A seat that cannot place: with tiles it always can, so only an empty rack (and bag) is stuck."""

    @pytest.mark.parametrize("stuck", ["pass", "discard"])
    def test_a_seat_with_nothing_to_place_or_discard_is_passed(self, stuck: str) -> None:
        state = position(racks={0: "GG OO", 1: ""}, stuck=stuck)
        drain(state)
        play(state, "GG k9-k10")
        assert state.current_player == 0
        play(state, "OO e7-e8")
        assert state.current_player == TERMINAL


class TestBagEnd:
    """end = bag: 3-4 players end when the bag is empty at the end of a turn; 2 when all racks are."""

    def test_three_players_end_when_the_bag_is_empty_after_a_turn(self) -> None:
        state = position(3, racks={0: "GG OO", 1: "YY", 2: "PP"}, end="bag")
        drain(state)
        play(state, "GG k9-k10")
        outcome = state.outcome()
        assert outcome is not None and outcome.termination == RULES

    def test_without_the_option_play_goes_on(self) -> None:
        state = position(3, racks={0: "GG OO", 1: "YY", 2: "PP"})
        drain(state)
        play(state, "GG k9-k10")
        assert state.current_player == 1

    def test_two_players_end_when_every_rack_is_empty(self) -> None:
        state = position(racks={0: "GG", 1: "OO"}, end="bag")
        drain(state)
        play(state, "GG k9-k10")
        assert state.current_player == 1
        play(state, "OO e7-e8")
        assert state.current_player == TERMINAL


class TestTotalTiebreak:
    TRACKS: ClassVar[dict[int, str]] = {0: "R5 G9 B9 O9 Y9 P9", 1: "R5 G5 B5 O5 Y18 P18"}  # sums 50 and 56

    def test_equal_lowest_scores_are_decided_by_the_sum(self) -> None:
        outcome = position(tracks=self.TRACKS, over=RULES, tiebreak="total").outcome()
        assert outcome is not None and outcome.winners == (1,)
        outcome = position(tracks=self.TRACKS, over=RULES).outcome()
        assert outcome is not None and outcome.winners == (0,)

    def test_then_shared(self) -> None:
        tracks = {0: "R5 G9 B9 O9 Y9 P9", 1: "R5 G5 B5 O5 Y12 P18"}  # sums 50 and 50
        outcome = position(tracks=tracks, over=RULES, tiebreak="total").outcome()
        assert outcome is not None and outcome.winners == (0, 1)


def test_the_tutorial_preset_combines_the_options() -> None:
    game = new_game("ingenious-tutorial", players=2, seed=3)
    options = game.options
    assert options["start"] == "centre-star" and options["must_touch"] and options["scoring"] == "group"
    assert options["cap"] == "global-lock" and options["reserve_hand"] and options["stuck"] == "discard"
    assert options["end"] == "bag" and options["tiebreak"] == "total"
    assert state_of(game).board[CENTRE] == STAR
