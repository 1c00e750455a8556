"""Ingenious observations: the board, the observer's own racks, and what everyone may see.

Blocks, seats rotated so the observer comes first: every cell of the play area one-hot over
{6 colours, empty, centre star}; the observer's rack and reserve rack (tiles per type /6);
each seat's rack size (/6) and the rack it last showed by swapping (per type /6); each seat's
six tracks (/track maximum); the tiles the observer cannot see, in the bag or in other racks
(per type /6); bonus placements due (/6); the swap-or-keep question; the colours locked; the
start symbols touched; who is to move (relative seat).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from kashi.core.errors import IllegalMoveError
from kashi.core.messages import register
from kashi.games.ingenious.moves import Placement
from kashi.games.ingenious.tiles import PAIRS, TYPE_OF
from kashi.rl.config import GameConfig
from kashi.rl.encoding.base import Encoder, Layout
from kashi.rl.spiel import SpielSpec

TYPES = 21
"""Tile types RR, RG, ... PP; a hidden tile in a view is type 21."""
CELL_VALUES = 8
"""Board values 0..5 (colours), 6 (empty), 7 (centre star); 8 marks cells outside the area."""
OUTSIDE = 8
RACK = 6
"""Tiles in a rack."""

register({"rl.no_such_placement": "action id {action} names no tile of the rack or no cell of the play area"})


class IngeniousEncoder(Encoder):
    has_info = True

    def __init__(self, config: GameConfig) -> None:
        players = self.players = config.players
        probe: Any = config.make_state(0)
        self.area = np.array([cell for cell, value in enumerate(probe.board) if value != OUTSIDE], dtype=np.intp)
        layout = self.layout = Layout()
        board_at = layout.add("board", len(self.area) * CELL_VALUES)
        self.rack_at = layout.add("rack", TYPES, 6)
        layout.add("reserve", TYPES, 6)
        layout.add("rack_sizes", players, 6)
        layout.add("shown", players * TYPES, 6)
        layout.add("tracks", players * 6, probe.rules.track_max)
        layout.add("unseen", TYPES, 6)
        layout.add("bonus", 1, 6)
        layout.add("deciding", 1)
        layout.add("locked", 6)
        layout.add("touched", 6)
        self.to_move_at = layout.add("to_move", players)
        self.cell_index = board_at + np.arange(len(self.area)) * CELL_VALUES
        super().__init__(config)

    def encode(self, view: Any, seat: int) -> np.ndarray:
        players = self.players
        seats = [(seat + offset) % players for offset in range(players)]
        out = self.blank()
        board = np.array(view.board, dtype=np.intp)
        out[self.cell_index + board[self.area]] = 1
        raw = [0] * (2 * TYPES)
        for kind in view.racks[seat]:
            raw[kind] += 1
        for kind in view.reserves[seat]:
            raw[TYPES + kind] += 1
        raw += [len(view.racks[other]) for other in seats]
        for other in seats:
            shown = [0] * TYPES
            for kind in view.revealed[other]:
                shown[kind] += 1
            raw += shown
        for other in seats:
            raw += view.track(other)
        raw += view.bag[:TYPES]
        raw += [view.bonus, view.deciding]
        raw += [view.locked >> colour & 1 for colour in range(6)]
        raw += [view.touched >> symbol & 1 for symbol in range(6)]
        out[self.rack_at : self.rack_at + len(raw)] = raw
        if view.current_player >= 0:
            out[self.to_move_at + (view.current_player - seat) % players] = 1
        return self.finish(out)

    def info(self, state: Any, seat: int) -> dict[str, Any]:
        """The seat's six tracks in colour order R G B O Y P: the six-colour score vector (public)."""
        return {"colour_scores": np.array(state.track(seat), dtype=np.int64)}


class IngeniousCompactEncoder(IngeniousEncoder):
    """The same observations over a compact, factored action space sized to the decision.

    A placement is a tile of the mover's rack, by its place in the rack sorted by tile type
    (which the observation's per-type rack counts tell), times the cell of the play area that
    gets the tile's lower colour, times the direction (0..5) of the cell that gets the other:
    ``(tile * cells + cell) * 6 + direction``; then swap and keep. A double tile fits either way
    round, so it has two ids per placement; two tiles of one type in a rack have one id each.
    2 / 3 / 4 players: 3,278 / 4,574 / 6,086 ids instead of 8,642 / 12,314 / 16,634.
    """

    def __init__(self, config: GameConfig) -> None:
        super().__init__(config)
        probe: Any = config.make_state(0)
        grid = probe.layout.area
        self.engine_actions: int = probe.num_actions
        self.cells = grid.cells
        cell_at = {cell: index for index, cell in enumerate(self.cells)}
        self.neighbour = tuple(grid.rays[cell * 6 + direction][:1] for cell in self.cells for direction in range(6))
        """Per cell index x direction: the neighbouring cell of the area, if any."""
        places = len(self.cells) * 6
        self.places = places
        self.decision_at = RACK * places
        self.num_actions = self.decision_at + 2
        # per engine placement id: its tile type and the ids of its ways round without the tile
        # (a double has two, the others one; -1 pads)
        kinds, ways = [], []
        for row in probe.layout.placements:
            for placement in row:
                kind = TYPE_OF[placement.first][placement.second]
                low = PAIRS[kind][0]
                both = [
                    cell_at[here] * 6 + _direction(grid, here, there)
                    for here, there, colour in (
                        (placement.a, placement.b, placement.first),
                        (placement.b, placement.a, placement.second),
                    )
                    if colour == low
                ]
                kinds.append(kind)
                ways.append(both + [-1] * (2 - len(both)))
        self.kind_of = np.array(kinds, dtype=np.intp)
        self.ways = np.array(ways, dtype=np.intp)

    def legal_ids(self, state: Any) -> np.ndarray | list[int]:
        if state.current_player < 0:
            return []
        if state.deciding:
            return [self.decision_at, self.decision_at + 1]
        engine = state.legal_actions()
        rack = np.array(sorted(state.racks[state.current_player]), dtype=np.intp)
        ids = np.fromiter(engine, np.intp, len(engine))
        # every (legal placement, rack tile of its type) pair, then each of its ways round
        placements, tiles = np.nonzero(self.kind_of[ids][:, None] == rack[None, :])
        ways = self.ways[ids[placements]]
        compact = (tiles * self.places)[:, None] + ways
        legal: np.ndarray = compact[ways >= 0]
        return legal

    def to_engine(self, state: Any, action: int) -> int:
        if not 0 <= action < self.num_actions:
            raise IllegalMoveError("core.bad_action", action=action, last=self.num_actions - 1)
        if action >= self.decision_at:
            return self.engine_actions - 2 + action - self.decision_at
        tile, place = divmod(action, self.places)
        rack = sorted(state.racks[state.current_player]) if state.current_player >= 0 else []
        neighbour = self.neighbour[place]
        if tile >= len(rack) or not neighbour:
            raise IllegalMoveError("rl.no_such_placement", action=action)
        low, high = PAIRS[rack[tile]]
        engine: int = state.action_id(Placement(low, high, self.cells[place // 6], neighbour[0]))
        return engine


def _direction(grid: Any, here: int, there: int) -> int:
    return next(direction for direction in range(6) if grid.rays[here * 6 + direction][:1] == (there,))


def _spiel_config(params: dict[str, Any]) -> GameConfig:
    teams = bool(params["teams"])
    return GameConfig("ingenious-teams" if teams else "ingenious", int(params["players"]))


def _game_length(config: GameConfig) -> int:
    """Every placement covers 2 of at most 169 cells and may be followed by a swap question;
    a seat with nothing to place passes at most once a turn."""
    return 169 + 2 * 169


SPIEL = SpielSpec(
    "kashi_ingenious", "kashi Ingenious", {"players": 2, "teams": False}, 2, 4, False, _spiel_config, 21, _game_length
)
"""How OpenSpiel sees Ingenious: a draw is one of the 21 tile types."""

ENCODER = IngeniousEncoder
COMPACT = IngeniousCompactEncoder
