"""Persian sentences write their numbers in Persian digits (issue 47, finding 10): a Latin digit
in a Persian template is left only in notation (moves, cells, tablets, rule examples), never in
a number a sentence counts with."""

from __future__ import annotations

import re

from kashi.web.catalogues import catalogue

NOTATION_KEYS = re.compile(r"syntax|^core\.bad_action$|^ui\.move\.help\.|start_colours\.about$|^azul\.tiling_now$")
"""Texts whose numbers are examples of notation ("4R3", "w24", "h8", coordinates)."""
COUNTED = re.compile(r"(?<![A-Za-z0-9{}.])[0-9]+(?![A-Za-z0-9}])")
"""A number standing alone: not part of a move, a cell, a tablet's name or a placeholder."""


def test_persian_texts_count_in_persian_digits() -> None:
    latin = {}
    for key, template in catalogue("fa").items():
        prose = re.sub(r"\{[^}]*\}", "", template)
        if not NOTATION_KEYS.search(key) and COUNTED.search(prose):
            latin[key] = template
    assert latin == {}
