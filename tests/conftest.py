"""The order tests start in: the slow kinds first.

Test processes run side by side (pytest-xdist); a run ends when its last test does. Started
first, the browser and server tests (seconds each) overlap the thousands of quick ones that
follow, which then even out the processes' ends, instead of one process finishing a long
browser game alone while the others wait."""

from __future__ import annotations

import pytest

SLOW_FIRST = ("tests/test_code_checks.py", "tests/web/", "tests/server/", "tests/arena/", "tests/train/")
"""Folders whose tests start first, in this order; the rest keep their order after them."""


def _rank(item: pytest.Item) -> int:
    path = item.nodeid
    return next((rank for rank, folder in enumerate(SLOW_FIRST) if path.startswith(folder)), len(SLOW_FIRST))


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    items.sort(key=_rank)
