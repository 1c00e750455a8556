"""Notation of every decision and chance outcome, action ids, JSON, components as data."""

from __future__ import annotations

import pytest

import kashi
from kashi.core.errors import KashiError, MoveSyntaxError
from kashi.games.azul_duel import actions
from kashi.games.azul_duel.components import BROKEN_TOTAL, CHIP_COLOURS, CHIP_NAMES, PLATES, SPECIAL, WILD, rotated
from kashi.games.azul_duel.notation import (
    DRAW,
    PASS,
    SKIP,
    ChipReveal,
    ChipTake,
    KeepPlate,
    MoonTake,
    Move,
    PlaceTile,
    PlateReveal,
    ReturnPlate,
    SpendChips,
    SunTake,
    TabletDraw,
    TakePlate,
    WorkshopFill,
    parse_chance,
    parse_move,
)
from kashi.games.azul_duel.state import AzulDuelState

R, Y, K, B, T = range(5)

EXAMPLES: list[tuple[Move, str]] = [
    (TakePlate(12, 4, 1), "plate 12 s5 r1"),
    (DRAW, "draw"),
    (KeepPlate(3, 8, 3), "keep 3 s9 r3"),
    (ReturnPlate(7), "bottom 7"),
    (SunTake(2, R, 2, (K, B, Y)), "sun 2 R>3 KBY"),
    (SunTake(0, T, 6), "sun L T>x"),
    (MoonTake(Y, 5), "moon Y>6"),
    (ChipTake(4), "chip 4"),
    (PASS, "pass"),
    (SpendChips((R, R, 5)), "chips R,R,TY"),
    (SKIP, "skip"),
    (PlaceTile(14), "tile c3"),
]


@pytest.mark.parametrize(("move", "text"), EXAMPLES)
def test_every_move_kind_round_trips(move: Move, text: str) -> None:
    assert str(move) == text
    assert parse_move(text) == move
    assert actions.move_from_action(actions.action_id(move)) == move


def test_parsing_is_lenient_about_case_spaces_and_chip_order() -> None:
    assert parse_move("  SUN 2   r>3 kby ") == SunTake(2, R, 2, (K, B, Y))
    assert parse_move("chips TY r R") == SpendChips((R, R, 5))
    assert parse_move("chips YT") == SpendChips((5,))


@pytest.mark.parametrize("text", ["", "sun 5 R>1", "moon Q>1", "plate 18 s1 r0", "tile g1", "chips RR", "bottom", 7])
def test_malformed_moves_raise_syntax_errors(text: object) -> None:
    with pytest.raises(MoveSyntaxError):
        parse_move(text)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("outcome", "text"),
    [
        (WorkshopFill(0, (2, 1, 1, 1, 0)), "L:RRYKB"),
        (WorkshopFill(3, (0, 0, 0, 0, 2)), "3:TT"),
        (TabletDraw(1, 0), "B-"),
        (TabletDraw(2, 2), "C2"),
        (PlateReveal(17), "17"),
        (ChipReveal(2, 9), "2=RT"),
    ],
)
def test_chance_outcomes_round_trip(outcome: object, text: str) -> None:
    assert str(outcome) == text
    assert parse_chance(text) == outcome


def test_action_ids_cover_a_fixed_range_and_reject_outsiders() -> None:
    state = AzulDuelState.__new__(AzulDuelState)
    assert state.num_actions == actions.NUM_ACTIONS
    ids = {actions.action_id(move) for move, _ in EXAMPLES}
    assert len(ids) == len(EXAMPLES) and all(0 <= i < actions.NUM_ACTIONS for i in ids)
    with pytest.raises(KashiError):
        actions.move_from_action(actions.NUM_ACTIONS)
    with pytest.raises(KashiError):
        actions.action_id(SpendChips((R, R, R)))


def test_illegal_input_of_the_wrong_type_changes_nothing() -> None:
    game = kashi.new_game("azul-duel", seed=3)
    before = game.state.to_json()
    for bad in ("sun 1 R>1", TakePlate("1", 0, 0), SunTake(1, 9, 0), None):  # type: ignore[arg-type]
        with pytest.raises(KashiError):
            game.state.play(bad)
    assert game.state.to_json() == before


def test_plates_table_matches_the_spec() -> None:
    assert len(PLATES) == 18
    assert PLATES[0] == (Y, K, T, SPECIAL) and PLATES[13] == (R, T, Y, WILD)
    assert sum(SPECIAL in plate for plate in PLATES) == 9 and sum(WILD in plate for plate in PLATES) == 9
    assert all(len(set(plate)) == 4 for plate in PLATES)
    assert rotated(PLATES[0], 1) == (T, Y, SPECIAL, K)  # clockwise: the left column becomes the top row
    assert rotated(PLATES[0], 4) == PLATES[0]


def test_chips_and_penalties_match_the_spec() -> None:
    assert len(CHIP_NAMES) == 10
    assert [sorted(CHIP_COLOURS[chip]) for chip in range(5, 10)] == [[Y, T], [Y, K], [K, B], [R, B], [R, T]]
    assert BROKEN_TOTAL == (0, 1, 3, 6, 10)


def test_json_round_trip_and_clear_errors() -> None:
    game = kashi.new_game("azul-duel", seed=11)
    data = game.state.to_json()
    again = AzulDuelState.from_json(data)
    assert again.to_json() == data
    broken = dict(data, bag={**data["bag"], "R": data["bag"]["R"] + 1})
    with pytest.raises(KashiError, match="coloured tiles"):
        AzulDuelState.from_json(broken)
    with pytest.raises(KashiError, match="no 'workshops'"):
        AzulDuelState.from_json({k: v for k, v in data.items() if k != "workshops"})
    with pytest.raises(KashiError, match="tablets"):
        AzulDuelState.from_json(dict(data, tablets=[1, 2]))
    with pytest.raises(KashiError):
        AzulDuelState.from_json(dict(data, rules=[]))


def test_render_shows_workshops_boards_and_tablets_in_letters() -> None:
    game = kashi.new_game("azul-duel", seed=5)
    text = game.state.render(seat=0)
    assert "Seat 0 (you): score 5" in text and "Seat 1: score 5" in text
    assert "Workshop  sun" in text and "Tablets " in text
    assert "\x1b[" not in text
    assert "\x1b[" in game.state.render(colour=True)


def test_variant_is_registered_with_its_ours_options() -> None:
    variant = kashi.variant("azul-duel")
    assert variant.allowed_players == (2,)
    ours = {option.name: option.default for option in variant.family.options if option.ours}
    assert ours == {"draw_at_zero": True, "unused_chip_points": 0, "free_pass": False, "untaken_start_tile": "keep"}
    assert variant.family.option("tablets") is not None
    with pytest.raises(KashiError):
        kashi.new_game("azul-duel", tablets=5)
