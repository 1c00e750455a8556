"""A long row played in parts on other seeds reads back as one tournament; mixed runs are refused."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from kashi.arena import ArenaConfig, run
from kashi.arena.journal import RECORDS, JournalError
from kashi.arena.runner import combine

LADDER = Path(__file__).resolve().parents[2] / "benchmarks" / "ladder.py"


def part(out, seed, games, bots=("greedy", "random")):
    return run(ArenaConfig(variant="azul", bots=list(bots), games=games, seed=seed, workers=1, progress=False,
                           out=out))  # fmt: skip


def test_parts_on_other_seeds_give_what_one_run_over_all_the_seeds_gives(tmp_path):
    whole = part(tmp_path / "whole", 40, 6)
    part(tmp_path / "a", 40, 2)
    part(tmp_path / "b", 41, 4)
    shutil.rmtree(tmp_path / "b" / RECORDS)  # results kept without their records still count
    combined = combine([tmp_path / "b", tmp_path / "a"])
    assert [(r.seed, r.seats, r.scores) for r in combined.results] == [
        (r.seed, r.seats, r.scores) for r in whole.results
    ]
    assert combined.summary()["bots"] == whole.summary()["bots"]
    assert combined.summary()["elo"] == whole.summary()["elo"]


def test_parts_of_other_matches_or_sharing_a_seed_are_refused(tmp_path):
    part(tmp_path / "a", 40, 2)
    part(tmp_path / "again", 40, 2)
    part(tmp_path / "other", 41, 2, bots=("random", "greedy"))
    with pytest.raises(JournalError, match="both played seed 40"):
        combine([tmp_path / "a", tmp_path / "again"])
    with pytest.raises(JournalError, match="holds another match"):
        combine([tmp_path / "a", tmp_path / "other"])
    with pytest.raises(JournalError, match="holds no tournament"):
        combine([tmp_path / "a", tmp_path / "missing"])


def test_the_ladder_prints_one_row_of_the_parts_from_the_side_the_match_names(tmp_path):
    part(tmp_path / "a", 40, 2)
    part(tmp_path / "b", 41, 2)
    whole = part(tmp_path / "whole", 40, 4).summary()["bots"]["random"]

    def printed(match):
        command = [sys.executable, str(LADDER), "azul", "--match", match, "--combine", str(tmp_path / "a"),
                   str(tmp_path / "b")]  # fmt: skip
        return subprocess.run(command, check=True, capture_output=True, text=True).stdout.splitlines()[-1]

    row = printed("random,greedy")
    assert row.startswith("| azul | 2 | random vs greedy | 4 | ")
    assert f"| {whole['wins']}-{whole['draws']}-{whole['losses']} |" in row
    assert printed("greedy,random").startswith("| azul | 2 | greedy vs random | 4 | ")
