"""Observation encoders: one per game family, each reading only a seat's view of the position.

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

ENCODERS = {
    "azul": ("kashi.rl.encoding.azul", "AzulEncoder"),
    "azul-duel": ("kashi.rl.encoding.azul_duel", "AzulDuelEncoder"),
    "ingenious": ("kashi.rl.encoding.ingenious", "IngeniousEncoder"),
}
"""Game family -> (module, class) of its encoder, imported on first use."""


def encoder_for(config: GameConfig) -> Encoder:
    if config.family not in ENCODERS:
        raise ValueError(f"no observation encoder for game family {config.family!r}")
    module, name = ENCODERS[config.family]
    encoder: Encoder = getattr(import_module(module), name)(config)
    return encoder


__all__ = ["Encoder", "encoder_for"]
