"""The kashi games as OpenSpiel sees them: names, parameters, information and safe bounds."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from math import comb
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


def _azul_config(params: dict[str, Any]) -> GameConfig:
    return GameConfig("azul", int(params["players"]), {"grey": bool(params["grey"])})


def _azul_length(config: GameConfig) -> int:
    """Each draft takes at least one tile of the 4 per factory (+1 seed tile); grey placements add
    at most 5 per seat a round; the engine stops a game after ``max_rounds`` rounds."""
    factories = 2 * config.players + 1
    per_round = 4 * factories + 1 + 5 * config.players
    return int(config.options["max_rounds"]) * per_round


def _duel_length(config: GameConfig) -> int:
    """5 rounds; a round's decisions are bounded by its tile takes (one per tile of the 65), plate
    actions (3 per plate of 18), chip choices and tiling decisions (2 per dome cell of 72)."""
    return 5 * (65 + 3 * 18 + 20 + 2 * 72)


def _ingenious_config(params: dict[str, Any]) -> GameConfig:
    teams = bool(params["teams"])
    return GameConfig("ingenious-teams" if teams else "ingenious", int(params["players"]))


def _ingenious_length(config: GameConfig) -> int:
    """Every placement covers 2 of at most 169 cells and may be followed by a swap question;
    a seat with nothing to place passes at most once a turn."""
    return 169 + 2 * 169


SPECS = (
    SpielSpec(
        "kashi_azul", "kashi Azul", {"players": 2, "grey": False}, 2, 4, True, _azul_config,
        comb(4 + 4, 4), _azul_length,
    ),
    SpielSpec(
        "kashi_azul_duel", "kashi Azul Duel", {}, 2, 2, False,
        lambda params: GameConfig("azul-duel", 2), comb(5 + 4, 4), lambda config: _duel_length(config),
    ),
    SpielSpec(
        "kashi_ingenious", "kashi Ingenious", {"players": 2, "teams": False}, 2, 4, False, _ingenious_config,
        21, _ingenious_length,
    ),
)  # fmt: skip
"""Chance bounds: an Azul factory fill is a multiset of 4 tiles in 5 colours (70); an Azul Duel
sun fill one of 5 tiles in 5 colours (126, more than its 18 plates, 10 chips or 3 tablet sides);
an Ingenious draw one of 21 tile types."""
