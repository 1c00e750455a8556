"""Azul observations (every variant): the whole table, since Azul hides only the bag's order.

Blocks, seats rotated so the observer comes first: factory contents (counts per colour /4),
centre (/20), bag and lid (/20); per seat its floor tiles (/7), whether it took the marker
this round, its score (/200, capped); the marker still in the centre; per seat its pattern
lines (line x {empty, 5 colours}: tiles held / line size) and wall (cell x {empty, 5
colours} one-hot, so the grey side's choices show); who is to move (relative seat); the round
(/5, capped, or /rounds under a round limit); on the grey side, the pattern line waiting for
its wall space.

Speed: every entry depends on one small int of the position, so ``encode`` joins those ints
(seats unrotated) into one list, packs it with ``struct`` (twice as fast as ``np.array`` on a
list) and looks the whole vector up at once (``Lookups``); the observer's rotation is in the
per-seat index arrays. A factory is one int (its content's number), a pattern line one int
(``colour * 8 + count``), and the walls, which change once a round, are packed again only
when they changed.
"""

from __future__ import annotations

from itertools import product
from struct import Struct
from typing import Any

import numpy as np

from kashi.rl.config import GameConfig
from kashi.rl.encoding.base import Encoder, Layout, Lookups

SCORE_SCALE = 200
MARKER = "1"
"""The starting-player marker on a floor line (not a tile)."""
LINE_CODES = 8
"""A pattern line's int is ``colour * LINE_CODES + count`` (colour -1 when empty, count 0..5)."""
CONTENTS = [counts for counts in product(range(5), repeat=5) if sum(counts) <= 4]
"""Every possible factory content (tiles per colour); a factory's int is its index here."""
CONTENT_IDS = {counts: index for index, counts in enumerate(CONTENTS)}


class AzulEncoder(Encoder):
    def __init__(self, config: GameConfig) -> None:
        players = self.players = config.players
        factories = 2 * players + 1
        self.last_round = max(int(config.options.get("rounds") or 0), 5)
        layout = self.layout = Layout()
        layout.add("factories", factories * 5, 4)
        layout.add("centre", 5, 20)
        layout.add("bag", 5, 20)
        layout.add("lid", 5, 20)
        layout.add("floor", players, 7)
        layout.add("took_marker", players)
        layout.add("score", players, SCORE_SCALE)
        layout.add("marker_in_centre", 1)
        layout.add("lines", players * 30)
        layout.divide("lines", [float(line + 1) for _ in range(players) for line in range(5) for _ in range(6)])
        layout.add("walls", players * 150)
        layout.add("to_move", players)
        layout.add("round", 1, self.last_round)
        layout.add("tiling_line", 5)
        super().__init__()
        # The raw ints: factory contents, centre, bag, lid, floors, scores, line codes (seat 0
        # first); the marker in the centre, the round, and the observer-relative mover, marker
        # taker and grey-side tiling line (-1: none); then the wall cells, packed separately.
        self.floors_at = factories + 15
        scores_at = self.floors_at + players
        lines_at = scores_at + players
        flags_at = lines_at + 5 * players
        cells_at = flags_at + 5
        self.pack = Struct(f"{cells_at}q").pack
        self.pack_cells = Struct(f"{25 * players}q").pack
        self._cells: list[int] = []
        self._packed_cells = b""
        lookups = Lookups()
        scales = self._scales

        def counts(entry: int, most: int) -> int:
            return lookups.offset(np.arange(most + 1, dtype=np.float32) * scales[entry])

        def one_hot(slot: int, lowest: int, highest: int) -> int:
            return lookups.offset(np.arange(lowest, highest + 1) == slot, lowest)

        contents = np.array(CONTENTS, dtype=np.float32)
        line_values = np.arange(-LINE_CODES, 5 * LINE_CODES + 6)
        self.sources: list[np.ndarray] = []
        self.offsets: list[np.ndarray] = []
        for seat in range(players):
            seats = [(seat + relative) % players for relative in range(players)]
            entries: list[tuple[int, int]] = []  # (raw int, table offset) of each entry in order
            entries += [(i // 5, lookups.offset(contents[:, i % 5] * scales[i])) for i in range(factories * 5)]
            entries += [(factories + i, counts(factories * 5 + i, 20)) for i in range(15)]
            entries += [(self.floors_at + other, counts(len(entries), 7)) for other in seats]
            entries += [(flags_at + 3, one_hot(relative, -1, players - 1)) for relative in range(players)]
            entries += [(scores_at + other, counts(len(entries), SCORE_SCALE)) for other in seats]
            entries.append((flags_at, counts(len(entries), 1)))
            for other in seats:
                for line in range(5):
                    for slot in range(6):
                        held = (line_values // LINE_CODES == slot - 1) * (line_values % LINE_CODES)
                        table = held.astype(np.float32) * scales[len(entries)]
                        entries.append((lines_at + other * 5 + line, lookups.offset(table, -LINE_CODES)))
            entries += [
                (cells_at + other * 25 + cell, one_hot(slot - 1, -1, 4))
                for other in seats
                for cell in range(25)
                for slot in range(6)
            ]
            entries += [(flags_at + 2, one_hot(relative, -1, players - 1)) for relative in range(players)]
            entries.append((flags_at + 1, counts(len(entries), self.last_round)))
            entries += [(flags_at + 4, one_hot(line, -1, 4)) for line in range(5)]
            self.sources.append(np.array([source for source, _ in entries], dtype=np.intp))
            self.offsets.append(np.array([offset for _, offset in entries], dtype=np.intp))
        self.table = lookups.flat()

    def encode(self, view: Any, seat: int) -> np.ndarray:
        players = self.players
        floors, marker, to_move = view.floor, view.marker_floor, view.current_player
        raw = [CONTENT_IDS[content] for content in view.factories]
        raw += view.centre
        raw += view.bag
        raw += view.lid
        raw += map(len, floors)
        if marker >= 0 and MARKER in floors[marker]:
            raw[self.floors_at + marker] -= 1
        raw += [min(score, SCORE_SCALE) for score in view.score]
        lines = zip(view.line_colour, view.line_count, strict=False)  # equal lengths; strict costs time
        raw += [colour * LINE_CODES + count for colour, count in lines]
        raw += (
            view.marker_in_centre,
            min(view.round, self.last_round),
            (to_move - seat) % players if to_move >= 0 else -1,
            (marker - seat) % players if marker >= 0 else -1,
            view.tiling[1] if view.tiling is not None else -1,
        )
        if view.cells != self._cells:
            self._cells = view.cells[:]
            self._packed_cells = self.pack_cells(*self._cells)
        index = np.frombuffer(self.pack(*raw) + self._packed_cells, dtype=np.int64)[self.sources[seat]]
        index += self.offsets[seat]
        observation: np.ndarray = self.table[index]
        return observation
