"""Setup, workshop fills and the large-sun rule (spec sections 2 and 5)."""

from __future__ import annotations

import pytest
from duel_helpers import blank, settle

from kashi.core.errors import IllegalMoveError
from kashi.core.state import CHANCE
from kashi.games.azul_duel.notation import PlateReveal, SunTake, TabletDraw, TakePlate, WorkshopFill
from kashi.games.azul_duel.phases import FILL, OPENING
from kashi.games.azul_duel.rules import DuelRules
from kashi.games.azul_duel.state import AzulDuelState

R, Y, K, B, T = range(5)


def through_tablets(start: int = 0, **options: object) -> AzulDuelState:
    state = AzulDuelState(DuelRules(**options), start)  # type: ignore[arg-type]
    for plate in (4, 7, 9):
        assert state.chance_group() == ("display", 1)
        state.apply_chance(PlateReveal(plate))
    for draw in ("A1", "B-", "C2", "D1"):
        assert state.chance_group() == ("tablets", 1)
        state.apply_chance(state.parse_chance(draw))
    return state


def test_setup_order_display_tablets_fills_then_the_non_starting_player_opens() -> None:
    state = through_tablets(start=0)
    assert state.score == [5, 5] and state.display == [4, 7, 9]
    assert state.tablets == [1, 0, 2, 1]
    for text in ("L:RRYKB", "1:RYKB", "2:TTTT", "3:RRKB", "4:YYKT"):
        assert state.chance_group() == ("fill", 1)
        state.apply_chance(state.parse_chance(text))
    assert state.phase == OPENING and state.current_player == 1
    assert state.suns[0:5] == [2, 1, 1, 1, 0] and state.suns[10:15] == [0, 0, 0, 0, 4]
    state.play(TakePlate(7, 4, 1))
    assert state.current_player == CHANCE and state.chance_group() == ("display", 1)
    state.apply_chance(PlateReveal(12))
    assert state.display == [4, 9, 12] and state.current_player == 0
    state.play(TakePlate(12, 0, 0))
    state.apply_chance(PlateReveal(0))
    assert state.display == [4, 9, 0] and len(state.stack) == 13
    assert state.current_player == 0 and state.plates_taken == [0, 0]  # the opening plate is extra
    assert sum(state.bag) == 65 - 21


def test_opening_allows_only_a_plate() -> None:
    state = through_tablets()
    for text in ("L:RRYKB", "1:RYKB", "2:TTTT", "3:RRKB", "4:YYKT"):
        state.apply_chance(state.parse_chance(text))
    with pytest.raises(IllegalMoveError) as error:
        state.play(state.parse_move("sun 2 T>4"))
    assert error.value.key == "azul_duel.opening_now"


def test_three_tablets_leave_exactly_one_out_uniformly() -> None:
    state = AzulDuelState(DuelRules(), 0)
    for plate in (4, 7, 9):
        state.apply_chance(PlateReveal(plate))
    assert dict(state.chance_outcomes()) == pytest.approx(
        {TabletDraw(0, 0): 1 / 4, TabletDraw(0, 1): 3 / 8, TabletDraw(0, 2): 3 / 8}
    )
    for draw in ("A1", "B2", "C1"):
        state.apply_chance(state.parse_chance(draw))
    assert state.chance_outcomes() == [(TabletDraw(3, 0), 1.0)]
    state.apply_chance(TabletDraw(3, 0))
    assert state.tablets == [1, 2, 1, 0]


def test_four_tablets_option_puts_all_in_play() -> None:
    state = AzulDuelState(DuelRules(tablets=4), 0)
    for plate in (4, 7, 9):
        state.apply_chance(PlateReveal(plate))
    assert dict(state.chance_outcomes()) == {TabletDraw(0, 1): 0.5, TabletDraw(0, 2): 0.5}
    with pytest.raises(IllegalMoveError):
        state.apply_chance(TabletDraw(0, 0))


def filling(bag: str, tower: str = "") -> AzulDuelState:
    """The large sun is due, with exactly these tiles in the bag and the tower."""
    state = blank()
    state.phase = FILL
    state.fill_workshop, state.fill_need = 0, 5
    state.bag = [bag.count(c) for c in "RYKBT"]
    state.tower = [tower.count(c) for c in "RYKBT"]
    state._advance()
    return state


def test_fill_probabilities_are_the_multivariate_hypergeometric() -> None:
    state = filling("RRRYY")
    assert state.chance_outcomes() == [(WorkshopFill(0, (3, 2, 0, 0, 0)), 1.0)]
    state = filling("RRYYKK")
    outcomes = dict(state.chance_outcomes())
    assert sum(outcomes.values()) == pytest.approx(1)
    assert outcomes[WorkshopFill(0, (1, 2, 2, 0, 0))] == pytest.approx(1 / 3)  # C(2,1)C(2,2)C(2,2)/C(6,5)


def test_large_sun_of_one_colour_is_returned_and_redrawn() -> None:
    state = filling("R" * 13 + "Y")
    state.apply_chance(WorkshopFill(0, (5, 0, 0, 0, 0)))
    assert state.current_player == CHANCE and state.fill_workshop == 0 and state.fill_need == 5
    assert state.bag == [13, 1, 0, 0, 0] and state.suns[0:5] == [0, 0, 0, 0, 0]
    state.apply_chance(WorkshopFill(0, (4, 1, 0, 0, 0)))
    assert state.fill_workshop == 1 and not state.sun_start


def test_tower_moves_into_the_bag_before_a_redraw_when_the_bag_has_one_colour() -> None:
    state = filling("R" * 10, tower="YYK")
    state.apply_chance(WorkshopFill(0, (5, 0, 0, 0, 0)))
    assert state.bag == [10, 2, 1, 0, 0] and state.tower == [0, 0, 0, 0, 0]


def test_large_sun_keeps_one_colour_when_no_other_exists_and_brings_the_start_tile() -> None:
    state = filling("R" * 9)
    state.apply_chance(WorkshopFill(0, (5, 0, 0, 0, 0)))
    assert state.sun_start and state.fill_workshop == 1
    state.apply_chance(WorkshopFill(1, (4, 0, 0, 0, 0)))
    # bag and tower are empty now: the other workshops stay empty and show their chips
    assert state.current_player == CHANCE and state.chance_group() == ("chip", 1)
    assert state.chip_due == 0b1110
    for token in ("2=K", "3=B", "4=TY"):
        state.apply_chance(state.parse_chance(token))
    state.play(SunTake(0, R, 5))
    assert state.start_taker == 0 and not state.start_on_moon


def test_the_tower_is_poured_only_when_the_bag_is_empty() -> None:
    state = filling("RR", tower="YYYKKBT")
    assert state.chance_outcomes() == [(WorkshopFill(0, (2, 0, 0, 0, 0)), 1.0)]
    assert state.tower == [0, 3, 2, 1, 1]
    state.apply_chance(WorkshopFill(0, (2, 0, 0, 0, 0)))
    assert state.bag == [0, 3, 2, 1, 1] and state.tower == [0, 0, 0, 0, 0]
    assert state.fill_need == 3
    assert state.chance_group() == ("fill", 1)


def test_preparation_tops_up_the_display_and_refills_large_first() -> None:
    state = blank(start=1, round_number=1)
    state.plates_taken = [2, 2]
    state.display = [5]
    state.pool.remove(5)
    state.stack.pop()
    state.stack_known.pop()
    settle(state)
    assert state.round == 2 and state.chance_group() == ("display", 2)
    state.apply_chance(PlateReveal(1))
    state.apply_chance(PlateReveal(2))
    assert state.display == [5, 1, 2] and state.chance_group() == ("fill", 2)
    assert state.fill_workshop == 0 and state.fill_need == 5
    assert state.chip_at == [-1, -1, -1, -1] and state.start_on_moon
