"""Learned evaluations that ship with kashi: NumPy inference over weights checked at load."""

from kashi.models.store import ModelError

__all__ = ["ModelError"]
