"""Persian sentences write their numbers in Persian digits (issue 47, finding 10): a Latin digit
in a Persian template is left only in notation (moves, cells, tablets, rule examples), never in
a number a sentence counts with."""

from __future__ import annotations

import re

from kashi.web.catalogues import catalogue, languages

NOTATION_KEYS = re.compile(r"syntax|^core\.bad_action$|^ui\.move\.help\.|start_colours\.about$|^azul\.tiling_now$")
"""Texts whose numbers are examples of notation ("4R3", "w24", "h8", coordinates)."""
COUNTED = re.compile(r"(?<![A-Za-z0-9{}.])[0-9]+(?![A-Za-z0-9}])")
"""A number standing alone: not part of a move, a cell, a tablet's name or a placeholder."""
WRITTEN = re.compile(r"(?<![A-Za-z0-9{}.])[0-9۰-۹]+(?![A-Za-z0-9}])")
"""The same in any digits, Persian's among them."""


def test_persian_texts_count_in_persian_digits() -> None:
    latin = {}
    for key, template in catalogue("fa").items():
        prose = re.sub(r"\{[^}]*\}", "", template)
        if not NOTATION_KEYS.search(key) and COUNTED.search(prose):
            latin[key] = template
    assert latin == {}


def engine_message(key: str) -> bool:
    """A text the engines and the server say (a refusal, a score part), not the table's labels
    or the registry's descriptions."""
    head = key.partition(".")[0]
    return ".ui." not in key and head not in ("ui", "option", "variant", "review", "level", "term")


def test_engine_messages_take_their_numbers_as_parameters() -> None:
    """A number an engine message names is a parameter, so each language shows it in its digits
    by the catalogue's formatting and no translator writes it by hand."""
    by_hand = {}
    for language in languages():
        for key, template in catalogue(language).items():
            prose = re.sub(r"\{[^}]*\}", "", template)
            if engine_message(key) and not NOTATION_KEYS.search(key) and WRITTEN.search(prose):
                by_hand[f"{language} {key}"] = template
    assert by_hand == {}
