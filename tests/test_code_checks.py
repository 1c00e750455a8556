"""The code's own checks, run as tests so that they run beside the rest of the suite: ruff's
lint and format check, and mypy in strict mode (``make lint`` and ``make types`` run them
alone)."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest
from kashi_test_extras import unavailable

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ["kashi", "tests", "examples"]
CHECKS = {
    "ruff-lint": ("ruff", ["check", *SOURCES]),
    "ruff-format": ("ruff", ["format", "--check", *SOURCES]),
    "mypy-strict": ("mypy", ["--strict", "kashi"]),
}


@pytest.mark.parametrize("check", list(CHECKS))
def test_the_code_passes(check: str) -> None:
    tool, arguments = CHECKS[check]
    if importlib.util.find_spec(tool) is None:
        unavailable(f"{tool} is not installed: pip install -e '.[dev]'")
    done = subprocess.run(
        [sys.executable, "-m", tool, *arguments], cwd=ROOT, capture_output=True, text=True, timeout=900
    )
    assert done.returncode == 0, f"{tool} {' '.join(arguments)}:\n{done.stdout}{done.stderr}"
