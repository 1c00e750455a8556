"""Azul: the colour wall, the grey wall, Azul Mini and the three-round quick rules."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import kashi.games.azul.messages  # noqa: F401  (registers the catalogue entries)
from kashi.core.registry import Family, Variant, register_variant
from kashi.games.azul.moves import CENTRE, FLOOR, CentreTile, Draft, FactoryFill, WallPlacement
from kashi.games.azul.rules import OPTIONS, AzulRules, check_options
from kashi.games.azul.state import AzulState


def make_state(players: int, options: Mapping[str, Any], start: int) -> AzulState:
    return AzulState(AzulRules.from_options(options), players, start)


FAMILY = Family(
    "azul",
    (2, 3, 4),
    OPTIONS,
    make_state,
    check_options,
    learning="kashi.games.azul.learning",
    compiled="kashi.games.azul.compiled",
    web="kashi.games.azul.web",
)

QUICK = {
    "rounds": 3,
    "centre_seed_tile": True,
    "overflow": "discard",
    "leftover_penalty": 1,
    "adjacency": "cross",
}

for _variant in (
    Variant("azul", FAMILY, "Azul, colour side of the wall"),
    Variant("azul-grey", FAMILY, "Azul, grey side: you choose where each tile goes", {"grey": True}),
    Variant("azul-mini", FAMILY, "Azul Mini (2023 travel edition): the rules of azul"),
    Variant("azul-quick", FAMILY, "Three-round family rules of the short tutorial", QUICK),
):
    register_variant(_variant)

__all__ = ["CENTRE", "FLOOR", "AzulRules", "AzulState", "CentreTile", "Draft", "FactoryFill", "WallPlacement"]
