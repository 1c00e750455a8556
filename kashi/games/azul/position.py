"""Azul positions as one line of text (docs/notation.md, "Azul positions"), written and read back.

``r2 1 s0 m0 BBYR,KKWW,-,BYRW,- BK B10Y9R12K11W13 B2R1 0/B,YY,-,RRR,-/BY3,1B3,5,5,5/1KK ...``:
round, turn, starting player, marker, factories, centre, bag, lid, then each seat's board as
score / pattern lines / wall rows / floor. The line is another spelling of the facts of the
JSON form (``facts.py``): it is written from them and read into them, then built into a state.
"""

from __future__ import annotations

from typing import Any

from kashi.core.json_form import EMPTY_CELL
from kashi.core.position_text import (
    NONE,
    after_label,
    items,
    named_counts,
    number_as_fact,
    refuse,
    split_fields,
    split_parts,
    tiles_as_fact,
    write_items,
    write_named_counts,
)
from kashi.games.azul.facts import (
    CENTRE_TILE,
    FILL,
    OVER,
    TAKE,
    WALL,
    build,
    facts_of,
)
from kashi.games.azul.rules import COLOURS, LINES, TILES
from kashi.games.azul.state import AzulState

TABLE_FIELDS = ("round", "turn", "starter", "marker", "factories", "centre", "bag", "lid")
BOARD_PARTS = ("score", "lines", "wall", "floor")
CENTRE = "C"
"""The marker field's value while the marker lies in the centre (the move notation's source C)."""
FILLING, CENTRE_FILL, OVER_TEXT, ON_WALL = "fill", "fill+", "end", "w"


def field_names(players: int) -> list[str]:
    return [*TABLE_FIELDS, *(f"seat {seat}" for seat in range(players))]


def seats_in(text: str) -> int | None:
    """The number of seat boards in a position line, if it has more fields than the table's."""
    extra = len(text.split()) - len(TABLE_FIELDS)
    return extra if extra > 0 else None


# -- writing ------------------------------------------------------------------------------
def write(state: AzulState) -> str:
    facts = facts_of(state)
    taker = facts["marker_taken_by"]
    fields = [
        f"r{facts['round']}",
        _turn_text(facts["turn"]),
        f"s{facts['starter']}",
        f"m{CENTRE if taker is None else taker}",
        write_items([tiles or NONE for tiles in facts["factories"]]),
        facts["centre"] or NONE,
        write_named_counts(list(facts["bag"].values()), COLOURS),
        write_named_counts(list(facts["lid"].values()), COLOURS),
    ]
    fields += [_board_text(board) for board in facts["players"]]
    return " ".join(fields)


def _turn_text(turn: dict[str, Any]) -> str:
    step = turn["step"]
    if step == OVER:
        return OVER_TEXT
    if step == CENTRE_TILE:
        return CENTRE_FILL
    if step == FILL:
        return f"{FILLING}{turn['factory']}"
    if step == WALL:
        return f"{turn['seat']}{ON_WALL}{turn['line']}"
    return str(turn["seat"])


def _board_text(board: dict[str, Any]) -> str:
    lines = ",".join(tiles or NONE for tiles in board["lines"])
    wall = ",".join(_wall_row_text(row) for row in board["wall"])
    return f"{board['score']}/{lines}/{wall}/{board['floor'] or NONE}"


def _wall_row_text(row: str) -> str:
    """A wall row as its tiles' letters, each run of empty spaces as its length: ``1B3``."""
    text, empty = "", 0
    for letter in row:
        if letter == EMPTY_CELL:
            empty += 1
            continue
        text += (str(empty) if empty else "") + letter
        empty = 0
    return text + (str(empty) if empty else "")


# -- reading ------------------------------------------------------------------------------
def read(prototype: AzulState, text: str) -> AzulState:
    """The position a line describes, under the prototype's rules and player count."""
    field = split_fields(text, field_names(prototype.num_players))
    facts = {
        "round": number_as_fact(after_label(field["round"], "r", "round")),
        "turn": _turn(field["turn"]),
        "starter": number_as_fact(after_label(field["starter"], "s", "starter")),
        "marker_taken_by": _marker(after_label(field["marker"], "m", "marker")),
        "factories": [tiles_as_fact(tiles) for tiles in items(field["factories"], "factories")],
        "centre": tiles_as_fact(field["centre"]),
        "bag": _counts(field["bag"], "bag"),
        "lid": _counts(field["lid"], "lid"),
        "players": [_board(field[f"seat {seat}"], f"seat {seat}") for seat in range(prototype.num_players)],
    }
    return build(prototype.rules, facts)


def _counts(text: str, field: str) -> dict[str, int]:
    return dict(zip(COLOURS, named_counts(text, COLOURS, field, TILES), strict=True))


def _marker(text: str) -> int | str | None:
    return None if text == CENTRE else number_as_fact(text)


def _turn(text: str) -> dict[str, Any]:
    if text == OVER_TEXT:
        return {"step": OVER}
    if text == CENTRE_FILL:
        return {"step": CENTRE_TILE}
    if text.startswith(FILLING):
        return {"step": FILL, "factory": number_as_fact(text.removeprefix(FILLING))}
    if ON_WALL in text:
        seat, _, line = text.partition(ON_WALL)
        return {"step": WALL, "seat": number_as_fact(seat), "line": number_as_fact(line)}
    return {"step": TAKE, "seat": number_as_fact(text)}


def _board(text: str, name: str) -> dict[str, Any]:
    score, lines, wall, floor = split_parts(text, name, BOARD_PARTS)
    return {
        "score": number_as_fact(score),
        "lines": [tiles_as_fact(tiles) for tiles in items(lines, f"{name} lines")],
        "wall": [
            _wall_row(row, f"{name} wall row {number + 1}") for number, row in enumerate(items(wall, f"{name} wall"))
        ],
        "floor": tiles_as_fact(floor),
    }


def _wall_row(text: str, field: str) -> str:
    """A wall row's five spaces from letters and digits counting empty spaces: ``1B3`` is
    ``.B...``."""
    row = ""
    for char in text:
        if char.isdigit():
            row += EMPTY_CELL * int(char)
        elif char in COLOURS:
            row += char
        else:
            refuse(field, f"{text!r}: {char!r} is neither a colour of {COLOURS} nor a number of empty spaces")
    if len(row) != LINES:
        refuse(field, f"{text!r} describes {len(row)} spaces, a wall row has {LINES}")
    return row
