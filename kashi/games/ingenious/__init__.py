"""Ingenious: the published rules for 1-4 players and teams, and the tutorial's simplified rules."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import kashi.games.ingenious.messages  # noqa: F401  (registers the catalogue entries)
from kashi.core.registry import Family, Variant, register_variant
from kashi.games.ingenious.moves import Decision, Placement
from kashi.games.ingenious.rules import OPTIONS, IngeniousRules, check_options
from kashi.games.ingenious.state import IngeniousState
from kashi.games.ingenious.tiles import Tile


def make_state(players: int, options: Mapping[str, Any], start: int) -> IngeniousState:
    return IngeniousState(IngeniousRules.from_options(options), players, start)


FAMILY = Family(
    "ingenious",
    (1, 2, 3, 4),
    OPTIONS,
    make_state,
    check_options,
    "kashi.games.ingenious.learning",
    compiled="kashi.games.ingenious.compiled",
    web="kashi.games.ingenious.web",
)

TUTORIAL = {
    "start": "centre-star",
    "must_touch": True,
    "scoring": "group",
    "cap": "global-lock",
    "reserve_hand": True,
    "stuck": "discard",
    "end": "bag",
    "tiebreak": "total",
}
"""The options of the spec's section 8 (reserve hands apply to the 2-player game only)."""


for _variant in (
    Variant("ingenious", FAMILY, "Ingenious for 2-4 players", players=(2, 3, 4)),
    Variant("ingenious-teams", FAMILY, "Ingenious for two teams of two: shared tracks to 36",
            {"teams": True}, players=(4,)),
    Variant("ingenious-solo", FAMILY, "Ingenious alone: tracks to 36", {"solo": True}, players=(1,)),
    Variant("ingenious-tutorial", FAMILY, "The simplified rules of the Persian tutorial",
            TUTORIAL, players=(2, 3, 4)),
):  # fmt: skip
    register_variant(_variant)

__all__ = ["Decision", "IngeniousRules", "IngeniousState", "Placement", "Tile"]
