"""A tournament's games are kept as each ends: a stopped run resumes, another run is refused."""

import json

import pytest

from kashi.arena import ArenaConfig, run
from kashi.arena.journal import GAMES, JournalError
from kashi.cli import main


def config(out, games, **settings):
    return ArenaConfig(variant="azul", bots=["greedy", "random"], games=games, seed=40, workers=1, progress=False,
                       out=out, **settings)  # fmt: skip


def test_a_run_stopped_part_way_resumes_to_what_an_unbroken_run_gives(tmp_path, monkeypatch):
    unbroken = run(config(tmp_path / "unbroken", 6))
    run(config(tmp_path / "stopped", 2))
    lines = (tmp_path / "stopped" / GAMES).read_text().splitlines()
    assert len(lines) == 2
    (tmp_path / "stopped" / GAMES).write_text("\n".join(lines) + '\n{"index": 2, "se')  # killed mid-line

    import kashi.arena.runner as runner

    played = []
    real_play = runner.play_game
    monkeypatch.setattr(runner, "play_game", lambda task: played.append(task.index) or real_play(task))
    resumed = run(config(tmp_path / "stopped", 6, resume=True))
    assert played == [2, 3, 4, 5], "the two finished games are kept, the one cut short is played again"
    assert [(r.index, r.scores, r.record) for r in resumed.results] == [
        (r.index, r.scores, r.record) for r in unbroken.results
    ]
    assert json.loads((tmp_path / "stopped" / "summary.json").read_text()) == unbroken.summary()


def test_an_out_folder_with_games_is_not_overwritten(tmp_path):
    run(config(tmp_path, 2))
    before = (tmp_path / GAMES).read_text()
    with pytest.raises(JournalError, match="already holds 2 games of this tournament; pass --resume"):
        run(config(tmp_path, 2))
    other = ArenaConfig(variant="azul", bots=["random", "greedy"], games=2, seed=40, workers=1, progress=False,
                        out=tmp_path, resume=True)  # fmt: skip
    with pytest.raises(JournalError, match="holds another tournament"):
        run(other)
    assert (tmp_path / GAMES).read_text() == before


def test_the_command_refuses_another_run_in_the_same_folder_in_one_line(tmp_path, capsys):
    out = str(tmp_path / "out")
    assert main(["arena", "azul", "--bot", "greedy", "--bot", "random", "--games", "2", "--out", out,
                 "--workers", "1", "--no-progress"]) == 0  # fmt: skip
    assert main(["arena", "azul", "--bot", "random", "--bot", "random", "--games", "2", "--out", out,
                 "--workers", "1", "--no-progress"]) == 2  # fmt: skip
    assert "holds another tournament (azul: greedy vs random, seed 1)" in capsys.readouterr().err


def test_the_mean_margin_is_each_bot_s_score_minus_the_best_other_seat_s(tmp_path):
    tournament = run(config(tmp_path, 4))
    for bot, row in tournament.summary()["bots"].items():
        margins = [
            r.scores[seat] - max(s for other, s in enumerate(r.scores) if other != seat)
            for r in tournament.results
            for seat, name in enumerate(r.seats)
            if name == bot
        ]
        assert row["mean_margin"] == pytest.approx(sum(margins) / len(margins))
    assert tournament.summary()["bots"]["greedy"]["mean_margin"] > 0
