"""PettingZoo AEC environments: ``azul_v0``, ``azul_duel_v0`` and ``ingenious_v0``.

Each module offers ``env(**kwargs)`` (wrapped in PettingZoo's order enforcing) and ``raw_env``.
"""

from kashi.rl.pettingzoo import azul_duel_v0, azul_v0, ingenious_v0
from kashi.rl.pettingzoo.aec import KashiAECEnv

__all__ = ["KashiAECEnv", "azul_duel_v0", "azul_v0", "ingenious_v0"]
