"""What every encoder shares: named blocks of a flat vector and their scales."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from itertools import chain
from typing import Any

import numpy as np

from kashi.core.registry import AnyState
from kashi.rl.config import GameConfig
from kashi.rl.masks import mask_of


class Layout:
    """Named, consecutive blocks of an observation vector with the divisor of each entry.

    Encoders write raw counts and one-hot ones into a zero vector, then ``finish`` scales and
    clips it to [0, 1] in one vectorised step.
    """

    def __init__(self) -> None:
        self.blocks: dict[str, slice] = {}
        self._divisors: list[float] = []

    def add(self, name: str, count: int, divisor: float = 1.0) -> int:
        """Reserve ``count`` entries; return the offset of the block."""
        start = len(self._divisors)
        self.blocks[name] = slice(start, start + count)
        self._divisors.extend([float(divisor)] * count)
        return start

    def divide(self, name: str, divisors: list[float]) -> None:
        """Give the entries of a block their own divisors."""
        block = self.blocks[name]
        self._divisors[block] = divisors

    @property
    def size(self) -> int:
        return len(self._divisors)

    def scales(self) -> np.ndarray:
        return (1.0 / np.asarray(self._divisors, dtype=np.float64)).astype(np.float32)


class Encoder(ABC):
    """Encodes one game configuration's views and masks; ``size`` is fixed for the configuration."""

    layout: Layout
    has_info = False
    """Whether ``info`` adds anything (environments skip the call otherwise)."""

    def __init__(self, config: GameConfig) -> None:
        self._scales = self.layout.scales()
        self.num_actions = config.num_actions

    @property
    def size(self) -> int:
        return self.layout.size

    def blank(self) -> np.ndarray:
        return np.zeros(self.layout.size, dtype=np.float32)

    clip = True
    """Whether raw entries may exceed their divisors (then ``finish`` clips them to 1)."""

    def finish(self, raw: np.ndarray) -> np.ndarray:
        """Scale raw entries into [0, 1] (counts over their maxima) in place."""
        raw *= self._scales
        if self.clip:
            np.minimum(raw, 1.0, out=raw)
        return raw

    @abstractmethod
    def encode(self, view: AnyState, seat: int) -> np.ndarray:
        """A new float32 vector of ``size`` entries in [0, 1] from ``view`` as ``seat`` sees it
        (the state itself when the game hides nothing: encoders must not change it)."""

    def observe(self, state: AnyState, seat: int) -> np.ndarray:
        """The observation of ``seat``: the encoding of its view, never of hidden parts of the state."""
        return self.encode(state.view(seat) if state.hidden_information else state, seat)

    def observe_with_mask(self, state: AnyState, seat: int) -> tuple[np.ndarray, np.ndarray]:
        """``observe(state, seat)`` and ``mask(state)``; an encoder may build both from one reading
        of the position (Azul does)."""
        return self.observe(state, seat), self.mask(state)

    def observe_batch(self, states: Sequence[AnyState]) -> tuple[np.ndarray, np.ndarray]:
        """The observations and masks of the seats to move in ``states``, one row per state
        (each state must have a seat to move); an encoder may batch the work (Azul does)."""
        observations = np.empty((len(states), self.size), np.float32)
        for row, state in enumerate(states):
            observations[row] = self.observe(state, state.current_player)
        return observations, self.masks_of(states)

    def observe_batch_checked(
        self, states: Sequence[AnyState], kept: MaskBuffer | None = None
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray | None]:
        """``observe_batch`` and, if the encoder has them at hand, the flat positions of the masks'
        ones (``row * num_actions + id``), which a batch checks actions against instead of a copy
        of the masks (``masks_and_entries`` gives them for masks built from lists of ids); None
        for masks with many ones, whose copy costs less than a search for them. Masks built from
        ids go into ``kept`` when it is given; dense masks are new arrays all the same."""
        observations, masks = self.observe_batch(states)
        return observations, masks, None

    def masks_of(self, states: Sequence[AnyState]) -> np.ndarray:
        """The masks of ``states``, one int8 row each, written into one array at once: per-game
        masks of a wide action space (Azul Duel's 87,741) would cost an allocation each and a
        copy into the batch."""
        return self.masks_and_entries(states)[0]

    def masks_and_entries(
        self, states: Sequence[AnyState], kept: MaskBuffer | None = None
    ) -> tuple[np.ndarray, np.ndarray]:
        """``masks_of(states)`` and the flat positions of their ones, from the legal ids; the
        masks are ``kept``'s buffer, rewritten, when it is given."""
        legal = [self.legal_ids(state) for state in states]
        entries = np.fromiter(chain.from_iterable(legal), np.intp)  # one conversion, not one per game
        entries += np.repeat(
            np.arange(0, len(states) * self.num_actions, self.num_actions), [len(ids) for ids in legal]
        )
        if kept is not None:
            return kept.show(entries), entries
        masks = np.zeros((len(states), self.num_actions), np.int8)
        masks.reshape(-1)[entries] = 1
        return masks, entries

    def mask(self, state: AnyState) -> np.ndarray:
        """A new int8 vector over the action space: 1 at every legal action id of the seat to move."""
        return mask_of(self.legal_ids(state), self.num_actions)

    def legal_ids(self, state: AnyState) -> np.ndarray | list[int]:
        """The legal action ids of the seat to move: the engine's, unless the encoder has its own
        action space (a compact one)."""
        legal: list[int] = state.legal_actions()
        return legal

    def to_engine(self, state: AnyState, action: int) -> int:
        """The engine's action id of ``action`` in ``state`` (the same id unless the encoder has its
        own action space); an id that names no move raises ``IllegalMoveError``."""
        return action

    def info(self, state: AnyState, seat: int) -> dict[str, Any]:
        """Extra per-seat facts for an environment's ``info`` (none by default).

        Only public facts (score boards) belong here, so environments pass the state, not a view.
        """
        return {}

    def observe_views(self, states: Sequence[AnyState], games: Sequence[int], seats: Sequence[int]) -> np.ndarray:
        """``observe(states[game], seat)`` for each pair of ``games`` and ``seats``, one row each:
        the views of seats that are not to move (the batched parallel environment's), whoever
        is; an encoder may batch the work (Azul packs each game once for all its seats)."""
        observations = np.empty((len(games), self.size), np.float32)
        for row, (game, seat) in enumerate(zip(games, seats, strict=True)):
            observations[row] = self.observe(states[game], seat)
        return observations


class MaskBuffer:
    """A batch's masks kept from one step to the next: each step clears the ones it set before and
    sets the new ones. A fresh (games, actions) array costs more than the masks' few ones: its
    pages fault in one by one when written and again when read (64 masks of Azul Duel's 87,741
    ids are 5.6 MB a step). The array handed out is the same every step, so it is only for
    callers that read a step's masks before the next (``copy=False`` of the vector environment)."""

    def __init__(self, games: int, actions: int) -> None:
        self.masks = np.zeros((games, actions), np.int8)
        self._ones: np.ndarray | None = None

    def show(self, entries: np.ndarray) -> np.ndarray:
        """The masks with ones exactly at the flat positions ``entries``."""
        flat = self.masks.reshape(-1)
        if self._ones is not None:
            flat[self._ones] = 0
        flat[entries] = 1
        self._ones = entries
        return self.masks


def rotated(values: list[int], width: int, seat: int) -> list[int]:
    """Per-seat blocks of ``width`` items reordered so that ``seat``'s block comes first."""
    cut = width * seat
    return values[cut:] + values[:cut]


class Lookups:
    """Observation entries as table lookups: entry ``j`` is ``table_j[raw[source_j]]``.

    The tables are interned into one flat float32 array, so an encoder whose entries each depend
    on one raw value builds its whole vector with one gather (``flat[sources + offsets]``)
    instead of a zero vector, scatters and scaling.
    """

    def __init__(self) -> None:
        self._flat: list[float] = []
        self._offsets: dict[tuple[float, ...], int] = {}

    def offset(self, table: np.ndarray, lowest: int = 0) -> int:
        """What to add to a raw value (``lowest`` and up) to find its entry of ``table``."""
        key = tuple(float(value) for value in table)
        start = self._offsets.get(key)
        if start is None:
            start = self._offsets[key] = len(self._flat)
            self._flat.extend(key)
        return start - lowest

    def counts(self, scale: float, most: int) -> int:
        """The offset of a count's table: ``value * scale`` for 0..``most``, clipped to 1."""
        return self.offset(np.minimum(np.arange(most + 1, dtype=np.float32) * scale, 1.0))

    def one_hot(self, slot: int, lowest: int, highest: int) -> int:
        """The offset of the table of a one-hot entry: 1 when the value (``lowest``..``highest``) is ``slot``."""
        return self.offset(np.arange(lowest, highest + 1) == slot, lowest)

    def flat(self) -> np.ndarray:
        return np.array(self._flat, dtype=np.float32)


class PackedRows:
    """Positions packed for an encoder's gathers, one row of ``width`` int64 per game: ``struct``
    writes the bytes (into a bytearray, faster than into an array: it converts Python's integers
    about twice as fast as numpy does) and numpy reads them. Encoders keep rows per number of
    games and never hand them out; their subclasses add what each row was packed from."""

    def __init__(self, count: int, width: int) -> None:
        self.row_bytes = 8 * width
        self.buffer = bytearray(self.row_bytes * count)
        self.packed = np.frombuffer(self.buffer, dtype=np.int64)
        self.starts = (np.arange(count) * width)[:, None]
        """Where each row starts in ``packed``."""


def gather_arrays(entries: list[tuple[int, int]]) -> tuple[np.ndarray, np.ndarray]:
    """An observer's entries, each ``(packed int, table offset)`` in the layout's order, as the
    index and offset arrays of its gather."""
    indices = np.array([packed for packed, _ in entries], dtype=np.intp)
    offsets = np.array([offset for _, offset in entries], dtype=np.intp)
    return indices, offsets
