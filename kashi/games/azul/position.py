"""Azul positions as one line of text (docs/notation.md, "Azul positions"), written and read back.

``r2 1 s0 m0 BBYR,KKWW,-,BYRW,- BK B10Y9R12K11W13 B2R1 0/B,YY,-,RRR,-/BY3,1B3,5,5,5/1KK ...``:
round, turn, starting player, marker, factories, centre, bag, lid, then each seat's board as
score / pattern lines / wall rows / floor. Walls are read into the engine's masks and accept
tables here, so the text holds only what lies on the table.
"""

from __future__ import annotations

from kashi.core.outcome import RULES, TRUNCATED
from kashi.core.position_text import (
    NONE,
    after_label,
    exact_items,
    letter_counts,
    named_counts,
    number,
    one_colour,
    refuse,
    split_fields,
    split_parts,
    write_items,
    write_letters,
    write_named_counts,
    write_one_colour,
)
from kashi.core.state import CHANCE, TERMINAL
from kashi.games.azul.invariants import problems
from kashi.games.azul.moves import FILLS
from kashi.games.azul.rules import COLOURS, FACTORY_SIZE, FLOOR_SPACES, TILES, TILES_PER_COLOUR, factories_for
from kashi.games.azul.state import AzulState

TABLE_FIELDS = ("round", "turn", "starter", "marker", "factories", "centre", "bag", "lid")
BOARD_PARTS = ("score", "lines", "wall", "floor")
MARKER = "1"
CENTRE = "C"
"""The marker field's value while the marker lies in the centre (the move notation's source C)."""
FILLING, CENTRE_TILE, OVER, ON_WALL = "fill", "fill+", "end", "w"


def field_names(players: int) -> list[str]:
    return [*TABLE_FIELDS, *(f"seat {seat}" for seat in range(players))]


def seats_in(text: str) -> int | None:
    """The number of seat boards in a position line, if it has more fields than the table's."""
    extra = len(text.split()) - len(TABLE_FIELDS)
    return extra if extra > 0 else None


# -- writing ------------------------------------------------------------------------------
def write(state: AzulState) -> str:
    marker = CENTRE if state.marker_in_centre else str(state.next_starter)
    fields = [
        f"r{state.round}",
        _turn_text(state),
        f"s{state.starter}",
        f"m{marker}",
        write_items([write_letters(tiles, COLOURS) for tiles in state.factories]),
        write_letters(state.centre, COLOURS),
        write_named_counts(state.bag, COLOURS),
        write_named_counts(state.lid, COLOURS),
    ]
    fields += [_board_text(state, seat) for seat in range(state.num_players)]
    return " ".join(fields)


def _turn_text(state: AzulState) -> str:
    if state.current_player == TERMINAL:
        return OVER
    if state.current_player == CHANCE:
        return CENTRE_TILE if state.fill_index == len(state.factories) else f"{FILLING}{state.fill_index + 1}"
    if state.tiling is not None:
        return f"{state.current_player}{ON_WALL}{state.tiling[1] + 1}"
    return str(state.current_player)


def _board_text(state: AzulState, seat: int) -> str:
    lines = [
        write_one_colour(state.line_colour[seat * 5 + line], state.line_count[seat * 5 + line], COLOURS)
        for line in range(5)
    ]
    rows = [_wall_row_text(state.cells[seat * 25 + row * 5 : seat * 25 + row * 5 + 5]) for row in range(5)]
    return f"{state.score[seat]}/{','.join(lines)}/{','.join(rows)}/{state.floor[seat] or NONE}"


def _wall_row_text(cells: list[int]) -> str:
    """A wall row as its tiles' letters, each run of empty spaces as its length: ``1B3``."""
    text, empty = "", 0
    for colour in cells:
        if colour < 0:
            empty += 1
            continue
        text += (str(empty) if empty else "") + COLOURS[colour]
        empty = 0
    return text + (str(empty) if empty else "")


# -- reading ------------------------------------------------------------------------------
def read(prototype: AzulState, text: str) -> AzulState:
    """The position a line describes, under the prototype's rules and player count."""
    players = prototype.num_players
    field = split_fields(text, field_names(players))
    rules = prototype.rules
    top = rules.rounds or rules.max_rounds
    state = AzulState(rules, players, _seat(after_label(field["starter"], "s", "starter"), players, "starter"))
    state.round = number(after_label(field["round"], "r", "round"), "round", 1, top)
    _read_table(state, field)
    for seat in range(players):
        _read_board(state, seat, field[f"seat {seat}"])
    _read_turn(state, field["turn"])
    _read_marker(state, after_label(field["marker"], "m", "marker"))
    found = problems(state)
    if found:
        refuse("consistency", "; ".join(found))
    return state


def _seat(text: str, players: int, field: str) -> int:
    return number(text, field, 0, players - 1)


def _read_table(state: AzulState, field: dict[str, str]) -> None:
    factories = exact_items(field["factories"], "factories", factories_for(state.num_players), "factories")
    state.factories = [
        FILLS[tuple(letter_counts(tiles, COLOURS, f"factory {number + 1}", FACTORY_SIZE))].counts
        for number, tiles in enumerate(factories)
    ]
    state.centre = letter_counts(field["centre"], COLOURS, "centre", TILES)
    state.bag = named_counts(field["bag"], COLOURS, "bag", TILES_PER_COLOUR)
    state.lid = named_counts(field["lid"], COLOURS, "lid", TILES_PER_COLOUR)
    state.table_tiles = sum(state.centre) + sum(sum(tiles) for tiles in state.factories)


def _read_board(state: AzulState, seat: int, text: str) -> None:
    name = f"seat {seat}"
    score, lines, wall, floor = split_parts(text, name, BOARD_PARTS)
    state.score[seat] = number(score, f"{name} score", 0, 10**6)
    for line, tiles in enumerate(exact_items(lines, f"{name} lines", 5, "pattern lines")):
        colour, count = one_colour(tiles, COLOURS, f"{name} line {line + 1}", line + 1)
        state.line_colour[seat * 5 + line], state.line_count[seat * 5 + line] = colour, count
    for row, cells in enumerate(exact_items(wall, f"{name} wall", 5, "wall rows")):
        for column, colour in enumerate(_wall_row(cells, f"{name} wall row {row + 1}")):
            if colour >= 0:
                state.cells[seat * 25 + row * 5 + column] = colour
                state.wall[seat] |= 1 << (5 * row + column)
                state.row_colours[seat * 5 + row] |= 1 << colour
                state.column_colours[seat * 5 + column] |= 1 << colour
    for line in range(5):
        state._refresh_accept(seat, line)
    state.floor[seat] = _floor(floor, f"{name} floor")
    if state.rules.overflow == "discard" and state.floor[seat].strip(MARKER):
        refuse(f"{name} floor", "tiles that do not fit go to the lid under these rules: only the marker lies here")


def _wall_row(text: str, field: str) -> list[int]:
    """A wall row's five cells (colour or -1) from letters and digits counting empty spaces."""
    cells: list[int] = []
    for char in text:
        if char.isdigit():
            cells += [-1] * int(char)
        elif char in COLOURS:
            cells.append(COLOURS.index(char))
        else:
            refuse(field, f"{text!r}: {char!r} is neither a colour of {COLOURS} nor a number of empty spaces")
    if len(cells) != 5:
        refuse(field, f"{text!r} describes {len(cells)} spaces, a wall row has 5")
    return cells


def _floor(text: str, field: str) -> str:
    if text == NONE:
        return ""
    if set(text) - set(COLOURS + MARKER) or len(text) > FLOOR_SPACES or text.count(MARKER) > 1:
        refuse(field, f"{text!r} is not a floor line: at most {FLOOR_SPACES} of {COLOURS} and the marker {MARKER}")
    return text


def _read_turn(state: AzulState, text: str) -> None:
    """Who or what acts next: a seat, a seat choosing a wall space, a refill, or the end."""
    players = state.num_players
    state.fill_index = len(state.factories)
    if text == OVER:
        _read_end(state)
    elif text == CENTRE_TILE:
        if not state.rules.centre_seed_tile:
            refuse("turn", f"{CENTRE_TILE}: these rules draw no centre tile")
        _read_refill(state, len(state.factories))
    elif text.startswith(FILLING):
        _read_refill(state, number(text[len(FILLING) :], "turn", 1, len(state.factories)) - 1)
    elif ON_WALL in text:
        seat_text, _, line_text = text.partition(ON_WALL)
        seat, line = _seat(seat_text, players, "turn"), number(line_text, "turn", 1, 5) - 1
        if not state.rules.grey:
            refuse("turn", f"{text!r}: only the grey wall asks where a tile goes")
        if state.line_count[seat * 5 + line] != line + 1:
            refuse("turn", f"{text!r}: pattern line {line + 1} of seat {seat} is not complete")
        state.tiling = (seat, line)
        state.current_player = seat
    else:
        state.current_player = _seat(text, players, "turn")
        if not state.table_tiles:
            refuse("turn", f"seat {text} is to take tiles, but the factories and the centre are empty")
        _no_complete_row(state)


def _read_refill(state: AzulState, next_factory: int) -> None:
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


def _read_end(state: AzulState) -> None:
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


def _read_marker(state: AzulState, text: str) -> None:
    """``C``: in the centre; a seat: taken this round by that seat (on its floor unless the
    floor was full; after the last round, held by it)."""
    shown = [seat for seat in range(state.num_players) if MARKER in state.floor[seat]]
    if text == CENTRE:
        if shown:
            refuse("marker", f"the marker is in the centre, but the floor of seat {shown[0]} shows it")
        return
    if state.current_player == CHANCE:
        refuse("marker", "the marker goes back to the centre before the refill")
    taker = _seat(text, state.num_players, "marker")
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
