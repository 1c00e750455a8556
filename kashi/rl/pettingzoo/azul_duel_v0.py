"""Azul Duel (two players)."""

from __future__ import annotations

from typing import Any

from kashi.rl.pettingzoo.aec import KashiAECEnv
from kashi.rl.pettingzoo.wrapper import KashiOrderEnforcing


def raw_env(reward: str = "win", render_mode: str | None = None, **options: Any) -> KashiAECEnv:
    """Extra keyword arguments are Azul Duel rule options (e.g. ``tablets=4``)."""
    return KashiAECEnv("azul-duel", 2, options, reward, render_mode, "azul_duel_v0")


def env(**kwargs: Any) -> Any:
    return KashiOrderEnforcing(raw_env(**kwargs))
