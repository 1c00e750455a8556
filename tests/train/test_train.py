"""``kashi train azul``: a run is reproduced by its seed, resumes from its files, refuses to
overwrite another run, and writes weights that the model loads."""

from dataclasses import replace

import numpy as np
import pytest

from kashi.cli import main
from kashi.models.azul import AzulValueModel
from kashi.train.fit import FitSettings
from kashi.train.pipeline import Plan, RunError, train
from kashi.train.selfplay import GameSpec, PolicyMix, play_for_rows

TINY = Plan(games=3, mix=PolicyMix(("greedy:noise=0.2",), players=(2, 3)), fit=FitSettings(epochs=3), seed=5)


def test_a_game_gives_one_row_per_position_with_its_outcome():
    rows = play_for_rows(GameSpec(3, TINY.mix))
    count = len(rows["mask"])
    assert count > 20
    assert rows["seats"].shape[0] == rows["table"].shape[0] == count
    players = int(rows["mask"][0].sum())
    assert rows["win"][0, :players].sum() == pytest.approx(1.0)
    assert (rows["to_come"][:, players:] == 0).all()
    assert rows["to_come"][0, :players].max() > 0


def test_the_same_seed_gives_the_same_weights_and_another_seed_other_ones(tmp_path):
    first = AzulValueModel.load(train(TINY, tmp_path / "a", resume=False, workers=1, progress=False))
    again = AzulValueModel.load(train(TINY, tmp_path / "b", resume=False, workers=2, progress=False))
    other = AzulValueModel.load(train(replace(TINY, seed=6), tmp_path / "c", resume=False, workers=1, progress=False))
    assert np.array_equal(first.w1, again.w1) and np.array_equal(first.w2, again.w2)
    assert not np.array_equal(first.w1, other.w1)


def test_a_run_resumes_from_its_chunks_and_checkpoint_and_is_not_overwritten(tmp_path):
    out = tmp_path / "run"
    weights = train(TINY, out, resume=False, workers=1, progress=False)
    before = AzulValueModel.load(weights).w1
    with pytest.raises(RunError, match="--resume"):
        train(TINY, out, resume=False, workers=1, progress=False)
    with pytest.raises(RunError, match="other settings"):
        train(replace(TINY, games=4), out, resume=True, workers=1, progress=False)
    weights.unlink()
    (out / "chunks" / "chunk-0000.npz").rename(out / "chunks" / "kept.npz")
    assert np.array_equal(AzulValueModel.load(train(TINY, out, resume=True, workers=1, progress=False)).w1, before)
    chunks = out / "chunks"
    assert np.array_equal(np.load(chunks / "kept.npz")["win"], np.load(chunks / "chunk-0000.npz")["win"])


def test_the_command_trains_and_writes_checked_weights(tmp_path, capsys):
    out = tmp_path / "cli"
    assert main(["train", "azul", "--quick", "--games", "2", "--workers", "1", "--out", str(out), "--no-progress"]) == 0
    assert "Weights written to" in capsys.readouterr().out
    assert AzulValueModel.load(out / "azul.npz").w1.shape[1] == 32
    with pytest.raises(SystemExit, match="already holds a training run"):
        main(["train", "azul", "--quick", "--games", "2", "--out", str(out), "--no-progress"])


def test_a_fit_stopped_after_one_epoch_and_resumed_ends_where_an_unbroken_one_does(tmp_path):
    from kashi.train.fit import fit

    rows = play_for_rows(GameSpec(4, TINY.mix))
    settings = FitSettings(epochs=3, batch=16)
    unbroken = fit(rows, settings, 1, tmp_path / "a.pt", False, lambda epoch, totals: None)
    fit(rows, replace(settings, epochs=1), 1, tmp_path / "b.pt", False, lambda epoch, totals: None)
    epochs = []
    resumed = fit(rows, settings, 1, tmp_path / "b.pt", True, lambda epoch, totals: epochs.append(epoch))
    assert epochs == [2, 3]
    assert all(np.array_equal(unbroken[name], resumed[name]) for name in unbroken)
