"""A game's browser table reads the rules' tables from the engine (``frame.components``, built by
``State.components`` for the variant being played) and keeps no copy of them (issue 45): no
JavaScript file of a game's folder may spell out a table the engine sends, nor any list of
three or more numbers or of number pairs, nor a table keyed by numbers, nor a constant named
after a table."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

import kashi
from kashi.core.registry import Family, families, variants
from kashi.web import game_folders

NUMBER = r"-?\d+(?:\.\d+)?"
NUMBER_LIST = re.compile(rf"\[{NUMBER}(?:,{NUMBER}){{2,}},?\]")
"""An array literal of three or more numbers, in source stripped of whitespace."""
NUMBER_PAIRS = re.compile(rf"\[\[{NUMBER},{NUMBER}\],\[{NUMBER},{NUMBER}\]")
"""An array literal of number pairs (cells, steps on a grid)."""
NUMBER_KEYS = re.compile(rf"\{{{NUMBER}:[^,}}]+,{NUMBER}:")
"""An object literal keyed by numbers (a table by player count, say)."""
COMMENT = re.compile(r"/\*.*?\*/|(?<![:\\\"'])//[^\n]*", re.DOTALL)


def sources(family: Family) -> dict[str, str]:
    """Every JavaScript file of the game's folder, comments removed."""
    folder = game_folders()[family.name]
    return {
        str(path.relative_to(folder)): COMMENT.sub("", path.read_text(encoding="utf-8"))
        for path in sorted(folder.rglob("*.js"))
    }


def tables_of(family: Family) -> list[dict[str, Any]]:
    """The component tables of every variant of the family at every player count."""
    return [
        kashi.new_game(variant.name, players, seed=1).state.components()
        for variant in variants()
        if variant.family is family
        for players in variant.allowed_players
    ]


def leaves(value: Any) -> list[Any]:
    """Every list and string inside a table, nested ones included."""
    if isinstance(value, dict):
        return [leaf for item in value.values() for leaf in leaves(item)]
    if isinstance(value, list):
        return [value, *(leaf for item in value for leaf in leaves(item))]
    return [value] if isinstance(value, str) else []


def spellings(tables: list[dict[str, Any]]) -> set[str]:
    """How a copy of a table's values would read in JavaScript without whitespace: a list of
    three or more entries as an array literal; a string of three or more characters, or a list
    of single letters joined (``"RYKBT"``), as a quoted string."""
    found: set[str] = set()
    for table in tables:
        for leaf in leaves(table):
            if isinstance(leaf, list) and len(leaf) >= 3:
                found.add(json.dumps(leaf, separators=(",", ":")))
                if all(isinstance(item, str) and len(item) == 1 for item in leaf):
                    found.update(f"{quote}{''.join(leaf)}{quote}" for quote in "\"'`")
            elif isinstance(leaf, str) and len(leaf) >= 3:
                found.update(f"{quote}{leaf}{quote}" for quote in "\"'`")
    return found


def squeezed(source: str) -> str:
    """The source without whitespace, and without the trailing comma a formatter leaves in a
    list written one entry a line."""
    return re.sub(r",([\]}])", r"\1", re.sub(r"\s+", "", source))


def copies(source: str, tables: list[dict[str, Any]]) -> list[str]:
    """What in one file copies a rules table: a table the engine sends, a list of three or more
    numbers or of number pairs, a table keyed by numbers, a constant named after a table's key."""
    text = squeezed(source)
    found = sorted(spelling for spelling in spellings(tables) if spelling in text)
    found += NUMBER_LIST.findall(text) + NUMBER_PAIRS.findall(text) + NUMBER_KEYS.findall(text)
    keys = {key for table in tables for key in table}
    found += [
        match.group(0)
        for key in sorted(keys)
        for match in re.finditer(rf"\b(?:const|let|var)\s+{key.upper()}\s*=", source)
    ]
    return sorted(set(found))


GAMES = [family for family in families() if family.name in game_folders()]
FIXTURE = Path(__file__).resolve().parents[1] / "js" / "components.json"
"""The tables the renderers' unit tests (tests/js/) draw with, as the engine writes them."""
FIXTURE_GAMES = [
    ("azul", 2), ("azul-grey", 2), ("azul-quick", 2), ("azul-duel", 2),
    ("ingenious", 2), ("ingenious", 3), ("ingenious-teams", 4), ("ingenious-tutorial", 2),
]  # fmt: skip


def fixture() -> dict[str, Any]:
    """The fixture's content: each game's tables under "<variant>/<players>"."""
    return {
        f"{variant}/{players}": kashi.new_game(variant, players, seed=1).state.components()
        for variant, players in FIXTURE_GAMES
    }


@pytest.mark.parametrize("family", GAMES, ids=lambda family: family.name)
def test_no_renderer_file_declares_a_rules_table(family: Family) -> None:
    tables = tables_of(family)
    assert all(tables), f"{family.name} sends no tables"
    found = {name: copies(source, tables) for name, source in sources(family).items()}
    assert {name: items for name, items in found.items() if items} == {}


@pytest.mark.parametrize("family", GAMES, ids=lambda family: family.name)
def test_every_renderer_reads_the_tables_from_its_frame(family: Family) -> None:
    assert any(re.search(r"\bcomponents\b", source) for source in sources(family).values())


@pytest.mark.parametrize(
    "declaration",
    [
        "const FLOOR_PENALTIES = [-1, -1, -2, -2, -2, -3, -3];",
        "const LIST = [\n  -1,\n  -2,\n  -3,\n  -4,\n];",
        'const COLOURS = ["B", "Y", "R", "K", "W"];',
        "const PLAY_RADIUS = { 1: 5, 2: 5, 3: 6, 4: 7 };",
        "const WALL = 5;",
        'const ROW = "BYRKW";',
        "const START = [\n  [5, -5],\n  [5, 0],\n];",
    ],
)
def test_the_scan_finds_a_copied_table(declaration: str) -> None:
    tables = tables_of(next(family for family in GAMES if family.name == "azul"))
    ingenious = tables_of(next(family for family in GAMES if family.name == "ingenious"))
    assert copies(declaration, tables + ingenious)


def test_the_scan_lets_geometry_and_one_off_numbers_pass() -> None:
    tables = tables_of(next(family for family in GAMES if family.name == "azul"))
    fine = (
        "const TILE = 10;\nconst at = [x, y];\nconst pair = [0, 1]; // a, b\nconst n = frame.components.floor.length;"
    )
    assert copies(fine, tables) == []


def test_the_unit_tests_draw_with_the_engines_tables() -> None:
    """Rewrite the fixture with ``python tests/web/test_renderers_read_rules.py`` when a table
    changes."""
    assert json.loads(FIXTURE.read_text(encoding="utf-8")) == fixture()


if __name__ == "__main__":
    lines = [f"  {json.dumps(name)}: {json.dumps(tables)}" for name, tables in fixture().items()]
    FIXTURE.write_text("{\n" + ",\n".join(lines) + "\n}\n", encoding="utf-8")
