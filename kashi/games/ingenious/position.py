"""Ingenious positions as one line of text (docs/notation.md, "Ingenious positions"), both ways.

Fields: step (whose turn and what waits), record (turns played, draw lines, what the latest
draws were for), tracks per score board, racks, racks shown by swaps, bag count, then the
board's tiles as placements in the order they were laid. The bag's contents, locked colours,
the first round's touched symbols and the end's result follow from those and are derived here;
the line is then read through ``from_json``, so the engine's own checks vet it too.
"""

from __future__ import annotations

import re
from typing import Any

from kashi.core.errors import KashiError
from kashi.core.outcome import INSTANT_WIN, RULES
from kashi.core.position_text import (
    items,
    named_counts,
    number,
    refuse,
    split_fields,
    split_parts,
    write_items,
    write_named_counts,
)
from kashi.core.state import CHANCE, TERMINAL
from kashi.games.ingenious.hexgrid import NAMES
from kashi.games.ingenious.layout import EMPTY
from kashi.games.ingenious.moves import Placement, parse_move
from kashi.games.ingenious.rules import GOAL, RACK_SIZE
from kashi.games.ingenious.serial import state_from_json
from kashi.games.ingenious.state import ACTIVE, FIRST_TURN, NEXT_TURN, RESERVE, RESUME, IngeniousState
from kashi.games.ingenious.tiles import COLOURS, COPIES, TILES, TOTAL_TILES, TYPE_OF, TYPES, parse_tile

FIELD_NAMES = ("step", "record", "tracks", "racks", "shown", "bag", "board")
PURPOSES = {NEXT_TURN: "turn", RESUME: "bonus", FIRST_TURN: "setup"}
"""What the latest draws were for: end a turn (a refill or a swap), go on with bonus placements
on an empty rack, or deal the racks at setup."""
AFTER = {purpose: after for after, purpose in PURPOSES.items()}
PLACE, SWAP, DRAW, OVER = "place", "swap", "draw", "end"
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
    seats = range(state.num_players)
    fields = [
        _step_text(state),
        _record_text(state),
        "/".join(write_named_counts(track, COLOURS, every=True) for track in state.tracks),
        "/".join(_rack_text(state, seat) for seat in seats),
        "/".join(_tiles_text(state.revealed[seat]) for seat in seats),
        str(state.bag_size),
        write_items([_placement_text(move) for move in state.placed]),
    ]
    return " ".join(fields)


def _placement_text(move: Placement) -> str:
    """A tile on the board, the move notation without its space: ``RBh8-h9``."""
    return f"{COLOURS[move.first]}{COLOURS[move.second]}{NAMES[move.a]}-{NAMES[move.b]}"


def _step_text(state: IngeniousState) -> str:
    if state.current_player == TERMINAL:
        return f"{state.turn}:{OVER}"
    what = DRAW if state.current_player == CHANCE else SWAP if state.deciding else PLACE
    bonus = f":bonus{state.bonus}" if state.bonus else ""
    aside = f":aside={_tiles_text(state.aside)}" if state.aside else ""
    return f"{state.turn}:{what}{bonus}{aside}"


def _record_text(state: IngeniousState) -> str:
    reserve = "r" if state.draw_target == RESERVE else ""
    return f"t{state.turns}/d{state.draw_line}/{PURPOSES[state.after]}{state.draw_seat}{reserve}"


def _rack_text(state: IngeniousState, seat: int) -> str:
    racks = [state.racks[seat], state.reserves[seat]][: 2 if state.layout.reserve else 1]
    if state.hidden >> seat & 1:
        return "+".join(f"{HIDDEN_RACK}{len(rack)}" for rack in racks)
    return "+".join(_tiles_text(rack) for rack in racks)


def _tiles_text(tiles: list[int] | tuple[int, ...]) -> str:
    return write_items([str(TILES[kind]) for kind in tiles])


# -- reading ------------------------------------------------------------------------------
def read(prototype: IngeniousState, text: str) -> IngeniousState:
    """The position a line describes, under the prototype's rules and player count."""
    field = split_fields(text, FIELD_NAMES)
    placed = _board(prototype, field["board"])
    data: dict[str, Any] = {
        "family": "ingenious",
        "players": prototype.num_players,
        "rules": prototype.rules.to_options(),
        "placed": [str(move) for move in placed],
        "tracks": _tracks(prototype, field["tracks"]),
        "bag_size": number(field["bag"], "bag", 0, TOTAL_TILES),
    }
    _read_racks(prototype, field, data)
    _read_record(prototype, field["record"], data)
    _read_step(prototype, field["step"], data)
    _derive(prototype, placed, data)
    try:
        return state_from_json(data)
    except KashiError as error:
        reason = str(error.message.params.get("reason", error))
    refuse("consistency", reason)


def _board(prototype: IngeniousState, text: str) -> list[Placement]:
    """The tiles on the board, ``RBh8-h9`` each, checked to lie on two adjacent free cells."""
    lay = prototype.layout
    covered = list(lay.board)
    placed = []
    for word in items(text, "board"):
        match = _TILE_ON_CELLS.match(word)
        move = _placement(f"{match[1]} {match[2]}") if match else None
        if move is None:
            refuse("board", f"{word!r} is not a tile on two cells like RBh8-h9")
        for cell in (move.a, move.b):
            if not lay.area.inside[cell]:
                refuse("board", f"{word}: {NAMES[cell]} is outside the play area of this game")
            if covered[cell] != EMPTY:
                refuse("board", f"{word}: {NAMES[cell]} already holds a tile or a start symbol")
        if (move.a, move.b) not in lay.area.edge_of:
            refuse("board", f"{word}: {NAMES[move.a]} and {NAMES[move.b]} are not neighbours")
        covered[move.a], covered[move.b] = move.first, move.second
        placed.append(move)
    return placed


def _placement(text: str) -> Placement | None:
    try:
        move = parse_move(text)
    except KashiError:
        return None
    return move if isinstance(move, Placement) else None


def _tracks(prototype: IngeniousState, text: str) -> list[list[int]]:
    """Each score board's tracks: one board per seat, per team in the team game."""
    boards = split_parts(text, "tracks", [f"board {board}" for board in range(prototype.layout.boards)])
    top = prototype.rules.track_max
    return [named_counts(board, COLOURS, f"tracks {index}", top) for index, board in enumerate(boards)]


def _tiles(text: str, field: str) -> list[int]:
    """Tiles as their two colours, ``RB,GG`` (``-``: none), as tile types."""
    kinds = []
    for word in items(text, field):
        try:
            kinds.append(int(parse_tile(word)))
        except KashiError:
            refuse(field, f"{word!r} is not a tile of two colours of {COLOURS}")
    return kinds


def _texts(kinds: list[int]) -> list[str]:
    return [str(TILES[kind]) for kind in kinds]


def _per_seat(prototype: IngeniousState, text: str, field: str) -> list[str]:
    return split_parts(text, field, [f"seat {seat}" for seat in range(prototype.num_players)])


def _read_racks(prototype: IngeniousState, field: dict[str, str], data: dict[str, Any]) -> None:
    """Each seat's rack (and reserve, ``rack+reserve``), ``?N`` for N tiles the viewer may not
    see, and the racks shown by swaps (sorted, as the engine keeps them)."""
    parts = 2 if prototype.layout.reserve else 1
    data["racks"], data["reserves"], data["hidden"] = [], [], []
    for seat, text in enumerate(_per_seat(prototype, field["racks"], "racks")):
        name = f"racks {seat}"
        both = text.split("+")
        if len(both) != parts:
            refuse(name, f"{text!r}: {'a rack and a reserve, rack+reserve' if parts == 2 else 'one rack, no reserve'}")
        hidden = [rack.startswith(HIDDEN_RACK) for rack in both]
        if any(hidden) != all(hidden):
            refuse(name, f"{text!r}: a seat's rack and reserve are both seen or both hidden")
        if hidden[0]:
            data["hidden"].append(seat)
            racks = [[TYPES] * number(rack.removeprefix(HIDDEN_RACK), name, 0, RACK_SIZE) for rack in both]
        else:
            racks = [_tiles(rack, name) for rack in both]
        data["racks"].append(_texts(racks[0]))
        data["reserves"].append(_texts(racks[1]) if parts == 2 else [])
    shown = _per_seat(prototype, field["shown"], "shown")
    data["revealed"] = [_texts(sorted(_tiles(text, f"shown {seat}"))) for seat, text in enumerate(shown)]


def _read_record(prototype: IngeniousState, text: str, data: dict[str, Any]) -> None:
    match = _RECORD.match(text)
    if match is None:
        refuse("record", f"{text!r} is not t<turns>/d<draw lines>/<turn|bonus|setup><seat>[r] (t12/d15/turn1)")
    turns, lines, purpose, seat, reserve = match.groups()
    data["turns"] = number(turns, "record", 0, 10_000)
    placed = len(data["placed"])
    if placed < data["turns"] or (data["turns"] < prototype.num_players and placed > data["turns"] + 1):
        refuse("record", f"{turns} turns played with {placed} tiles on the board: each turn lays one, bonuses more")
    data["after"] = AFTER[purpose]
    drawer = number(seat, "record", 0, prototype.num_players - 1)
    data["draw"] = [drawer, RESERVE if reserve else ACTIVE, 0, number(lines, "record", 0, 100_000)]


def _read_step(prototype: IngeniousState, text: str, data: dict[str, Any]) -> None:
    """Whose turn it is and what waits: a placement (a bonus one with ``:bonusN``), the swap
    question, draws (after a swap with the set-aside tiles, ``:aside=...``), or the end."""
    seat_text, _, rest = text.partition(":")
    seat = number(seat_text, "step", 0, prototype.num_players - 1)
    what, *extras = rest.split(":")
    data.update(turn=seat, bonus=0, deciding=what == SWAP, aside=[], jobs=[])
    for extra in extras:
        if extra.startswith("bonus") and what in (PLACE, DRAW) and prototype.rules.bonus:
            data["bonus"] = number(extra.removeprefix("bonus"), "step", 1, 100)
        elif extra.startswith("aside=") and what == DRAW:
            data["aside"] = _texts(_tiles(extra.removeprefix("aside="), "step"))
        else:
            refuse("step", f"{extra!r} does not go with {what!r} here (bonusN with place or draw, aside= with draw)")
    if what in (PLACE, SWAP):
        data["current_player"] = seat
    elif what == DRAW:
        data["current_player"] = CHANCE
        _read_draw(prototype, seat, data)
    elif what == OVER:
        data["current_player"] = TERMINAL
    else:
        refuse("step", f"{rest!r} is not a step: {PLACE}, {SWAP}, {DRAW}, {OVER}")


def _read_draw(prototype: IngeniousState, seat: int, data: dict[str, Any]) -> None:
    """Draws due into the rack the record names as the latest draws': the tiles it lacks; at
    setup the other racks follow in seat order."""
    drawer, target, _, _ = data["draw"]
    rack = (data["racks"], data["reserves"])[target][drawer]
    setup = data["after"] == FIRST_TURN
    if drawer != seat and not setup:
        refuse("record", f"seat {seat} is to draw, but the record names the rack of seat {drawer}")
    if len(rack) >= RACK_SIZE:
        refuse("record", f"the rack of seat {drawer} is full: there is nothing to draw")
    data["draw"][2] = RACK_SIZE - len(rack)
    if data["aside"] and data["revealed"][seat] != _texts(sorted(int(parse_tile(tile)) for tile in data["aside"])):
        refuse("shown", f"seat {seat} swapped: its shown rack is the set-aside tiles")
    if setup:
        parts = (ACTIVE, RESERVE) if prototype.layout.reserve else (ACTIVE,)
        order = [(each, part) for each in range(prototype.num_players) for part in parts]
        data["jobs"] = [[each, part, RACK_SIZE] for each, part in order[order.index((drawer, target)) + 1 :]]


def _derive(prototype: IngeniousState, placed: list[Placement], data: dict[str, Any]) -> None:
    """The bag's contents (every tile not seen elsewhere), the symbols touched in the first
    round, locked colours and the end's result, as the engine keeps them."""
    lay, rules = prototype.layout, prototype.rules
    bag = list(COPIES)
    for move in placed:
        bag[TYPE_OF[move.first][move.second]] -= 1
    held = [*data["aside"], *(tile for racks in (data["racks"], data["reserves"]) for rack in racks for tile in rack)]
    for tile in held:
        if tile != str(TILES[TYPES]):
            bag[int(parse_tile(tile))] -= 1
    short = [kind for kind in range(TYPES) if bag[kind] < 0]
    if short:
        kind = short[0]
        refuse("consistency", f"{COPIES[kind] - bag[kind]} {TILES[kind]} tiles in play, the game has {COPIES[kind]}")
    unseen = held.count(str(TILES[TYPES]))
    if sum(bag) != data["bag_size"] + unseen:
        refuse("bag", f"{data['bag_size']} tiles, but {sum(bag) - unseen} are neither on the board nor in a rack")
    data["bag"] = {str(TILES[kind]): count for kind, count in enumerate(bag)}
    first_round = placed[: prototype.num_players] if lay.symbols else []
    data["touched"] = 0
    for move in first_round:
        data["touched"] |= lay.touch_mask[move.a] | lay.touch_mask[move.b]
    tops = [colour for colour in range(6) if any(track[colour] == GOAL for track in data["tracks"])]
    data["locked"] = "" if rules.bonus else "".join(COLOURS[colour] for colour in tops)
    winners = [board for board, track in enumerate(data["tracks"]) if min(track) == rules.track_max]
    instant = data["current_player"] == TERMINAL and rules.bonus and bool(winners)
    data["ended"] = "" if data["current_player"] != TERMINAL else INSTANT_WIN if instant else RULES
    data["winner"] = winners[0] if instant else -1
