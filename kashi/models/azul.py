"""Azul's learned evaluation: each seat's chance to win (with the tie-break) and points to come.

It is the hand-made evaluation (``kashi.games.azul.heuristics``) plus a learned correction.
Both outputs start from that evaluation, rebuilt from the features: the win logit from the
seat's lead over the best other seat in evaluated points (times a learned ``lead_scale``), the
points to come from its evaluated points over its score (times ``gain_scale``). A small
network adds what the hand-made evaluation misses; its input is the seat's features
(``kashi.games.azul.features``), the same features minus the best other seat's, and the
table's, through one tanh layer, and its last layer starts at zero, so an untrained model is
the hand-made evaluation. The seats' win logits go through a softmax, so the chances add up to
one for any number of players.
"""

from __future__ import annotations

import math
from functools import cache
from operator import sub
from pathlib import Path
from typing import Any

import numpy as np

from kashi.games.azul.features import SEAT_FEATURES, TABLE_FEATURES, features
from kashi.games.azul.heuristics import POTENTIAL
from kashi.models.store import ModelError, load_weights

POINTS_SCALE = 20.0
SHIPPED = Path(__file__).with_name("weights") / "azul.npz"
LAYERS = ("w1", "b1", "w2", "b2", "lead_scale", "gain_scale")
SCORE, PROJECTED, PENDING = (SEAT_FEATURES.index(name) for name in ("score", "projected", "pending"))
BONUS_NOW, BONUS_POTENTIAL = SEAT_FEATURES.index("bonus_now"), SEAT_FEATURES.index("bonus_potential")
ENDS = TABLE_FEATURES.index("ends_this_round")


def hand_values(seats: np.ndarray[Any, Any], table: np.ndarray[Any, Any]) -> Any:
    """The hand-made evaluation of each seat (in points), from its features (see features.py scales)."""
    ends = table[..., None, ENDS] > 0
    later = POTENTIAL * 20 * seats[..., BONUS_POTENTIAL] + 10 * seats[..., PENDING]
    return 50 * seats[..., PROJECTED] + np.where(ends, 20 * seats[..., BONUS_NOW], later)


def best_other(values: np.ndarray[Any, Any], mask: np.ndarray[Any, Any]) -> Any:
    """For each seat (axis -2 for features, -1 for values), the best value among the other seats in play."""
    hidden = np.where(mask, values, -np.inf)
    order = np.sort(hidden, axis=-1)
    best, second = order[..., -1:], order[..., -2:-1]
    return np.where(mask, np.where(values >= best, second, best), 0.0)


def model_inputs(seats: np.ndarray[Any, Any], table: np.ndarray[Any, Any], mask: np.ndarray[Any, Any]) -> Any:
    """Rows (..., seats, features) to the network's input: own, own minus best other, table.

    ``mask`` marks the seats in play (padding seats are left out of the best other).
    """
    others = np.swapaxes(best_other(np.swapaxes(seats, -1, -2), mask[..., None, :]), -1, -2)
    relative = np.where(mask[..., None], seats - others, 0.0)
    tables = np.broadcast_to(table[..., None, :], (*seats.shape[:-1], table.shape[-1]))
    return np.concatenate([seats, relative, tables], axis=-1)


def prior_terms(seats: np.ndarray[Any, Any], table: np.ndarray[Any, Any], mask: np.ndarray[Any, Any]) -> Any:
    """The hand-made evaluation's lead over the best other seat and its points to come (/ POINTS_SCALE)."""
    hand = hand_values(seats, table)
    lead = np.where(mask, hand - best_other(hand, mask), 0.0)
    gain = np.where(mask, (hand - 50 * seats[..., SCORE]) / POINTS_SCALE, 0.0)
    return np.stack([lead, gain], axis=-1)


class AzulValueModel:
    """NumPy inference of the model described in the module docstring."""

    def __init__(self, arrays: dict[str, np.ndarray[Any, Any]], source: str = "arrays") -> None:
        missing = [name for name in (*LAYERS, "seat_features", "table_features") if name not in arrays]
        if missing:
            raise ModelError(f"{source} is not an Azul evaluation: it has no {', '.join(missing)}")
        names = (tuple(arrays["seat_features"].tolist()), tuple(arrays["table_features"].tolist()))
        if names != (SEAT_FEATURES, TABLE_FEATURES):
            raise ModelError(f"{source} was trained on other features than this version of kashi computes")
        self.w1, self.b1, self.w2, self.b2 = (np.asarray(arrays[name], dtype=np.float64) for name in LAYERS[:4])
        self.scales = np.array([float(arrays["lead_scale"]), float(arrays["gain_scale"])])
        self.scales_list: list[float] = self.scales.tolist()
        inputs = 2 * len(SEAT_FEATURES) + len(TABLE_FEATURES)
        if self.w1.shape[0] != inputs or self.w2.shape != (self.w1.shape[1], 2):
            raise ModelError(f"{source} has layers of the wrong shape for {inputs} inputs")
        self.arrays = arrays

    @classmethod
    def load(cls, path: Path | str | None = None) -> AzulValueModel:
        """The shipped weights, or a file written by ``kashi train azul``."""
        target = Path(path) if path else SHIPPED
        return cls(load_weights(target), str(target))

    def forward(self, inputs: np.ndarray[Any, Any], priors: np.ndarray[Any, Any]) -> Any:
        """Win logit and scaled points to come for rows of ``model_inputs`` and ``prior_terms``."""
        hidden = np.tanh(inputs @ self.w1 + self.b1)
        return hidden @ self.w2 + self.b2 + priors * self.scales

    def evaluate(self, state: Any) -> tuple[list[float], list[float]]:
        """Each seat's chance to win and expected final score, for a position not yet over.

        The same model as ``forward(model_inputs(...), prior_terms(...))``, with the inputs and
        the hand-made terms built in plain Python and the network in one pass of two products:
        this runs at every leaf of a search, on a handful of rows, where each NumPy call costs
        more than the arithmetic it does.
        """
        seat_rows, table_row = features(state)
        ends = table_row[ENDS] > 0
        hands = [_hand_value(row, ends) for row in seat_rows]
        inputs = []
        for seat, own in enumerate(seat_rows):
            others = seat_rows[:seat] + seat_rows[seat + 1 :]
            best = list(map(max, *others)) if len(others) > 1 else others[0]
            inputs.append(own + list(map(sub, own, best)) + table_row)
        hidden = np.tanh(np.array(inputs) @ self.w1 + self.b1)
        out = (hidden @ self.w2 + self.b2).tolist()
        lead_scale, gain_scale = self.scales_list
        logits, finals = [], []
        for seat, (logit, gain) in enumerate(out):
            hand = hands[seat]
            best_other_hand = max(hands[:seat] + hands[seat + 1 :])
            logits.append(logit + lead_scale * (hand - best_other_hand))
            points_to_come = gain + gain_scale * (hand - 50 * seat_rows[seat][SCORE]) / POINTS_SCALE
            finals.append(state.score[seat] + POINTS_SCALE * points_to_come)
        top = max(logits)
        weights = [math.exp(logit - top) for logit in logits]
        total = sum(weights)
        return [weight / total for weight in weights], finals


def _hand_value(row: list[float], ends: bool) -> float:
    """``hand_values`` of one seat's feature row."""
    later = POTENTIAL * 20 * row[BONUS_POTENTIAL] + 10 * row[PENDING]
    return 50 * row[PROJECTED] + (20 * row[BONUS_NOW] if ends else later)


@cache
def shipped_model() -> AzulValueModel:
    """The weights that ship with kashi, read and checked once per process."""
    return AzulValueModel.load()
