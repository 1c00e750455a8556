"""Azul observations and masks (every variant): the whole table, since Azul hides only the bag's order.

Blocks, seats rotated so the observer comes first: factory contents (counts per colour /4),
centre (/20), bag and lid (/20); per seat its floor spaces filled (/7: tiles and the marker,
which costs a space as a tile does), whether it took the marker this round, its score (/200,
capped); the marker still in the centre; per seat its pattern lines (per line its colour one-hot
over {empty, 5 colours}, then tiles held / line size) and wall (on the colour side whether each
cell is tiled, its colour being printed; on the grey side cell x {empty, 5 colours} one-hot, so
the owner's choices show); who is to move (relative seat); the round (/5, capped, or /rounds
under a round limit); on the grey side, the pattern line waiting for its wall space.

Speed: a numpy call costs as much as packing a few dozen ints, so ``encode`` packs the position
once into an int64 array that the observation and the mask share, and each of them is a table
lookup on it. One ``struct`` call writes the position into the array's bytes: the two
per-source-and-colour blocks (tiles, and the mover's accept keys) joined from bytes kept per factory
content and accept bitmask, then the int lists as they are (seats unrotated); the walls, which
change once a round, are packed only when they changed. Every observation entry is a function of
one packed int, so the observation is a ``take`` of packed ints, an add and a ``take`` of values
(``Lookups``); the observer's rotation, even of who is to move and who took the marker, is in
its per-seat index arrays. A draft is legal when its source holds its colour and the mover's
line accepts it, so the mask is one add of the tiles and accept keys and one ``take`` of six
entries per source and colour: no legal ids listed, no scatter.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import product
from math import comb
from struct import Struct
from typing import Any

import numpy as np

from kashi.core.registry import AnyState
from kashi.games.azul import CENTRE, FLOOR, Draft
from kashi.games.azul.rules import FACTORY_SIZE, FLOOR_SPACES, TILES_PER_COLOUR
from kashi.rl.config import GameConfig
from kashi.rl.encoding.base import Encoder, Layout, Lookups, PackedRows, gather_arrays
from kashi.rl.spiel import SpielSpec

SCORE_SCALE = 200
MOST_POINTS = 511
"""Above any Azul score (25 wall tiles of at most 10 points, and the end bonuses)."""
ACCEPTS = 32
"""Values of a colour's accept bitmask (``AzulState.accept``: bit ``line`` set when the line may take it)."""
HELD = TILES_PER_COLOUR + 1
"""Values of a colour's tile count in one source."""
ACCEPT_KEYS = [Struct("q").pack(accept * HELD) for accept in range(ACCEPTS)]
"""A draft's mask key is ``tiles + HELD * accept``; its accept part packed, by accept bitmask."""
CONTENTS = {
    counts: Struct("5q").pack(*counts)
    for counts in product(range(FACTORY_SIZE + 1), repeat=5)
    if sum(counts) <= FACTORY_SIZE
}
"""Every possible factory content (tiles per colour), packed."""
DRAFT_ROWS = np.array(
    [
        [0] * (FLOOR + 1) if tiles == 0 else [accept >> line & 1 for line in range(FLOOR)] + [1]
        for accept in range(ACCEPTS)
        for tiles in range(HELD)
    ],
    dtype=np.int8,
)
"""Per mask key: whether the drafts to lines 1-5 and to the floor are legal."""


class AzulEncoder(Encoder):
    def __init__(self, config: GameConfig) -> None:
        players = self.players = config.players
        factories = 2 * players + 1
        probe: Any = config.make_state(0)
        self.partial_floor: bool = probe.rules.partial_floor
        self.grey: bool = probe.rules.grey
        self.last_round = max(int(config.options.get("rounds") or 0), 5)
        self.max_rounds: int = probe.rules.max_rounds
        layout = self.layout = Layout()
        layout.add("factories", factories * 5, 4)
        layout.add("centre", 5, 20)
        layout.add("bag", 5, 20)
        layout.add("lid", 5, 20)
        layout.add("floor", players, FLOOR_SPACES)
        layout.add("took_marker", players)
        layout.add("score", players, SCORE_SCALE)
        layout.add("marker_in_centre", 1)
        layout.add("lines", players * 35)
        layout.divide(
            "lines", [1.0 if slot < 6 else line + 1.0 for _ in range(players) for line in range(5) for slot in range(7)]
        )
        layout.add("walls", players * (150 if self.grey else 25))
        layout.add("to_move", players)
        layout.add("round", 1, self.last_round)
        layout.add("tiling_line", 5)
        super().__init__(config)
        # The packed ints, seat 0 first: per source and colour (the drafts' order) the accept
        # key of the seat to move, then the tiles (factories, then the centre); bag, lid, floor
        # spaces, scores, line colours, line counts; the marker in the centre, the round, the seat
        # to move, the marker's taker and the grey side's tiling line (-1: none); the wall cells.
        sources = factories + 1
        tiles_at = sources * 5
        centre_at = tiles_at + factories * 5
        floors_at = centre_at + 15
        scores_at = floors_at + players
        colours_at = scores_at + players
        counts_at = colours_at + 5 * players
        flags_at = counts_at + 5 * players
        cells_at = flags_at + 5
        self._width = cells_at + 25 * players
        self._pack: Callable[..., None] = Struct(f"{centre_at * 8}s{cells_at - centre_at}q").pack_into
        self._pack_cells: Callable[..., None] = Struct(f"{25 * players}q").pack_into
        self._cells_at, self._sources = cells_at * 8, sources
        self._draft_keys = (tiles_at, centre_at + 5)
        self._single = self._rows(1)
        self.packed = self._single.packed
        self._accepts, self._tiles = self._single.accepts[0], self._single.tiles[0]
        self._batches: dict[int, AzulRows] = {}
        drafts = [
            probe.action_id(Draft(CENTRE if source == factories else source, colour, line))
            for source in range(sources)
            for colour in range(5)
            for line in range(FLOOR + 1)
        ]
        if drafts != list(range(len(drafts))):
            raise AssertionError("the mask needs draft ids ordered by source, colour and line")
        placements = 0 if self.partial_floor else self.num_actions - len(drafts)
        self._placements = np.zeros(placements, dtype=np.int8) if placements else None
        """The grey side's wall placements, never legal while a draft is due."""

        lookups = Lookups()
        scales = self._scales

        def counts(entry: int, most: int) -> int:
            return lookups.counts(scales[entry], most)

        one_hot = lookups.one_hot

        self.gathers: list[tuple[np.ndarray, np.ndarray]] = []
        """Per observer: the packed int of each entry, and what to add to it to find the entry in ``table``."""
        for seat in range(players):
            seats = [(seat + relative) % players for relative in range(players)]
            entries: list[tuple[int, int]] = []  # (packed int, table offset) of each entry in order
            entries += [(tiles_at + i, counts(i, FACTORY_SIZE)) for i in range(factories * 5)]
            entries += [(centre_at + i, counts(len(entries), TILES_PER_COLOUR)) for i in range(15)]
            entries += [(floors_at + other, counts(len(entries), FLOOR_SPACES)) for other in seats]
            entries += [(flags_at + 3, one_hot(other, -1, players - 1)) for other in seats]
            entries += [(scores_at + other, counts(len(entries), MOST_POINTS)) for other in seats]
            entries.append((flags_at, counts(len(entries), 1)))
            for other in seats:
                for line in range(5):
                    entries += [(colours_at + other * 5 + line, one_hot(slot - 1, -1, 4)) for slot in range(6)]
                    entries.append((counts_at + other * 5 + line, counts(len(entries), line + 1)))
            if self.grey:
                entries += [
                    (cells_at + other * 25 + cell, one_hot(slot - 1, -1, 4))
                    for other in seats
                    for cell in range(25)
                    for slot in range(6)
                ]
            else:
                filled = lookups.offset(np.arange(-1, 5) >= 0, -1)
                entries += [(cells_at + other * 25 + cell, filled) for other in seats for cell in range(25)]
            entries += [(flags_at + 2, one_hot(other, -2, players - 1)) for other in seats]
            entries.append((flags_at + 1, counts(len(entries), self.max_rounds)))  # the round, clipped at last_round
            entries += [(flags_at + 4, one_hot(line, -1, 4)) for line in range(5)]
            self.gathers.append(gather_arrays(entries))
        self.table = lookups.flat()
        self._indices = np.stack([indices for indices, _ in self.gathers])
        self._offsets = np.stack([offsets for _, offsets in self.gathers])

    def _rows(self, count: int) -> AzulRows:
        return AzulRows(count, self._width, *self._draft_keys)

    def _write(self, view: Any, rows: AzulRows, row: int) -> None:
        """Pack ``view`` into row ``row`` of ``rows``; its walls only when they changed since."""
        mover = max(view.current_player, 0)
        accepts = b"".join(map(ACCEPT_KEYS.__getitem__, view.accept[5 * mover : 5 * mover + 5]))
        start = row * rows.row_bytes
        self._pack(
            rows.buffer,
            start,
            accepts * self._sources + b"".join(map(CONTENTS.__getitem__, view.factories)),
            *view.centre,
            *view.bag,
            *view.lid,
            *map(len, view.floor),
            *view.score,
            *view.line_colour,
            *view.line_count,
            view.marker_in_centre,
            view.round,
            view.current_player,
            view.marker_floor,
            view.tiling[1] if view.tiling is not None else -1,
        )
        if view.cells != rows.cells[row]:
            rows.cells[row] = view.cells[:]
            self._pack_cells(rows.buffer, start + self._cells_at, *view.cells)

    def encode(self, view: Any, seat: int) -> np.ndarray:
        self._write(view, self._single, 0)
        indices, offsets = self.gathers[seat]
        index = self.packed.take(indices)
        index += offsets
        return self.table.take(index)

    def observe_with_mask(self, state: AnyState, seat: int) -> tuple[np.ndarray, np.ndarray]:
        """The mask reads the tiles and accept keys that ``encode`` has just packed; ``mask``
        alone (the engine's legal actions) serves the grey side's tiling and partial floors."""
        observation = self.encode(state, seat)
        view: Any = state
        if view.current_player < 0 or view.tiling is not None or self.partial_floor:
            return observation, self.mask(state)
        mask = DRAFT_ROWS.take(self._tiles + self._accepts, 0).ravel()
        if self._placements is not None:
            mask = np.concatenate((mask, self._placements))
        return observation, mask

    def observe_batch(self, states: Sequence[AnyState]) -> tuple[np.ndarray, np.ndarray]:
        """Every state packed as one row, then one gather and one mask lookup for all of them."""
        count = len(states)
        rows = self._packed(states)
        views: Sequence[Any] = states
        seats = [view.current_player for view in views]
        tiling = [row for row, view in enumerate(views) if view.tiling is not None]  # their masks are the engine's
        observations = self.observe_packed(rows.packed, rows.starts, seats)
        if self.partial_floor:
            return observations, np.stack([self.mask(state) for state in states])
        masks = DRAFT_ROWS.take(rows.tiles + rows.accepts, 0).reshape(count, -1)
        if self._placements is not None:
            masks = np.concatenate((masks, np.zeros((count, self._placements.size), np.int8)), 1)
        for row in tiling:
            masks[row] = self.mask(states[row])
        return observations, masks

    def observe_views(self, states: Sequence[AnyState], games: Sequence[int], seats: Sequence[int]) -> np.ndarray:
        """Every game packed once as a row, then one gather of the seats' entries from their rows."""
        rows = self._packed(states)
        return self.observe_packed(rows.packed, rows.starts.take(games, 0), seats)

    def lookups(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Per observer seat, which packed int each entry reads and its offset into ``table``,
        and the table: entry ``j`` of seat ``s`` is ``table[row[indices[s, j]] + offsets[s, j]]``."""
        return self._indices, self._offsets, self.table

    @property
    def packed_width(self) -> int:
        """The ints of a packed row (what the compiled engine's ``write_packed`` writes)."""
        return self._width

    def observe_packed(self, packed: np.ndarray, starts: np.ndarray, seats: Sequence[int] | np.ndarray) -> np.ndarray:
        """The observations of ``seats``, each read from the packed row starting at ``starts``
        (a column) in the flat ``packed``: one gather of packed ints, one of values."""
        index = packed.take(self._indices.take(seats, 0) + starts)
        index += self._offsets.take(seats, 0)
        observations: np.ndarray = self.table.take(index)
        return observations

    def _packed(self, states: Sequence[AnyState]) -> AzulRows:
        """``states`` packed into the rows kept for batches of their count, one row each."""
        rows = self._batches.get(len(states))
        if rows is None:
            rows = self._batches[len(states)] = self._rows(len(states))
        for row, state in enumerate(states):
            self._write(state, rows, row)
        return rows


class AzulRows(PackedRows):
    """Packed rows, with views of the drafts' mask keys and the wall cells each row holds."""

    def __init__(self, count: int, width: int, tiles_at: int, tiles_end: int) -> None:
        super().__init__(count, width)
        grid = self.packed.reshape(count, width)
        self.accepts = grid[:, :tiles_at]
        """Per source and colour, the accept key of the seat to move."""
        self.tiles = grid[:, tiles_at:tiles_end]
        """Per source and colour, the tiles there."""
        self.cells: list[list[int]] = [[] for _ in range(count)]
        """The wall cells each row holds."""


def _spiel_config(params: dict[str, Any]) -> GameConfig:
    return GameConfig("azul", int(params["players"]), {"grey": bool(params["grey"])})


def _game_length(config: GameConfig) -> int:
    """Each draft takes at least one tile of the 4 per factory (+1 seed tile); grey placements add
    at most 5 per seat a round; the engine stops a game after ``max_rounds`` rounds."""
    factories = 2 * config.players + 1
    per_round = 4 * factories + 1 + 5 * config.players
    return int(config.options["max_rounds"]) * per_round


SPIEL = SpielSpec(
    "kashi_azul", "kashi Azul", {"players": 2, "grey": False}, 2, 4, True, _spiel_config, comb(4 + 4, 4), _game_length
)
"""How OpenSpiel sees Azul: a factory fill, the largest chance node, is a multiset of 4 tiles in 5
colours (70 outcomes)."""

ENCODER = AzulEncoder
