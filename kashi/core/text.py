"""Plain-text pictures: tile letters are always shown; ANSI colour is only ever added to them."""

from __future__ import annotations

import re
from collections.abc import Mapping

ANSI = re.compile(r"\x1b\[[0-9;]*m")


def visible(text: str) -> str:
    """The text as a terminal shows it: colour codes take no room."""
    return ANSI.sub("", text)


def pad(text: str, width: int, right: bool = False) -> str:
    """``text`` padded with spaces to ``width`` visible characters (on the left if ``right``),
    so coloured letters line up like plain ones; format's ``:<`` would count the codes."""
    gap = " " * max(0, width - len(visible(text)))
    return gap + text if right else text + gap


class Palette:
    """ANSI colour codes per tile letter, so one letter reads the same with or without colour."""

    def __init__(self, codes: Mapping[str, str]) -> None:
        self.codes = {letter.upper(): code for letter, code in codes.items()}

    def paint(self, text: str, colour: bool) -> str:
        code = self.codes.get(text.upper()) if colour else None
        return f"\x1b[{code}m{text}\x1b[0m" if code else text
