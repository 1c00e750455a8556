"""Ingenious for 2-4 players; ``teams=True`` (4 players) pairs seats 0+2 and 1+3 on shared tracks.

Every agent's ``info`` holds ``colour_scores``: its six tracks in colour order R G B O Y P.
"""

from __future__ import annotations

from typing import Any

from kashi.rl.pettingzoo.aec import KashiAECEnv
from kashi.rl.pettingzoo.parallel import KashiParallelEnv
from kashi.rl.pettingzoo.wrapper import KashiOrderEnforcing


def raw_env(
    players: int = 2,
    teams: bool = False,
    reward: str = "win",
    render_mode: str | None = None,
    actions: str = "engine",
    **options: Any,
) -> KashiAECEnv:
    """Extra keyword arguments are Ingenious rule options (e.g. ``scoring="group"``);
    ``actions="compact"`` chooses the compact action space (rack tile x cell x direction)."""
    variant = "ingenious-teams" if teams else "ingenious"
    return KashiAECEnv(variant, players, options, reward, render_mode, "ingenious_v0", actions)


def env(**kwargs: Any) -> Any:
    return KashiOrderEnforcing(raw_env(**kwargs))


def parallel_env(**kwargs: Any) -> KashiParallelEnv:
    """The same game as a PettingZoo ``ParallelEnv``, with ``raw_env``'s keywords."""
    return KashiParallelEnv(raw_env(**kwargs))
