"""Azul's moves and refills in words, as catalogue messages (the log and screen readers show
them in the viewer's language beside the notation)."""

from __future__ import annotations

from kashi.core.messages import Message
from kashi.games.azul.moves import CENTRE, FLOOR, CentreTile, FactoryFill, Move, WallPlacement, parse_chance
from kashi.games.azul.rules import COLOUR_NAMES


def describe_move(move: Move, taken: int) -> Message:
    """``taken``: how many tiles of its colour a draft takes, which only the position before it
    knows (a wall placement ignores it)."""
    if isinstance(move, WallPlacement):
        return Message("azul.say.wall", {"line": move.line + 1, "column": move.column + 1})
    where = "centre" if move.source == CENTRE else "factory"
    to = "floor" if move.line == FLOOR else "line"
    params = {"count": taken, "colour": COLOUR_NAMES[move.colour], "factory": move.source + 1, "line": move.line + 1}
    if move.to_floor:
        return Message(f"azul.say.{where}_split", {**params, "floor": move.to_floor})
    return Message(f"azul.say.{where}_{to}", params)


def describe_fill(line: str) -> Message:
    """``fill BBYR .... +R``: each factory's tiles in order, then the centre's tile if drawn."""
    filled = []
    factory = 0
    for token in line.split()[1:]:
        outcome = parse_chance(token)
        if isinstance(outcome, CentreTile):
            filled.append(Message("azul.say.centre_tile", {"colour": COLOUR_NAMES[outcome.colour]}))
            continue
        factory += 1
        filled.append(Message("azul.say.factory_tiles", {"factory": factory, "tiles": tiles(outcome)}))
    return Message("azul.say.fill", {"factories": filled})


def tiles(fill: FactoryFill) -> list[Message]:
    """ "2 blue, 1 red"; an empty factory (the bag and lid ran out) says so."""
    counted = [
        Message("azul.say.count", {"count": count, "colour": name})
        for count, name in zip(fill.counts, COLOUR_NAMES, strict=True)
        if count
    ]
    return counted or [Message("azul.say.nothing")]
