"""The facts of an Azul position, shared by its JSON form and its position line.

``facts_of`` lists what lies on the table and what the rules need to go on, as plain JSON
values (docs/records.md, "State JSON"); ``build`` makes the state those facts describe, with
every cache of the engine (wall masks, accept tables, the sources holding each colour, who
starts next, the refill position) worked out again, and refuses anything the rules cannot
reach, naming the field. The position line (``position.py``) is another spelling of the same
dict.
"""

from __future__ import annotations

from typing import Any

from kashi.core.json_form import (
    EMPTY_CELL,
    MOST_SCORE,
    counts,
    fields,
    form_of,
    listed,
    read_json,
    rule_options,
    text,
    whole,
    write_counts,
)
from kashi.core.outcome import RULES, TRUNCATED
from kashi.core.position_text import letter_counts, one_colour, refuse
from kashi.core.state import CHANCE, TERMINAL
from kashi.games.azul.invariants import problems
from kashi.games.azul.moves import FILLS
from kashi.games.azul.rules import (
    COLOURS,
    FACTORY_SIZE,
    FLOOR_SPACES,
    LINES,
    OPTIONS,
    TILES,
    TILES_PER_COLOUR,
    AzulRules,
    board_base,
    board_index,
    cell_index,
    check_options,
    factories_for,
    wall_bit,
)
from kashi.games.azul.state import AzulState

FACTS = ("round", "turn", "starter", "marker_taken_by", "factories", "centre", "bag", "lid", "players")
"""The keys of the JSON form after ``game`` and ``rules``, in the order of the position line."""
PLAYER_FACTS = ("score", "lines", "wall", "floor")
TAKE, WALL, FILL, CENTRE_TILE, OVER = "take", "wall", "fill", "centre tile", "over"
TURN_FACTS = {TAKE: ("step", "seat"), WALL: ("step", "seat", "line"), FILL: ("step", "factory")}
"""The keys of each step's ``turn``; ``centre tile`` and ``over`` have the step alone."""
MARKER = "1"
"""The starting-player marker as it lies on a floor line."""


# -- the facts of a state -----------------------------------------------------------------
def facts_of(state: AzulState) -> dict[str, Any]:
    return {
        "round": state.round,
        "turn": _turn_of(state),
        "starter": state.starter,
        "marker_taken_by": None if state.marker_in_centre else state.next_starter,
        "factories": [_letters(tiles) for tiles in state.factories],
        "centre": _letters(state.centre),
        "bag": write_counts(state.bag, COLOURS),
        "lid": write_counts(state.lid, COLOURS),
        "players": [_player_of(state, seat) for seat in range(state.num_players)],
    }


def _letters(tiles: tuple[int, ...] | list[int]) -> str:
    """Tiles as their letters in colour order, ``""`` for none."""
    return "".join(letter * count for letter, count in zip(COLOURS, tiles, strict=True))


def _turn_of(state: AzulState) -> dict[str, Any]:
    if state.current_player == TERMINAL:
        return {"step": OVER}
    if state.current_player == CHANCE:
        if state.fill_index == len(state.factories):
            return {"step": CENTRE_TILE}
        return {"step": FILL, "factory": state.fill_index + 1}
    if state.tiling is not None:
        return {"step": WALL, "seat": state.current_player, "line": state.tiling[1] + 1}
    return {"step": TAKE, "seat": state.current_player}


def _player_of(state: AzulState, seat: int) -> dict[str, Any]:
    lines = [
        COLOURS[state.line_colour[index]] * state.line_count[index] if state.line_count[index] else ""
        for index in _lines(seat)
    ]
    wall = [
        "".join(COLOURS[colour] if colour >= 0 else EMPTY_CELL for colour in state.cells[cells])
        for cells in _wall_rows(seat)
    ]
    return {"score": state.score[seat], "lines": lines, "wall": wall, "floor": state.floor[seat]}


def _lines(seat: int) -> range:
    """The indices of a seat's pattern lines in the engine's per-seat lists."""
    return range(board_base(seat), board_base(seat) + LINES)


def _wall_rows(seat: int) -> list[slice]:
    """The slices of a seat's wall rows in the engine's ``cells``."""
    return [slice(cell_index(seat, row, 0), cell_index(seat, row, 0) + LINES) for row in range(LINES)]


# -- the state of some facts ----------------------------------------------------------------
def from_json(data: Any) -> AzulState:
    """The state of a JSON form (``AzulState.to_json``); ``core.bad_json`` names a bad field."""

    def read() -> AzulState:
        form = form_of(data, "azul", FACTS)
        players = len(form["players"]) if isinstance(form["players"], list) else 2
        rules = AzulRules.from_options(rule_options(form["rules"], OPTIONS, check_options, players))
        return build(rules, {name: form[name] for name in FACTS})

    return read_json(read)


def build(rules: AzulRules, facts: dict[str, Any]) -> AzulState:
    """The position the facts describe, under ``rules``; refused naming the field if the rules
    cannot reach it."""
    fields(facts, FACTS, "state")
    boards = listed(facts["players"], "players", "seats")
    if not 2 <= len(boards) <= 4:
        refuse("players", f"{len(boards)} seats, Azul is played by 2 to 4")
    players = len(boards)
    state = AzulState(rules, players, whole(facts["starter"], "starter", 0, players - 1))
    state.round = whole(facts["round"], "round", 1, rules.rounds or rules.max_rounds)
    _table(state, facts)
    for seat, board in enumerate(boards):
        _player(state, seat, board)
    _turn(state, facts["turn"])
    _marker(state, facts["marker_taken_by"])
    state.refresh_caches()
    found = problems(state)
    if found:
        refuse("consistency", "; ".join(found))
    return state


def _tiles(value: Any, field: str, most: int) -> list[int]:
    return letter_counts(text(value, field), COLOURS, field, most)


def _table(state: AzulState, facts: dict[str, Any]) -> None:
    factories = listed(facts["factories"], "factories", "factories", count=factories_for(state.num_players))
    state.factories = [
        FILLS[tuple(_tiles(tiles, f"factory {number + 1}", FACTORY_SIZE))].counts
        for number, tiles in enumerate(factories)
    ]
    state.centre = _tiles(facts["centre"], "centre", TILES)
    state.bag = counts(facts["bag"], COLOURS, "bag", TILES_PER_COLOUR)
    state.lid = counts(facts["lid"], COLOURS, "lid", TILES_PER_COLOUR)
    state.table_tiles = sum(state.centre) + sum(sum(tiles) for tiles in state.factories)


def _player(state: AzulState, seat: int, board: Any) -> None:
    name = f"seat {seat}"
    fields(board, PLAYER_FACTS, name)
    state.score[seat] = whole(board["score"], f"{name} score", 0, MOST_SCORE)
    lines = listed(board["lines"], f"{name} lines", "pattern lines", count=LINES)
    for line, (index, tiles) in enumerate(zip(_lines(seat), lines, strict=True)):
        colour, count = one_colour(text(tiles, f"{name} line {line + 1}"), COLOURS, f"{name} line {line + 1}", line + 1)
        state.line_colour[index], state.line_count[index] = colour, count
    rows = listed(board["wall"], f"{name} wall", "wall rows", count=LINES)
    for row, (cells, tiles) in enumerate(zip(_wall_rows(seat), rows, strict=True)):
        state.cells[cells] = _wall_row(tiles, f"{name} wall row {row + 1}")
        for column, colour in enumerate(state.cells[cells]):
            if colour >= 0:
                state.wall[seat] |= 1 << wall_bit(row, column)
                state.row_colours[board_index(seat, row)] |= 1 << colour
                state.column_colours[board_index(seat, column)] |= 1 << colour
    state.floor[seat] = _floor(board["floor"], f"{name} floor")
    if state.rules.overflow == "discard" and state.floor[seat].strip(MARKER):
        refuse(f"{name} floor", "tiles that do not fit go to the lid under these rules: only the marker lies here")


def _wall_row(value: Any, field: str) -> list[int]:
    """A wall row's five cells, a colour letter or ``.`` each, as colours (-1: empty)."""
    row = text(value, field)
    if len(row) != LINES or set(row) - set(COLOURS + EMPTY_CELL):
        refuse(field, f"{row!r} is not a wall row: {LINES} of the letters {COLOURS} or {EMPTY_CELL} for an empty space")
    return [COLOURS.find(letter) for letter in row]


def _floor(value: Any, field: str) -> str:
    floor = text(value, field)
    if set(floor) - set(COLOURS + MARKER) or len(floor) > FLOOR_SPACES or floor.count(MARKER) > 1:
        refuse(field, f"{floor!r} is not a floor line: at most {FLOOR_SPACES} of {COLOURS} and the marker {MARKER}")
    return floor


def _turn(state: AzulState, value: Any) -> None:
    """Who or what acts next: a seat taking tiles, a seat choosing a wall space (grey wall), a
    refill or its centre tile, or the end."""
    step = value.get("step") if isinstance(value, dict) else None
    if step not in (*TURN_FACTS, CENTRE_TILE, OVER):
        refuse("turn", f"{value!r} has no step of {', '.join([*TURN_FACTS, CENTRE_TILE, OVER])}")
    turn = fields(value, TURN_FACTS.get(step, ("step",)), "turn")
    players = state.num_players
    state.fill_index = len(state.factories)
    if step == OVER:
        _end(state)
    elif step == CENTRE_TILE:
        if not state.rules.centre_seed_tile:
            refuse("turn", "these rules draw no centre tile")
        _refill(state, len(state.factories))
    elif step == FILL:
        _refill(state, whole(turn["factory"], "turn", 1, len(state.factories)) - 1)
    elif step == WALL:
        seat, line = whole(turn["seat"], "turn", 0, players - 1), whole(turn["line"], "turn", 1, LINES) - 1
        if not state.rules.grey:
            refuse("turn", f"seat {seat}, line {line + 1}: only the grey wall asks where a tile goes")
        if state.line_count[board_index(seat, line)] != line + 1:
            refuse("turn", f"pattern line {line + 1} of seat {seat} is not complete")
        state.tiling = (seat, line)
        state.current_player = seat
    else:
        state.current_player = whole(turn["seat"], "turn", 0, players - 1)
        if not state.table_tiles:
            refuse("turn", f"seat {state.current_player} is to take tiles, but the factories and the centre are empty")
        _no_complete_row(state)


def _refill(state: AzulState, next_factory: int) -> None:
    """A refill under way: factories before ``next_factory`` are filled, the rest and the
    centre wait; the floors were emptied at the end of the last round."""
    if any(sum(tiles) for tiles in state.factories[next_factory:]) or any(state.centre):
        refuse("turn", f"factories from {next_factory + 1} on and the centre must be empty while they are filled")
    if any(state.floor):
        refuse("turn", "the floors are emptied at the end of every round, before the refill")
    state.fill_index = next_factory
    state.current_player = CHANCE
    _no_complete_row(state)


def _no_complete_row(state: AzulState) -> None:
    """Under the row trigger a complete wall row ends the game after its wall tiling."""
    if not state.rules.rounds and any(state.complete_rows(seat) for seat in range(state.num_players)):
        refuse("turn", "a wall row is complete, so the game ended after that round's wall tiling")


def _end(state: AzulState) -> None:
    rules = state.rules
    if rules.rounds:
        over = state.round >= rules.rounds
    else:
        over = any(state.complete_rows(seat) for seat in range(state.num_players))
    if not over and state.round < rules.max_rounds:
        why = f"it lasts {rules.rounds} rounds" if rules.rounds else "no wall row is complete"
        refuse("turn", f"the game is not over in round {state.round}: {why}")
    if any(state.floor):
        refuse("turn", "the floors are emptied at the end of every round, also the last")
    state.ended = RULES if over else TRUNCATED
    state.current_player = TERMINAL


def _marker(state: AzulState, value: Any) -> None:
    """None: in the centre; a seat: taken this round by that seat (on its floor unless the
    floor was full; after the last round, held by it)."""
    shown = [seat for seat in range(state.num_players) if MARKER in state.floor[seat]]
    if value is None:
        if shown:
            refuse("marker", f"the marker is in the centre, but the floor of seat {shown[0]} shows it")
        return
    if state.current_player == CHANCE:
        refuse("marker", "the marker goes back to the centre before the refill")
    taker = whole(value, "marker", 0, state.num_players - 1)
    if shown not in ([], [taker]):
        refuse("marker", f"seat {taker} took the marker, but the floor of seat {shown[0]} shows it")
    state.marker_in_centre = False
    state.next_starter = taker
    if state.current_player == TERMINAL:
        return
    state.marker_floor = taker
    floor = state.floor[taker]
    if MARKER not in floor and len(floor) < FLOOR_SPACES:
        refuse("marker", f"seat {taker} took the marker, but its floor shows no {MARKER} and has room")
