"""Ingenious's moves and draws in words, as catalogue messages (the log and screen readers show
them in the viewer's language beside the notation)."""

from __future__ import annotations

from kashi.core.messages import Message
from kashi.games.ingenious.hexgrid import NAMES
from kashi.games.ingenious.moves import Decision, Move
from kashi.games.ingenious.tiles import COLOUR_NAMES, PAIRS, parse_tile


def describe_move(move: Move) -> Message:
    if isinstance(move, Decision):
        return Message(f"ingenious.say.{move.value}")
    first, second = COLOUR_NAMES[move.first], COLOUR_NAMES[move.second]
    return Message("ingenious.say.place", {"first": first, "a": NAMES[move.a], "second": second, "b": NAMES[move.b]})


def describe_draw(line: str) -> Message:
    """``draw 1 BP GG``: the tiles a seat draws into its rack; a line redacted for this viewer
    (``draw 1 ? ?``) says only how many."""
    _, seat, *tokens = line.split()
    # ``player`` is English's fallback: a table puts the seat's name there (by ``seat``).
    drawer = {"seat": int(seat), "player": f"seat {int(seat) + 1}"}
    if "?" in tokens:
        return Message("ingenious.say.draw_hidden", {**drawer, "count": len(tokens)})
    return Message("ingenious.say.draw", {**drawer, "tiles": [_tile(token) for token in tokens]})


def _tile(token: str) -> Message:
    low, high = PAIRS[parse_tile(token)]
    return Message("ingenious.say.tile", {"first": COLOUR_NAMES[low], "second": COLOUR_NAMES[high]})
