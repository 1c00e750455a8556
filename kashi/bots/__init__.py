"""Players over the core contract. A bot sees only its seat's view."""

from kashi.bots.base import Bot, Limits, make_bot
from kashi.bots.random_bot import RandomBot

__all__ = ["Bot", "Limits", "RandomBot", "make_bot"]
