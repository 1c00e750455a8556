"""Azul Duel (two players)."""

from __future__ import annotations

from typing import Any

from kashi.rl.pettingzoo.aec import KashiAECEnv
from kashi.rl.pettingzoo.parallel import KashiParallelEnv
from kashi.rl.pettingzoo.wrapper import KashiOrderEnforcing


def raw_env(
    reward: str = "win", render_mode: str | None = None, actions: str = "engine", **options: Any
) -> KashiAECEnv:
    """Extra keyword arguments are Azul Duel rule options (e.g. ``tablets=4``); ``actions="compact"``
    chooses the compact action space (one block per kind of decision)."""
    return KashiAECEnv("azul-duel", 2, options, reward, render_mode, "azul_duel_v0", actions)


def env(**kwargs: Any) -> Any:
    return KashiOrderEnforcing(raw_env(**kwargs))


def parallel_env(**kwargs: Any) -> KashiParallelEnv:
    """The same game as a PettingZoo ``ParallelEnv``, with ``raw_env``'s keywords."""
    return KashiParallelEnv(raw_env(**kwargs))
