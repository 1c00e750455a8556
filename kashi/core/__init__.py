"""The game contract and what is shared by every game: registry, records, errors, outcomes."""

from kashi.core.errors import IllegalMoveError, KashiError, MoveSyntaxError, RecordError, RuleOptionError
from kashi.core.game import Game, new_game
from kashi.core.messages import Message
from kashi.core.outcome import INSTANT_WIN, RULES, TRUNCATED, Outcome, ScoreChange, ScorePart, Termination
from kashi.core.position_text import PositionError
from kashi.core.positions import position
from kashi.core.record import Event, Record
from kashi.core.registry import Family, Option, Variant, register_variant, variant, variants
from kashi.core.state import CHANCE, TERMINAL, State

__all__ = [
    "CHANCE",
    "INSTANT_WIN",
    "RULES",
    "TERMINAL",
    "TRUNCATED",
    "Event",
    "Family",
    "Game",
    "IllegalMoveError",
    "KashiError",
    "Message",
    "MoveSyntaxError",
    "Option",
    "Outcome",
    "PositionError",
    "Record",
    "RecordError",
    "RuleOptionError",
    "ScoreChange",
    "ScorePart",
    "State",
    "Termination",
    "Variant",
    "new_game",
    "position",
    "register_variant",
    "variant",
    "variants",
]
