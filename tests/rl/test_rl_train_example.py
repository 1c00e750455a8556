"""The training example runs (two tiny blocks); the real learning curve is in docs/rl.md."""

from __future__ import annotations

import importlib.util
from pathlib import Path

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_azul.py"


def test_training_example_runs_and_reports_win_rates() -> None:
    spec = importlib.util.spec_from_file_location("train_azul", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    curve = module.train(episodes=4, block=2, seed=1)
    assert len(curve) == 2
    assert all(0.0 <= rate <= 1.0 for rate in curve)
