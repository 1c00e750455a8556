"""Tournaments between bots: duplicate games, ratings, SPRT, local or Ray workers."""

from kashi.arena.match import GameResult, GameTask, play_game
from kashi.arena.runner import ArenaConfig, Tournament, run

__all__ = ["ArenaConfig", "GameResult", "GameTask", "Tournament", "play_game", "run"]
