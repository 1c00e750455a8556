"""Plain-text pictures: tile letters are always shown; ANSI colour is only ever added to them."""

from __future__ import annotations

from collections.abc import Mapping


class Palette:
    """ANSI colour codes per tile letter, so one letter reads the same with or without colour."""

    def __init__(self, codes: Mapping[str, str]) -> None:
        self.codes = {letter.upper(): code for letter, code in codes.items()}

    def paint(self, text: str, colour: bool) -> str:
        code = self.codes.get(text.upper()) if colour else None
        return f"\x1b[{code}m{text}\x1b[0m" if code else text
