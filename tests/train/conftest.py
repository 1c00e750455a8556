"""Training needs PyTorch (the fit) and sb3-contrib (maskable trainers): the train extra."""

from __future__ import annotations

import importlib.util
import os

import pytest


@pytest.fixture(autouse=True)
def _train_extra() -> None:
    """Skip when the train extra is absent, unless KASHI_REQUIRE_SERVICES=1 (CI), where it fails."""
    missing = [name for name in ("torch", "sb3_contrib") if importlib.util.find_spec(name) is None]
    if not missing:
        return
    message = f"{', '.join(missing)} not installed: pip install -e '.[train]'"
    if os.environ.get("KASHI_REQUIRE_SERVICES") == "1":
        pytest.fail(f"{message}; KASHI_REQUIRE_SERVICES=1 requires it")
    pytest.skip(message)
