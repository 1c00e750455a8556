"""One catalogue of every text kashi shows, keyed by stable message keys.

Games register their keys at import; the UI translates by key and fills the same parameters.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from kashi.core.plurals import with_plurals

CATALOGUE: dict[str, str] = {}


def register(entries: Mapping[str, str]) -> None:
    """Add message templates (``str.format`` style); a key may be registered once."""
    for key, template in entries.items():
        if CATALOGUE.get(key, template) != template:
            raise ValueError(f"message key {key!r} registered twice with different texts")
        CATALOGUE[key] = template


class Message:
    """A catalogue key with its parameters; ``str()`` gives the English text."""

    __slots__ = ("key", "params")

    def __init__(self, key: str, params: Mapping[str, Any] | None = None) -> None:
        self.key = key
        self.params: dict[str, Any] = dict(params or {})

    def __str__(self) -> str:
        template = CATALOGUE.get(self.key)
        if template is None:
            return self.key
        return with_plurals(template, self.params).format(**{name: _text(value) for name, value in self.params.items()})

    def __repr__(self) -> str:
        return f"Message({self.key!r}, {self.params!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Message) and (self.key, self.params) == (other.key, other.params)

    def __hash__(self) -> int:
        return hash(self.key)

    def to_json(self, text: bool = True) -> dict[str, Any]:
        """A parameter may itself be a message, or a list of them (a factory's tiles), which
        a client shows in its language as it shows this one. Without ``text`` (the English,
        which a client whose catalogue holds the key never reads) the answer is smaller."""
        params = {name: _json(value, text) for name, value in self.params.items()}
        return {"key": self.key, "params": params, "text": str(self)} if text else {"key": self.key, "params": params}


def _text(value: Any) -> Any:
    """A list parameter in English: its items joined by commas (a message by its text)."""
    if isinstance(value, list | tuple):
        return ", ".join(str(item) for item in value)
    return value


def _json(value: Any, text: bool) -> Any:
    if isinstance(value, Message):
        return value.to_json(text)
    if isinstance(value, list | tuple):
        return [_json(item, text) for item in value]
    return value


register(
    {
        "core.unknown_variant": "unknown variant {name!r}; known: {known}",
        "core.unknown_option": "variant {variant!r} has no option {option!r}",
        "core.bad_option": "option {option!r} must be {allowed}, not {value!r}",
        "core.bad_players": "{variant} is played by {allowed} players, not {players}",
        "core.not_your_turn": "it is not a decision point: {state}",
        "core.game_over": "the game is over",
        "core.out_of_turn": "seat {seat} cannot move now: seat {to_move} is to move",
        "core.chance_line_short": "chance line {text!r} stops before the event is complete",
        "core.not_chance": "this is not a chance event: a player is to move",
        "core.bad_chance": "{text!r} is not a possible chance outcome here",
        "core.record_header": "record header line {line} is malformed: {text!r}",
        "core.record_event": "record line {line} ({text!r}) does not replay: {reason}",
        "core.record_json": "record JSON is malformed: {reason}",
        "core.record_missing": "record lacks the header {name!r}",
        "core.bad_action": "action id {action} is out of range 0..{last}",
        "core.bad_seat": "seat {seat} does not exist in a {players}-player game",
        "core.bad_json": "state JSON is malformed: {reason}",
    }
)
