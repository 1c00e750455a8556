"""The game contract and what is shared by every game: registry, records, errors, outcomes."""

from kashi.core.errors import IllegalMoveError, KashiError, MoveSyntaxError, RecordError, RuleOptionError
from kashi.core.game import Game, new_game
from kashi.core.messages import Message
from kashi.core.outcome import INSTANT_WIN, RULES, TRUNCATED, Outcome, ScoreChange, ScorePart
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
    "Record",
    "RecordError",
    "RuleOptionError",
    "ScoreChange",
    "ScorePart",
    "State",
    "Variant",
    "new_game",
    "register_variant",
    "variant",
    "variants",
]
