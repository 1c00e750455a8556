"""Ingenious moves in the spec's notation (section 9): ``RB h8-h9``, ``GG g7-g8``, ``swap``, ``keep``.

A placement puts colour ``first`` on cell ``a`` and ``second`` on cell ``b``. The same physical
placement can be written two ways (``RB h8-h9`` is ``BR h9-h8``); moves are kept canonical
(lower colour first; for a double, lower cell first) so each placement is one move.
"""

from __future__ import annotations

import re
from enum import Enum
from typing import NamedTuple

from kashi.core.errors import MoveSyntaxError
from kashi.games.ingenious.hexgrid import NAMES, cell_of
from kashi.games.ingenious.tiles import COLOURS, colour_of


class Placement(NamedTuple):
    """Place a tile: colour ``first`` on cell ``a``, colour ``second`` on cell ``b``."""

    first: int
    second: int
    a: int
    b: int

    def __str__(self) -> str:
        return f"{COLOURS[self.first]}{COLOURS[self.second]} {NAMES[self.a]}-{NAMES[self.b]}"

    def canonical(self) -> Placement:
        """The same placement written the canonical way."""
        if self.first > self.second or (self.first == self.second and self.a > self.b):
            return Placement(self.second, self.first, self.b, self.a)
        return self


class Decision(Enum):
    """The end-of-turn choice, asked only when a swap is allowed."""

    SWAP = "swap"
    KEEP = "keep"

    def __str__(self) -> str:
        return self.value


Move = Placement | Decision


def move_parts(move: Move) -> dict[str, str | list[str]]:
    """A placement's two colour letters and the cells they go on (in that order), or the
    end-of-turn choice."""
    if isinstance(move, Decision):
        return {"kind": move.value}
    colours = [COLOURS[move.first], COLOURS[move.second]]
    return {"kind": "place", "colours": colours, "cells": [NAMES[move.a], NAMES[move.b]]}


_PLACEMENT = re.compile(r"^([A-Za-z]{2})\s+([A-Za-z]\d{1,2})-([A-Za-z]\d{1,2})$")


def parse_move(text: str) -> Move:
    """Read a move; raise ``MoveSyntaxError`` on malformed text or unknown cells."""
    words = text.strip()
    for decision in Decision:
        if words.lower() == decision.value:
            return decision
    match = _PLACEMENT.match(words)
    if match is None:
        raise MoveSyntaxError("ingenious.syntax_move", text=text)
    colours, first_cell, second_cell = match.groups()
    first, second = colour_of(colours[0]), colour_of(colours[1])
    if first < 0 or second < 0:
        raise MoveSyntaxError("ingenious.syntax_tile", text=colours)
    a, b = cell_of(first_cell), cell_of(second_cell)
    if a is None:
        raise MoveSyntaxError("ingenious.syntax_cell", text=first_cell)
    if b is None:
        raise MoveSyntaxError("ingenious.syntax_cell", text=second_cell)
    return Placement(first, second, a, b).canonical()
