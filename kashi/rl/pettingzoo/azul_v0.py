"""Azul for 2-4 players; ``grey=True`` plays the grey side of the wall."""

from __future__ import annotations

from typing import Any

from pettingzoo.utils import wrappers  # type: ignore[import-untyped]

from kashi.rl.pettingzoo.aec import KashiAECEnv


def raw_env(
    players: int = 2, grey: bool = False, reward: str = "win", render_mode: str | None = None, **options: Any
) -> KashiAECEnv:
    """Extra keyword arguments are Azul rule options (e.g. ``rounds=3``)."""
    return KashiAECEnv("azul", players, {"grey": grey, **options}, reward, render_mode, "azul_v0")


def env(**kwargs: Any) -> Any:
    return wrappers.OrderEnforcingWrapper(raw_env(**kwargs))
