"""Azul Duel's decisions and chance lines in words, as catalogue messages (the log and screen
readers show them in the viewer's language beside the notation)."""

from __future__ import annotations

from typing import Any

from kashi.core.messages import Message
from kashi.games.azul_duel.components import COLOUR_NAMES, COLOURS
from kashi.games.azul_duel.notation import Move, move_parts

CHANCE_HEADINGS = ("fill", "display", "drawn", "tablets", "chip")
"""The headings of Azul Duel's chance lines (supply.group), each said in one sentence."""


def describe_move(move: Move, taken: int) -> Message:
    """One message per kind of decision, filled from the move's parts (the table's own names:
    plates by number, slots from 1, workshop ``L`` or 1..4, line 1..6 or ``x``, cells ``c3``);
    a take of tiles says ``taken``, how many, which only the position before it knows."""
    parts: dict[str, Any] = move_parts(move)
    kind = parts.pop("kind")
    if "colour" in parts:
        parts["colour"] = COLOUR_NAMES[COLOURS.index(parts["colour"])]
        parts["count"] = taken
        parts.pop("order", None)
        if parts["line"] == "x":
            kind += "_broken"
    if kind.startswith("sun") and parts["workshop"] == "L":
        kind += "_large"
    return Message(f"azul_duel.say.{kind}", parts)


def describe_chance(line: str) -> Message | None:
    heading = line.split()[0]
    return Message(f"azul_duel.say.chance_{heading}") if heading in CHANCE_HEADINGS else None
