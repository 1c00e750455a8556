"""Spec section 6: preparing the next round (refill in factory order, the lid, running out)."""

from __future__ import annotations

from fractions import Fraction
from random import Random

import pytest

from kashi.core.errors import IllegalMoveError
from kashi.core.state import CHANCE
from kashi.games.azul import AzulRules
from kashi.games.azul.moves import FILLS, CentreTile, FactoryFill
from kashi.games.azul.state import EMPTY, AzulState
from tests.games.azul.builders import board, counts, fill


def crowded(lines: dict[int, dict[int, str]], bag: str, lid: str, starter: int = 0) -> AzulState:
    """Four players whose walls hold 80 tiles (seat s lacks column s+1 in every row): a small bag."""
    walls = {seat: ["".join("." if column == seat else "x" for column in range(5))] * 5 for seat in range(4)}
    return board(players=4, walls=walls, lines=lines, bag=bag, lid=lid, to_move=CHANCE, starter=starter)


def outcomes(state: AzulState) -> dict[str, Fraction]:
    found = {
        str(outcome): Fraction(probability).limit_denominator(1000) for outcome, probability in state.chance_outcomes()
    }
    assert sum(probability for _, probability in state.chance_outcomes()) == pytest.approx(1.0)
    return found


def two_in_bag_ten_in_lid() -> AzulState:
    return crowded({0: {5: "YYY"}, 2: {5: "KK"}, 3: {4: "BBB"}}, bag="BY", lid="RRRRKKWWWW")


def test_the_bag_empties_mid_fill_and_the_lid_refills_it() -> None:
    """6: if the bag empties mid-fill, move all lid tiles into the bag and continue."""
    state = two_in_bag_ten_in_lid()
    assert outcomes(state) == {
        "BYRR": Fraction(6, 45), "BYKK": Fraction(1, 45), "BYWW": Fraction(6, 45),
        "BYRK": Fraction(8, 45), "BYRW": Fraction(16, 45), "BYKW": Fraction(8, 45),
    }  # fmt: skip
    fill(state, "fill BYRW")
    assert state.factories[0] == FILLS[tuple(counts("BYRW"))].counts
    assert state.bag == counts("RRRKKWWW") and state.lid == counts("")
    assert outcomes(state) == {
        "RRRK": Fraction(2, 70), "RRRW": Fraction(3, 70), "RRKK": Fraction(3, 70), "RRKW": Fraction(18, 70),
        "RRWW": Fraction(9, 70), "RKKW": Fraction(9, 70), "RKWW": Fraction(18, 70), "RWWW": Fraction(3, 70),
        "KKWW": Fraction(3, 70), "KWWW": Fraction(2, 70),
    }  # fmt: skip


def test_when_bag_and_lid_are_empty_the_round_starts_with_partial_factories() -> None:
    """6: bag and lid both empty: the round starts with the factories as filled so far."""
    state = fill(two_in_bag_ten_in_lid(), "fill BYRW RRKW")
    assert outcomes(state) == {"RKWW": Fraction(1)}
    fill(state, "fill RKWW")
    for _ in range(6):
        assert outcomes(state) == {"....": Fraction(1)}
        fill(state, "fill ....")
    assert state.current_player == 0 and state.table_tiles == 12
    assert state.factories[3:] == [EMPTY] * 6
    assert [sum(tiles) for tiles in state.factories[:3]] == [4, 4, 4]


def test_the_bag_is_refilled_only_when_empty_never_early() -> None:
    """6: the bag is refilled only when empty: its last tiles are drawn before any lid tile."""
    state = crowded({0: {5: "YYY"}, 2: {5: "KK"}, 3: {4: "BBB"}}, bag="BYRRK", lid="RRKWWWW")
    assert outcomes(state) == {
        "YRRK": Fraction(1, 5),
        "BRRK": Fraction(1, 5),
        "BYRK": Fraction(2, 5),
        "BYRR": Fraction(1, 5),
    }
    fill(state, "fill BYRR")
    assert state.bag == counts("K") and state.lid == counts("RRKWWWW")
    second = outcomes(state)
    assert all("K" in text for text in second)
    assert second["RKKW"] == Fraction(2 * 1 * 4, 35)
    assert sum(second.values()) == 1


@pytest.mark.parametrize("text", ["RRRR", "BY..", "BBYR", "+R"])
def test_an_impossible_fill_is_refused_and_changes_nothing(text: str) -> None:
    """6: fills must be drawable: the bag's own tiles first, four per factory while tiles remain."""
    state = two_in_bag_ten_in_lid()
    before = state.to_json()
    with pytest.raises(IllegalMoveError) as error:
        state.apply_chance(state.parse_chance(text))
    assert error.value.key in {"azul.bad_fill", "core.bad_chance"}
    assert state.to_json() == before


@pytest.mark.parametrize("counts", [(-1, 2, 1, 1, 1), (1, 1, 1, 1), (5, 0, 0, 0, 0)])
def test_a_fill_object_that_is_no_fill_is_refused_and_changes_nothing(counts: tuple[int, ...]) -> None:
    """Counts below zero, or not five of them, are refused like any impossible fill."""
    state = AzulState(AzulRules(), 2, 0)
    before = state.to_json()
    with pytest.raises(IllegalMoveError) as error:
        state.apply_chance(FactoryFill(counts))
    assert error.value.key == "azul.bad_fill"
    assert state.to_json() == before and state.bag == [20] * 5


def test_a_round_with_no_tiles_goes_straight_to_wall_tiling() -> None:
    """6: if a round starts with no tiles at all in any factory, it goes straight to wall tiling."""
    lines = {0: {5: "YYYY"}, 1: {2: "B", 5: "RRRR"}, 2: {5: "KKKK"}, 3: {4: "BBB", 5: "WWWW"}}
    state = crowded(lines, bag="", lid="", starter=2)
    for _ in range(9):
        assert outcomes(state) == {"....": Fraction(1)}
        fill(state, "fill ....")
    assert state.round == 2 and state.current_player == CHANCE
    assert state.score == [0, 0, 0, 0] and state.starter == 2 and state.marker_in_centre


def test_a_full_bag_draws_four_tiles_at_random() -> None:
    """3/6: each factory gets 4 tiles drawn at random from the bag (100 tiles, 20 of each colour)."""
    chances = {str(outcome): probability for outcome, probability in board(to_move=CHANCE).chance_outcomes()}
    assert len(chances) == 70  # every multiset of 4 tiles out of 5 colours
    ways = Fraction(100 * 99 * 98 * 97, 24)
    assert chances["BBBB"] == pytest.approx(float(Fraction(20 * 19 * 18 * 17, 24) / ways))
    assert chances["BYRK"] == pytest.approx(float(Fraction(20**4) / ways))
    assert chances["BBYR"] == pytest.approx(float(Fraction(20 * 19 // 2 * 20 * 20) / ways))


def test_factories_are_filled_in_factory_order_with_four_tiles() -> None:
    """6: refill each factory with 4 tiles, in factory order."""
    state = board(to_move=CHANCE)
    tokens = ["BBYR", "KKWW", "BYRW", "YYYY", "RRRK"]
    for index, token in enumerate(tokens):
        assert state.fill_index == index and state.current_player == CHANCE
        fill(state, f"fill {token}")
        assert str(FILLS[state.factories[index]]) == token
    assert state.current_player == 0
    assert state.bag == [20 - count for count in counts("".join(tokens))]


@pytest.mark.parametrize("colour", [-1, 5, 99, "R"])
def test_a_centre_tile_of_no_colour_is_refused_and_changes_nothing(colour: object) -> None:
    """Under centre_seed_tile the extra tile must be one of the five colours (not counted from the
    end of the list, not out of range)."""
    rng = Random(4)
    state = AzulState(AzulRules(centre_seed_tile=True), 2, 0)
    while not any(isinstance(outcome, CentreTile) for outcome, _ in state.chance_outcomes()):
        state.apply_chance(state.sample_chance(rng))
    before = state.to_json()
    with pytest.raises(IllegalMoveError) as error:
        state.apply_chance(CentreTile(colour))  # type: ignore[arg-type]
    assert error.value.key == "azul.bad_centre_tile"
    assert state.to_json() == before
