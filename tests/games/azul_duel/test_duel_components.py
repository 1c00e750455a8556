"""The component tables an Azul Duel table draws (``DuelState.components``), against section 1
of the rules spec by hand: the 18 plates, chips, lines, broken-tile penalties, workshops,
tablets, rounds and costs."""

from __future__ import annotations

import pytest

import kashi

PLATES = [
    "YKTS", "WBTK", "TRBW", "KYRW", "KSTR", "TYWK",
    "SKRB", "YBKS", "TRBS", "YRWB", "YSKR", "TKRW",
    "BKST", "RTYW", "TBWY", "STYB", "RWBK", "SYBR",
]  # fmt: skip
"""Spec 1's table of plates 0..17: cells top-left, top-right, bottom-left, bottom-right."""
SLOT_CELLS = [
    [0, 1, 6, 7], [2, 3, 8, 9], [4, 5, 10, 11],
    [12, 13, 18, 19], [14, 15, 20, 21], [16, 17, 22, 23],
    [24, 25, 30, 31], [26, 27, 32, 33], [28, 29, 34, 35],
]  # fmt: skip
"""A dome of 3x3 plate slots over 6x6 cells, numbered row * 6 + column."""


@pytest.mark.parametrize("tablets", [3, 4])
def test_the_tables_follow_the_spec(tablets: int) -> None:
    assert kashi.new_game("azul-duel", 2, seed=1, tablets=tablets).state.components() == {
        "colours": ["R", "Y", "K", "B", "T"],
        "special": "S",
        "wild": "W",
        "plates": PLATES,
        "rotations": 4,
        "chips": ["R", "Y", "K", "B", "T", "TY", "YK", "KB", "BR", "RT"],
        "lines": [1, 2, 3, 4, 5, 6],
        "broken_line": "x",
        "broken": [-1, -2, -3, -4],
        "dome": 6,
        "slot_cells": SLOT_CELLS,
        "cells": [f"{column}{row}" for row in range(1, 7) for column in "abcdef"],
        "workshops": ["L", "1", "2", "3", "4"],
        "suns": [5, 4, 4, 4, 4],
        "display": 3,
        "tablets": ["A", "B", "C", "D"],
        "tablets_in_play": tablets,
        "rounds": 5,
        "plate_rounds": 4,
        "plates_per_round": 2,
        "chips_per_round": 2,
        "draw_cost": -1,
        "start_tile_cost": -2,
        "start_score": 5,
    }


def test_nine_plates_have_a_special_cell_and_nine_a_wild_one() -> None:
    plates = kashi.new_game("azul-duel", 2, seed=1).state.components()["plates"]
    assert sum("S" in plate for plate in plates) == 9 and sum("W" in plate for plate in plates) == 9


def test_the_broken_penalties_add_up_to_the_spec_totals() -> None:
    """Spec 1: 1 tile -1, 2 tiles -3, 3 tiles -6, 4 tiles -10."""
    broken = kashi.new_game("azul-duel", 2, seed=1).state.components()["broken"]
    assert [sum(broken[:count]) for count in range(1, 5)] == [-1, -3, -6, -10]
