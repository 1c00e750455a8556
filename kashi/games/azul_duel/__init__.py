"""Azul Duel: the two-player Azul with sun and moon workshops, dome plates, chips and objectives."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import kashi.games.azul_duel.messages  # noqa: F401  (registers the catalogue entries)
from kashi.core.registry import Family, Variant, register_variant
from kashi.games.azul_duel.rules import OPTIONS, DuelRules
from kashi.games.azul_duel.state import AzulDuelState


def make_state(players: int, options: Mapping[str, Any], start: int) -> AzulDuelState:
    return AzulDuelState(DuelRules.from_options(options), start)


FAMILY = Family(
    "azul-duel",
    (2,),
    OPTIONS,
    make_state,
    learning="kashi.games.azul_duel.learning",
    compiled="kashi.games.azul_duel.compiled",
    web="kashi.games.azul_duel.web",
)
register_variant(Variant("azul-duel", FAMILY, "Azul Duel: sun and moon workshops, dome plates, 5 rounds"))

__all__ = ["FAMILY", "AzulDuelState", "DuelRules"]
