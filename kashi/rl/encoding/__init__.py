"""Observation encoders: one per game family, in the game's own package (its learning module),
each reading only a seat's view of the position.

An encoder turns ``state.view(seat)`` into a flat float32 vector of a fixed length per game
configuration, every entry in [0, 1], seats rotated so the observing seat comes first. Games
that hide nothing (``hidden_information`` False) are encoded from the state itself, which saves
the copy a view costs. The action mask marks the engine's ``legal_actions()`` over the game's
fixed action space; ``observe_with_mask`` gives both, which Azul's encoder builds from one
reading of the position.
"""

from __future__ import annotations

from importlib import import_module

from kashi.rl.config import GameConfig
from kashi.rl.encoding.base import Encoder

ACTION_SPACES = ("engine", "compact")


def encoder_for(config: GameConfig, actions: str = "engine") -> Encoder:
    """The game's own encoder (``ENCODER`` of its learning module), for this configuration.

    ``actions="compact"`` asks for the game's compact action space instead of the engine's
    action ids (``COMPACT`` of its learning module, an encoder with the same observations).
    """
    if actions not in ACTION_SPACES:
        raise ValueError(f"actions must be one of {', '.join(ACTION_SPACES)}, not {actions!r}")
    module = config.variant.family.learning
    if not module:
        raise ValueError(f"no observation encoder for game family {config.family!r}")
    learning = import_module(module)
    kind = getattr(learning, "ENCODER" if actions == "engine" else "COMPACT", None)
    if kind is None:
        raise ValueError(f"{config.family} has no compact action space; use actions='engine'")
    encoder: Encoder = kind(config)
    return encoder


__all__ = ["Encoder", "encoder_for"]
