"""The JSON form of every game holds the facts of the position and nothing else (docs/records.md,
"State JSON"): exactly the documented keys at every step of a random game, none of the engine's
caches, and a corrupted fact is refused naming its field instead of giving a state that
contradicts itself. Round trips over every variant are in each game's position tests."""

from __future__ import annotations

import copy
import re
from collections.abc import Callable
from pathlib import Path
from random import Random
from typing import Any

import pytest

import kashi
from kashi.core.errors import KashiError
from tests.games.position_checks import walk

DOCS = Path(__file__).resolve().parents[2] / "docs" / "records.md"

KEYS = {
    "azul": {
        "": ["game", "rules", "round", "turn", "starter", "marker_taken_by", "factories", "centre", "bag", "lid",
             "players"],
        "players": ["score", "lines", "wall", "floor"],
    },
    "azul-duel": {
        "": ["game", "rules", "round", "turn", "last_turn_passed", "start", "tablets", "display", "stack",
             "workshops", "bag", "tower", "unrevealed_chips", "players"],
        "players": ["score", "plates_taken", "chips_taken", "chips", "lines", "broken", "dome"],
        "start": ["player", "taken_by", "with_large_sun"],
        "dome": ["slot", "plate", "rotation", "tiles"],
    },
    "ingenious": {
        "": ["game", "rules", "turn", "record", "tracks", "players", "bag", "board"],
        "players": ["rack", "reserve", "shown"],
        "turn": ["step", "seat", "bonus", "aside"],
        "record": ["turns", "draw_lines", "draws_for", "drawn_by", "drawn_into"],
    },
}  # fmt: skip
"""The documented keys of each game's JSON form: at the top, and of its nested objects."""
CACHES = {
    "accept", "row_colours", "column_colours", "cells", "table_tiles", "fill_index", "next_starter", "marker_floor",
    "ended", "tiling", "slots", "pool", "stack_known", "chip_due", "fill_need", "opening_left", "phase",
    "after_display", "tiling_turn", "tile_stage", "free", "fpos", "jobs", "after", "touched", "locked", "winner",
    "hidden", "current_player", "num_players",
}  # fmt: skip
"""Fields the engines keep that follow from the facts: none may appear anywhere in a JSON form."""


def every_key(data: Any) -> set[str]:
    if isinstance(data, dict):
        return {str(key) for key in data} | {key for value in data.values() for key in every_key(value)}
    if isinstance(data, list):
        return {key for value in data for key in every_key(value)}
    return set()


def nested(data: dict[str, Any], name: str) -> list[dict[str, Any]]:
    """The objects under ``name`` (a key of the top or of the players' objects)."""
    found = data.get(name) or [item for player in data["players"] for item in player.get(name, [])]
    return found if isinstance(found, list) else [found]


@pytest.mark.parametrize("game", sorted(KEYS))
def test_every_step_of_a_game_writes_exactly_the_documented_keys_and_no_cache(game: str) -> None:
    state = kashi.new_game(game, seed=3).state
    steps = 0
    for position in walk(state, Random(3)):
        for seat in (None, 0):
            data = (position if seat is None else position.view(seat)).to_json()
            assert list(data) == KEYS[game][""]
            for name, keys in KEYS[game].items():
                assert name == "" or all(list(item) == keys for item in nested(data, name)), (name, data[name])
            assert not every_key(data) & CACHES, every_key(data) & CACHES
        steps += 1
    assert steps > 30


@pytest.mark.parametrize("game", sorted(KEYS))
def test_the_documentation_names_every_key(game: str) -> None:
    section = DOCS.read_text().split("## State JSON", 1)[1]
    documented = set(re.findall(r"`([a-z_]+)`", section))
    assert {key for keys in KEYS[game].values() for key in keys} <= documented


def change(path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    """A change of one fact: ``path`` is keys and list indices joined by dots (``players.0.floor``)."""

    def apply(data: dict[str, Any]) -> None:
        *inner, last = path.split(".")
        target: Any = data
        for step in inner:
            target = target[int(step)] if isinstance(target, list) else target[step]
        key: Any = int(last) if isinstance(target, list) else last
        if value is DROP:
            del target[key]
        else:
            target[key] = value(target[key]) if callable(value) else value

    return apply


DROP = object()


def plate_twice(data: dict[str, Any]) -> None:
    """The top of the stack names a plate that lies in the display."""
    data["stack"][0] = {"plate": data["display"][0], "known_to": []}


CORRUPTIONS = [
    ("azul", change("bag.B", lambda count: count + 1), "consistency", "colour 0 has 21 tiles, not 20"),
    ("azul", change("players.0.wall.0", "Y...."), "consistency", "off its printed colour"),
    ("azul", change("players.0.lines.1", "BY"), "seat 0 line 2", "mixes colours"),
    ("azul", change("players.1.floor", "X"), "seat 1 floor", "is not a floor line"),
    ("azul", change("factories.0", "BBBBB"), "factory 1", "at most 4 fit here"),
    ("azul", change("turn", {"step": "take", "seat": 5}), "turn", "5 is not a number 0..1"),
    ("azul", change("turn", {"step": "wall", "seat": 0, "line": 1}), "turn", "only the grey wall"),
    ("azul", change("marker_taken_by", 1), "marker", "its floor shows no 1 and has room"),
    ("azul", change("accept", [31] * 10), "state", "unknown 'accept'"),
    ("azul", change("lid", DROP), "state", "no 'lid'"),
    ("azul", change("game", "azul-duel"), "game", "is not 'azul'"),
    ("azul", change("rules.grey", "yes"), "rules", "grey"),
    ("azul-duel", change("bag.R", lambda count: count + 1), "consistency", "66 coloured tiles instead of 65"),
    ("azul-duel", change("workshops.1.chip", "XX"), "workshop 1 chip", "'XX' is not a chip"),
    ("azul-duel", plate_twice, "consistency", "the 18 plates are not each"),
    ("azul-duel", change("unrevealed_chips.R", 3), "unrevealed chips", "R: 3 is not a number 0..2"),
    (
        "azul-duel",
        change("tablets", {"A": 1, "B": 1, "C": 2, "D": 1}),
        "tablets",
        "tablets are decided A to D, 1 left out",
    ),
    ("azul-duel", change("turn", {"step": "fly", "seat": 0}), "step", "'fly' is not a step"),
    ("azul-duel", change("turn", {"step": "tile", "seat": 0, "line": 3, "stand_ins": 0}), "step", "must be complete"),
    ("azul-duel", change("players.0.lines.2", "RRRR"), "seat 0 line 3", "at most 3 fit here"),
    ("azul-duel", change("slots", [-1] * 18), "state", "unknown 'slots'"),
    ("ingenious", change("bag", 109), "bag", "109 tiles, but 108 are neither on the board nor in a rack"),
    ("ingenious", change("board", ["RR a8-a9"]), "board", "a8 is outside the play area"),
    ("ingenious", change("players.1.rack", 3), "racks 1", "both seen or both hidden"),
    ("ingenious", change("players.0.rack.0", "XX"), "racks 0", "'XX' is not a tile"),
    ("ingenious", change("tracks.0.R", 19), "tracks 0", "R: 19 is not a number 0..18"),
    ("ingenious", change("record.draws_for", "lunch"), "record", "'lunch' is not what draws are for"),
    ("ingenious", change("turn.step", "fly"), "step", "'fly' is not a step"),
    ("ingenious", change("free", [1, 2]), "state", "unknown 'free'"),
]


@pytest.mark.parametrize(("game", "corrupt", "field", "words"), CORRUPTIONS)
def test_a_corrupted_fact_is_refused_naming_its_field(
    game: str, corrupt: Callable[[dict[str, Any]], None], field: str, words: str
) -> None:
    state = kashi.new_game(game, seed=2).state
    data = copy.deepcopy(state.to_json())
    corrupt(data)
    with pytest.raises(KashiError) as refused:
        type(state).from_json(data)
    assert refused.value.key == "core.bad_json"
    reason = refused.value.message.params["reason"]
    assert reason.startswith(f"{field}: ") and words in reason, reason


@pytest.mark.parametrize("game", sorted(KEYS))
@pytest.mark.parametrize("data", [None, [], "state", 7, {}])
def test_json_that_is_no_state_is_refused(game: str, data: Any) -> None:
    with pytest.raises(KashiError) as refused:
        type(kashi.new_game(game, seed=1).state).from_json(data)
    assert refused.value.key == "core.bad_json"
