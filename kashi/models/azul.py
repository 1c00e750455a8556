"""Azul's learned evaluation: each seat's chance to win (with the tie-break) and points to come.

One small network scores every seat alike: its input is the seat's features
(``kashi.games.azul.features``), the same features minus the best other seat's, and the
table's; a tanh hidden layer gives two numbers, a win logit and the points the seat will
still score (/ ``POINTS_SCALE``). The win logits of the seats go through a softmax, so the
chances add up to one for any number of players.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

from kashi.games.azul.features import SEAT_FEATURES, TABLE_FEATURES, features
from kashi.models.store import ModelError, load_weights

POINTS_SCALE = 20.0
SHIPPED = Path(__file__).with_name("weights") / "azul.npz"
LAYERS = ("w1", "b1", "w2", "b2")


def model_inputs(seats: np.ndarray[Any, Any], table: np.ndarray[Any, Any], mask: np.ndarray[Any, Any]) -> Any:
    """Rows (..., seats, features) to the network's input: own, own minus best other, table.

    ``mask`` marks the seats in play (padding seats are left out of the best other).
    """
    hidden = np.where(mask[..., None], seats, -np.inf)
    order = np.sort(hidden, axis=-2)
    best, second = order[..., -1:, :], order[..., -2:-1, :]
    best_other = np.where(seats >= best, second, best)
    best_other = np.where(mask[..., None], best_other, 0.0)
    relative = np.where(mask[..., None], seats - best_other, 0.0)
    tables = np.broadcast_to(table[..., None, :], (*seats.shape[:-1], table.shape[-1]))
    return np.concatenate([seats, relative, tables], axis=-1)


class AzulValueModel:
    """NumPy inference of the network described in the module docstring."""

    def __init__(self, arrays: dict[str, np.ndarray[Any, Any]], source: str = "arrays") -> None:
        missing = [name for name in (*LAYERS, "seat_features", "table_features") if name not in arrays]
        if missing:
            raise ModelError(f"{source} is not an Azul evaluation: it has no {', '.join(missing)}")
        names = (tuple(arrays["seat_features"].tolist()), tuple(arrays["table_features"].tolist()))
        if names != (SEAT_FEATURES, TABLE_FEATURES):
            raise ModelError(f"{source} was trained on other features than this version of kashi computes")
        self.w1, self.b1, self.w2, self.b2 = (np.asarray(arrays[name], dtype=np.float64) for name in LAYERS)
        inputs = 2 * len(SEAT_FEATURES) + len(TABLE_FEATURES)
        if self.w1.shape[0] != inputs or self.w2.shape != (self.w1.shape[1], 2):
            raise ModelError(f"{source} has layers of the wrong shape for {inputs} inputs")
        width = len(SEAT_FEATURES)
        self.w_own, self.w_relative, self.w_table = self.w1[:width], self.w1[width : 2 * width], self.w1[2 * width :]
        self.arrays = arrays

    @classmethod
    def load(cls, path: Path | str | None = None) -> AzulValueModel:
        """The shipped weights, or a file written by ``kashi train azul``."""
        target = Path(path) if path else SHIPPED
        return cls(load_weights(target), str(target))

    def forward(self, inputs: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
        """Win logit and scaled points to come for each row of ``model_inputs``."""
        hidden = np.tanh(inputs @ self.w1 + self.b1)
        return hidden @ self.w2 + self.b2

    def evaluate(self, state: Any) -> tuple[list[float], list[float]]:
        """Each seat's chance to win and expected final score, for a position not yet over.

        The same network as ``forward(model_inputs(...))``, with the first layer split by input
        block: this runs at every leaf of a search.
        """
        seat_rows, table = features(state)
        seats = np.array(seat_rows)
        order = np.sort(seats, axis=0)
        best, second = order[-1], order[-2]
        relative = seats - np.where(seats >= best, second, best)
        hidden = np.tanh(seats @ self.w_own + relative @ self.w_relative + (np.array(table) @ self.w_table + self.b1))
        out = hidden @ self.w2 + self.b2
        logits = out[:, 0] - out[:, 0].max()
        chances = np.exp(logits)
        chances /= chances.sum()
        finals = np.array(state.score) + POINTS_SCALE * out[:, 1]
        return chances.tolist(), finals.tolist()


@cache
def shipped_model() -> AzulValueModel:
    """The weights that ship with kashi, read and checked once per process."""
    return AzulValueModel.load()
