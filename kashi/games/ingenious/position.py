"""Ingenious positions as one line of text (docs/notation.md, "Ingenious positions"), both ways.

Fields: step (whose turn and what waits), record (turns played, draw lines, what the latest
draws were for), tracks per score board, racks, racks shown by swaps, bag count, then the
board's tiles as placements in the order they were laid. The line is another spelling of the
facts of the JSON form (``facts.py``): it is written from them and read into them, then built
into a state.
"""

from __future__ import annotations

import re
from typing import Any

from kashi.core.position_text import (
    items,
    named_counts,
    refuse,
    split_fields,
    split_parts,
    write_items,
    write_named_counts,
)
from kashi.games.ingenious.facts import AFTER, DRAW, OVER, PLACE, RACKS, SWAP, build, facts_of
from kashi.games.ingenious.state import ACTIVE, RESERVE, IngeniousState
from kashi.games.ingenious.tiles import COLOURS, TOTAL_TILES

FIELD_NAMES = ("step", "record", "tracks", "racks", "shown", "bag", "board")
OVER_TEXT = "end"
HIDDEN_RACK = "?"
"""``?5``: a rack of five tiles the viewer may not see."""

_RECORD = re.compile(r"^t(\d+)/d(\d+)/(turn|bonus|setup)([0-3])(r?)$")
_TILE_ON_CELLS = re.compile(r"^([A-Z]{2})([a-o]\d{1,2}-[a-o]\d{1,2})$")


def seats_in(text: str) -> int | None:
    """The number of racks in a position line, if it has the fields of one."""
    words = text.split()
    return words[FIELD_NAMES.index("racks")].count("/") + 1 if len(words) == len(FIELD_NAMES) else None


# -- writing ------------------------------------------------------------------------------
def write(state: IngeniousState) -> str:
    facts = facts_of(state)
    seats = facts["players"]
    reserve = state.layout.reserve
    fields = [
        _step_text(facts["turn"]),
        _record_text(facts["record"]),
        "/".join(write_named_counts(list(track.values()), COLOURS, every=True) for track in facts["tracks"]),
        "/".join(_rack_text(player, reserve) for player in seats),
        "/".join(write_items(player["shown"]) for player in seats),
        str(facts["bag"]),
        write_items([placed.replace(" ", "") for placed in facts["board"]]),
    ]
    return " ".join(fields)


def _step_text(turn: dict[str, Any]) -> str:
    if turn["step"] == OVER:
        return f"{turn['seat']}:{OVER_TEXT}"
    bonus = f":bonus{turn['bonus']}" if turn["bonus"] else ""
    aside = f":aside={write_items(turn['aside'])}" if turn["aside"] else ""
    return f"{turn['seat']}:{turn['step']}{bonus}{aside}"


def _record_text(record: dict[str, Any]) -> str:
    reserve = "r" if record["drawn_into"] == RACKS[RESERVE] else ""
    return f"t{record['turns']}/d{record['draw_lines']}/{record['draws_for']}{record['drawn_by']}{reserve}"


def _rack_text(player: dict[str, Any], reserve: bool) -> str:
    racks = [player["rack"], player["reserve"]][: 2 if reserve else 1]
    return "+".join(f"{HIDDEN_RACK}{rack}" if isinstance(rack, int) else write_items(rack) for rack in racks)


# -- reading ------------------------------------------------------------------------------
def read(prototype: IngeniousState, text: str) -> IngeniousState:
    """The position a line describes, under the prototype's rules and player count."""
    field = split_fields(text, FIELD_NAMES)
    players = prototype.num_players
    racks = _per_seat(players, field["racks"], "racks")
    shown = _per_seat(players, field["shown"], "shown")
    facts = {
        "turn": _turn(field["step"]),
        "record": _record(field["record"]),
        "tracks": _tracks(prototype, field["tracks"]),
        "players": [
            {**_racks(prototype, rack, f"racks {seat}"), "shown": items(shown[seat], f"shown {seat}")}
            for seat, rack in enumerate(racks)
        ],
        "bag": _number(field["bag"]),
        "board": [_placed(word) for word in items(field["board"], "board")],
    }
    return build(prototype.rules, players, facts)


def _number(text: str) -> int | str:
    """A number as the facts hold it; anything else is left as written, for ``build`` to
    refuse with the field's range."""
    return int(text) if text.isdigit() else text


def _per_seat(players: int, text: str, field: str) -> list[str]:
    return split_parts(text, field, [f"seat {seat}" for seat in range(players)])


def _placed(word: str) -> str:
    """A tile on the board, ``RBh8-h9``, in the move notation, ``RB h8-h9``."""
    match = _TILE_ON_CELLS.match(word)
    if match is None:
        refuse("board", f"{word!r} is not a tile on two cells like RBh8-h9")
    return f"{match[1]} {match[2]}"


def _tracks(prototype: IngeniousState, text: str) -> list[dict[str, int]]:
    """Each score board's tracks: one board per seat, per team in the team game."""
    boards = split_parts(text, "tracks", [f"board {board}" for board in range(prototype.layout.boards)])
    return [
        dict(zip(COLOURS, named_counts(board, COLOURS, f"tracks {index}", TOTAL_TILES), strict=True))
        for index, board in enumerate(boards)
    ]


def _racks(prototype: IngeniousState, text: str, name: str) -> dict[str, Any]:
    """A seat's rack (and reserve, ``rack+reserve``), ``?N`` for N tiles the viewer may not see."""
    reserve = prototype.layout.reserve
    both = text.split("+")
    if len(both) != (2 if reserve else 1):
        refuse(name, f"{text!r}: {'a rack and a reserve, rack+reserve' if reserve else 'one rack, no reserve'}")
    racks: list[Any] = [
        _number(rack.removeprefix(HIDDEN_RACK)) if rack.startswith(HIDDEN_RACK) else items(rack, name) for rack in both
    ]
    if not reserve:
        racks.append(0 if isinstance(racks[0], int) else [])
    return {"rack": racks[0], "reserve": racks[1]}


def _record(text: str) -> dict[str, Any]:
    match = _RECORD.match(text)
    if match is None:
        refuse("record", f"{text!r} is not t<turns>/d<draw lines>/<turn|bonus|setup><seat>[r] (t12/d15/turn1)")
    turns, lines, purpose, seat, reserve = match.groups()
    assert purpose in AFTER
    return {
        "turns": int(turns),
        "draw_lines": int(lines),
        "draws_for": purpose,
        "drawn_by": int(seat),
        "drawn_into": RACKS[RESERVE if reserve else ACTIVE],
    }


def _turn(text: str) -> dict[str, Any]:
    """``<seat>:<step>`` with ``:bonusN`` (a bonus placement) or ``:aside=RB,GG`` (draws after a
    swap) where they go."""
    seat, _, rest = text.partition(":")
    what, *extras = rest.split(":")
    step = OVER if what == OVER_TEXT else what
    if step not in (PLACE, SWAP, DRAW, OVER):
        refuse("step", f"{rest!r} is not a step: {PLACE}, {SWAP}, {DRAW}, {OVER_TEXT}")
    turn: dict[str, Any] = {"step": step, "seat": _number(seat), "bonus": 0, "aside": []}
    for extra in extras:
        if extra.startswith("bonus") and what in (PLACE, DRAW):
            turn["bonus"] = _number(extra.removeprefix("bonus"))
        elif extra.startswith("aside=") and what == DRAW:
            turn["aside"] = items(extra.removeprefix("aside="), "step")
        else:
            refuse("step", f"{extra!r} does not go with {what!r} here (bonusN with place or draw, aside= with draw)")
    return turn
