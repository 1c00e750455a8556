"""Hand-built Ingenious positions for the tests: tiles on cells, racks, tracks, whose turn."""

from __future__ import annotations

from typing import Any

from kashi.core.game import Game
from kashi.core.registry import variant
from kashi.core.state import CHANCE
from kashi.games.ingenious import IngeniousState
from kashi.games.ingenious.hexgrid import INDEX, NAMES, START_CELLS, area, cell_of
from kashi.games.ingenious.moves import Placement, parse_move
from kashi.games.ingenious.tiles import COLOURS, COPIES, TILES, TYPES, parse_tile

GAME_VARIANT = {1: "ingenious-solo"}


def position(
    players: int = 2,
    *,
    placed: tuple[str, ...] | list[str] = (),
    racks: dict[int, str] | None = None,
    reserves: dict[int, str] | None = None,
    tracks: dict[int, str] | None = None,
    to_move: int = 0,
    turns: int | None = None,
    name: str | None = None,
    over: str = "",
    **options: Any,
) -> IngeniousState:
    """A consistent state with ``placed`` tiles (in notation) on the board, ``racks`` given per seat
    as ``"RB GG"``, tracks per score board as ``"R16 B17"`` (others 0) and ``to_move`` to place.

    The first round is over unless ``turns`` says fewer turns were played; ``over`` gives a
    finished game's termination. Every other tile is in the bag, so the state passes the
    engine's own consistency checks.
    """
    chosen = variant(name or GAME_VARIANT.get(players, "ingenious-teams" if options.get("teams") else "ingenious"))
    resolved = chosen.resolve(players, options)
    boards = 2 if resolved["teams"] else players
    rack_texts = [(racks or {}).get(seat, "").split() for seat in range(players)]
    reserve_texts = [(reserves or {}).get(seat, "").split() for seat in range(players)]
    bag = list(COPIES)
    for text in placed:
        assert isinstance(parse_move(text), Placement)
        bag[int(parse_tile(text[:2]))] -= 1
    for rack in rack_texts + reserve_texts:
        for text in rack:
            bag[int(parse_tile(text))] -= 1
    assert min(bag) >= 0, "the position uses more tiles of a type than exist"
    track_values = [[0] * 6 for _ in range(boards)]
    for board, text in (tracks or {}).items():
        for word in text.split():
            track_values[board][COLOURS.index(word[0])] = int(word[1:])
    played = players if turns is None else turns
    data = {
        "game": "ingenious",
        "rules": resolved,
        "turn": {"step": "over" if over else "place", "seat": to_move, "bonus": 0, "aside": []},
        "record": {"turns": min(played, len(placed)), "draw_lines": 0, "draws_for": "turn", "drawn_by": 0,
                   "drawn_into": "rack"},
        "tracks": [dict(zip(COLOURS, values, strict=True)) for values in track_values],
        "players": [
            {"rack": rack, "reserve": reserve, "shown": []}
            for rack, reserve in zip(rack_texts, reserve_texts, strict=True)
        ],
        "bag": sum(bag),
        "board": list(placed),
    }  # fmt: skip
    state = IngeniousState.from_json(data)
    assert state.ended == over, "the termination follows from the tracks"
    state.turns = played  # a hand-built board may skip the first round's tiles: no turn lays them here
    return state


def state_of(game: Game) -> IngeniousState:
    state = game.state
    assert isinstance(state, IngeniousState)
    return state


def play(state: IngeniousState, *moves: str) -> None:
    for text in moves:
        state.play(state.parse_move(text))


def draw(state: IngeniousState, tiles: str) -> None:
    """Apply chance draws given in notation, e.g. ``"RB GG"``."""
    for text in tiles.split():
        assert state.current_player == CHANCE
        state.apply_chance(state.parse_chance(text))


def parts(state: IngeniousState) -> list[tuple[str, int]]:
    return [(part.key, part.points) for change in state.score_changes for part in change.parts]


def texts(state: IngeniousState) -> list[str]:
    return [str(change) for change in state.score_changes]


def track(state: IngeniousState, seat: int) -> dict[str, int]:
    return dict(zip(COLOURS, state.track(seat), strict=True))


def rack(state: IngeniousState, seat: int) -> list[str]:
    return sorted(str(TILES[kind]) for kind in state.racks[seat])


def drain(state: IngeniousState) -> None:
    """Empty the bag. The bag cannot run out in play on these boards (the spec's section 4 bound),
    but the engine must still cope, so such rules are tested on a drained bag."""
    state.bag = [0] * TYPES
    state.bag_size = 0


def fill_all_but(keep: set[str]) -> list[str]:
    """Tiles (no red) covering the 2-player area except ``keep`` and some lone cells that have
    no empty neighbour: pair cells eastwards row by row, then pair neighbouring leftovers."""
    grid = area(5)
    starts = {INDEX[coords] for coords in START_CELLS}
    kept = {cell_of(name) for name in keep}
    todo = [cell for cell in grid.cells if cell not in starts and cell not in kept]
    colours = ["GB", "GO", "GY", "GP", "BO", "BY", "BP", "OY", "OP", "YP", "GG", "BB", "OO", "YY", "PP"]
    pairs: list[tuple[int, int]] = []
    single: list[int] = []
    for cell in todo:
        if cell in single or any(cell in pair for pair in pairs):
            continue
        east = grid.rays[cell * 6][:1]
        if east and east[0] in todo and not any(east[0] in pair for pair in pairs):
            pairs.append((cell, east[0]))
        else:
            single.append(cell)
    for cell in list(single):
        partner = next((other for other in grid.neighbours[cell] if other in single and other != cell), None)
        if cell in single and partner is not None:
            single.remove(cell)
            single.remove(partner)
            pairs.append((cell, partner))
    return [f"{colours[index % len(colours)]} {NAMES[a]}-{NAMES[b]}" for index, (a, b) in enumerate(pairs)]
