"""PettingZoo environments: ``azul_v0``, ``azul_duel_v0`` and ``ingenious_v0``.

Each module offers the AEC ``env(**kwargs)`` (wrapped in PettingZoo's order enforcing) and
``raw_env``, and ``parallel_env`` (a ``ParallelEnv``, same keywords).
"""

from kashi.rl.pettingzoo import azul_duel_v0, azul_v0, ingenious_v0
from kashi.rl.pettingzoo.aec import KashiAECEnv
from kashi.rl.pettingzoo.parallel import KashiParallelEnv

__all__ = ["KashiAECEnv", "KashiParallelEnv", "azul_duel_v0", "azul_v0", "ingenious_v0"]
