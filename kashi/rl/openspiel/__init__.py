"""OpenSpiel Python games ``kashi_azul``, ``kashi_azul_duel`` and ``kashi_ingenious``.

Call ``register()`` once, then ``pyspiel.load_game("kashi_azul", {"players": 3})``. Needs the
``kashi[spiel]`` extra (OpenSpiel), which the rest of ``kashi.rl`` does without.
"""

from __future__ import annotations

import pyspiel  # type: ignore[import-not-found]

from kashi.rl.openspiel.game import KashiSpielGame, KashiSpielState, game_type
from kashi.rl.spiel import SpielSpec, spiel_specs


def game_class(spec: SpielSpec) -> type[KashiSpielGame]:
    return type(f"KashiSpielGame_{spec.short_name}", (KashiSpielGame,), {"spec": spec})


def register() -> list[str]:
    """Register every kashi game with OpenSpiel (again is harmless); return their names."""
    known = set(pyspiel.registered_names())
    specs = spiel_specs()
    for spec in specs:
        if spec.short_name not in known:
            pyspiel.register_game(game_type(spec, spec.max_players == 2), game_class(spec))
    return [spec.short_name for spec in specs]


__all__ = ["KashiSpielGame", "KashiSpielState", "register"]
