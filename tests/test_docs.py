"""The examples people copy: every ``>>>`` example in the README and the docs runs as written,
and the example scripts run to their own checks."""

from __future__ import annotations

import doctest
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCUMENTS = sorted(path for path in [ROOT / "README.md", *(ROOT / "docs").glob("*.md")] if ">>> " in path.read_text())


def test_the_readme_and_the_hosting_guide_carry_examples() -> None:
    assert {ROOT / "README.md", ROOT / "docs" / "hosting.md"} <= set(DOCUMENTS)


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda path: path.name)
def test_every_example_in_the_document_runs_as_written(document: Path) -> None:
    result = doctest.testfile(str(document), module_relative=False, optionflags=doctest.ELLIPSIS, verbose=False)
    assert result.attempted > 0 and result.failed == 0


def test_the_hosting_example_hosts_a_game_to_the_recorded_result() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "host_from_file.py")], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    hosted, recorded = done.stdout.strip().splitlines()[-1].removeprefix("hosted: ").split(", recorded: ")
    assert hosted == recorded
