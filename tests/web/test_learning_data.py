"""The learning pages' data (``learn.json`` and ``learn.<lang>.json`` in each game's browser
folder): every number they show is a fact of the family, and every fact is what the engine
plays; every language says the same things; every edition has a card; every refusal and score
explanation of a family has a reference paragraph.
"""

from __future__ import annotations

import json
import re
import string
from collections.abc import Callable
from typing import Any

import pytest

from kashi.core.messages import CATALOGUE
from kashi.core.registry import Variant, families, variant, variants
from kashi.games.azul import rules as azul
from kashi.games.azul_duel import components as duel
from kashi.games.azul_duel import objectives
from kashi.games.ingenious import hexgrid, tiles
from kashi.games.ingenious import rules as ingenious
from kashi.web import game_folders
from kashi.web.catalogues import languages, message_prefix, register_every_text

FOLDERS = game_folders()
FAMILIES = [family.name for family in families()]
DIGIT = re.compile(r"[0-9\u0660-\u0669\u06f0-\u06f9]")
CODE = re.compile(r"`[^`]*`")
LANGUAGES = languages()

register_every_text()


def shared(family: str) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads((FOLDERS[family] / "learn.json").read_text(encoding="utf-8"))
    return loaded


def words(family: str, language: str) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads((FOLDERS[family] / f"learn.{language}.json").read_text(encoding="utf-8"))
    return loaded


def texts(node: Any, path: str = "") -> list[tuple[str, str]]:
    """Every string of a words file with its path, e.g. ``teach/azul/sentences/0``."""
    if isinstance(node, str):
        return [(path, node)]
    if isinstance(node, dict):
        return [found for key, value in node.items() for found in texts(value, f"{path}/{key}")]
    if isinstance(node, list):
        return [found for index, value in enumerate(node) for found in texts(value, f"{path}/{index}")]
    return []


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def dome(cells: Callable[[int], int], tiles_at: Callable[[int], int]) -> objectives.Dome:
    """One seat's dome for the objective functions: cell kinds and tiles by cell."""
    size = duel.DOME_SIZE * duel.DOME_SIZE
    return [cells(cell) for cell in range(size)], [tiles_at(cell) for cell in range(size)], 0


def filled_only(plates: tuple[tuple[int, ...], ...]) -> objectives.Dome:
    """A dome whose only tiles fill these plates."""
    cells = {cell for plate in plates for cell in plate}
    return dome(lambda cell: 0, lambda cell: 0 if cell in cells else duel.EMPTY)


def per_count(score: Callable[[objectives.Dome], tuple[int, int]], board: objectives.Dome) -> int:
    """Points per counted item of an objective, measured on a dome."""
    points, count = score(board)
    assert count > 0
    return points // count


def azul_facts() -> dict[str, Any]:
    quick = variant("azul-quick").presets
    family = variant("azul").family
    return {
        "players_min": min(family.players),
        "players_max": max(family.players),
        "tiles": azul.TILES,
        "colours": len(azul.COLOURS),
        "tiles_per_colour": azul.TILES_PER_COLOUR,
        "factories_2": azul.factories_for(2),
        "factories_3": azul.factories_for(3),
        "factories_4": azul.factories_for(4),
        "factory_tiles": azul.FACTORY_SIZE,
        "lines": azul.LINES,
        "lone_tile": 1,
        "floor_spaces": azul.FLOOR_SPACES,
        "floor": list(azul.FLOOR_PENALTY),
        "floor_worst": azul.FLOOR_TOTAL[-1],
        "marker_penalty": azul.FLOOR_PENALTY[0],
        "row_bonus": azul.ROW_BONUS,
        "column_bonus": azul.COLUMN_BONUS,
        "colour_bonus": azul.COLOUR_BONUS,
        "quick_rounds": quick["rounds"],
        "quick_leftover": quick["leftover_penalty"],
    }


def duel_facts() -> dict[str, Any]:
    full = dome(lambda cell: 0, lambda cell: cell % duel.COLOUR_COUNT)  # every row shows five colours
    return {
        "players": variant("azul-duel").allowed_players[0],
        "rounds": duel.ROUNDS,
        "plate_rounds": duel.PLATE_ROUNDS,
        "plates_per_round": duel.PLATES_PER_ROUND,
        "display": duel.DISPLAY_SIZE,
        "plates": duel.PLATE_COUNT,
        "draw_cost": duel.DRAW_COST,
        "start_score": duel.START_SCORE,
        "small_workshops": duel.WORKSHOPS - 1,
        "large_sun": duel.LARGE_SUN,
        "small_sun": duel.SMALL_SUN,
        "tiles": duel.TILES,
        "tiles_per_colour": duel.TILES_PER_COLOUR,
        "special_tiles": duel.SPECIAL_TILES,
        "colours": duel.COLOUR_COUNT,
        "lines": duel.LINES,
        "dome": duel.DOME_SIZE,
        "slots": duel.SLOTS,
        "chips": duel.CHIP_TYPES * duel.CHIPS_PER_TYPE,
        "chips_per_player": duel.CHIPS_PER_PLAYER,
        "chip_matching": duel.CHIPS_PER_TILE_MATCHING,
        "chip_any": duel.CHIPS_PER_TILE_ANY,
        "broken_spaces": duel.BROKEN_SPACES,
        "broken": [low - high for low, high in zip(duel.BROKEN_TOTAL, duel.BROKEN_TOTAL[1:], strict=False)],
        "broken_worst": -duel.BROKEN_TOTAL[-1],
        "start_penalty": -duel.START_TILE_PENALTY,
        "tablets": variant("azul-duel").family.option("tablets").default,  # type: ignore[union-attr]
        "tablets_all": len(duel.TABLETS),
        "lone_tile": 1,
        "A1": per_count(objectives.complete_rows, full),
        "A2": per_count(objectives.colourful_rows, full),
        "A2_colours": duel.COLOUR_COUNT,
        "B1": per_count(objectives.complete_columns, full),
        "B2": per_count(objectives.ring_cells, full),
        "ring_cells": objectives.ring_cells(full)[1],
        "C1": per_count(objectives.complete_diagonals, full),
        "C2_top": per_count(objectives.corner_plates, filled_only(objectives.TOP_CORNERS)),
        "C2_bottom": per_count(objectives.corner_plates, filled_only(objectives.BOTTOM_CORNERS)),
        "D1": per_count(objectives.filled_wilds, dome(lambda cell: duel.WILD, lambda cell: 0)),
        "D2": per_count(objectives.empty_specials, dome(lambda cell: duel.SPECIAL, lambda cell: duel.EMPTY)),
    }


def ingenious_facts() -> dict[str, Any]:
    players = variant("ingenious").allowed_players  # the solo edition's one player is told in words
    area = {count: hexgrid.area(hexgrid.area_radius(count)) for count in (2, 3, 4)}
    return {
        "players_min": min(players),
        "players_max": max(players),
        "tiles": tiles.TOTAL_TILES,
        "pairs": sum(not double for double in tiles.IS_DOUBLE),
        "pair_copies": tiles.PAIR_COPIES,
        "doubles": sum(tiles.IS_DOUBLE),
        "double_copies": tiles.DOUBLE_COPIES,
        "colours": len(tiles.COLOURS),
        "rack": ingenious.RACK_SIZE,
        "goal": ingenious.GOAL,
        "team_goal": ingenious.IngeniousRules(teams=True).track_max,
        "directions": len(hexgrid.DIRECTIONS) - 1,
        **{f"radius_{count}": hexgrid.area_radius(count) for count in (2, 3, 4)},
        **{f"cells_{count}": len(area[count].cells) for count in (2, 3, 4)},
        "starts": len(hexgrid.START_CELLS),
    }


ENGINE_FACTS = {"azul": azul_facts, "azul-duel": duel_facts, "ingenious": ingenious_facts}


def test_every_family_has_learning_data() -> None:
    assert sorted(ENGINE_FACTS) == sorted(FAMILIES)
    for family in FAMILIES:
        for language in LANGUAGES:
            assert (FOLDERS[family] / f"learn.{language}.json").is_file(), f"{family}: learn.{language}.json"


@pytest.mark.parametrize("family", FAMILIES)
def test_every_number_shown_is_the_engines(family: str) -> None:
    assert shared(family)["facts"] == ENGINE_FACTS[family]()


@pytest.mark.parametrize("family", FAMILIES)
def test_every_edition_of_the_registry_has_a_card(family: str) -> None:
    registered = [item.name for item in variants() if item.family.name == family]
    assert shared(family)["editions"] == registered
    english = words(family, "en")["teach"]
    assert set(english) == set(registered)
    base = english[registered[0]]
    assert {"sentences", "goal", "setup", "round", "scoring", "end", "mistakes"} <= set(base)
    assert len(base["sentences"]) == 5, "the card says five sentences at the table"
    for edition, card in english.items():
        assert set(card) <= set(base) | {"note"}, edition
        for field, value in card.items():
            if isinstance(value, dict):  # a patch of some items of the base card's list
                assert {int(index) for index in value} <= set(range(len(base[field]))), (edition, field)


@pytest.mark.parametrize("language", LANGUAGES[1:])
@pytest.mark.parametrize("family", FAMILIES)
def test_every_language_says_the_same_things(family: str, language: str) -> None:
    english = dict(texts(words(family, "en")))
    other = dict(texts(words(family, language)))
    assert sorted(set(english) - set(other)) == [], f"missing in {family}.{language}.json"
    assert sorted(set(other) - set(english)) == [], f"extra in {family}.{language}.json"
    changed = [path for path in english if placeholders(english[path]) != placeholders(other[path])]
    assert changed == [], f"{family}.{language}.json drops or adds numbers in {changed}"
    ids = [path for path in english if path.endswith("/id")]
    assert [other[path] for path in ids] == [english[path] for path in ids], "the paragraphs' anchors"
    said = [path for path in english if path not in ids and re.search(r"[A-Za-z]{4}", CODE.sub("", english[path]))]
    same = [path for path in said if english[path] == other[path]]
    assert same == [], f"{family}.{language}.json leaves these in English: {same}"


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("family", FAMILIES)
def test_numbers_come_only_from_the_facts(family: str, language: str) -> None:
    """A digit written into the words could drift from the engine: only placeholders (and the
    notation's examples in `code`) may show numbers."""
    facts = shared(family)["facts"]
    for path, text in texts(words(family, language)):
        assert placeholders(text) <= set(facts), f"{family}.{language}.json {path}: unknown fact"
        bare = CODE.sub("", re.sub(r"\{[^}]*\}", "", text))
        assert not DIGIT.search(bare), f"{family}.{language}.json {path}: a number not from the facts: {text}"


def differing_options(edition: Variant, published: Variant) -> set[str]:
    """The rule options an edition plays otherwise than the published one."""
    return {
        option.name
        for option in edition.family.options
        if edition.presets.get(option.name, option.default) != published.presets.get(option.name, option.default)
    }


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("family", FAMILIES)
def test_every_edition_says_how_it_differs_from_the_published_rules(family: str, language: str) -> None:
    """Each edition that sets an option otherwise than the family's published (first) edition
    says where it comes from and words every such option; the seeds' own editions among them."""
    editions = [item for item in variants() if item.family.name == family]
    differing = {item.name: differing_options(item, editions[0]) for item in editions}
    expected = {name: options for name, options in differing.items() if options}
    said = words(family, language).get("differences", {})
    assert {name: set(entry["options"]) for name, entry in said.items()} == expected
    assert all(entry["source"].strip() for entry in said.values())
    seeds = {"azul": "azul-quick", "ingenious": "ingenious-tutorial"}
    assert family not in seeds or seeds[family] in said


@pytest.mark.parametrize("family", FAMILIES)
def test_every_refusal_and_score_part_has_a_reference_paragraph(family: str) -> None:
    why = shared(family)["why"]
    keys = [key for keys in why.values() for key in keys]
    assert len(keys) == len(set(keys)), "a key belongs to one paragraph"
    assert sorted(set(keys) - set(CATALOGUE)) == [], "not a message key"
    prefix = message_prefix(next(item for item in families() if item.name == family))
    table_words = (f"{prefix}.ui.", f"{prefix}.say.")  # the table's texts and a move's words explain no rule
    own = {key for key in CATALOGUE if key.startswith(f"{prefix}.") and not key.startswith(table_words)}
    assert sorted(own - set(keys)) == [], "messages without a reference paragraph"
    for language in LANGUAGES:
        sections = [section["id"] for section in words(family, language)["reference"]["sections"]]
        assert set(why) <= set(sections), language
        assert len(sections) == len(set(sections))
