"""Render modes of the environments: the table as text, returned (``ansi``) or printed (``human``).

``human`` follows Gymnasium's convention: the table is printed after every ``reset`` and
``step`` without asking, and ``render()`` prints it and returns None.
"""

from __future__ import annotations

RENDER_MODES = ["human", "ansi"]


def check_render_mode(mode: str | None) -> str | None:
    if mode is not None and mode not in RENDER_MODES:
        raise ValueError(f"render_mode must be None, 'human' or 'ansi', not {mode!r}")
    return mode


def shown(text: str, mode: str | None) -> str | None:
    """What ``render()`` returns for ``text``: the text in ``ansi`` mode; printed in ``human`` mode."""
    if mode == "human":
        print(text)
        return None
    return text if mode == "ansi" else None
