"""Azul observations (every variant): the whole table, since Azul hides only the bag's order.

Blocks, seats rotated so the observer comes first: factory contents (counts per colour /4),
centre (/20), bag and lid (/20); per seat its floor tiles (/7), whether it took the marker
this round, its score (/200, capped); the marker still in the centre; per seat its pattern
lines (line x {empty, 5 colours}: tiles held / line size) and wall (cell x {empty, 5
colours} one-hot, so the grey side's choices show); who is to move (relative seat); the round
(/5, capped, or /rounds under a round limit); on the grey side, the pattern line waiting for
its wall space.

Speed: the position's small-int lists are joined into one Python list, converted to numpy
once, and expanded into the one-hot blocks with precomputed index arrays.
"""

from __future__ import annotations

from itertools import chain
from typing import Any

import numpy as np

from kashi.rl.config import GameConfig
from kashi.rl.encoding.base import Encoder, Layout, rotated

SCORE_SCALE = 200


class AzulEncoder(Encoder):
    clip = False  # every entry is bounded by its divisor; scores and the round are capped here

    def __init__(self, config: GameConfig) -> None:
        players = self.players = config.players
        factories = 2 * players + 1
        layout = self.layout = Layout()
        layout.add("factories", factories * 5, 4)
        layout.add("centre", 5, 20)
        layout.add("bag", 5, 20)
        layout.add("lid", 5, 20)
        layout.add("floor", players, 7)
        layout.add("took_marker", players)
        layout.add("score", players, SCORE_SCALE)
        self.dense = (factories + 3) * 5 + 3 * players
        """Entries copied straight from the raw list, before the one-hot blocks."""
        self.marker_at = layout.add("marker_in_centre", 1)
        lines_at = layout.add("lines", players * 30)
        layout.divide("lines", [float(line + 1) for _ in range(players) for line in range(5) for _ in range(6)])
        walls_at = layout.add("walls", players * 150)
        self.to_move_at = layout.add("to_move", players)
        self.last_round = max(int(config.options.get("rounds") or 0), 5)
        self.round_at = layout.add("round", 1, self.last_round)
        self.tiling_at = layout.add("tiling_line", 5)
        lines = 5 * players
        self.colours = slice(self.dense, self.dense + lines)
        self.counts = slice(self.colours.stop, self.colours.stop + lines)
        self.cells = slice(self.counts.stop, self.counts.stop + 25 * players)
        self.orders = [[(seat + offset) % players for offset in range(players)] for seat in range(players)]
        self.line_index = lines_at + 1 + np.arange(lines) * 6
        self.cell_index = walls_at + 1 + np.arange(25 * players) * 6
        super().__init__()

    def encode(self, view: Any, seat: int) -> np.ndarray:
        players = self.players
        seats = self.orders[seat]
        floors, scores, marker = view.floor, view.score, view.marker_floor
        raw = list(chain.from_iterable(view.factories))
        raw += view.centre
        raw += view.bag
        raw += view.lid
        raw += [len(floors[other]) - (marker == other and "1" in floors[other]) for other in seats]
        raw += [marker == other for other in seats]
        raw += [min(scores[other], SCORE_SCALE) for other in seats]
        raw += rotated(view.line_colour, 5, seat)
        raw += rotated(view.line_count, 5, seat)
        raw += rotated(view.cells, 25, seat)
        values = np.array(raw, dtype=np.intp)
        out = self.blank()
        out[: self.dense] = values[: self.dense]
        out[self.line_index + values[self.colours]] = values[self.counts]
        out[self.cell_index + values[self.cells]] = 1
        out[self.marker_at] = view.marker_in_centre
        if view.current_player >= 0:
            out[self.to_move_at + (view.current_player - seat) % players] = 1
        out[self.round_at] = min(view.round, self.last_round)
        if view.tiling is not None:
            out[self.tiling_at + view.tiling[1]] = 1
        return self.finish(out)
