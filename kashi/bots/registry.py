"""Bots by name, and the levels offered to people."""

from __future__ import annotations

from typing import Any

from kashi.bots.base import Bot
from kashi.bots.greedy import GreedyBot
from kashi.bots.mcts import MCTSBot
from kashi.bots.random_bot import RandomBot
from kashi.bots.search import AlphaBetaBot

BOTS: dict[str, Any] = {"random": RandomBot, "greedy": GreedyBot, "mcts": MCTSBot, "search": AlphaBetaBot}

LEVELS: dict[str, tuple[str, dict[str, Any]]] = {
    "easy": ("greedy", {"noise": 0.5}),
    "medium": ("greedy", {}),
    "hard": ("mcts", {"seconds": 0.1, "iterations": 10**9}),
    "expert": ("search", {"seconds": 1.5}),
}
"""Level -> (bot, settings). Time-limited levels stay within 2 s a move (expert 1.5 s)."""


def make_bot(name: str, seed: int | None = None) -> Bot:
    """A bot by name (``random``, ``greedy``, ``mcts``, ``search``) or level (``easy``..``expert``).

    ``name:key=value,...`` overrides settings, e.g. ``mcts:iterations=200``.
    """
    base, _, extra = name.partition(":")
    settings: dict[str, Any] = {}
    if base in LEVELS:
        base, preset = LEVELS[base]
        settings.update(preset)
    if base not in BOTS:
        raise ValueError(f"unknown bot {name!r}; known: {', '.join([*BOTS, *LEVELS])}")
    for item in filter(None, extra.split(",")):
        key, _, value = item.partition("=")
        settings[key] = float(value) if "." in value else int(value)
    bot: Bot = BOTS[base](seed, **settings)
    return bot
