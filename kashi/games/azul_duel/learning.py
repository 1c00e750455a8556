"""Azul Duel observations: the table, both domes, and the plates the observer has seen.

Blocks, seats rotated so the observer comes first: round (/5), phase one-hot, the tiling and
drawing stages, the start tile's holder, taker and place; bag and tower (/13); workshop suns
(/5); small moons (tiles per colour /13 and top colour one-hot) and the large moon (/13);
each small workshop's chip (taken, face down, or its type); chips in the supply and per seat
(/2); each plate's whereabouts as the observer knows them (display, stack known to it, its
hand, either dome); per seat its dome cell types and tiles (one-hot), pattern lines
(line x {empty, 5 colours}: tiles / line size), broken tiles (/4), score (/100, clipped),
chips and plates taken this round; the scoring tablets' sides; who is to move.
Plates the observer has not seen appear nowhere: a view holds them as -1, and the state is
read as its view would be (stack places the observer does not know, another seat's hand), so
observations are taken from the state without copying a view.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import chain
from math import comb
from struct import Struct
from typing import Any

import numpy as np

from kashi.games.azul_duel import compact
from kashi.games.azul_duel.components import SLOTS_OF, SUN_INDEX
from kashi.rl.config import GameConfig
from kashi.rl.encoding.base import Encoder, Layout, rotated
from kashi.rl.spiel import SpielSpec

PLATES = 18
SLOTS = 9
CELLS = 36
LINES = 6
CHIP_TYPES = 10
PHASES = 8
ROTATIONS = 4
PLATE_PLACES = 5
"""display, stack (known to the observer), hand, own dome, other dome."""


class AzulDuelEncoder(Encoder):
    def __init__(self, config: GameConfig) -> None:
        layout = self.layout = Layout()
        self.dense_at = layout.add("bag", 5, 13)
        layout.add("tower", 5, 13)
        layout.add("suns", 25, 5)
        layout.add("big_moon", 5, 13)
        layout.add("chip_pool", CHIP_TYPES, 2)
        layout.add("chips", 2 * CHIP_TYPES, 2)
        layout.add("broken", 2 * 5, 4)
        layout.add("score", 2, 100)
        layout.add("chips_taken", 2, 2)
        layout.add("plates_taken", 2, 2)
        layout.add("round", 1, 5)
        layout.add("tile_line", 1, LINES)
        layout.add("stand_ins", 1, LINES)
        layout.add("opening_left", 1, 2)
        layout.add("start_on_moon", 1)
        layout.add("sun_start", 1)
        self.dense = layout.size
        layout.add("moons", 4 * 5, 13)  # right after the dense block: _parts counts both in one run
        self.moon_tops_at = layout.add("moon_tops", 4 * 5)
        self.phase_at = layout.add("phase", PHASES)
        self.draw_stage_at = layout.add("draw_stage", 3)
        self.tile_stage_at = layout.add("tile_stage", 3)
        self.start_at = layout.add("start_holder", 2)
        self.taker_at = layout.add("start_taker", 2)
        self.chip_at = layout.add("workshop_chips", 4 * (CHIP_TYPES + 2))
        self.plates_at = layout.add("plates", PLATES * PLATE_PLACES)
        cells_at = layout.add("dome_cells", 2 * CELLS * 8)
        tiles_at = layout.add("dome_tiles", 2 * CELLS * 7)
        lines_at = layout.add("lines", 2 * LINES * 6)
        layout.divide("lines", [float(line + 1) for _ in range(2) for line in range(LINES) for _ in range(6)])
        self.tablets_at = layout.add("tablets", 4 * 3)
        self.to_move_at = layout.add("to_move", 2)
        self.counted = layout.blocks["moons"].stop
        """The leading entries that are counts (the dense block and the small moons)."""
        cell_index = cells_at + 1 + np.arange(2 * CELLS) * 8
        self.dome_index = np.concatenate([cell_index, tiles_at + 1 + np.arange(2 * CELLS) * 7])
        self._width = self.counted + 4 * CELLS + 4 * LINES
        self._pack: Callable[..., None] = Struct(f"{self._width}q").pack_into
        self._packed_rows: dict[int, tuple[bytearray, np.ndarray]] = {}
        self.line_index = lines_at + 1 + np.arange(2 * LINES) * 6
        super().__init__(config)

    def observe(self, state: Any, seat: int) -> np.ndarray:
        return self.encode(state, seat)

    def encode(self, view: Any, seat: int) -> np.ndarray:
        """The observation of ``seat`` from the state or its view alike (see the module)."""
        parts = self._parts(view, seat)
        raw = self._packed([parts])[0]
        counted = self.counted
        lines = counted + 4 * CELLS
        out = self.blank()
        out[:counted] = raw[:counted]
        out[self.dome_index + raw[counted:lines]] = 1
        out[self.line_index + raw[lines : lines + 2 * LINES]] = raw[lines + 2 * LINES :]
        out[parts[2]] = 1
        return self.finish(out)

    def observe_batch(self, states: Sequence[Any]) -> tuple[np.ndarray, np.ndarray]:
        observations, masks, _ = self.observe_batch_checked(states)
        return observations, masks

    def observe_batch_checked(self, states: Sequence[Any]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """``encode`` of every state for its seat to move, the masks, and the positions of their ones."""
        observations = self._write([self._parts(state, state.current_player) for state in states])
        return (observations, *self.masks_and_entries(states))

    def _write(self, parts: list[tuple[list[int], list[int], list[int]]]) -> np.ndarray:
        """The observations read by ``_parts``, a row each, every block written for all rows in one
        numpy call as ``encode`` writes one (the facts are read game by game)."""
        rows, size, counted = len(parts), self.size, self.counted
        raw = self._packed(parts)
        out = np.zeros((rows, size), np.float32)
        out[:, :counted] = raw[:, :counted]
        starts = np.arange(0, rows * size, size)
        flat = out.reshape(-1)
        lines = counted + 4 * CELLS
        flat[starts[:, None] + self.dome_index + raw[:, counted:lines]] = 1
        flat[starts[:, None] + self.line_index + raw[:, lines : lines + 2 * LINES]] = raw[:, lines + 2 * LINES :]
        hot = [entries for _, _, entries in parts]
        flat[np.repeat(starts, [len(entries) for entries in hot]) + np.fromiter(chain.from_iterable(hot), np.intp)] = 1
        return self.finish(out)

    def _packed(self, parts: list[tuple[list[int], list[int], list[int]]]) -> np.ndarray:
        """The counts and tables of ``parts`` as int64, a row each, in a buffer kept per number of
        rows (read at once, never handed out): ``struct`` converts Python's integers about twice
        as fast as numpy does."""
        rows = len(parts)
        kept = self._packed_rows.get(rows)
        if kept is None:
            buffer = bytearray(8 * self._width * rows)
            kept = self._packed_rows[rows] = buffer, np.frombuffer(buffer, np.int64).reshape(rows, self._width)
        buffer, packed = kept
        for row, (counts, tables, _) in enumerate(parts):
            self._pack(buffer, 8 * self._width * row, *counts, *tables)
        return packed

    def _parts(self, view: Any, seat: int) -> tuple[list[int], list[int], list[int]]:
        """What ``seat`` sees, as the observation's leading counts (the dense block, then the
        small moons' tiles), the dome and line tables (cell types, tiles, line colours, line
        counts) and the entries that are one."""
        other = 1 - seat
        counts = view.bag + view.tower + view.suns + view.big_moon + view.chip_pool
        counts += rotated(view.chips, CHIP_TYPES, seat)
        counts += rotated(view.broken, 5, seat)
        counts += [view.score[seat], view.score[other], view.chips_taken[seat], view.chips_taken[other]]
        counts += [view.plates_taken[seat], view.plates_taken[other], view.round, view.tile_line, view.stand_ins]
        counts += [view.opening_left, view.start_on_moon, view.sun_start]
        moons = [0] * (4 * 5)
        hot = [self.phase_at + view.phase, self.draw_stage_at + view.draw_stage, self.tile_stage_at + view.tile_stage]
        hot.append(self.start_at + (view.start_holder != seat))
        if view.start_taker >= 0:
            hot.append(self.taker_at + (view.start_taker != seat))
        for workshop, moon in enumerate(view.moons):
            for colour in moon:
                moons[SUN_INDEX[workshop][colour]] += 1
            if moon:
                hot.append(self.moon_tops_at + SUN_INDEX[workshop][moon[-1]])
        hot += [self.chip_at + workshop * (CHIP_TYPES + 2) + chip + 2 for workshop, chip in enumerate(view.chip_at)]
        hot += self._plate_places(view, seat)
        hot += [self.tablets_at + tablet * 3 + side for tablet, side in enumerate(view.tablets) if side >= 0]
        if view.current_player >= 0:
            hot.append(self.to_move_at + (view.current_player != seat))
        tables = [*rotated(view.cells, CELLS, seat), *rotated(view.tiles, CELLS, seat)]
        tables += rotated(view.line_colour, LINES, seat) + rotated(view.line_count, LINES, seat)
        return counts + moons, tables, hot

    def _plate_places(self, view: Any, seat: int) -> list[int]:
        """Entries of the plates block for every plate whose place the observer knows."""
        at = self.plates_at
        found = [at + plate * PLATE_PLACES for plate in view.display]
        known = 1 << seat
        found += [
            at + plate * PLATE_PLACES + 1
            for plate, knowers in zip(view.stack, view.stack_known, strict=True)
            if plate >= 0 and knowers & known
        ]
        if view.to_move == seat:
            found += [at + plate * PLATE_PLACES + 2 for plate in view.hand if plate >= 0]
        for place, owner in ((3, seat), (4, 1 - seat)):
            found += [
                at + code // ROTATIONS * PLATE_PLACES + place for code in view.slots[SLOTS_OF[owner]] if code >= 0
            ]
        return found


class AzulDuelCompactEncoder(AzulDuelEncoder):
    """The same observations over the compact action ids of ``kashi.games.azul_duel.compact``:
    one block per kind of decision, 2,100 ids instead of the engine's 87,741."""

    def __init__(self, config: GameConfig) -> None:
        super().__init__(config)
        self.num_actions = compact.NUM_ACTIONS

    def legal_ids(self, state: Any) -> list[int]:
        return compact.legal_ids(state)

    def to_engine(self, state: Any, action: int) -> int:
        return compact.to_engine(state, action)


def _game_length(config: GameConfig) -> int:
    """5 rounds; a round's decisions are bounded by its tile takes (one per tile of the 65), plate
    actions (3 per plate of 18), chip choices and tiling decisions (2 per dome cell of 72)."""
    return 5 * (65 + 3 * 18 + 20 + 2 * 72)


SPIEL = SpielSpec(
    "kashi_azul_duel", "kashi Azul Duel", {}, 2, 2, False,
    lambda params: GameConfig("azul-duel", 2), comb(5 + 4, 4), _game_length,
)  # fmt: skip
"""How OpenSpiel sees Azul Duel: a sun fill, the largest chance node, is one of 5 tiles in 5
colours (126 outcomes, more than its 18 plates, 10 chips or 3 tablet sides)."""

ENCODER = AzulDuelEncoder
COMPACT = AzulDuelCompactEncoder
"""Azul Duel's compact action space: one block per kind of decision."""
