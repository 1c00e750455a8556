"""The component tables an Azul table draws (``AzulState.components``), against the rules spec
by hand: section 1 (factories, lines, floor), section 2 (the printed wall), 9.1 (the grey side
prints nothing) and 9.3 (the quick rules' floor holds only the marker)."""

from __future__ import annotations

from random import Random

import pytest

import kashi
from tests.games.position_checks import walk

COLOUR_WALL = ["BYRKW", "WBYRK", "KWBYR", "RKWBY", "YRKWB"]
"""Spec 2: row 1 reads B Y R K W, each following row shifted one step to the right."""
GREY_WALL = ["....."] * 5
FULL_FLOOR = [-1, -1, -2, -2, -2, -3, -3]
"""Spec 1: a floor line of 7 spaces."""
MARKER_FLOOR = [-1]
"""Spec 9.3: under overflow = "discard" the floor only holds the marker (-1)."""
BONUSES = {"row": 2, "column": 7, "colour": 10}


@pytest.mark.parametrize(
    ("variant", "wall", "floor", "rounds", "leftover"),
    [
        ("azul", COLOUR_WALL, FULL_FLOOR, None, 0),
        ("azul-mini", COLOUR_WALL, FULL_FLOOR, None, 0),
        ("azul-grey", GREY_WALL, FULL_FLOOR, None, 0),
        ("azul-quick", COLOUR_WALL, MARKER_FLOOR, 3, -1),
    ],
)
@pytest.mark.parametrize(("players", "factories"), [(2, 5), (3, 7), (4, 9)])
def test_the_tables_of_every_variant_and_player_count(
    variant: str, wall: list[str], floor: list[int], rounds: int | None, leftover: int, players: int, factories: int
) -> None:
    assert kashi.new_game(variant, players, seed=1).state.components() == {
        "colours": ["B", "Y", "R", "K", "W"],
        "lines": [1, 2, 3, 4, 5],
        "wall": wall,
        "floor": floor,
        "factories": factories,
        "factory_size": 4,
        "rounds": rounds,
        "bonuses": BONUSES,
        "leftover_penalty": leftover,
    }


@pytest.mark.parametrize(
    ("options", "floor"),
    [({"overflow": "discard"}, MARKER_FLOOR), ({"rounds": 3, "leftover_penalty": 2}, FULL_FLOOR)],
)
def test_a_single_option_changes_only_its_own_table(options: dict[str, object], floor: list[int]) -> None:
    tables = kashi.new_game("azul", 2, seed=1, **options).state.components()
    assert tables["floor"] == floor
    assert tables["rounds"] == (options.get("rounds") or None)
    assert tables["leftover_penalty"] == -int(str(options.get("leftover_penalty", 0)))


@pytest.mark.parametrize("variant", ["azul", "azul-quick"])
def test_no_floor_ever_holds_more_than_its_drawn_spaces_and_each_charges_its_printed_penalty(variant: str) -> None:
    """The engine and the tables agree: a floor never fills a space the table does not draw,
    and a round's floor penalty is the sum of the drawn penalties of the spaces it filled."""
    state = kashi.new_game(variant, 2, seed=5).state
    floor = state.components()["floor"]
    longest = 0
    for position in walk(state, Random(5)):
        floors = position.to_json()["players"]
        lengths = [len(player["floor"]) for player in floors]
        assert max(lengths) <= len(floor)
        longest = max(longest, *lengths)
        for change in position.score_changes:
            for part in change.parts:
                if part.key == "azul.floor":
                    assert part.points in {sum(floor[:used]) for used in range(1, len(floor) + 1)}
    assert longest == len(floor)
