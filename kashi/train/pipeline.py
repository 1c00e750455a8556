"""The stages of ``kashi train azul``: self-play in chunks, fitting, the checked weights file.

Everything lands under ``--out``: ``chunks/chunk-NNNN.npz`` (the rows of ``CHUNK`` games
each), ``checkpoint.pt`` (the network and optimizer after each epoch), ``plan.json`` (the
settings, so a resumed run cannot mix two plans) and finally ``azul.npz`` with its
``azul.npz.sha256``. ``--resume`` keeps finished chunks and the last checkpoint; without it an
``--out`` that already holds a run is refused rather than overwritten.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import numpy as np

from kashi.games.azul.features import SEAT_FEATURES, TABLE_FEATURES
from kashi.models.store import save_weights
from kashi.train.fit import FitSettings, fit
from kashi.train.selfplay import GameSpec, PolicyMix, join, play_for_rows

CHUNK = 20
WEIGHTS_NAME = "azul.npz"


@dataclass(frozen=True)
class Plan:
    games: int
    mix: PolicyMix
    fit: FitSettings
    seed: int


FULL = Plan(
    games=540,
    mix=PolicyMix(("greedy:noise=0.1", "mcts:iterations=60", "mcts:iterations=150")),
    fit=FitSettings(epochs=40),
    seed=0,
)
QUICK = Plan(games=40, mix=PolicyMix(("greedy:noise=0.1", "mcts:iterations=20")), fit=FitSettings(epochs=30), seed=0)


class RunError(Exception):
    """An output folder that cannot take this run."""


def plan_for(quick: bool, seed: int, games: int | None = None) -> Plan:
    base = QUICK if quick else FULL
    return Plan(games or base.games, base.mix, base.fit, seed)


def game_seed(plan: Plan, index: int) -> int:
    """The seed of game ``index``: fixed by the run's seed alone, not by who plays it."""
    return plan.seed * 1_000_003 + index


def train(plan: Plan, out: Path, resume: bool, workers: int = 0, address: str | None = None,
          progress: bool = True) -> Path:  # fmt: skip
    """Run every stage (skipping what a resumed run already has); returns the weights file."""
    _claim(out, plan, resume)
    chunks = _self_play(plan, out, workers, address, progress)
    rows = join([_read(path) for path in chunks])
    bar = _bar(plan.fit.epochs, "fit", "epoch", progress)

    def report(epoch: int, totals: dict[str, float]) -> None:
        bar.n = epoch
        bar.set_postfix({key: f"{value:.4f}" for key, value in totals.items()})

    layers = fit(rows, plan.fit, plan.seed, out / "checkpoint.pt", resume, report)
    bar.close()
    meta = json.dumps({"plan": asdict(plan), "rows": len(rows["mask"]), "games": plan.games})
    weights = out / WEIGHTS_NAME
    save_weights(
        weights,
        {
            **layers,
            "seat_features": np.array(SEAT_FEATURES),
            "table_features": np.array(TABLE_FEATURES),
            "meta": np.array(meta),
        },
    )
    return weights


def _claim(out: Path, plan: Plan, resume: bool) -> None:
    marker = out / "plan.json"
    text = json.dumps(asdict(plan), sort_keys=True)
    if marker.is_file():
        if not resume:
            raise RunError(f"{out} already holds a training run: pass --resume to continue it, or another --out")
        if marker.read_text(encoding="utf-8") != text:
            raise RunError(f"{out} holds a run with other settings (see its plan.json); use another --out")
    elif out.exists() and any(out.iterdir()):
        raise RunError(f"{out} is not empty and holds no training run; use another --out")
    out.mkdir(parents=True, exist_ok=True)
    marker.write_text(text, encoding="utf-8")


def _self_play(plan: Plan, out: Path, workers: int, address: str | None, progress: bool) -> list[Path]:
    folder = out / "chunks"
    folder.mkdir(exist_ok=True)
    paths = [folder / f"chunk-{index:04d}.npz" for index in range(-(-plan.games // CHUNK))]
    todo = [index for index, path in enumerate(paths) if not path.is_file()]
    bar = _bar(plan.games, "self-play", "game", progress)
    bar.update(plan.games - sum(_chunk_size(plan, index) for index in todo))
    for index, rows in _play_chunks(plan, todo, workers, address, bar):
        partial = paths[index].with_suffix(".partial.npz")
        np.savez_compressed(partial, **rows)
        partial.replace(paths[index])
    bar.close()
    return paths


def _read(path: Path) -> dict[str, Any]:
    with np.load(path) as data:
        return {key: data[key] for key in data.files}


def _chunk_size(plan: Plan, index: int) -> int:
    return min(CHUNK, plan.games - index * CHUNK)


def _play_chunks(plan: Plan, todo: list[int], workers: int, address: str | None,
                 bar: Any) -> Iterator[tuple[int, dict[str, Any]]]:  # fmt: skip
    """Each unfinished chunk's rows, its games spread over local processes or a Ray cluster."""
    specs = {index: [GameSpec(game_seed(plan, index * CHUNK + k), plan.mix) for k in range(_chunk_size(plan, index))]
             for index in todo}  # fmt: skip
    if address:
        yield from _ray_chunks(specs, address, bar)
        return
    with ProcessPoolExecutor(max_workers=workers or os.cpu_count() or 1) as pool:
        for index, games in specs.items():
            parts = []
            for rows in pool.map(play_for_rows, games):
                parts.append(rows)
                bar.update(1)
            yield index, join(parts)


def _ray_chunks(specs: dict[int, list[GameSpec]], address: str, bar: Any) -> Iterator[tuple[int, dict[str, Any]]]:
    import ray

    ray.init(address=address, log_to_driver=False)
    remote = ray.remote(play_for_rows)
    try:
        for index, games in specs.items():
            parts = []
            for rows in ray.get([remote.remote(game) for game in games]):
                parts.append(rows)
                bar.update(1)
            yield index, join(parts)
    finally:
        ray.shutdown()


def _bar(total: int, stage: str, unit: str, enabled: bool) -> Any:
    from tqdm import tqdm  # type: ignore[import-untyped]

    return tqdm(total=total, desc=stage, unit=unit, disable=not enabled, dynamic_ncols=True)
