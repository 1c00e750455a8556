"""Spec 9.3: azul-quick, each of its rule options alone and the preset together."""

from __future__ import annotations

from fractions import Fraction
from random import Random

import pytest

import kashi
from kashi.core.outcome import RULES
from kashi.core.state import CHANCE
from kashi.games.azul import AzulRules
from tests.games.azul.builders import board, counts, fill, floor_text, line_text, parts, play, texts

ROW_ONE_BUT_WHITE = ["xxxx.", ".....", ".....", ".....", "....."]
QUICK = AzulRules(rounds=3, centre_seed_tile=True, overflow="discard", leftover_penalty=1, adjacency="cross")


class TestRounds:
    """rounds = 3: the game ends after the third wall-tiling phase (instead of the row trigger)."""

    @pytest.mark.parametrize(("round_number", "over"), [(2, False), (3, True)])
    def test_ends_after_the_third_tiling(self, round_number: int, over: bool) -> None:
        state = board(rules=AzulRules(rounds=3), factories=["K"], round_number=round_number)
        play(state, "1K5")
        assert state.is_over() == over
        assert state.ended == (RULES if over else "")

    def test_a_complete_row_does_not_end_the_game(self) -> None:
        state = board(
            rules=AzulRules(rounds=3),
            walls={0: ROW_ONE_BUT_WHITE},
            lines={0: {1: "W"}},
            factories=["K"],
            to_move=1,
            round_number=2,
        )
        play(state, "1K5")
        assert state.complete_rows(0) == 1 and not state.is_over() and state.round == 3


class TestCentreSeedTile:
    """centre_seed_tile: after the factories are filled, one extra tile is drawn into the centre."""

    def test_drawn_after_the_factories(self) -> None:
        state = board(rules=AzulRules(centre_seed_tile=True), to_move=CHANCE)
        fill(state, "fill BBBB YYYY RRRR KKKK WWWW")
        assert state.current_player == CHANCE
        chances = {str(outcome): probability for outcome, probability in state.chance_outcomes()}
        assert chances == pytest.approx({"+B": 0.2, "+Y": 0.2, "+R": 0.2, "+K": 0.2, "+W": 0.2})
        fill(state, "fill +R")
        assert state.centre == counts("R") and state.marker_in_centre and state.current_player == 0
        assert state.bag == [16, 16, 15, 16, 16]

    def test_drawn_from_the_lid_when_the_bag_is_empty(self) -> None:
        walls = {seat: ["".join("." if column == seat else "x" for column in range(5))] * 5 for seat in range(2)}
        state = board(
            rules=AzulRules(centre_seed_tile=True),
            walls=walls,
            bag="BBBBYYYYRRRRKKKKWWWW",
            lid=None,
            to_move=CHANCE,
        )
        fill(state, "fill BBBB YYYY RRRR KKKK WWWW")
        assert state.bag == counts("") and state.lid == [8, 8, 8, 8, 8]
        chances = {str(outcome): Fraction(p).limit_denominator(100) for outcome, p in state.chance_outcomes()}
        assert chances == {
            "+B": Fraction(1, 5),
            "+Y": Fraction(1, 5),
            "+R": Fraction(1, 5),
            "+K": Fraction(1, 5),
            "+W": Fraction(1, 5),
        }
        fill(state, "fill +R")
        assert state.centre == counts("R") and state.lid == counts("") and state.bag == [8, 8, 7, 8, 8]
        assert state.current_player == 0

    def test_a_new_game_records_the_centre_tile(self) -> None:
        game = kashi.new_game("azul", seed=4, centre_seed_tile=True)
        words = game.record().events[0].text.split()
        assert len(words) == 1 + 5 + 1 and words[-1][0] == "+"
        assert sum(game.state.centre) == 1 and game.state.centre["BYRKW".index(words[-1][1])] == 1


class TestDiscard:
    """overflow = "discard": overflow and F go to the lid; the floor then only holds the marker (-1)."""

    def test_overflow_and_floor_go_to_the_lid(self) -> None:
        state = board(rules=AzulRules(overflow="discard"), factories=["BBBY", "K"], centre="Y", scores=[0, 5])
        play(state, "1B2")
        assert line_text(state, 0, 2) == "BB" and state.lid == counts("B") and len(state.floor[0]) == 0
        play(state, "CYF")
        assert state.lid == counts("BYY") and floor_text(state, 1) == ""
        assert len(state.floor[1]) == 1 and state.marker_floor == 1
        play(state, "2K5")
        assert parts(state, 1) == [("azul.floor", -1)]
        assert parts(state, 0) == [("azul.place.lone", 1)]


class TestLeftoverPenalty:
    """leftover_penalty = 1: at the end, each tile left in a pattern line costs 1 point."""

    def test_at_the_end(self) -> None:
        state = board(
            rules=AzulRules(leftover_penalty=1),
            walls={0: ROW_ONE_BUT_WHITE},
            lines={0: {1: "W", 5: "KKK"}, 1: {3: "RR"}},
            factories=["K"],
            to_move=1,
            scores=[10, 5],
        )
        play(state, "1K4")
        assert parts(state, 0) == [("azul.place.row", 5), ("azul.bonus.row", 2), ("azul.leftover", -3)]
        assert texts(state, 0)[-1] == "leftover: 3 tiles in pattern lines -3"
        assert parts(state, 1) == [("azul.leftover", -3)]
        assert state.score == [14, 2]

    def test_not_at_the_end_of_other_rounds(self) -> None:
        state = board(rules=AzulRules(leftover_penalty=1), lines={0: {5: "KKK"}}, factories=["K"], scores=[10, 5])
        play(state, "1K4")
        assert state.score == [10, 5] and state.current_player == CHANCE


@pytest.mark.parametrize(
    ("wall", "lines", "points"),
    [
        pytest.param(["....."] * 5, {1: "B"}, 1, id="lone"),
        pytest.param([".xx..", *["....."] * 4], {1: "B"}, 3, id="row-run"),
        pytest.param([".x...", "x....", ".....", ".....", "....."], {2: "BB"}, 3, id="L-shape"),
        pytest.param([".....", "..x..", "xx...", ".....", "....."], {3: "BBB"}, 4, id="both"),
        pytest.param(["..x..", "..x..", "xx.x.", "..x..", "....."], {3: "BBB"}, 7, id="cross"),
    ],
)
def test_cross_adjacency(wall: list[str], lines: dict[int, str], points: int) -> None:
    """adjacency = "cross": 1 plus the tiles contiguous to it in its row and column (itself once)."""
    state = board(rules=AzulRules(adjacency="cross"), walls={0: wall}, lines={0: lines}, factories=["K"], to_move=1)
    play(state, "1K5")
    assert parts(state, 0) == [("azul.place.cross", points)]
    assert texts(state, 0)[0].endswith(f"1 + {points - 1} contiguous = +{points}")


def test_the_preset_sets_every_option() -> None:
    """9.3: azul-quick is built from these rule options."""
    options = kashi.variant("azul-quick").resolve(2, {})
    assert {name: options[name] for name in QUICK.to_options() if name != "max_rounds"} == {
        "grey": False, "partial_floor": False, "rounds": 3, "centre_seed_tile": True,
        "overflow": "discard", "leftover_penalty": 1, "adjacency": "cross",
    }  # fmt: skip
    assert kashi.variant("azul-quick").resolve(3, {})["rounds"] == 3


def test_the_preset_together_in_the_last_round() -> None:
    """9.3: cross scoring, the marker alone on the floor, leftovers, end after round 3."""
    state = board(
        rules=QUICK,
        walls={0: [".x...", "x....", ".....", ".....", "....."]},
        lines={0: {2: "BB", 5: "KK"}},
        centre="YYY",
        factories=["R"],
        round_number=3,
        scores=[10, 5],
    )
    play(state, "CYF", "1R3")
    assert parts(state, 0) == [("azul.place.cross", 3), ("azul.floor", -1), ("azul.leftover", -2)]
    assert parts(state, 1) == [("azul.leftover", -1)]
    assert state.score == [10, 4] and state.ended == RULES
    assert state.lid == counts("BYYY")
    assert state.outcome() is not None and state.outcome().winners == (0,)


def test_the_preset_keeps_the_end_bonuses() -> None:
    """9.3: end bonuses as in section 7 (here +2 for a row scored the cross way)."""
    state = board(rules=QUICK, walls={0: ROW_ONE_BUT_WHITE}, lines={0: {1: "W"}}, factories=["K"], to_move=1,
                  round_number=3, scores=[0, 3])  # fmt: skip
    play(state, "1K5")
    assert parts(state, 0) == [("azul.place.cross", 5), ("azul.bonus.row", 2)]
    assert parts(state, 1) == [("azul.leftover", -1)]
    assert state.score == [7, 2] and state.outcome() is not None and state.outcome().winners == (0,)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_quick_game_lasts_three_rounds(players: int) -> None:
    """9.3: a three-round family game; factory counts as in section 1 (2N+1)."""
    game = kashi.new_game("azul-quick", players=players, seed=players)
    assert len(game.state.factories) == 2 * players + 1
    rng = Random(players)
    while not game.is_over():
        game.play(game.state.random_move(rng))
    assert game.state.round == 3 and game.state.ended == RULES
