"""PettingZoo's order enforcing, without its cost on the hot path.

``OrderEnforcingWrapper`` reaches the environment's dicts through ``__getattr__`` (two levels of
it per attribute, about six attributes per ``last()``), which cost a third of an Azul step. Once
``reset`` has been called there is nothing left to enforce in ``last`` and ``step`` but what the
wrapped environment checks itself, so these two go straight to it; every other call keeps the
wrapper's checks.
"""

from __future__ import annotations

from typing import Any

from pettingzoo.utils.env_logger import EnvLogger  # type: ignore[import-untyped]
from pettingzoo.utils.wrappers import OrderEnforcingWrapper  # type: ignore[import-untyped]


class KashiOrderEnforcing(OrderEnforcingWrapper):  # type: ignore[misc]
    """``OrderEnforcingWrapper`` with ``last`` and ``step`` passed on directly after ``reset``."""

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        if not self._has_reset:
            EnvLogger.error_observe_before_reset()
        result: tuple[Any, float, bool, bool, dict[str, Any]] = self.env.last(observe)
        return result

    def step(self, action: Any) -> None:
        env = self.env
        if self._has_reset and env.agents:
            self._has_updated = True
            env.step(action)
        else:
            super().step(action)
