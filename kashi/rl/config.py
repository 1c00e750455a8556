"""Which game an environment plays: a variant, a player count and rule options, checked once."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import kashi.games  # noqa: F401  (registers every variant)
from kashi.core.registry import AnyState, Variant, variant


@dataclass(frozen=True)
class GameConfig:
    """A checked game configuration; every state it makes has the same action and observation sizes."""

    variant_name: str
    players: int
    options: Mapping[str, Any] = field(default_factory=dict)
    moves: dict[int, Any] = field(default_factory=dict, init=False, compare=False, repr=False)
    """The move of each action id met so far: ``move_from_action`` depends on the configuration only."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "options", self.variant.resolve(self.players, dict(self.options)))

    def __deepcopy__(self, memo: dict[int, Any]) -> GameConfig:
        return self  # immutable once checked

    @property
    def variant(self) -> Variant:
        return variant(self.variant_name)

    @property
    def family(self) -> str:
        return self.variant.family.name

    def make_state(self, start: int) -> AnyState:
        """The position before the setup's chance events, ``start`` moving first."""
        return self.variant.family.make_state(self.players, self.options, start)

    @property
    def num_actions(self) -> int:
        return self.make_state(0).num_actions

    @property
    def teams(self) -> tuple[int, ...]:
        """The team of each seat: partners in the team game share a score board (seats 0+2, 1+3)."""
        if self.options.get("teams"):
            return tuple(seat % 2 for seat in range(self.players))
        return tuple(range(self.players))
