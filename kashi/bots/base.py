"""The one bot interface: ``choose(view, limits) -> move``."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from kashi.core.registry import AnyState


@dataclass(frozen=True)
class Limits:
    """What a bot may spend on one move; a bot's own default applies where None."""

    seconds: float | None = None
    iterations: int | None = None


class Bot(Protocol):
    name: str

    def choose(self, view: AnyState, limits: Limits) -> Any:
        """A legal move for the seat to move in ``view`` (a view: hidden parts removed)."""
