"""kashi: exact engines, bots and play for the tile-laying games Azul, Azul Duel and Ingenious."""

import kashi.games  # noqa: F401  (registers every game family and variant)
from kashi.core import (
    CHANCE,
    TERMINAL,
    Game,
    IllegalMoveError,
    KashiError,
    MoveSyntaxError,
    PositionError,
    Record,
    RecordError,
    RuleOptionError,
    State,
    new_game,
    position,
    variant,
    variants,
)

__version__ = "0.1.0"

__all__ = [
    "CHANCE",
    "TERMINAL",
    "Game",
    "IllegalMoveError",
    "KashiError",
    "MoveSyntaxError",
    "PositionError",
    "Record",
    "RecordError",
    "RuleOptionError",
    "State",
    "new_game",
    "position",
    "variant",
    "variants",
]
