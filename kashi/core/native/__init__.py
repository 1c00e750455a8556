"""The compiled core, when it was built and not turned off.

``CORE`` is the extension module ``kashi.core.native._core`` (see ``module.c``), or None when
kashi runs on its Python engines alone: no C compiler at install time, or ``KASHI_PURE=1``.
``KASHI_CORE_LIBRARY`` names another build of it to load instead (``make test-sanitized``
loads one built with AddressSanitizer and UndefinedBehaviorSanitizer).
"""

from __future__ import annotations

import os
import sys
from functools import cache
from importlib import import_module
from importlib.util import module_from_spec, spec_from_file_location
from types import ModuleType
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from kashi.core.native import _core
    from kashi.core.registry import AnyState


def _load() -> ModuleType | None:
    """The extension, unless it is turned off or absent."""
    if os.environ.get("KASHI_PURE") == "1":
        return None
    library = os.environ.get("KASHI_CORE_LIBRARY")
    if library:
        return _load_file(library)
    try:
        from kashi.core.native import _core
    except ImportError:
        return None
    return _core


def _load_file(path: str) -> ModuleType:
    """The extension from a file of one's choosing, registered under its own name."""
    spec = spec_from_file_location("kashi.core.native._core", path)
    if spec is None or spec.loader is None:
        raise ImportError(f"KASHI_CORE_LIBRARY={path} is not an extension module")
    module = module_from_spec(spec)
    spec.loader.exec_module(module)
    sys.modules[spec.name] = module
    return module


CORE = _load()


def core_name() -> str:
    """Which engines think, in words (``kashi --version``, ``kashi bench``)."""
    if CORE is not None:
        return "compiled core (C)"
    reason = "KASHI_PURE=1" if os.environ.get("KASHI_PURE") == "1" else "not built"
    return f"Python engines (compiled core {reason})"


def compiled(state: AnyState) -> _core.State | None:
    """The state held by its compiled engine (a ``_core.State``), or None when there is none."""
    if CORE is None or state.family not in CORE.FAMILIES:
        return None
    held: _core.State = CORE.State(state.family, _bridge(state.family).to_fields(state))
    return held


def uncompiled(native: _core.State) -> AnyState:
    """The Python engine's state of a compiled one."""
    return _bridge(native.family()).from_fields(native.fields())  # type: ignore[no-any-return]


@cache
def _bridge(family: str) -> ModuleType:
    from kashi.core.registry import families

    found = next(registered for registered in families() if registered.name == family)
    return import_module(found.compiled)
