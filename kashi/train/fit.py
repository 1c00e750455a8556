"""Fitting Azul's evaluation (``kashi.models.azul``) to self-play rows with PyTorch (training only).

The model starts as the hand-made evaluation: the network's last layer is zero, the lead and
gain scales are those that make its chances the squashed margin the classic MCTS plays by
(``tanh(lead / 10)`` with two players). Weight decay pulls the network, not the scales, back
toward that start.

The loss is the cross-entropy between the seats' softmaxed win logits and their share of the
win, plus half the squared error of the points still to come (/ ``POINTS_SCALE``). Shuffles
come from a generator seeded by the seed and the epoch, and torch runs on one thread, so a
run is reproduced exactly and a resumed run takes the same path as an unbroken one.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from kashi.games.azul.features import SEAT_FEATURES, TABLE_FEATURES
from kashi.models.azul import POINTS_SCALE, model_inputs, prior_terms

POINTS_WEIGHT = 0.5
START_SCALES = (0.1, 1.0)
"""Lead and gain scales of an untrained model: the hand-made evaluation, as classic MCTS reads it."""


@dataclass(frozen=True)
class FitSettings:
    hidden: int = 32
    epochs: int = 30
    batch: int = 512
    learning_rate: float = 3e-3
    weight_decay: float = 1e-4


def _torch() -> Any:
    try:
        import torch
    except ImportError:
        raise SystemExit("kashi train needs PyTorch: pip install 'kashi[train]'") from None
    torch.set_num_threads(1)
    return torch


def network(torch: Any, hidden: int) -> Any:
    """The correction network and the two scales of the hand-made terms, as one module."""
    inputs = 2 * len(SEAT_FEATURES) + len(TABLE_FEATURES)
    model = torch.nn.Module()
    model.net = torch.nn.Sequential(torch.nn.Linear(inputs, hidden), torch.nn.Tanh(), torch.nn.Linear(hidden, 2))
    torch.nn.init.zeros_(model.net[2].weight)
    torch.nn.init.zeros_(model.net[2].bias)
    model.scales = torch.nn.Parameter(torch.tensor(START_SCALES))
    return model


def predict(model: Any, inputs: Any, priors: Any) -> Any:
    return model.net(inputs) + priors * model.scales


def losses(torch: Any, out: Any, mask: Any, win: Any, to_come: Any) -> tuple[Any, Any]:
    """Mean win cross-entropy and mean points error of a batch."""
    logits = out[..., 0].masked_fill(~mask, -1e9)
    cross_entropy = -(win * torch.log_softmax(logits, dim=-1)).sum(-1).mean()
    error = ((out[..., 1] - to_come / POINTS_SCALE) ** 2 * mask).sum() / mask.sum()
    return cross_entropy, error


def fit(
    rows: dict[str, np.ndarray[Any, Any]],
    settings: FitSettings,
    seed: int,
    checkpoint: Path,
    resume: bool,
    progress: Callable[[int, dict[str, float]], None],
) -> dict[str, np.ndarray[Any, Any]]:
    """Train, saving a checkpoint after every epoch; returns the network's layers as NumPy arrays."""
    torch = _torch()
    torch.manual_seed(seed)
    model = network(torch, settings.hidden)
    optimizer = torch.optim.Adam(
        [
            {"params": model.net.parameters(), "weight_decay": settings.weight_decay},
            {"params": [model.scales], "weight_decay": 0.0},
        ],
        lr=settings.learning_rate,
    )
    start = 0
    if resume and checkpoint.is_file():
        saved = torch.load(checkpoint, weights_only=True)
        model.load_state_dict(saved["model"])
        optimizer.load_state_dict(saved["optimizer"])
        start = int(saved["epoch"])
    inputs = torch.tensor(model_inputs(rows["seats"], rows["table"], rows["mask"]), dtype=torch.float32)
    priors = torch.tensor(prior_terms(rows["seats"], rows["table"], rows["mask"]), dtype=torch.float32)
    mask = torch.tensor(rows["mask"])
    win = torch.tensor(rows["win"])
    to_come = torch.tensor(rows["to_come"])
    for epoch in range(start, settings.epochs):
        order = torch.tensor(np.random.default_rng([seed, epoch]).permutation(len(inputs)))
        totals = {"win_loss": 0.0, "points_loss": 0.0}
        for begin in range(0, len(order), settings.batch):
            index = order[begin : begin + settings.batch]
            out = predict(model, inputs[index], priors[index])
            cross_entropy, error = losses(torch, out, mask[index], win[index], to_come[index])
            optimizer.zero_grad()
            (cross_entropy + POINTS_WEIGHT * error).backward()
            optimizer.step()
            totals["win_loss"] += cross_entropy.item() * len(index) / len(order)
            totals["points_loss"] += error.item() * len(index) / len(order)
        torch.save({"model": model.state_dict(), "optimizer": optimizer.state_dict(), "epoch": epoch + 1}, checkpoint)
        progress(epoch + 1, totals)
    first, _, last = model.net
    lead_scale, gain_scale = model.scales.detach().numpy().tolist()
    return {
        "w1": first.weight.detach().numpy().T.copy(),
        "b1": first.bias.detach().numpy().copy(),
        "w2": last.weight.detach().numpy().T.copy(),
        "b2": last.bias.detach().numpy().copy(),
        "lead_scale": np.array(lead_scale),
        "gain_scale": np.array(gain_scale),
    }
