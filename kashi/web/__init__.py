"""The browser client: static ES modules, SVG and CSS served as they are.

This folder holds the shell every table shares, served under ``/static``; each game's own
browser side lives in its package (``Family.web``), served under ``/static/games/<family>/``.
"""

from __future__ import annotations

import importlib
from pathlib import Path

from kashi.core.registry import Family, families

WEB = Path(__file__).resolve().parent
"""The shell's folder, served under ``/static``."""


def game_folder(family: Family) -> Path | None:
    """The folder of the family's browser side, or None for a game the browser cannot show."""
    if not family.web:
        return None
    module = importlib.import_module(family.web)
    return Path(str(module.__file__)).resolve().parent


def game_folders() -> dict[str, Path]:
    """Each registered family's browser folder, by family name."""
    return {family.name: folder for family in families() if (folder := game_folder(family)) is not None}


def has_file(family: Family, name: str) -> bool:
    """Whether the family's browser folder has the file: ``table.js`` (a table to play at),
    ``learn.json`` (the two-minute teach and the rules reference)."""
    folder = game_folder(family)
    return folder is not None and (folder / name).is_file()


def has_table(family: Family) -> bool:
    return has_file(family, "table.js")
