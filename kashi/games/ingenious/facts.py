"""The facts of an Ingenious position, shared by its JSON form and its position line.

``facts_of`` lists what the table shows and the rules need, as plain JSON values (docs/records.md,
"State JSON"): the tiles on the board as placements in the order they were laid, each seat's
rack (or, where a view hides it, only how many tiles it holds), the score tracks, the bag's
count and where the turn stands. ``build`` makes the state those facts describe: the bag's
contents, the free cell pairs, the start symbols touched in the first round, locked colours, the
draws still due and the end's result are worked out again, and anything the rules cannot reach
is refused naming the field. The position line (``position.py``) spells the same dict.
"""

from __future__ import annotations

from typing import Any

from kashi.core.errors import KashiError
from kashi.core.json_form import counts, fields, form_of, listed, read_json, rule_options, text, whole, write_counts
from kashi.core.outcome import INSTANT_WIN, RULES
from kashi.core.position_text import refuse
from kashi.core.state import CHANCE, TERMINAL
from kashi.games.ingenious.hexgrid import NAMES
from kashi.games.ingenious.invariants import problems
from kashi.games.ingenious.layout import EMPTY
from kashi.games.ingenious.moves import Placement, parse_move
from kashi.games.ingenious.rules import GOAL, OPTIONS, RACK_SIZE, IngeniousRules, check_options
from kashi.games.ingenious.state import ACTIVE, FIRST_TURN, NEXT_TURN, RESERVE, RESUME, IngeniousState
from kashi.games.ingenious.tiles import COLOURS, COPIES, HIDDEN, TILES, TOTAL_TILES, TYPE_OF, TYPES, parse_tile

FACTS = ("turn", "record", "tracks", "players", "bag", "board")
"""The keys of the JSON form after ``game`` and ``rules``, in the order of the position line."""
TURN_FACTS = ("step", "seat", "bonus", "aside")
RECORD_FACTS = ("turns", "draw_lines", "draws_for", "drawn_by", "drawn_into")
PLAYER_FACTS = ("rack", "reserve", "shown")
PLACE, SWAP, DRAW, OVER = "place", "swap", "draw", "over"
PURPOSES = {NEXT_TURN: "turn", RESUME: "bonus", FIRST_TURN: "setup"}
"""What the latest draws were for: end a turn (a refill or a swap), go on with bonus placements
on an empty rack, or deal the racks at setup."""
AFTER = {purpose: after for after, purpose in PURPOSES.items()}
RACKS = {ACTIVE: "rack", RESERVE: "reserve"}
MOST_TURNS, MOST_DRAW_LINES, MOST_BONUS = 10_000, 100_000, 100


# -- the facts of a state -----------------------------------------------------------------
def facts_of(state: IngeniousState) -> dict[str, Any]:
    if state.current_player == TERMINAL:
        step = OVER
    else:
        step = DRAW if state.current_player == CHANCE else SWAP if state.deciding else PLACE
    return {
        "turn": {"step": step, "seat": state.turn, "bonus": state.bonus, "aside": _texts(state.aside)},
        "record": {
            "turns": state.turns,
            "draw_lines": state.draw_line,
            "draws_for": PURPOSES[state.after],
            "drawn_by": state.draw_seat,
            "drawn_into": RACKS[state.draw_target],
        },
        "tracks": [write_counts(track, COLOURS) for track in state.tracks],
        "players": [_player_of(state, seat) for seat in range(state.num_players)],
        "bag": state.bag_size,
        "board": [str(move) for move in state.placed],
    }


def _texts(tiles: list[int] | tuple[int, ...]) -> list[str]:
    return [str(TILES[kind]) for kind in tiles]


def _player_of(state: IngeniousState, seat: int) -> dict[str, Any]:
    """A seat's rack and reserve (the tiles, or their number where the view hides them) and the
    rack it last showed by swapping."""
    hidden = bool(state.hidden >> seat & 1)
    racks = [len(rack) if hidden else _texts(rack) for rack in (state.racks[seat], state.reserves[seat])]
    return {"rack": racks[0], "reserve": racks[1], "shown": _texts(state.revealed[seat])}


# -- the state of some facts ----------------------------------------------------------------
def from_json(data: Any) -> IngeniousState:
    """The state of a JSON form (``IngeniousState.to_json``); ``core.bad_json`` names a bad field."""

    def read() -> IngeniousState:
        form = form_of(data, "ingenious", FACTS)
        seats = listed(form["players"], "players", "seats")
        if not 1 <= len(seats) <= 4:
            refuse("players", f"{len(seats)} seats, Ingenious is played by 1 to 4")
        rules = IngeniousRules.from_options(rule_options(form["rules"], OPTIONS, check_options, len(seats)))
        return build(rules, len(seats), {name: form[name] for name in FACTS})

    return read_json(read)


def build(rules: IngeniousRules, players: int, facts: dict[str, Any]) -> IngeniousState:
    """The position the facts describe, under ``rules`` with ``players`` seats; refused naming
    the field if the rules cannot reach it."""
    fields(facts, FACTS, "state")
    state = object.__new__(IngeniousState)
    state._blank(rules, players)
    for placed in listed(facts["board"], "board", "tiles"):
        _lay(state, text(placed, "board"))
    _players(state, listed(facts["players"], "players", "seats", count=players))
    state.bag_size = whole(facts["bag"], "bag", 0, TOTAL_TILES)
    boards = listed(facts["tracks"], "tracks", "score boards", count=state.layout.boards)
    state.tracks = [counts(track, COLOURS, f"tracks {board}", rules.track_max) for board, track in enumerate(boards)]
    _record(state, facts["record"])
    _turn(state, facts["turn"])
    _derive(state)
    found = problems(state)
    if found:
        refuse("consistency", "; ".join(found))
    return state


def _seat(state: IngeniousState, value: Any, field: str) -> int:
    return whole(value, field, 0, state.num_players - 1)


def _lay(state: IngeniousState, written: str) -> None:
    """A tile on the board (``RB h8-h9``), checked to lie on two adjacent free cells of the area."""
    try:
        move = parse_move(written)
    except KashiError:
        move = None
    if not isinstance(move, Placement):
        refuse("board", f"{written!r} is not a tile on two cells like RB h8-h9")
    grid = state.layout.area
    for cell in (move.a, move.b):
        if not grid.inside[cell]:
            refuse("board", f"{written}: {NAMES[cell]} is outside the play area of this game")
        if state.board[cell] != EMPTY:
            refuse("board", f"{written}: {NAMES[cell]} already holds a tile or a start symbol")
    if (move.a, move.b) not in grid.edge_of:
        refuse("board", f"{written}: {NAMES[move.a]} and {NAMES[move.b]} are not neighbours")
    state.board[move.a], state.board[move.b] = move.first, move.second
    state._cover(move.a)
    state._cover(move.b)
    state.placed.append(move)


def _tiles(value: Any, field: str) -> list[int]:
    """Tiles as their two colours, ``["RB", "GG"]``, as tile types."""
    kinds = []
    for tile in listed(value, field, "tiles", most=RACK_SIZE):
        try:
            kinds.append(int(parse_tile(text(tile, field))))
        except KashiError:
            refuse(field, f"{tile!r} is not a tile of two colours of {COLOURS}")
    return kinds


def _players(state: IngeniousState, seats: list[Any]) -> None:
    """Each seat's rack and reserve, both seen (their tiles) or both hidden (their number of
    tiles), and the rack it last showed by swapping (sorted, as the engine keeps it)."""
    reserve = state.layout.reserve
    for seat, value in enumerate(seats):
        name = f"racks {seat}"
        player = fields(value, PLAYER_FACTS, name)
        both = (player["rack"], player["reserve"])
        hidden = [isinstance(rack, int) and not isinstance(rack, bool) for rack in both]
        if any(hidden) != all(hidden):
            refuse(name, f"{list(both)!r}: a seat's rack and reserve are both seen or both hidden")
        if hidden[0]:
            state.hidden |= 1 << seat
            state.racks[seat], state.reserves[seat] = ([HIDDEN] * whole(rack, name, 0, RACK_SIZE) for rack in both)
        else:
            state.racks[seat], state.reserves[seat] = (_tiles(rack, name) for rack in both)
        if state.reserves[seat] and not reserve:
            refuse(name, "one rack, no reserve under these rules")
        state.revealed[seat] = tuple(sorted(_tiles(player["shown"], f"shown {seat}")))


def _record(state: IngeniousState, value: Any) -> None:
    """Turns played, draw lines so far, and what the latest draws were for and whose rack they
    filled."""
    record = fields(value, RECORD_FACTS, "record")
    state.turns = whole(record["turns"], "record", 0, MOST_TURNS)
    placed = len(state.placed)
    if placed < state.turns or (state.turns < state.num_players and placed > state.turns + 1):
        refuse(
            "record", f"{state.turns} turns played with {placed} tiles on the board: each turn lays one, bonuses more"
        )
    state.draw_line = whole(record["draw_lines"], "record", 0, MOST_DRAW_LINES)
    if record["draws_for"] not in AFTER:
        refuse("record", f"{record['draws_for']!r} is not what draws are for: {', '.join(AFTER)}")
    state.after = AFTER[record["draws_for"]]
    state.draw_seat = _seat(state, record["drawn_by"], "record")
    if record["drawn_into"] not in RACKS.values():
        refuse("record", f"{record['drawn_into']!r} is not a rack of a seat: {', '.join(RACKS.values())}")
    state.draw_target = RESERVE if record["drawn_into"] == RACKS[RESERVE] else ACTIVE


def _turn(state: IngeniousState, value: Any) -> None:
    """Whose turn it is and what waits: a placement (a bonus one with ``bonus``), the swap
    question, draws (after a swap with the set-aside tiles), or the end."""
    turn = fields(value, TURN_FACTS, "step")
    step = turn["step"]
    if step not in (PLACE, SWAP, DRAW, OVER):
        refuse("step", f"{step!r} is not a step: {PLACE}, {SWAP}, {DRAW}, {OVER}")
    state.turn = _seat(state, turn["seat"], "step")
    state.bonus = whole(turn["bonus"], "step", 0, MOST_BONUS)
    if state.bonus and (step not in (PLACE, DRAW) or not state.rules.bonus):
        refuse("step", f"bonus{state.bonus} does not go with {step!r} here (bonus placements with place or draw)")
    state.aside = _tiles(turn["aside"], "step")
    if state.aside and step != DRAW:
        refuse("step", f"aside={','.join(turn['aside'])} does not go with {step!r} here (set-aside tiles with draw)")
    state.deciding = step == SWAP
    if step in (PLACE, SWAP):
        state.current_player = state.turn
    elif step == DRAW:
        state.current_player = CHANCE
        _draws(state)
    else:
        state.current_player = TERMINAL


def _draws(state: IngeniousState) -> None:
    """Draws due into the rack the record names as the latest draws': the tiles it lacks; at
    setup the other racks follow in seat order."""
    drawer, target, seat = state.draw_seat, state.draw_target, state.turn
    rack = (state.racks, state.reserves)[target][drawer]
    setup = state.after == FIRST_TURN
    if drawer != seat and not setup:
        refuse("record", f"seat {seat} is to draw, but the record names the rack of seat {drawer}")
    if len(rack) >= RACK_SIZE:
        refuse("record", f"the rack of seat {drawer} is full: there is nothing to draw")
    state.draw_left = RACK_SIZE - len(rack)
    if state.aside and list(state.revealed[seat]) != sorted(state.aside):
        refuse("shown", f"seat {seat} swapped: its shown rack is the set-aside tiles")
    if setup:
        parts = (ACTIVE, RESERVE) if state.layout.reserve else (ACTIVE,)
        order = [(each, part) for each in range(state.num_players) for part in parts]
        state.jobs = tuple((each, part, RACK_SIZE) for each, part in order[order.index((drawer, target)) + 1 :])


def _derive(state: IngeniousState) -> None:
    """The bag's contents (every tile not seen elsewhere; in a view, also the hidden racks'),
    the symbols touched in the first round, locked colours and the end's result."""
    lay, rules = state.layout, state.rules
    bag = list(COPIES)
    for move in state.placed:
        bag[TYPE_OF[move.first][move.second]] -= 1
    held = [*state.aside, *(tile for racks in (state.racks, state.reserves) for rack in racks for tile in rack)]
    for kind in held:
        if kind != HIDDEN:
            bag[kind] -= 1
    short = [kind for kind in range(TYPES) if bag[kind] < 0]
    if short:
        kind = short[0]
        refuse("consistency", f"{COPIES[kind] - bag[kind]} {TILES[kind]} tiles in play, the game has {COPIES[kind]}")
    unseen = held.count(HIDDEN)
    if sum(bag) != state.bag_size + unseen:
        refuse("bag", f"{state.bag_size} tiles, but {sum(bag) - unseen} are neither on the board nor in a rack")
    state.bag = bag
    if lay.symbols:
        for move in state.placed[: state.num_players]:
            state.touched |= lay.touch_mask[move.a] | lay.touch_mask[move.b]
    if not rules.bonus:
        state.locked = sum(1 << colour for colour in range(6) if any(track[colour] == GOAL for track in state.tracks))
    winners = [board for board, track in enumerate(state.tracks) if min(track) == rules.track_max]
    if state.current_player == TERMINAL:
        instant = rules.bonus and bool(winners)
        state.ended = INSTANT_WIN if instant else RULES
        state.winner = winners[0] if instant else -1
