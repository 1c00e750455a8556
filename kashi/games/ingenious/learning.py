"""Ingenious observations: the board, the observer's own racks, and what everyone may see.

Blocks, seats rotated so the observer comes first: every cell of the play area one-hot over
{6 colours, empty, centre star}; the observer's rack and reserve rack (tiles per type /6);
each seat's rack size (/6) and the rack it last showed by swapping (per type /6); each seat's
six tracks (/track maximum); the tiles the observer cannot see, in the bag or in other racks
(per type /6); bonus placements due (/6); the swap-or-keep question; the colours locked; the
start symbols touched; who is to move (relative seat).

Speed: a numpy call costs as much as packing dozens of ints, so the observation is one gather,
as Azul's is. The encoding reads only what the observer may see, so it is taken from the state
itself (no view copied): ``struct`` packs into one row of ints the board and the few counts
Python makes (the observer's racks and unseen tiles per type; the racks shown, counted again
only after a swap), then the public ints as they are (rack sizes, tracks, bonus, flags,
bitmasks, the seat to move), seats unrotated. Every observation entry is a function of one
packed int (a cell's one-hot entries each read the cell, a locked colour reads the bitmask), so
the observation is a ``take`` of packed ints, an add and a ``take`` of values (``Lookups``), the
observer's rotation in its per-seat index arrays. The board only grows, so a row keeps the board
it holds and packs only the tiles placed since (``Packing``), and with it the free pairs of
cells (both empty). A placement is legal when its pair is free (and meets the contact rule of
the moment) and its slot belongs to a tile of the rack, so the mask of the engine's ids is one
``take`` of two rows of slots (none, the rack's) by whether each pair is allowed, written into
the new mask; the compact mask repeats the allowed places once per tile of the rack.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import chain
from struct import Struct
from typing import Any

import numpy as np

from kashi.core.errors import IllegalMoveError
from kashi.core.messages import register
from kashi.core.state import TERMINAL
from kashi.games.ingenious.actions import KIND_SLOTS, SLOTS_PER_EDGE
from kashi.games.ingenious.hexgrid import CELLS
from kashi.games.ingenious.layout import EMPTY
from kashi.games.ingenious.moves import Placement
from kashi.games.ingenious.state import FIRST_ROUND, FIRST_TILE, FREE
from kashi.games.ingenious.tiles import COPIES, HIDDEN, PAIRS
from kashi.rl.config import GameConfig
from kashi.rl.encoding.base import Encoder, Layout, Lookups, PackedRows, gather_arrays
from kashi.rl.spiel import SpielSpec

TYPES = 21
"""Tile types RR, RG, ... PP; a hidden tile in a view is type 21."""
CELL_VALUES = 8
"""Board values 0..5 (colours), 6 (empty), 7 (centre star); 8 marks cells outside the area."""
OUTSIDE = 8
RACK = 6
"""Tiles in a rack."""
MOST_OF_A_TYPE = max(COPIES) + RACK
"""Above any per-type count packed: the copies of a type, plus a rack of placeholders that a
view of another seat's rack would count into the observer's reserve (as the encoding always has)."""
RACK_SLOTS = (*KIND_SLOTS, ())
"""Per tile type, its action slots on a pair; the hidden placeholder has none."""
NO_SLOTS = bytes(SLOTS_PER_EDGE)

register({"rl.no_such_placement": "action id {action} names no tile of the rack or no cell of the play area"})


class IngeniousEncoder(Encoder):
    has_info = True

    def __init__(self, config: GameConfig) -> None:
        players = self.players = config.players
        probe: Any = config.make_state(0)
        self.area = np.array([cell for cell, value in enumerate(probe.board) if value != OUTSIDE], dtype=np.intp)
        layout = self.layout = Layout()
        layout.add("board", len(self.area) * CELL_VALUES)
        layout.add("rack", TYPES, 6)
        layout.add("reserve", TYPES, 6)
        layout.add("rack_sizes", players, 6)
        layout.add("shown", players * TYPES, 6)
        layout.add("tracks", players * 6, probe.rules.track_max)
        layout.add("unseen", TYPES, 6)
        layout.add("bonus", 1, 6)
        layout.add("deciding", 1)
        layout.add("locked", 6)
        layout.add("touched", 6)
        layout.add("to_move", players)
        grid = probe.layout.area
        self.edges = grid.edges
        touch = probe.layout.touch_mask
        self.edge_touch = np.array([touch[a] | touch[b] for a, b in zip(grid.edge_a, grid.edge_b, strict=True)])
        """Per pair of cells, the start symbols (bits) it touches."""
        super().__init__(config)
        self._packing = Packing(players, len(probe.tracks), grid)
        self._slot_buffer = bytearray(2 * SLOTS_PER_EDGE)
        self._slot_rows = np.frombuffer(self._slot_buffer, np.bool_).reshape(2, SLOTS_PER_EDGE)
        """The placements of a pair in the mask: none (row 0) or those of the rack (row 1, whose
        bytes ``_mark_rack_slots`` sets), taken by whether the pair is allowed."""
        self._single = self._packing.rows(1)
        self._gather(probe.rules, probe.layout.board_of, len(probe.tracks))

    def _gather(self, rules: Any, board_of: tuple[int, ...], boards: int) -> None:
        """Per observer, the packed int of every entry and where its table starts (see ``Lookups``)."""
        packing, players, scales = self._packing, self.players, self._scales
        lookups = Lookups()
        most_bonus = 6 * len(rules.marks) * boards  # each colour reaches each mark once per track

        def counts(entry: int, most: int) -> int:
            return lookups.counts(scales[entry], most)

        one_hot = lookups.one_hot

        def bit(bit: int) -> int:
            return lookups.offset(np.arange(64) >> bit & 1)

        self.gathers: list[tuple[np.ndarray, np.ndarray]] = []
        for seat in range(players):
            seats = [(seat + relative) % players for relative in range(players)]
            entries: list[tuple[int, int]] = []  # (packed int, table offset) of each entry in order
            entries += [(cell, one_hot(value, 0, OUTSIDE)) for cell in self.area for value in range(CELL_VALUES)]
            for at in range(packing.own_at, packing.own_at + 2 * TYPES):
                entries.append((at, counts(len(entries), MOST_OF_A_TYPE)))
            entries += [(packing.sizes_at + other, counts(len(entries), RACK)) for other in seats]
            for at in (packing.shown_at + other * TYPES + kind for other in seats for kind in range(TYPES)):
                entries.append((at, counts(len(entries), RACK)))
            for at in (packing.tracks_at + board_of[other] * 6 + colour for other in seats for colour in range(6)):
                entries.append((at, counts(len(entries), rules.track_max)))
            for at in range(packing.unseen_at, packing.unseen_at + TYPES):
                entries.append((at, counts(len(entries), MOST_OF_A_TYPE)))
            entries.append((packing.flags_at, counts(len(entries), most_bonus)))
            entries.append((packing.flags_at + 1, counts(len(entries), 1)))
            entries += [(packing.flags_at + 2, bit(colour)) for colour in range(6)]
            entries += [(packing.flags_at + 3, bit(symbol)) for symbol in range(6)]
            entries += [(packing.flags_at + 4, one_hot(other, TERMINAL, players - 1)) for other in seats]
            self.gathers.append(gather_arrays(entries))
        self.table = lookups.flat()
        self._indices = np.stack([indices for indices, _ in self.gathers])
        self._offsets = np.stack([offsets for _, offsets in self.gathers])

    def observe(self, state: Any, seat: int) -> np.ndarray:
        return self.encode(state, seat)

    def encode(self, view: Any, seat: int) -> np.ndarray:
        """The observation of ``seat`` from the state or its view alike (see ``Packing.write``)."""
        rows = self._single
        self._packing.write(view, seat, rows, 0)
        indices, offsets = self.gathers[seat]
        index = rows.packed.take(indices)
        index += offsets
        observation: np.ndarray = self.table.take(index)
        return observation

    def observe_with_mask(self, state: Any, seat: int) -> tuple[np.ndarray, np.ndarray]:
        """The mask reads the free pairs that ``encode`` has just brought up to date."""
        observation = self.encode(state, seat)
        return observation, self._mask(state, self._single.free[0])

    def mask(self, state: Any) -> np.ndarray:
        return self._mask(state, self._packing.free_pairs(board_array(state)))

    def legal_ids(self, state: Any) -> np.ndarray | list[int]:
        ids: np.ndarray = np.flatnonzero(self.mask(state))
        return ids

    def observe_batch(self, states: Sequence[Any]) -> tuple[np.ndarray, np.ndarray]:
        """Every game packed as a row for its seat to move, then one gather for the whole batch
        and one set of numpy calls for its masks."""
        rows = self._packing.rows(len(states))
        seats = [state.current_player for state in states]
        for row, state in enumerate(states):
            self._packing.write(state, state.current_player, rows, row)
        index = rows.packed.take(self._indices.take(seats, 0) + rows.starts)
        index += self._offsets.take(seats, 0)
        pairs = np.stack([self._allowed(state, free) for state, free in zip(states, rows.free, strict=True)])
        return self.table.take(index), self._masks(states, pairs)

    # -- one game ------------------------------------------------------------------------
    def _mask(self, state: Any, free: np.ndarray) -> np.ndarray:
        """The mask of this encoder's action space from the free pairs; over the engine's ids:
        the allowed pairs times the rack's slots (see the module), or swap and keep while a seat
        decides."""
        mask = np.empty(self.num_actions, np.int8)
        placements = mask[:-2].view(np.bool_).reshape(self.edges, SLOTS_PER_EDGE)
        if state.deciding or state.current_player < 0:
            placements[:] = False
            mask[-2:] = state.deciding
        else:
            self._slot_buffer[SLOTS_PER_EDGE:] = NO_SLOTS
            _mark_rack_slots(state, self._slot_buffer, SLOTS_PER_EDGE)
            self._slot_rows.take(self._allowed(state, free).view(np.uint8), 0, out=placements)
            mask[-2:] = 0
        return mask

    def _allowed(self, state: Any, free: np.ndarray) -> np.ndarray:
        """Per pair of cells, whether a tile may cover it now: of the ``free`` pairs (both cells
        empty), in the first round or for the first tile those touching what the rule asks;
        none when no seat is placing. ``free`` itself when every free pair is allowed, else a
        new array (``free`` is kept from one position to the next)."""
        if state.current_player < 0 or state.deciding:
            return np.zeros(self.edges, np.bool_)
        rule = state._contact_rule()
        if rule == FREE:
            return free
        if rule == FIRST_ROUND:
            allowed: np.ndarray = free & ((self.edge_touch & ~state.touched) != 0)
        elif rule == FIRST_TILE:
            allowed = free & (self.edge_touch != 0)
        else:  # must touch: read off the engine's list
            allowed = np.zeros(self.edges, np.bool_)
            allowed[np.asarray(state.legal_actions(), np.intp) // SLOTS_PER_EDGE] = True
        return allowed

    # -- a batch of games ----------------------------------------------------------------
    def _masks(self, states: Sequence[Any], pairs: np.ndarray) -> np.ndarray:
        """``_mask`` of every state, from the pairs each may cover."""
        masks = np.zeros((len(states), states[0].num_actions), np.int8)
        placements = masks[:, :-2].view(np.bool_).reshape(len(states), self.edges, SLOTS_PER_EDGE)
        buffer = bytearray(len(states) * SLOTS_PER_EDGE)
        for row, state in enumerate(states):
            _mark_rack_slots(state, buffer, row * SLOTS_PER_EDGE)
        slots = np.frombuffer(buffer, np.bool_).reshape(len(states), SLOTS_PER_EDGE)
        np.logical_and(pairs[:, :, None], slots[:, None, :], out=placements)
        masks[[game for game, state in enumerate(states) if state.deciding], -2:] = 1
        return masks

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
        self.neighbour = tuple(grid.rays[cell * 6 + direction][:1] for cell in self.cells for direction in range(6))
        """Per cell index x direction: the neighbouring cell of the area, if any."""
        places = len(self.cells) * 6
        self.places = places
        self.decision_at = RACK * places
        self.num_actions = self.decision_at + 2
        self.place_pair = np.array([grid.edge_of[(cell, other[0])] if other else 0 for cell, other in self._places()])
        """Per place (cell index x direction), the pair of cells it covers (0 where it leaves the area)."""
        self.place_inside = np.array([bool(other) for _, other in self._places()])
        """Per place, whether its neighbour is in the play area."""
        self._engine_ids: dict[int, int] = {}
        """The engine's id of each (tile type x places + place) met so far: one per action."""

    def _places(self) -> list[tuple[int, tuple[int, ...]]]:
        return [(self.cells[place // 6], neighbour) for place, neighbour in enumerate(self.neighbour)]

    def _mask(self, state: Any, free: np.ndarray) -> np.ndarray:
        """Every tile of the rack may go on every place whose pair is allowed (a placement's
        legality does not depend on the tile), so the mask is that row once per tile."""
        mask = np.zeros(self.num_actions, np.int8)
        if state.deciding:
            mask[self.decision_at :] = 1
        elif state.current_player >= 0:
            places = self._allowed(state, free).take(self.place_pair) & self.place_inside
            tiles = self._tiles(state)
            mask[: tiles * self.places].view(np.bool_).reshape(tiles, self.places)[:] = places
        return mask

    def _masks(self, states: Sequence[Any], pairs: np.ndarray) -> np.ndarray:
        masks = np.zeros((len(states), self.num_actions), np.int8)
        places = pairs[:, self.place_pair] & self.place_inside
        holds = np.arange(RACK)[None, :] < np.array([self._tiles(state) for state in states])[:, None]
        by_tile = masks[:, : self.decision_at].view(np.bool_).reshape(len(states), RACK, self.places)
        np.logical_and(holds[:, :, None], places[:, None, :], out=by_tile)
        masks[[game for game, state in enumerate(states) if state.deciding], self.decision_at :] = 1
        return masks

    @staticmethod
    def _tiles(state: Any) -> int:
        """Tiles in the mover's rack (placeholders of a hidden rack count none)."""
        if state.current_player < 0:
            return 0
        rack: list[int] = state.racks[state.current_player]
        return len(rack) - rack.count(HIDDEN)

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
        key = rack[tile] * self.places + place
        engine = self._engine_ids.get(key)
        if engine is None:
            low, high = PAIRS[rack[tile]]
            engine = self._engine_ids[key] = state.action_id(Placement(low, high, self.cells[place // 6], neighbour[0]))
        return engine


class Packing:
    """Where a position's ints go in a packed row (seats unrotated), and how they get there.

    A row holds the full board, the observer's rack and reserve counts per type, the unseen
    tiles per type, rack sizes, the racks shown per seat and type, the tracks per score board,
    then the bonus placements due, the swap-or-keep question, the locked and touched bitmasks
    and the seat to move. Beside it, the row's free pairs (both cells empty).

    The board takes more than half the packing, and it only grows: tiles are never removed and
    each one placed is noted in ``placed``. So a row remembers whose board it holds (the list
    itself, kept alive so that no other board can take its identity) and how many tiles were
    placed then, and when asked again for that board packs only the tiles placed since and
    takes their pairs out of the free ones. Any other board (another game, a copy, a view, a
    new game) is packed whole.
    """

    def __init__(self, players: int, boards: int, grid: Any) -> None:
        self.players = players
        self.own_at = CELLS
        self.unseen_at = self.own_at + 2 * TYPES
        self.sizes_at = self.unseen_at + TYPES + 1  # placeholders are counted after the types, never read
        self.shown_at = self.sizes_at + players
        self.tracks_at = self.shown_at + players * TYPES
        self.flags_at = self.tracks_at + boards * 6
        self.width = self.flags_at + 5
        self._pack_board: Callable[..., None] = Struct(f"{CELLS}q").pack_into
        self._pack_cell: Callable[..., None] = Struct("q").pack_into
        shown_bytes = 8 * players * TYPES
        self._pack_facts: Callable[..., None] = Struct(
            f"{self.shown_at - self.own_at}q{shown_bytes}s{self.width - self.tracks_at}q"
        ).pack_into
        self._others = [[other for other in range(players) if other != seat] for seat in range(players)]
        self._revealed: list[tuple[int, ...]] = [()] * players
        self._shown = bytes(shown_bytes)
        """The racks last shown and their counts per seat and type, packed: they change only when
        a seat swaps, so they are counted again only then."""
        self.edge_a = np.array(grid.edge_a, dtype=np.intp)
        self.edge_b = np.array(grid.edge_b, dtype=np.intp)
        self.edges = grid.edges
        self._incident = tuple(np.array(edges, dtype=np.intp) for edges in grid.incident)
        self._batches: dict[int, IngeniousRows] = {}

    def rows(self, count: int) -> IngeniousRows:
        """Rows for ``count`` games, kept per count (a batch's gathers copy out what they read)."""
        rows = self._batches.get(count)
        if rows is None:
            rows = self._batches[count] = IngeniousRows(count, self.width, self.edges)
        return rows

    def free_pairs(self, board: np.ndarray) -> np.ndarray:
        """Per pair of cells of the area, whether both are empty."""
        empty = board == EMPTY
        free: np.ndarray = empty.take(self.edge_a) & empty.take(self.edge_b)
        return free

    def write(self, view: Any, seat: int, rows: IngeniousRows, row: int) -> None:
        """Pack ``view`` as ``seat`` may know it into row ``row``: other racks are read only for
        their sizes and, when the state shows them, to count their tiles as unseen (a view has
        already counted them into its bag and shows placeholders)."""
        self._write_board(view, rows, row)
        racks, reserves = view.racks, view.reserves
        own = [0] * (2 * TYPES)
        for kind in racks[seat]:
            own[kind] += 1
        for kind in reserves[seat]:
            own[TYPES + kind] += 1
        unseen = [*view.bag, 0]
        for other in self._others[seat]:
            for kind in racks[other]:
                unseen[kind] += 1
            for kind in reserves[other]:
                unseen[kind] += 1
        if view.revealed != self._revealed:
            self._revealed = view.revealed[:]
            self._shown = self._pack_shown(view.revealed)
        self._pack_facts(
            rows.buffer,
            row * rows.row_bytes + 8 * CELLS,
            *own,
            *unseen,
            *map(len, racks),
            self._shown,
            *chain.from_iterable(view.tracks),
            view.bonus,
            view.deciding,
            view.locked,
            view.touched,
            view.current_player,
        )

    def _write_board(self, view: Any, rows: IngeniousRows, row: int) -> None:
        """The board and free pairs of row ``row``: only the tiles placed since, if the row holds
        this board (see the class)."""
        board, placed = view.board, view.placed
        held, count = rows.held[row]
        start = row * rows.row_bytes
        free = rows.free[row]
        if held is board and count <= len(placed):
            pack_cell, incident = self._pack_cell, self._incident
            for first, second, a, b in placed[count:]:
                pack_cell(rows.buffer, start + 8 * a, first)
                pack_cell(rows.buffer, start + 8 * b, second)
                free[incident[a]] = False
                free[incident[b]] = False
        else:
            self._pack_board(rows.buffer, start, *board)
            free[:] = self.free_pairs(rows.boards[row])
        rows.held[row] = (board, len(placed))

    def _pack_shown(self, revealed: list[tuple[int, ...]]) -> bytes:
        """The tiles of the racks shown, per seat and type, packed."""
        shown = [0] * (self.players * TYPES)
        for seat, tiles in enumerate(revealed):
            for kind in tiles:
                shown[seat * TYPES + kind] += 1
        return Struct(f"{len(shown)}q").pack(*shown)


class IngeniousRows(PackedRows):
    """Packed rows, with each row's board, its free pairs and the board it holds."""

    def __init__(self, count: int, width: int, edges: int) -> None:
        super().__init__(count, width)
        self.boards = self.packed.reshape(count, width)[:, :CELLS]
        """Each row's board (every cell of the full board)."""
        self.free = np.zeros((count, edges), np.bool_)
        """Per row, whether each pair of cells of the area is free (both cells empty)."""
        self.held: list[tuple[list[int] | None, int]] = [(None, 0)] * count
        """Per row, the board it holds and the tiles placed on it then."""


def _mark_rack_slots(state: Any, buffer: bytearray, start: int) -> None:
    """Set the bytes ``start + slot`` of the action slots that the mover's rack has (placeholders
    have none)."""
    for kind in state.racks[state.current_player]:
        for slot in RACK_SLOTS[kind]:
            buffer[start + slot] = 1


def board_array(state: Any) -> np.ndarray:
    """The board as a uint8 array (cell values are below 9), read from bytes: several times
    cheaper than converting the list of ints."""
    return np.frombuffer(bytes(state.board), np.uint8)


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
