"""Azul positions to and from the compiled engine's fields (``native/azul.h`` lists them).

The engine keeps its caches (accept masks, holders, wall masks) to itself; what crosses is the
facts, so a state read back here has every cache worked out again.
"""

from __future__ import annotations

from kashi.core.outcome import RULES, TRUNCATED
from kashi.games.azul.rules import COLOURS, FLOOR_SPACES, LINES, WALL_CELLS, AzulRules, factories_for
from kashi.games.azul.state import EMPTY, MARKER, AzulState

ENDINGS = ("", RULES, TRUNCATED)
"""The ``ended`` of a state by its field: playing, by the rules, truncated."""
MARKER_CODE = len(COLOURS)
"""The marker on a floor space; tiles are their colour's index."""
FLOOR_CODES = {**{letter: colour for colour, letter in enumerate(COLOURS)}, MARKER: MARKER_CODE}
FLOOR_LETTERS = {code: letter for letter, code in FLOOR_CODES.items()}
HEADER = 19


def to_fields(state: AzulState) -> list[int]:
    rules = state.rules
    tiling_seat, tiling_line = state.tiling or (-1, -1)
    fields = [
        state.num_players, state.current_player, state.round, state.starter, state.next_starter,
        int(state.marker_in_centre), state.marker_floor, state.fill_index, tiling_seat, tiling_line,
        ENDINGS.index(state.ended), int(rules.grey), int(rules.partial_floor), rules.rounds,
        int(rules.centre_seed_tile), int(rules.overflow == "discard"), rules.leftover_penalty,
        int(rules.adjacency == "cross"), rules.max_rounds,
    ]  # fmt: skip
    for tiles in (*state.factories, state.centre, state.bag, state.lid):
        fields.extend(tiles)
    for seat in range(state.num_players):
        base = seat * LINES
        floor = [FLOOR_CODES[letter] for letter in state.floor[seat]]
        fields.append(state.score[seat])
        fields.extend(state.line_colour[base : base + LINES])
        fields.extend(state.line_count[base : base + LINES])
        fields.extend(state.cells[seat * WALL_CELLS : (seat + 1) * WALL_CELLS])
        fields.append(len(floor))
        fields.extend(floor + [-1] * (FLOOR_SPACES - len(floor)))
    return fields


def from_fields(fields: list[int] | tuple[int, ...]) -> AzulState:
    """The state of fields the compiled engine wrote (it checked them when it read them)."""
    players = fields[0]
    rules = AzulRules(
        grey=bool(fields[11]),
        partial_floor=bool(fields[12]),
        rounds=fields[13],
        centre_seed_tile=bool(fields[14]),
        overflow="discard" if fields[15] else "floor",
        leftover_penalty=fields[16],
        adjacency="cross" if fields[17] else "standard",
        max_rounds=fields[18],
    )
    state = AzulState(rules, players, fields[3])
    state.current_player, state.round, state.next_starter = fields[1], fields[2], fields[4]
    state.marker_in_centre, state.marker_floor, state.fill_index = bool(fields[5]), fields[6], fields[7]
    state.tiling = (fields[8], fields[9]) if fields[8] >= 0 else None
    state.ended = ENDINGS[fields[10]]
    at = HEADER
    factories = []
    for _ in range(factories_for(players)):
        tiles = tuple(fields[at : at + 5])
        factories.append(EMPTY if not any(tiles) else tiles)
        at += 5
    state.factories = factories
    state.centre, state.bag, state.lid = (list(fields[at + 5 * k : at + 5 * k + 5]) for k in range(3))
    at += 15
    for seat in range(players):
        base = seat * LINES
        state.score[seat] = fields[at]
        state.line_colour[base : base + LINES] = fields[at + 1 : at + 6]
        state.line_count[base : base + LINES] = fields[at + 6 : at + 11]
        cells = fields[at + 11 : at + 11 + WALL_CELLS]
        state.cells[seat * WALL_CELLS : (seat + 1) * WALL_CELLS] = cells
        for cell, colour in enumerate(cells):
            if colour >= 0:
                row, column = divmod(cell, LINES)
                state.wall[seat] |= 1 << cell
                state.row_colours[base + row] |= 1 << colour
                state.column_colours[base + column] |= 1 << colour
        length = fields[at + 11 + WALL_CELLS]
        floor = fields[at + 12 + WALL_CELLS : at + 12 + WALL_CELLS + length]
        state.floor[seat] = "".join(FLOOR_LETTERS[code] for code in floor)
        at += 12 + WALL_CELLS + FLOOR_SPACES
    state.table_tiles = sum(state.centre) + sum(map(sum, factories))
    state.refresh_caches()
    return state
