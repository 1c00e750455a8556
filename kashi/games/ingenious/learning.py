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

from kashi.rl.config import GameConfig
from kashi.rl.encoding.base import Encoder, Layout
from kashi.rl.spiel import SpielSpec

TYPES = 21
"""Tile types RR, RG, ... PP; a hidden tile in a view is type 21."""
CELL_VALUES = 8
"""Board values 0..5 (colours), 6 (empty), 7 (centre star); 8 marks cells outside the area."""
OUTSIDE = 8


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
