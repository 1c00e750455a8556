"""Ingenious observations: the board, the observer's own racks, and what everyone may see.

Blocks, seats rotated so the observer comes first: every cell of the play area one-hot over
{6 colours, empty, centre star}; the observer's rack and reserve rack (tiles per type /6);
each seat's rack size (/6) and the rack it last showed by swapping (per type /6); each seat's
six tracks (/track maximum); the tiles the observer cannot see, in the bag or in other racks
(per type /6); bonus placements due (/6); the swap-or-keep question; the colours locked; the
start symbols touched; who is to move (relative seat).

Speed: the encoding reads only what the observer may see, so it is taken from the state itself
(no view copied), and the mask of the engine's action ids is built in numpy from the board: a
pair of cells is free when both are empty, and a placement is legal when its pair is free (and
meets the contact rule of the moment) and its slot belongs to a tile of the rack, so the mask is
one outer product of the free pairs and the rack's slots. One conversion of the board serves
both.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from kashi.core.errors import IllegalMoveError
from kashi.core.messages import register
from kashi.games.ingenious.actions import KIND_SLOTS, SLOTS_PER_EDGE
from kashi.games.ingenious.layout import EMPTY
from kashi.games.ingenious.moves import Placement
from kashi.games.ingenious.state import FIRST_ROUND, FIRST_TILE, FREE
from kashi.games.ingenious.tiles import HIDDEN, PAIRS
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
SLOT_BITS = (*(sum(1 << slot for slot in slots) for slots in KIND_SLOTS), 0)
"""Per tile type, its action slots on a pair as bits; the hidden placeholder has none."""
SLOT_BYTES = (SLOTS_PER_EDGE + 7) // 8

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
        grid = probe.layout.area
        self.edge_a = np.array(grid.edge_a, dtype=np.intp)
        self.edge_b = np.array(grid.edge_b, dtype=np.intp)
        touch = probe.layout.touch_mask
        self.edge_touch = np.array([touch[a] | touch[b] for a, b in zip(grid.edge_a, grid.edge_b, strict=True)])
        """Per pair of cells, the start symbols (bits) it touches."""
        super().__init__(config)

    def observe(self, state: Any, seat: int) -> np.ndarray:
        return self.encode(state, seat)

    def encode(self, view: Any, seat: int) -> np.ndarray:
        """The observation of ``seat`` from the state or its view alike: other racks are read only
        for their sizes and, when the state shows them, to count their tiles as unseen."""
        return self._encode(view, seat, board_array(view))

    def observe_with_mask(self, state: Any, seat: int) -> tuple[np.ndarray, np.ndarray]:
        board = board_array(state)
        return self._encode(state, seat, board), self._mask(state, board)

    def mask(self, state: Any) -> np.ndarray:
        return self._mask(state, board_array(state))

    def legal_ids(self, state: Any) -> np.ndarray | list[int]:
        ids: np.ndarray = np.flatnonzero(self.mask(state))
        return ids

    def observe_batch(self, states: Sequence[Any]) -> tuple[np.ndarray, np.ndarray]:
        """Every game's board read in one conversion and its cells, pairs and masks in one set of
        numpy calls for the whole batch; only the racks and tracks are read game by game."""
        joined = b"".join(bytes(state.board) for state in states)
        boards = np.frombuffer(joined, np.uint8).reshape(len(states), -1)
        empty = boards == EMPTY
        pairs = empty[:, self.edge_a] & empty[:, self.edge_b]
        for state, row in zip(states, pairs, strict=True):
            self._restrict(state, row)
        return self._encode_batch(states, boards), self._masks(states, pairs)

    # -- one game ------------------------------------------------------------------------
    def _encode(self, view: Any, seat: int, board: np.ndarray) -> np.ndarray:
        out = self.blank()
        out[self.cell_index + board[self.area]] = 1
        facts = self._facts(view, seat)
        out[self.rack_at : self.rack_at + len(facts)] = facts
        if view.current_player >= 0:
            out[self.to_move_at + (view.current_player - seat) % self.players] = 1
        return self.finish(out)

    def _mask(self, state: Any, board: np.ndarray) -> np.ndarray:
        """The mask of this encoder's action space; over the engine's ids: the allowed pairs
        times the rack's slots (see the module), or swap and keep while a seat decides."""
        mask = np.zeros(state.num_actions, np.int8)
        if state.deciding:
            mask[-2:] = 1
        elif state.current_player >= 0:
            placements = mask[:-2].view(np.bool_).reshape(len(self.edge_a), SLOTS_PER_EDGE)
            slots = np.frombuffer(self._slot_bits(state).to_bytes(SLOT_BYTES, "little"), np.uint8)
            placements[self._pairs(state, board)] = np.unpackbits(slots, count=SLOTS_PER_EDGE, bitorder="little")
        return mask

    def _pairs(self, state: Any, board: np.ndarray) -> np.ndarray:
        """Per pair of cells, whether a tile may cover it now (see ``_restrict``)."""
        empty = board == EMPTY
        pairs: np.ndarray = empty[self.edge_a] & empty[self.edge_b]
        return self._restrict(state, pairs)

    def _restrict(self, state: Any, pairs: np.ndarray) -> np.ndarray:
        """Narrow ``pairs`` (those whose two cells are empty) in place to those a tile may cover
        now: in the first round or for the first tile, touching what the rule asks; none when no
        seat is placing."""
        if state.current_player < 0 or state.deciding:
            pairs[:] = False
            return pairs
        rule = state._contact_rule()
        if rule == FIRST_ROUND:
            pairs &= (self.edge_touch & ~state.touched) != 0
        elif rule == FIRST_TILE:
            pairs &= self.edge_touch != 0
        elif rule != FREE:  # must touch: read off the engine's list
            pairs[:] = False
            pairs[np.asarray(state.legal_actions(), np.intp) // SLOTS_PER_EDGE] = True
        return pairs

    @staticmethod
    def _slot_bits(state: Any) -> int:
        """The action slots of the mover's rack as bits (racks change every turn, so a cache per
        rack would mostly miss); none when no seat is to move."""
        bits = 0
        if state.current_player >= 0:
            for kind in state.racks[state.current_player]:
                bits |= SLOT_BITS[kind]
        return bits

    # -- a batch of games ----------------------------------------------------------------
    def _masks(self, states: Sequence[Any], pairs: np.ndarray) -> np.ndarray:
        """``_mask`` of every state, from the pairs each may cover."""
        masks = np.zeros((len(states), states[0].num_actions), np.int8)
        placements = masks[:, :-2].view(np.bool_).reshape(len(states), len(self.edge_a), SLOTS_PER_EDGE)
        joined = b"".join(self._slot_bits(state).to_bytes(SLOT_BYTES, "little") for state in states)
        rows = np.frombuffer(joined, np.uint8).reshape(len(states), SLOT_BYTES)
        slots = np.unpackbits(rows, axis=1, count=SLOTS_PER_EDGE, bitorder="little").view(np.bool_)
        np.logical_and(pairs[:, :, None], slots[:, None, :], out=placements)
        masks[[game for game, state in enumerate(states) if state.deciding], -2:] = 1
        return masks

    def _encode_batch(self, views: Sequence[Any], boards: np.ndarray) -> np.ndarray:
        """``_encode`` of every state for its seat to move."""
        out = np.zeros((len(views), self.size), np.float32)
        starts = np.arange(len(views))[:, None] * self.size
        out.reshape(-1)[starts + self.cell_index + boards[:, self.area]] = 1
        facts = [self._facts(view, view.current_player) for view in views]
        out[:, self.rack_at : self.rack_at + len(facts[0])] = facts
        out[:, self.to_move_at] = 1  # every seat to move sees itself first
        return self.finish(out)

    def _facts(self, view: Any, seat: int) -> list[int]:
        """The counts after the board, as ``seat`` may know them (racks, tracks, unseen tiles...)."""
        players = self.players
        seats = [(seat + offset) % players for offset in range(players)]
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
        raw += _unseen(view, seat)
        raw += [view.bonus, view.deciding]
        raw += [view.locked >> colour & 1 for colour in range(6)]
        raw += [view.touched >> symbol & 1 for symbol in range(6)]
        return raw

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

    def _places(self) -> list[tuple[int, tuple[int, ...]]]:
        return [(self.cells[place // 6], neighbour) for place, neighbour in enumerate(self.neighbour)]

    def _mask(self, state: Any, board: np.ndarray) -> np.ndarray:
        """Every tile of the rack may go on every place whose pair is allowed (a placement's
        legality does not depend on the tile), so the mask is that row once per tile."""
        mask = np.zeros(self.num_actions, np.int8)
        if state.deciding:
            mask[self.decision_at :] = 1
        elif state.current_player >= 0:
            places = self._pairs(state, board)[self.place_pair] & self.place_inside
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
        return sum(kind != HIDDEN for kind in state.racks[state.current_player])

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


def board_array(state: Any) -> np.ndarray:
    """The board as a uint8 array (cell values are below 9), read from bytes: several times
    cheaper than converting the list of ints."""
    return np.frombuffer(bytes(state.board), np.uint8)


def _unseen(state: Any, seat: int) -> list[int]:
    """Tiles per type that ``seat`` cannot see: the bag, and other seats' racks where the state
    shows them (a view has already counted them into its bag and shows placeholders)."""
    unseen: list[int] = state.bag[:TYPES]
    for other in range(state.num_players):
        if other != seat:
            for kind in (*state.racks[other], *state.reserves[other]):
                if kind != HIDDEN:
                    unseen[kind] += 1
    return unseen


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
