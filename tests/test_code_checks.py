"""The code's own checks, run as tests so that they run beside the rest of the suite: ruff's
lint and format check, mypy in strict mode, and for the browser client ESLint, Prettier's check
and the unit tests under tests/js with Node's test runner (``make lint``, ``make types``,
``make lint-js`` and ``make test-js`` run them alone)."""

from __future__ import annotations

import importlib.util
import shutil
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


NODE_CHECKS = {
    "eslint": ["npx", "--no-install", "eslint"],
    "prettier": ["npx", "--no-install", "prettier", "--check", "."],
    "node-unit-tests": ["node", "--test", "tests/js/"],
}


@pytest.mark.parametrize("check", list(NODE_CHECKS))
def test_the_browser_code_passes(check: str) -> None:
    if shutil.which("node") is None or shutil.which("npx") is None:
        unavailable("Node.js is not installed: make test installs it (apt-get install nodejs npm)")
    if not (ROOT / "node_modules" / ".installed").is_file():
        unavailable("the JavaScript tools are not installed: make test installs them (npm ci)")
    done = subprocess.run(NODE_CHECKS[check], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, f"{' '.join(NODE_CHECKS[check])}:\n{done.stdout}{done.stderr}"
