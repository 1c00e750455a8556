"""JSON form of an Ingenious state: plain notation and small ints, read back with full checks."""

from __future__ import annotations

from typing import Any

from kashi.core.errors import KashiError
from kashi.core.state import CHANCE, TERMINAL
from kashi.games.ingenious.hexgrid import NAMES
from kashi.games.ingenious.invariants import problems
from kashi.games.ingenious.layout import EMPTY
from kashi.games.ingenious.moves import Placement, parse_move
from kashi.games.ingenious.rules import OPTIONS, IngeniousRules, check_options
from kashi.games.ingenious.state import IngeniousState
from kashi.games.ingenious.tiles import COLOURS, HIDDEN, TILES, TYPES, parse_tile


def state_to_json(state: IngeniousState) -> dict[str, Any]:
    seats = range(state.num_players)
    return {
        "family": "ingenious",
        "players": state.num_players,
        "rules": state.rules.to_options(),
        "current_player": state.current_player,
        "placed": [str(move) for move in state.placed],
        "racks": [_texts(rack) for rack in state.racks],
        "reserves": [_texts(rack) for rack in state.reserves],
        "bag": {str(TILES[kind]): count for kind, count in enumerate(state.bag)},
        "bag_size": state.bag_size,
        "tracks": [track[:] for track in state.tracks],
        "turn": state.turn,
        "turns": state.turns,
        "touched": state.touched,
        "bonus": state.bonus,
        "deciding": state.deciding,
        "draw": [state.draw_seat, state.draw_target, state.draw_left, state.draw_line],
        "jobs": [list(job) for job in state.jobs],
        "after": state.after,
        "aside": _texts(state.aside),
        "revealed": [_texts(list(tiles)) for tiles in state.revealed],
        "locked": "".join(COLOURS[colour] for colour in range(6) if state.locked >> colour & 1),
        "ended": state.ended,
        "winner": state.winner,
        "hidden": [seat for seat in seats if state.hidden >> seat & 1],
    }


def state_from_json(data: dict[str, Any]) -> IngeniousState:
    """Rebuild a state; any malformed or inconsistent field raises ``KashiError`` (core.bad_json)."""
    try:
        state = _read(data)
    except (KashiError, KeyError, TypeError, ValueError, IndexError, AttributeError) as error:
        raise KashiError("core.bad_json", reason=f"{type(error).__name__}: {error}") from None
    found = problems(state)
    if found:
        raise KashiError("core.bad_json", reason="; ".join(found))
    return state


def _read(data: dict[str, Any]) -> IngeniousState:
    if data["family"] != "ingenious":
        raise ValueError(f"family {data['family']!r} is not ingenious")
    players = _int(data["players"], 1, 4)
    options = {option.name: option.default for option in OPTIONS}
    known = {option.name: option for option in OPTIONS}
    for name, value in dict(data["rules"]).items():
        options[name] = known[name].check(value)
    check_options(players, options)
    state = object.__new__(IngeniousState)
    state._blank(IngeniousRules.from_options(options), players)
    for text in data["placed"]:
        move = parse_move(text)
        if not isinstance(move, Placement):
            raise ValueError(f"{text!r} is not a placement")
        _lay(state, move)
    state.hidden = sum(1 << _int(seat, 0, players - 1) for seat in set(data["hidden"]))
    state.racks = [_tiles(rack, hidden=bool(state.hidden >> seat & 1)) for seat, rack in enumerate(data["racks"])]
    state.reserves = [_tiles(rack, hidden=bool(state.hidden >> seat & 1)) for seat, rack in enumerate(data["reserves"])]
    if len(state.racks) != players or len(state.reserves) != players:
        raise ValueError("one rack and one reserve per seat")
    bag = dict(data["bag"])
    state.bag = [_int(bag.pop(str(TILES[kind])), 0, 120) for kind in range(TYPES)]
    if bag:
        raise ValueError(f"unknown tile types in the bag: {sorted(bag)}")
    state.bag_size = _int(data["bag_size"], 0, 120)
    tracks = data["tracks"]
    if len(tracks) != len(state.tracks):
        raise ValueError(f"{len(state.tracks)} score boards expected")
    state.tracks = [[_int(value, 0, state.rules.track_max) for value in track] for track in tracks]
    state.current_player = _int(data["current_player"], TERMINAL, players - 1)
    state.turn = _int(data["turn"], 0, players - 1)
    state.turns = _int(data["turns"], 0, 10_000)
    state.touched = _int(data["touched"], 0, 63)
    state.bonus = _int(data["bonus"], 0, 100)
    state.deciding = bool(data["deciding"])
    seat, target, left, line = data["draw"]
    state.draw_seat, state.draw_target = _int(seat, 0, players - 1), _int(target, 0, 1)
    state.draw_left, state.draw_line = _int(left, 0, 12), _int(line, 0, 100_000)
    state.jobs = tuple(
        (_int(seat, 0, players - 1), _int(target, 0, 1), _int(count, 0, 12)) for seat, target, count in data["jobs"]
    )
    state.after = _int(data["after"], 0, 2)
    state.aside = _tiles(data["aside"], hidden=True)
    state.revealed = [tuple(_tiles(tiles, hidden=False)) for tiles in data["revealed"]]
    if len(state.revealed) != players:
        raise ValueError("one revealed rack per seat")
    state.locked = sum(1 << COLOURS.index(letter) for letter in set(data["locked"]))
    state.ended = str(data["ended"])
    if state.ended not in ("", "rules", "instant-win"):
        raise ValueError(f"unknown termination {state.ended!r}")
    state.winner = _int(data["winner"], -1, 1 if state.rules.teams else players - 1)
    if (state.current_player == CHANCE) != (state.draw_left > 0):
        raise ValueError("draws are due exactly while chance is to move")
    return state


def _lay(state: IngeniousState, move: Placement) -> None:
    """Put a placement of the record on the board (no rack, no scoring)."""
    grid = state.layout.area
    first, second, a, b = move
    if not (grid.inside[a] and grid.inside[b]) or (a, b) not in grid.edge_of:
        raise ValueError(f"{move} is not two adjacent cells of the play area")
    if state.board[a] != EMPTY or state.board[b] != EMPTY:
        raise ValueError(f"{move} covers {NAMES[a]} or {NAMES[b]} twice")
    state.board[a], state.board[b] = first, second
    state._cover(a)
    state._cover(b)
    state.placed.append(move)


def _texts(tiles: list[int]) -> list[str]:
    return [str(TILES[kind]) for kind in tiles]


def _tiles(texts: list[str], hidden: bool) -> list[int]:
    """Tiles from notation; ``??`` (a hidden tile) only where the view hides the rack."""
    tiles = []
    for text in texts:
        if hidden and text == str(TILES[HIDDEN]):
            tiles.append(HIDDEN)
        else:
            tiles.append(int(parse_tile(text)))
    return tiles


def _int(value: Any, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise ValueError(f"{value!r} is not an integer in {low}..{high}")
    return value
