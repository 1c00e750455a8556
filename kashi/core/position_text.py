"""The grammar every game's position notation shares (docs/notation.md, "Position notation").

A position is one line of fields separated by spaces. Inside a field, parts are separated by
``/`` and list items by ``,``; ``-`` is an empty list or an empty set of tiles. Every reader here
takes the name of the field it reads, so a bad text is refused with that name and the reason.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NoReturn

from kashi.core.errors import KashiError
from kashi.core.messages import register

NONE = "-"
"""An empty list, an empty set of tiles, a part with nothing in it."""

register({"core.bad_position": "bad position, {field}: {reason}"})


class PositionError(KashiError, ValueError):
    """A position text that does not follow its game's position notation, or describes a
    position the rules cannot reach (tiles not conserved, a line of two colours, ...)."""


def refuse(field: str, reason: str) -> NoReturn:
    """Refuse a position text, naming the field that is wrong."""
    raise PositionError("core.bad_position", field=field, reason=reason)


def split_fields(text: str, names: Sequence[str]) -> dict[str, str]:
    """The fields of a position line by name; the count must be exactly that of ``names``."""
    words = text.split() if isinstance(text, str) else []
    if len(words) != len(names):
        refuse("fields", f"{len(words)} fields, expected {len(names)}: {' '.join(names)}")
    return dict(zip(names, words, strict=True))


def split_parts(text: str, field: str, names: Sequence[str], separator: str = "/") -> list[str]:
    """The ``separator``-separated parts of a field, exactly one per name."""
    parts = text.split(separator)
    if len(parts) != len(names):
        refuse(field, f"{text!r} has {len(parts)} parts, expected {len(names)}: {separator.join(names)}")
    return parts


def items(text: str, field: str) -> list[str]:
    """The comma-separated items of a list (``-``: none); no item may be empty."""
    if text == NONE:
        return []
    found = text.split(",")
    if any(not item for item in found):
        refuse(field, f"{text!r} has an empty item (write - for an empty list)")
    return found


def exact_items(text: str, field: str, count: int, what: str) -> list[str]:
    """A list that has exactly ``count`` items (``what`` they are, for the message)."""
    found = items(text, field)
    if len(found) != count:
        refuse(field, f"{len(found)} {what}, expected {count}")
    return found


def write_items(texts: Sequence[str]) -> str:
    return ",".join(texts) or NONE


def number(text: str, field: str, low: int, high: int) -> int:
    """A decimal number within ``low..high``."""
    if not text.isdigit() or not low <= int(text) <= high:
        refuse(field, f"{text!r} is not a number {low}..{high}")
    return int(text)


def number_as_fact(text: str) -> int | str:
    """A number as the facts hold it; anything else is left as written, for the game's
    ``build`` to refuse with the field's range."""
    return int(text) if text.isdigit() else text


def tiles_as_fact(text: str) -> str:
    """Tile letters as the facts hold them: ``NONE`` is no tiles."""
    return "" if text == NONE else text


def after_label(text: str, label: str, field: str) -> str:
    """The rest of a field that must start with ``label`` (``r`` of ``r3``, ``L:`` of ``L:RRY``)."""
    if not text.startswith(label):
        refuse(field, f"{text!r} does not start with {label!r}")
    return text[len(label) :]


def letter_counts(text: str, letters: str, field: str, most: int) -> list[int]:
    """Tiles written as their letters, ``RRYK`` (``-``: none), as counts per letter."""
    if text == NONE:
        return [0] * len(letters)
    unknown = sorted(set(text) - set(letters))
    if unknown:
        refuse(field, f"{text!r} holds {''.join(unknown)!r}, which is none of the letters {letters}")
    if len(text) > most:
        refuse(field, f"{text!r} is {len(text)} tiles, at most {most} fit here")
    return [text.count(letter) for letter in letters]


def write_letters(counts: Sequence[int], letters: str) -> str:
    """Counts per letter as the letters repeated, in the letters' order: ``RRYK``."""
    return "".join(letter * count for letter, count in zip(letters, counts, strict=True)) or NONE


def one_colour(text: str, letters: str, field: str, most: int) -> tuple[int, int]:
    """A pattern line: up to ``most`` tiles of one colour (``-``: none), as (colour, count);
    the colour is -1 when the line is empty."""
    counts = letter_counts(text, letters, field, most)
    held = [colour for colour, count in enumerate(counts) if count]
    if len(held) > 1:
        refuse(field, f"{text!r} mixes colours: a pattern line holds one colour")
    return (held[0], counts[held[0]]) if held else (-1, 0)


def write_one_colour(colour: int, count: int, letters: str) -> str:
    return letters[colour] * count if count else NONE


_NAMED_COUNT = re.compile(r"([A-Z]+)(\d+)")


def named_counts(text: str, names: Sequence[str], field: str, most: int) -> list[int]:
    """Counts written as a name and a number each, ``B10Y9R12`` or ``R2TY1`` (``-``: all 0);
    names left out count 0, and each name appears at most once."""
    names = tuple(names)
    counts = [0] * len(names)
    if text == NONE:
        return counts
    position = 0
    seen: set[str] = set()
    while position < len(text):
        match = _NAMED_COUNT.match(text, position)
        if match is None or match.group(1) not in names:
            refuse(field, f"{text!r} is not a list of counts like {names[0]}3{names[1]}1 (names: {' '.join(names)})")
        name, count = match.groups()
        if name in seen:
            refuse(field, f"{text!r} gives {name} twice")
        seen.add(name)
        counts[names.index(name)] = number(count, field, 0, most)
        position = match.end()
    return counts


def write_named_counts(counts: Sequence[int], names: Sequence[str], every: bool = False) -> str:
    """Counts as ``B10Y9R12``: zeros left out unless ``every``, ``-`` when nothing is left."""
    return "".join(f"{name}{count}" for name, count in zip(names, counts, strict=True) if count or every) or NONE
