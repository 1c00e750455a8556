"""Players over the core contract. A bot sees only its seat's view."""

from kashi.bots.base import Bot, Limits
from kashi.bots.registry import BOTS, LEVELS, make_bot

__all__ = ["BOTS", "LEVELS", "Bot", "Limits", "make_bot"]
