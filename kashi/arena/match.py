"""One arena game: bots from their specs, played to the end, failures scored as forfeits."""

from __future__ import annotations

import time
import traceback
from dataclasses import dataclass, field
from typing import Any

from kashi.bots.base import Bot, Limits
from kashi.bots.external import BotFailure, ExternalBot
from kashi.bots.registry import make_bot
from kashi.core.errors import KashiError
from kashi.core.game import new_game
from kashi.core.outcome import rank_by

FORFEIT = "forfeit"


@dataclass(frozen=True)
class GameTask:
    """Everything a worker needs to play one game, picklable for process pools and Ray."""

    index: int
    variant: str
    seats: tuple[str, ...]
    """The bot spec in each seat: a bot or level name, or ``cmd:<command line>``."""
    seed: int
    seconds: float | None = None
    iterations: int | None = None
    options: tuple[tuple[str, Any], ...] = ()


@dataclass
class GameResult:
    index: int
    seed: int
    seats: tuple[str, ...]
    scores: tuple[int, ...]
    ranks: tuple[int, ...]
    winners: tuple[int, ...]
    termination: str
    moves: int
    seconds: float
    record: str
    failure: dict[str, Any] | None = field(default=None)


def make_player(spec: str, seed: int) -> Bot:
    if spec.startswith("cmd:"):
        return ExternalBot(spec[4:])
    return make_bot(spec, seed)


def _failure(task: GameTask, seat: int, reason: str) -> dict[str, Any]:
    return {"seat": seat, "bot": task.seats[seat], "reason": reason}


def play_game(task: GameTask) -> GameResult:
    """Play one game; a bot that crashes, hangs or plays an illegal move forfeits it."""
    players = len(task.seats)
    game = new_game(task.variant, players=players, seed=task.seed, first_seat=0, names=task.seats, **dict(task.options))
    bots: list[Bot] = []
    started = time.perf_counter()
    limits = Limits(seconds=task.seconds, iterations=task.iterations)
    moves = 0
    failure: dict[str, Any] | None = None
    try:
        for seat, spec in enumerate(task.seats):
            bot = make_player(spec, task.seed * 31 + seat)
            bots.append(bot)
            if isinstance(bot, ExternalBot):
                try:
                    bot.start(task.variant, players, seat, dict(task.options))
                except BotFailure as error:
                    failure = _failure(task, seat, f"BotFailure: {error}")
                    break
        while failure is None and not game.is_over():
            seat = game.state.current_player
            try:
                move = bots[seat].choose(game.state.view(seat), limits)
                game.play(move, seat=seat)
            except (BotFailure, KashiError) as error:
                failure = _failure(task, seat, f"{type(error).__name__}: {error}")
            except Exception as error:  # a built-in bot that crashed: log it, forfeit, go on
                reason = "".join(traceback.format_exception_only(type(error), error)).strip()
                failure = _failure(task, seat, f"crash: {reason}")
            else:
                moves += 1
    finally:
        for bot in bots:
            if isinstance(bot, ExternalBot):
                bot.close()
    outcome = game.outcome()
    if failure is not None:
        keys = [0 if seat == failure["seat"] else 1 for seat in range(players)]
        ranks, winners = rank_by(keys)
        scores, termination = game.state.scores(), FORFEIT
    else:
        assert outcome is not None
        scores, ranks, winners, termination = outcome.scores, outcome.ranks, outcome.winners, outcome.termination
    return GameResult(
        index=task.index,
        seed=task.seed,
        seats=task.seats,
        scores=tuple(scores),
        ranks=tuple(ranks),
        winners=tuple(winners),
        termination=termination,
        moves=moves,
        seconds=time.perf_counter() - started,
        record=game.record().to_text(),
        failure=failure,
    )
