"""Tests that need something a user's machine may lack (an optional extra, a service, a program,
a browser) skip without it, saying what is missing, except under KASHI_REQUIRE_SERVICES=1 (CI),
where it is a failure: CI provides all of them, so a skip there would hide tests that never ran."""

from __future__ import annotations

import asyncio
import importlib.util
import os
import threading
from collections.abc import Callable, Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NoReturn, TypeVar

import pytest

T = TypeVar("T")


def run_async(coroutine: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run`` in a thread of its own. A test process that has driven a browser keeps
    Playwright's event loop running in its main thread, where ``asyncio.run`` refuses to start."""
    with ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


@contextmanager
def loop_in_a_thread() -> Iterator[Callable[[Coroutine[Any, Any, T]], T]]:
    """One event loop, kept for several coroutines in a row (what they open stays bound to it),
    turning in a thread of its own for the reason ``run_async`` gives; yields a ``run``."""
    loop = asyncio.new_event_loop()
    turning = threading.Thread(target=loop.run_forever, daemon=True)
    turning.start()

    def run(coroutine: Coroutine[Any, Any, T]) -> T:
        return asyncio.run_coroutine_threadsafe(coroutine, loop).result()

    try:
        yield run
    finally:
        loop.call_soon_threadsafe(loop.stop)
        turning.join()
        loop.close()


def unavailable(message: str, module_level: bool = False) -> NoReturn:
    """Skip the test (its whole module with ``module_level``) because ``message`` says what is
    missing; fail instead under KASHI_REQUIRE_SERVICES=1."""
    if os.environ.get("KASHI_REQUIRE_SERVICES") == "1":
        pytest.fail(f"{message}; KASHI_REQUIRE_SERVICES=1 requires it")
    pytest.skip(message, allow_module_level=module_level)


def compiled_core() -> Any:
    """The compiled core (``kashi.core.native._core``): skip where ``KASHI_PURE=1`` turns it off
    on purpose; where it was not built, skip, or fail under KASHI_REQUIRE_SERVICES=1."""
    from kashi.core import native

    if os.environ.get("KASHI_PURE") == "1":
        pytest.skip("KASHI_PURE=1: the Python engines alone")
    if native.CORE is None:
        unavailable("the compiled core was not built (no C compiler when kashi was installed)")
    return native.CORE


def require_modules(extra: str, *modules: str) -> None:
    """Skip the calling test module unless ``modules`` import (fail under KASHI_REQUIRE_SERVICES=1)."""
    missing = [name for name in modules if importlib.util.find_spec(name) is None]
    if not missing:
        return
    unavailable(f"{', '.join(missing)} not installed: pip install -e '.[{extra}]'", module_level=True)


def needs_extra(extra: str, *modules: str) -> Callable[[Path, Any], pytest.Module | None]:
    """A ``pytest_pycollect_makemodule`` hook for a conftest: every test module of its directory
    is checked with ``require_modules`` before its own imports run, however pytest was pointed at
    it (a conftest that skipped on import would stop a run naming its directory)."""

    def pytest_pycollect_makemodule(module_path: Path, parent: Any) -> pytest.Module | None:
        if all(importlib.util.find_spec(name) for name in modules):
            return None
        return MissingExtraModule.from_parent(parent, path=module_path, needs=(extra, *modules))

    return pytest_pycollect_makemodule


class MissingExtraModule(pytest.Module):
    """A test module whose extra is missing: collecting it skips (or fails) it as a whole."""

    def __init__(self, *args: Any, needs: tuple[str, ...], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.needs = needs

    def collect(self) -> Any:
        require_modules(*self.needs)
        return super().collect()
