"""Game families, their rule options, and the named variant presets built from them."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from kashi.core.errors import RuleOptionError
from kashi.core.state import State

AnyState = State[Any, Any]


@dataclass(frozen=True)
class Option:
    """A rule option: its default, the values it allows, and what it changes.

    ``choices`` lists the allowed values; for integers ``minimum``/``maximum`` bound them
    instead. ``ours`` marks decisions the rules spec takes itself where the published rules
    are silent.
    """

    name: str
    default: Any
    description: str
    choices: tuple[Any, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    ours: bool = False

    def allowed(self) -> str:
        if self.choices:
            return " or ".join(repr(choice) for choice in self.choices)
        if isinstance(self.default, bool):
            return "true or false"
        low = "" if self.minimum is None else str(self.minimum)
        high = "" if self.maximum is None else str(self.maximum)
        return f"an integer {low}..{high}"

    def check(self, value: Any) -> Any:
        """The value if allowed (strings from a command line are converted), else an error."""
        if isinstance(value, str) and not isinstance(self.default, str):
            value = self._from_text(value)
        if isinstance(self.default, bool):
            ok = isinstance(value, bool)
        elif isinstance(self.default, int):
            ok = isinstance(value, int) and not isinstance(value, bool)
            ok = ok and (self.minimum is None or value >= self.minimum)
            ok = ok and (self.maximum is None or value <= self.maximum)
        else:
            ok = isinstance(value, type(self.default))
        if ok and self.choices:
            ok = value in self.choices
        if not ok:
            raise RuleOptionError("core.bad_option", option=self.name, allowed=self.allowed(), value=value)
        return value

    def _from_text(self, text: str) -> Any:
        if isinstance(self.default, bool):
            return {"true": True, "false": False, "1": True, "0": False}.get(text.lower(), text)
        try:
            return int(text)
        except ValueError:
            return text


StateFactory = Callable[[int, Mapping[str, Any], int], AnyState]


@dataclass(frozen=True)
class Family:
    """A game family: one engine whose rule options make its variants."""

    name: str
    players: tuple[int, ...]
    options: tuple[Option, ...]
    make_state: StateFactory
    """Build the initial state from (players, checked options, starting seat)."""
    check: Callable[[int, Mapping[str, Any]], None] = lambda players, options: None
    """Reject option combinations that the rules do not allow."""
    learning: str = ""
    """The module, in the game's own package, with what learning needs: ``ENCODER`` (the
    observation encoder class) and ``SPIEL`` (how OpenSpiel sees the game). It needs the RL
    extra (NumPy), so only ``kashi.rl`` imports it, on first use."""

    compiled: str = ""
    """The module, in the game's own package, that packs a state into the fields of the game's
    compiled engine and back (``to_fields``, ``from_fields``); empty for a game with none."""

    web: str = ""
    """The package, in the game's own folder, holding its browser side, served under
    ``/static/games/<name>/``: ``table.js`` and ``table.css`` (the renderer), ``picture.svg``,
    ``i18n/<lang>.json`` (its texts in each language but English, which its messages module
    registers), ``learn.json`` with ``learn.<lang>.json`` (the learning cards) and ``lessons/``.
    Empty for a game the browser cannot show."""

    def option(self, name: str) -> Option | None:
        return next((option for option in self.options if option.name == name), None)


@dataclass(frozen=True)
class Variant:
    """A named preset: a family with some options fixed, e.g. ``azul-grey``."""

    name: str
    family: Family
    description: str
    presets: Mapping[str, Any] = field(default_factory=dict)
    players: tuple[int, ...] = ()

    @property
    def allowed_players(self) -> tuple[int, ...]:
        return self.players or self.family.players

    def resolve(self, players: int, options: Mapping[str, Any]) -> dict[str, Any]:
        """The full, checked option set for a game of this variant."""
        if players not in self.allowed_players:
            allowed = ", ".join(str(n) for n in self.allowed_players)
            raise RuleOptionError("core.bad_players", variant=self.name, allowed=allowed, players=players)
        resolved = {option.name: option.default for option in self.family.options}
        resolved.update(self.presets)
        for name, value in options.items():
            option = self.family.option(name)
            if option is None:
                raise RuleOptionError("core.unknown_option", variant=self.name, option=name)
            resolved[name] = option.check(value)
        self.family.check(players, resolved)
        return resolved


_VARIANTS: dict[str, Variant] = {}


def register_variant(variant: Variant) -> None:
    if variant.name in _VARIANTS:
        raise ValueError(f"variant {variant.name!r} registered twice")
    _VARIANTS[variant.name] = variant


def families() -> list[Family]:
    """Every registered game family, in registration order."""
    found: list[Family] = []
    for registered in _VARIANTS.values():
        if registered.family not in found:
            found.append(registered.family)
    return found


def variants() -> list[Variant]:
    """Every registered variant, in registration order."""
    return list(_VARIANTS.values())


def variant(name: str) -> Variant:
    try:
        return _VARIANTS[name]
    except KeyError:
        raise RuleOptionError("core.unknown_variant", name=name, known=", ".join(_VARIANTS)) from None
