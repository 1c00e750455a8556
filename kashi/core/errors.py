"""Errors raised by kashi. Each carries a catalogue message so it can be translated."""

from __future__ import annotations

from typing import Any

from kashi.core.messages import Message


class KashiError(Exception):
    """Base class: every error kashi raises on bad input."""

    def __init__(self, message: Message | str, **params: Any) -> None:
        self.message = message if isinstance(message, Message) else Message(message, params)
        super().__init__(str(self.message))

    @property
    def key(self) -> str:
        return self.message.key


class MoveSyntaxError(KashiError, ValueError):
    """A move or chance text that does not follow the game's notation."""


class IllegalMoveError(KashiError, ValueError):
    """A well-formed move that the rules forbid now; the message names the rule."""


class RuleOptionError(KashiError, ValueError):
    """An unknown variant, an unknown option or a value outside its range."""


class RecordError(KashiError, ValueError):
    """A record that cannot be read or does not replay."""
