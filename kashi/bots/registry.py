"""Bots by name, and the levels offered to people."""

from __future__ import annotations

from functools import partial
from typing import Any

from kashi.bots.appraise import AppraiseBot
from kashi.bots.base import Bot, Limits
from kashi.bots.greedy import GreedyBot
from kashi.bots.learned import LearnedMCTSBot
from kashi.bots.mcts import MCTSBot
from kashi.bots.planner import PlannerBot
from kashi.bots.random_bot import RandomBot
from kashi.bots.rollout import RolloutBot
from kashi.bots.search import AlphaBetaBot
from kashi.core.registry import AnyState

EXPERT_NN_ITERATIONS = 3000
BOTS: dict[str, Any] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "mcts": MCTSBot,
    "search": AlphaBetaBot,
    "appraise": AppraiseBot,
    "rollout": RolloutBot,
    "planner": PlannerBot,
    "mcts-nn": LearnedMCTSBot,
    "mcts-classic": partial(MCTSBot, iterations=1000),
    "expert-nn": partial(LearnedMCTSBot, iterations=EXPERT_NN_ITERATIONS, rollout_plies=8),
}
"""Bots by name. ``mcts-classic`` is Azul's ``expert`` before the learned evaluation (MCTS, 1,000
iterations); ``expert-nn`` is MCTS over the learned evaluation at about 1 s a move (Azul only);
``planner`` is ``rollout`` whose playouts let the opponent answer as ``rollout`` would (built for
Azul Duel, docs/bots.md)."""

ANY_GAME = "*"
LEVELS: dict[str, dict[str, tuple[str, dict[str, Any]]]] = {
    "easy": {ANY_GAME: ("greedy", {"noise": 0.5})},
    "medium": {
        ANY_GAME: ("greedy", {}),
        "azul-duel": ("greedy", {"noise": 0.25}),
        "ingenious": ("greedy", {"noise": 0.25}),
    },
    "hard": {
        ANY_GAME: ("mcts", {"iterations": 200}),
        "azul-duel": ("greedy", {}),
        "ingenious": ("greedy", {}),
    },
    "expert": {
        ANY_GAME: ("mcts", {"iterations": 1000}),
        "azul-duel": ("rollout", {}),
        "ingenious": ("appraise", {}),
    },
}
"""Level -> game family -> (bot, settings); ``*`` for every other family. Levels stay within 1 s
a move on one core and are limited by iterations or widths alone, never by the clock, so a game
between them plays out the same on any machine (a server may still cap a bot's time per move,
``KASHI_BOT_SECONDS``). In Azul Duel and Ingenious MCTS barely beat greedy (66% at 0.25 s in Azul Duel, about
50% in Ingenious), so greedy is their hard level, medium plays a quarter of greedy's moves at
random, and expert is a bot built on greedy: ``rollout`` (greedy's best moves played out by
greedy) in Azul Duel, ``appraise`` (the game's appraisal of the reply a move leaves) in
Ingenious. See docs/bots.md for the ladder."""


def level_settings(level: str, family: str) -> tuple[str, dict[str, Any]]:
    """The bot a level stands for in a game family, with its settings."""
    games = LEVELS[level]
    return games.get(family, games[ANY_GAME])


class LevelBot:
    """A level for people: the bot it stands for is chosen by the family of the game it plays."""

    def __init__(self, level: str, seed: int | None = None, **overrides: Any) -> None:
        self.name = level
        self.level = level
        self.seed = seed
        self.overrides = overrides
        self.bots: dict[str, Bot] = {}

    def bot_for(self, family: str) -> Bot:
        if family not in self.bots:
            kind, settings = level_settings(self.level, family)
            self.bots[family] = BOTS[kind](self.seed, **{**settings, **self.overrides})
        return self.bots[family]

    def choose(self, view: AnyState, limits: Limits) -> Any:
        return self.bot_for(view.family).choose(view, limits)


def _setting(text: str) -> int | float | str:
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def make_bot(name: str, seed: int | None = None) -> Bot:
    """A bot by name (``random``, ``greedy``, ``mcts``, ``search``) or level (``easy``..``expert``).

    ``name:key=value,...`` overrides settings, e.g. ``mcts:iterations=200``.
    """
    base, _, extra = name.partition(":")
    settings: dict[str, Any] = {}
    for item in filter(None, extra.split(",")):
        key, _, value = item.partition("=")
        settings[key] = _setting(value)
    if base in LEVELS:
        return LevelBot(base, seed, **settings)
    if base not in BOTS:
        raise ValueError(f"unknown bot {name!r}; known: {', '.join([*BOTS, *LEVELS])}")
    bot: Bot = BOTS[base](seed, **settings)
    return bot
