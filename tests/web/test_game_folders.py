"""Each game's browser side lives in its own folder (``Family.web``) and ships with kashi."""

from __future__ import annotations

import tomllib
from glob import glob
from pathlib import Path

import kashi
from kashi.core.registry import families
from kashi.web import WEB, game_folders, has_table

PACKAGE = Path(kashi.__file__).resolve().parent
PROJECT = PACKAGE.parent


def package_data() -> list[str]:
    settings = tomllib.loads((PROJECT / "pyproject.toml").read_text(encoding="utf-8"))
    globs: list[str] = settings["tool"]["setuptools"]["package-data"]["kashi"]
    return globs


def test_every_family_has_its_whole_browser_side_in_its_folder() -> None:
    for family in families():
        folder = game_folders()[family.name]
        assert folder.is_relative_to(PACKAGE / "games"), family.name
        assert has_table(family)
        for name in ("table.js", "table.css", "picture.svg", "learn.json", "learn.en.json"):
            assert (folder / name).is_file(), f"{family.name}: {name}"


def test_no_game_file_is_left_in_the_shell() -> None:
    names = {family.name for family in families()}
    stray = [path for path in WEB.rglob("*") if path.is_file() and any(path.name.startswith(name) for name in names)]
    assert stray == []


def test_every_browser_file_is_packaged() -> None:
    """A wheel carries the files the package-data globs match as setuptools reads them (``*``
    stays within a folder): every file the browser is served, the shell's and each game's, must
    match one."""
    packaged = {Path(name) for pattern in package_data() for name in glob(pattern, root_dir=PACKAGE)}
    folders = [WEB, *game_folders().values()]
    files = [path for folder in folders for path in folder.rglob("*") if path.is_file() and path.suffix != ".py"]
    files = [path.relative_to(PACKAGE) for path in files if "__pycache__" not in path.parts]
    assert files and sorted(set(files) - packaged) == []
