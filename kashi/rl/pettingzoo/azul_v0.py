"""Azul for 2-4 players; ``grey=True`` plays the grey side of the wall."""

from __future__ import annotations

from typing import Any

from kashi.rl.pettingzoo.aec import KashiAECEnv
from kashi.rl.pettingzoo.parallel import KashiParallelEnv
from kashi.rl.pettingzoo.wrapper import KashiOrderEnforcing


def raw_env(
    players: int = 2, grey: bool = False, reward: str = "win", render_mode: str | None = None, **options: Any
) -> KashiAECEnv:
    """Extra keyword arguments are Azul rule options (e.g. ``rounds=3``)."""
    return KashiAECEnv("azul", players, {"grey": grey, **options}, reward, render_mode, "azul_v0")


def env(**kwargs: Any) -> Any:
    return KashiOrderEnforcing(raw_env(**kwargs))


def parallel_env(**kwargs: Any) -> KashiParallelEnv:
    """The same game as a PettingZoo ``ParallelEnv``, with ``raw_env``'s keywords."""
    return KashiParallelEnv(raw_env(**kwargs))
