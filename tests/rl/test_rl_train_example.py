"""The training example runs (two tiny blocks); the real learning curve is in docs/rl.md."""

from __future__ import annotations

from kashi_examples import load_example


def test_training_example_runs_and_reports_win_rates() -> None:
    curve = load_example("train_azul").train(episodes=4, block=2, seed=1)
    assert len(curve) == 2
    assert all(0.0 <= rate <= 1.0 for rate in curve)
