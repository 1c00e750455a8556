"""Azul Duel observations: the table, both domes, and the plates the observer has seen.

Blocks, seats rotated so the observer comes first: bag and tower (/13); workshop suns (/5); the
large moon (/13); chips in the supply and per seat (/2); broken tiles (/4); score (/100,
clipped); chips and plates taken this round (/2); round (/5); the tiling line and stand-ins (/6);
opening turns left (/2); the start tile on the moon, and a sun's start rule; small moons (tiles
per colour /13, then the top colour one-hot); phase one-hot; the drawing and tiling stages; the
start tile's holder and taker; each small workshop's chip (taken, face down, or its type); each
plate's whereabouts as the observer knows them (display, stack known to it, its hand, either
dome); per seat its dome cell types and tiles (one-hot) and pattern lines (line x {empty, 5
colours}: tiles / line size); the scoring tablets' sides; who is to move.
Plates the observer has not seen appear nowhere: a view holds them as -1, and the state is
read as its view would be (stack places the observer does not know, another seat's hand), so
observations are taken from the state without copying a view.

Speed: a numpy call costs as much as packing a few dozen ints, so ``struct`` packs the position
into a row of ints (``PACKED``), seat 0 first and the same for both observers, and every
observation entry is a function of one packed int, looked up in a table (``Lookups``): an
observation is a ``take`` of packed ints, an add and a ``take`` of values, and a batch is a row
per game and the same three calls. The observer's rotation and what it may see are in its index
and offset arrays. Entries that read several fields have their ints keyed: a small moon by its
stack (``MOON_KEYS``), a pattern line by colour and count, a plate by where it is and who knows
it (``plate_places``). The plates and domes, over half the row, change only when a plate or a
tile moves: they are packed only when they differ from what the row last held, and ``encode``
gathers the domes' entries, two thirds of an observation, again only then.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import accumulate, product
from math import comb
from struct import Struct
from typing import Any

import numpy as np

from kashi.games.azul_duel import compact
from kashi.games.azul_duel.compact import MOST_LEFTOVERS
from kashi.games.azul_duel.components import (
    CELLS,
    CHIP_TYPES,
    EMPTY,
    LINES,
    NO_PLATE,
    PLATE_COUNT,
    ROTATIONS,
    SLOTS,
    SPECIAL,
    TILES,
    WILD,
)
from kashi.games.azul_duel.phases import CHIP_TAKEN
from kashi.rl.config import GameConfig
from kashi.rl.encoding.base import Encoder, Layout, Lookups, MaskBuffer, PackedRows
from kashi.rl.spiel import SpielSpec

PHASES = 8
SMALL_MOONS = 4
TABLETS = 4
SCORE_SCALE = 100
"""Scores are packed clipped to it: the observation shows higher ones as 1."""
PLATE_PLACES = 5
"""display, stack (known to the observer), hand, own dome, other dome."""

PACKED_FIELDS = (
    ("bag", 5), ("tower", 5), ("suns", 25), ("big_moon", 5), ("chip_pool", CHIP_TYPES), ("chips", 2 * CHIP_TYPES),
    ("broken", 2 * 5), ("score", 2), ("chips_taken", 2), ("plates_taken", 2), ("round", 1), ("tile_line", 1),
    ("stand_ins", 1), ("opening_left", 1), ("start_on_moon", 1), ("sun_start", 1), ("moons", SMALL_MOONS),
    ("phase", 1), ("draw_stage", 1), ("tile_stage", 1), ("start_holder", 1), ("start_taker", 1),
    ("chip_at", SMALL_MOONS), ("lines", 2 * LINES), ("tablets", TABLETS), ("current_player", 1),
    ("plates", PLATE_COUNT), ("cells", 2 * CELLS), ("tiles", 2 * CELLS),
)  # fmt: skip
"""The packed ints of a position, in the order ``_write`` packs them, and how many of each: the
plates and domes last, packed only when they changed."""
PACKED = {
    name: end - width
    for (name, width), end in zip(PACKED_FIELDS, accumulate(width for _, width in PACKED_FIELDS), strict=True)
}
"""Where each field's ints start in a packed row."""
FIELD_WIDTHS = dict(PACKED_FIELDS)
WIDTH = sum(width for _, width in PACKED_FIELDS)
PLACED = PLATE_COUNT + 4 * CELLS
"""The packed ints of the plates and domes (cell types and tiles of both seats)."""

COUNTS = range(TILES + 1)
"""Values of a packed count: no count of the position exceeds the 65 tiles (scores are clipped)."""
MOON_STACKS = [stack for height in range(MOST_LEFTOVERS + 1) for stack in product(range(5), repeat=height)]
"""Every small moon, bottom to top: the leftovers of one sun take."""
MOON_KEYS = {stack: key for key, stack in enumerate(MOON_STACKS)}
LINE_COUNTS = LINES + 1
"""A pattern line's packed int is ``colour * LINE_COUNTS + count`` (colour -1: empty)."""
LINE_KEYS = range(-LINE_COUNTS, 5 * LINE_COUNTS)

NOWHERE, ON_DISPLAY, IN_STACK, IN_HAND, IN_DOME = -1, 0, 1, 5, 7
"""A plate's packed int: nowhere seen; on display; under the stack (plus the bitmask of the seats
knowing it); in the hand (plus the drawing seat); in a dome (plus its owner)."""
PLATE_CODES = range(NOWHERE, IN_DOME + 2)
DOME_OWNER = [IN_DOME + slot // SLOTS for slot in range(2 * SLOTS)]
"""The plate code of each dome slot."""


def plate_places(view: Any) -> list[int]:
    """Every plate's code: where it is and who may see it, the same for both seats."""
    places = [NOWHERE] * PLATE_COUNT
    for plate in view.display:
        places[plate] = ON_DISPLAY
    for plate, knowers in zip(view.stack, view.stack_known, strict=True):
        if plate >= 0:
            places[plate] = IN_STACK + knowers
    in_hand = IN_HAND + view.to_move
    for plate in view.hand:
        if plate >= 0:
            places[plate] = in_hand
    for code, place in zip(view.slots, DOME_OWNER, strict=True):
        if code >= 0:
            places[code // ROTATIONS] = place
    return places


def seen_place(code: int, seat: int) -> int:
    """The place in the plates block that ``seat`` sees for a plate's code (-1: none)."""
    if code == ON_DISPLAY:
        return 0
    if IN_STACK <= code < IN_HAND:
        return 1 if (code - IN_STACK) >> seat & 1 else -1
    if IN_HAND <= code < IN_DOME:
        return 2 if code - IN_HAND == seat else -1
    if code >= IN_DOME:
        return 3 if code - IN_DOME == seat else 4
    return -1


class AzulDuelEncoder(Encoder):
    def __init__(self, config: GameConfig) -> None:
        layout = self.layout = Layout()
        layout.add("bag", 5, 13)
        layout.add("tower", 5, 13)
        layout.add("suns", 25, 5)
        layout.add("big_moon", 5, 13)
        layout.add("chip_pool", CHIP_TYPES, 2)
        layout.add("chips", 2 * CHIP_TYPES, 2)
        layout.add("broken", 2 * 5, 4)
        layout.add("score", 2, SCORE_SCALE)
        layout.add("chips_taken", 2, 2)
        layout.add("plates_taken", 2, 2)
        layout.add("round", 1, 5)
        layout.add("tile_line", 1, LINES)
        layout.add("stand_ins", 1, LINES)
        layout.add("opening_left", 1, 2)
        layout.add("start_on_moon", 1)
        layout.add("sun_start", 1)
        layout.add("moons", SMALL_MOONS * 5, 13)
        layout.add("moon_tops", SMALL_MOONS * 5)
        layout.add("phase", PHASES)
        layout.add("draw_stage", 3)
        layout.add("tile_stage", 3)
        layout.add("start_holder", 2)
        layout.add("start_taker", 2)
        layout.add("workshop_chips", SMALL_MOONS * (CHIP_TYPES + 2))
        layout.add("plates", PLATE_COUNT * PLATE_PLACES)
        layout.add("dome_cells", 2 * CELLS * 8)
        layout.add("dome_tiles", 2 * CELLS * 7)
        layout.add("lines", 2 * LINES * 6)
        layout.divide("lines", [float(line + 1) for _ in range(2) for line in range(LINES) for _ in range(6)])
        layout.add("tablets", TABLETS * 3)
        layout.add("to_move", 2)
        super().__init__(config)
        self._pack: Callable[..., None] = Struct(f"{WIDTH - PLACED}q").pack_into
        self._pack_placed: Callable[..., None] = Struct(f"{PLACED}q").pack_into
        self._batches: dict[int, DuelRows] = {}
        lookups = Lookups()
        gathers = [_Gather(self._scales, lookups, seat) for seat in range(2)]
        if any(len(gather.indices()) != layout.size for gather in gathers):
            raise AssertionError("every entry of the layout needs its packed int")
        self.table = lookups.flat()
        self._indices = np.stack([gather.indices() for gather in gathers])
        """Per observer: the packed int of each entry."""
        self._offsets = np.stack([gather.offsets() for gather in gathers])
        """Per observer: what to add to each entry's packed int to find its value in ``table``."""
        domes = slice(layout.blocks["dome_cells"].start, layout.blocks["dome_tiles"].stop)
        self._domes_at = domes.start
        self._dome_gathers = [(indices[domes], offsets[domes]) for indices, offsets in self._gathers()]
        """Per observer: the gather of the domes' entries, which ``encode`` keeps while they stay."""
        self._other_gathers = [
            (np.delete(indices, domes), np.delete(offsets, domes)) for indices, offsets in self._gathers()
        ]
        """Per observer: the gather of every other entry."""
        self._single = DuelRows(1)
        self._domes_seen: list[np.ndarray | None] = [None, None]
        """Each observer's dome entries of the position packed in ``_single`` (None: not gathered yet)."""

    def observe(self, state: Any, seat: int) -> np.ndarray:
        return self.encode(state, seat)

    def encode(self, view: Any, seat: int) -> np.ndarray:
        """The observation of ``seat`` from the state or its view alike (see the module): the
        domes' entries, two thirds of it, are gathered again only after a plate or tile moved."""
        packed = self._single.packed
        if self._write(view, self._single, 0):
            self._domes_seen = [None, None]
        domes = self._domes_seen[seat]
        if domes is None:
            domes = self._domes_seen[seat] = self._gather(packed, *self._dome_gathers[seat])
        others = self._gather(packed, *self._other_gathers[seat])
        at = self._domes_at
        return np.concatenate((others[:at], domes, others[at:]))

    def _gathers(self) -> zip[tuple[np.ndarray, np.ndarray]]:
        """Each observer's indices and offsets."""
        return zip(self._indices, self._offsets, strict=True)

    def _gather(self, packed: np.ndarray, indices: np.ndarray, offsets: np.ndarray) -> np.ndarray:
        """The entries whose packed ints are at ``indices`` and tables at ``offsets``."""
        index = packed.take(indices)
        index += offsets
        entries: np.ndarray = self.table.take(index)
        return entries

    def observe_batch(self, states: Sequence[Any]) -> tuple[np.ndarray, np.ndarray]:
        observations, masks, _ = self.observe_batch_checked(states)
        return observations, masks

    def observe_batch_checked(
        self, states: Sequence[Any], kept: MaskBuffer | None = None
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """``encode`` of every state for its seat to move, the masks, and the positions of their ones."""
        seats = [state.current_player for state in states]
        observations = self.observe_views(states, range(len(states)), seats)
        return (observations, *self.masks_and_entries(states, kept))

    def observe_views(self, states: Sequence[Any], games: Sequence[int], seats: Sequence[int]) -> np.ndarray:
        """Every game packed once as a row, then one gather of the seats' entries from their rows."""
        rows = self._packed(states)
        return self._gather(
            rows.packed, self._indices.take(seats, 0) + rows.starts.take(games, 0), self._offsets.take(seats, 0)
        )

    def _packed(self, states: Sequence[Any]) -> DuelRows:
        """``states`` packed into the rows kept for batches of their count, one row each."""
        rows = self._batches.get(len(states))
        if rows is None:
            rows = self._batches[len(states)] = DuelRows(len(states))
        for row, state in enumerate(states):
            self._write(state, rows, row)
        return rows

    def _write(self, view: Any, rows: DuelRows, row: int) -> bool:
        """Pack ``view`` into row ``row`` of ``rows`` (``PACKED``); its plates and domes only when
        they changed since (then True)."""
        score = view.score
        start = rows.row_bytes * row
        self._pack(
            rows.buffer,
            start,
            *view.bag,
            *view.tower,
            *view.suns,
            *view.big_moon,
            *view.chip_pool,
            *view.chips,
            *view.broken,
            min(score[0], SCORE_SCALE),
            min(score[1], SCORE_SCALE),
            *view.chips_taken,
            *view.plates_taken,
            view.round,
            view.tile_line,
            view.stand_ins,
            view.opening_left,
            view.start_on_moon,
            view.sun_start,
            *map(MOON_KEYS.__getitem__, view.moons),
            view.phase,
            view.draw_stage,
            view.tile_stage,
            view.start_holder,
            view.start_taker,
            *view.chip_at,
            *[colour * LINE_COUNTS + count for colour, count in zip(view.line_colour, view.line_count, strict=True)],
            *view.tablets,
            view.current_player,
        )
        placed = [view.display, view.stack, view.stack_known, view.hand, view.slots, view.cells, view.tiles]
        placed.append([view.to_move if view.hand else NOWHERE])  # whose hand it is
        if placed == rows.placed[row]:
            return False
        rows.placed[row] = [fields[:] for fields in placed]
        self._pack_placed(rows.buffer, start + 8 * PACKED["plates"], *plate_places(view), *view.cells, *view.tiles)
        return True


class DuelRows(PackedRows):
    """Packed rows, with what each row's plates and domes were packed from."""

    def __init__(self, count: int) -> None:
        super().__init__(count, WIDTH)
        self.placed: list[list[list[int]]] = [[] for _ in range(count)]
        """What each row's plates and domes were packed from (``_write``)."""


class _Gather:
    """One observer's entries in the layout's order: the packed int each reads, and where its
    table of values starts (a value per value of the int, scaled and clipped as ``Encoder.finish``
    scales raw entries), the observer's own blocks first."""

    def __init__(self, scales: np.ndarray, lookups: Lookups, seat: int) -> None:
        self._scales, self._lookups = scales, lookups
        self._sources: list[int] = []
        self._starts: list[int] = []
        seats = (seat, 1 - seat)
        for name in ("bag", "tower", "suns", "big_moon", "chip_pool"):
            for source in range(PACKED[name], PACKED[name] + FIELD_WIDTHS[name]):
                self._count(source, COUNTS)
        self._per_seat("chips", CHIP_TYPES, seats, COUNTS)
        self._per_seat("broken", 5, seats, COUNTS)
        self._per_seat("score", 1, seats, range(SCORE_SCALE + 1))
        self._per_seat("chips_taken", 1, seats, COUNTS)
        self._per_seat("plates_taken", 1, seats, COUNTS)
        for name in ("round", "tile_line", "stand_ins", "opening_left", "start_on_moon", "sun_start"):
            self._count(PACKED[name], COUNTS)
        moons = range(PACKED["moons"], PACKED["moons"] + SMALL_MOONS)
        keys = range(len(MOON_STACKS))
        for source in moons:
            for colour in range(5):
                self._add(source, keys, [stack.count(colour) for stack in MOON_STACKS])
        for source in moons:
            self._hot(source, keys, [stack[-1] if stack else -1 for stack in MOON_STACKS], 5)
        self._one_hot(PACKED["phase"], range(PHASES))
        self._one_hot(PACKED["draw_stage"], range(3))
        self._one_hot(PACKED["tile_stage"], range(3))
        self._hot(PACKED["start_holder"], range(-1, 2), [int(holder != seat) for holder in range(-1, 2)], 2)
        self._relative(PACKED["start_taker"], range(-1, 2), seat)
        for source in range(PACKED["chip_at"], PACKED["chip_at"] + SMALL_MOONS):
            self._one_hot(source, range(CHIP_TAKEN, CHIP_TYPES))
        seen = [seen_place(code, seat) for code in PLATE_CODES]
        for source in range(PACKED["plates"], PACKED["plates"] + PLATE_COUNT):
            self._hot(source, PLATE_CODES, seen, PLATE_PLACES)
        for source in self._seat_sources("cells", CELLS, seats):
            self._one_hot(source, range(NO_PLATE, WILD + 1))
        for source in self._seat_sources("tiles", CELLS, seats):
            self._one_hot(source, range(EMPTY, SPECIAL + 1))
        for source in self._seat_sources("lines", LINES, seats):
            for slot in range(6):  # empty, then the five colours
                self._add(
                    source, LINE_KEYS, [key % LINE_COUNTS * (key // LINE_COUNTS + 1 == slot) for key in LINE_KEYS]
                )
        for source in range(PACKED["tablets"], PACKED["tablets"] + TABLETS):
            self._hot(source, range(-1, 3), list(range(-1, 3)), 3)
        self._relative(PACKED["current_player"], range(-2, 2), seat)

    def indices(self) -> np.ndarray:
        return np.array(self._sources, dtype=np.intp)

    def offsets(self) -> np.ndarray:
        return np.array(self._starts, dtype=np.intp)

    def _add(self, source: int, values: range, raws: list[int]) -> None:
        """The next entry: it reads packed int ``source``, whose ``values`` give the raw entries ``raws``."""
        scaled = np.array(raws, np.float32) * self._scales[len(self._sources)]
        self._starts.append(self._lookups.offset(np.minimum(scaled, 1.0), values.start))
        self._sources.append(source)

    def _count(self, source: int, values: range) -> None:
        """A count of ``values`` (0 and up), scaled and clipped."""
        self._starts.append(self._lookups.counts(self._scales[len(self._sources)], values.stop - 1))
        self._sources.append(source)

    def _hot(self, source: int, values: range, hot: list[int], width: int) -> None:
        """``width`` entries, one-hot at ``hot[value]`` (none for -1)."""
        for slot in range(width):
            self._add(source, values, [int(place == slot) for place in hot])

    def _one_hot(self, source: int, values: range) -> None:
        """An entry per value, the first for the lowest."""
        self._hot(source, values, [value - values.start for value in values], len(values))

    def _relative(self, source: int, seats: range, seat: int) -> None:
        """Two entries for a seat (none if negative): it is ``seat``, it is the other."""
        self._hot(source, seats, [int(other != seat) if other >= 0 else -1 for other in seats], 2)

    def _per_seat(self, name: str, width: int, seats: tuple[int, int], values: range) -> None:
        for source in self._seat_sources(name, width, seats):
            self._count(source, values)

    @staticmethod
    def _seat_sources(name: str, width: int, seats: tuple[int, int]) -> list[int]:
        """The packed ints of a per-seat field, ``width`` per seat, ``seats`` in order."""
        return [PACKED[name] + owner * width + item for owner in seats for item in range(width)]


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
