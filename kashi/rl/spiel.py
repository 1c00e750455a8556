"""How OpenSpiel sees a kashi game: names, parameters, information and safe bounds.

Each game states its own in its package's learning module (``SPIEL``); this module only says
what such a statement holds and collects them, without importing OpenSpiel.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from importlib import import_module
from typing import Any

from kashi.rl.config import GameConfig


@dataclass(frozen=True)
class SpielSpec:
    """How one kashi game is registered: its OpenSpiel name, parameters and bounds.

    ``max_chance_outcomes`` bounds the outcomes of any chance node (the start-seat draw
    included); ``max_game_length`` bounds the decisions of a game.
    """

    short_name: str
    long_name: str
    defaults: dict[str, Any]
    min_players: int
    max_players: int
    perfect_information: bool
    config: Callable[[dict[str, Any]], GameConfig]
    max_chance_outcomes: int
    max_game_length: Callable[[GameConfig], int]


def spiel_specs() -> list[SpielSpec]:
    """The OpenSpiel statement of every registered game family that has a learning module."""
    from kashi.core.registry import families

    return [import_module(family.learning).SPIEL for family in families() if family.learning]
