"""Game review: each decision of a finished game judged by the expert level, in points.

For every move of the record the expert looks at the position as the mover saw it (the
mover's ``view``: the review judges what the mover could know) and gives its preferred move,
the value of the position (its preferred move's value) and the value of the move played, both
as the mover's margin in points (``values.margin``). The points given away are the difference,
never below 0. How a family's expert values moves follows its bot in ``LEVELS["expert"]``:

- ``mcts`` (Azul): one search whose root has the played move among its children; a child's
  mean reward, unsquashed, is that move's value, the most visited child the preferred move;
- ``rollout`` (Azul Duel): greedy's best moves and the played one, each played out by greedy;
  the mean margin at the end of the playouts is a move's value;
- ``appraise`` (Ingenious): the appraisal's best move is the preferred one; its appraisal is a
  ranking, not points, so it and the played move are valued by the same greedy playouts.

Work is fixed by ``budget`` (a share of the expert's own effort), never by the clock, and each
decision's random stream is seeded by its place in the record, so a review of a game is the
same on any machine, and one resumed part-way equals one run through.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass
from typing import Any

from kashi.bots.appraise import AppraiseBot
from kashi.bots.base import Limits
from kashi.bots.mcts import MCTSBot, preferred
from kashi.bots.registry import ANY_GAME, LEVELS
from kashi.bots.rollout import PLIES, RolloutBot
from kashi.core.game import Game
from kashi.core.record import Record
from kashi.core.registry import AnyState
from kashi.core.state import parts_of_text

LEVEL = "expert"
MISTAKES = 5
"""At most this many mistakes are listed, biggest first."""
FEW_MISTAKES = 3
"""This many of the biggest losses are listed whatever their size; the rest from ``MISTAKE_POINTS``."""
MISTAKE_POINTS = 1.0
"""Beyond the first few, a loss counts as a mistake from this many points."""


@dataclass(frozen=True)
class Verdict:
    """One decision judged: ``value`` is the played move's, ``best_value`` the position's (its
    best move's), both the mover's margin in points; ``ply`` is the event's number in the record."""

    ply: int
    seat: int
    move: str
    value: float
    best: str
    best_value: float

    @property
    def loss(self) -> float:
        return max(0.0, self.best_value - self.value)

    def to_json(self) -> dict[str, Any]:
        return {**asdict(self), "loss": round(self.loss, 2)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Verdict:
        return cls(**{name: data[name] for name in ("ply", "seat", "move", "value", "best", "best_value")})


Judge = Callable[[AnyState, Any, int], tuple[Any, float, float]]
"""(view, played move, seed) -> (preferred move, its value, the played move's value)."""


def judge_for(family: str, budget: float) -> Judge:
    """How the expert of ``family`` judges a decision with ``budget`` times its own effort."""
    levels = LEVELS[LEVEL]
    kind, settings = levels.get(family, levels[ANY_GAME])
    if kind == "mcts":
        iterations = max(1, round(settings["iterations"] * budget))
        search = {**settings, "iterations": iterations, "seconds": None}
        return lambda view, played, seed: _by_search(MCTSBot(seed, **search), view, played)
    if kind == "rollout":
        playouts = _playouts(budget, **settings)
        return lambda view, played, seed: _by_playouts(RolloutBot(seed, **playouts), view, played)
    if kind == "appraise":
        measure = _playouts(budget)
        return lambda view, played, seed: _by_appraisal(AppraiseBot(seed, **settings), view, played, measure)
    raise ValueError(f"no review for the {LEVEL} bot {kind!r}")


def _playouts(budget: float, **settings: Any) -> dict[str, Any]:
    """Playout settings for ``budget``: below 1 the playouts are shortened, above it repeated."""
    plies = settings.get("plies", PLIES)
    return {**settings, "samples": max(1, round(budget)), "plies": max(1, round(plies * min(1.0, budget)))}


def _by_search(bot: MCTSBot, view: AnyState, played: Any) -> tuple[Any, float, float]:
    order = [played, *(move for move in bot.order_root(view, view.legal_moves()) if move != played)]
    root = bot.search(view, order, Limits(iterations=bot.iterations))
    best = preferred(root)
    return best, bot.points(root.children[best]), bot.points(root.children[played])


def _by_playouts(bot: RolloutBot, view: AnyState, played: Any) -> tuple[Any, float, float]:
    candidates = bot.candidates(view, view.legal_moves())
    if played not in candidates:
        candidates.append(played)
    margins = bot.playout_margins(view, candidates)
    best = max(range(len(candidates)), key=margins.__getitem__)
    return candidates[best], margins[best], margins[candidates.index(played)]


def _by_appraisal(bot: AppraiseBot, view: AnyState, played: Any, playouts: dict[str, Any]) -> tuple[Any, float, float]:
    best = bot.best(view, view.legal_moves())
    measure = RolloutBot(bot.rng.getrandbits(64), **playouts)
    margins = measure.playout_margins(view, [best] if played == best else [best, played])
    return best, margins[0], margins[-1]


def decisions(record: Record) -> Iterator[tuple[int, AnyState, Any]]:
    """Each decision of the record: its event number, the state before it, and the move played."""
    game = Game.for_record(record)
    steps = game.replay(record)
    for ply, event in enumerate(record.events, start=1):
        if event.seat is not None:
            yield ply, game.state.copy(), game.state.parse_move(event.text)
        next(steps)


def count_decisions(record: Record) -> int:
    return sum(event.seat is not None for event in record.events)


def review(record: Record, budget: float = 1.0, first: int = 0, stop: int | None = None) -> Iterator[Verdict]:
    """The verdicts of the record's decisions number ``first`` up to ``stop`` (counted from 0)."""
    judge = judge_for(Game.for_record(record).variant.family.name, budget)
    for index, (ply, state, played) in enumerate(decisions(record)):
        if stop is not None and index >= stop:
            return
        if index < first:
            continue
        seat = state.current_player
        best, best_value, value = judge(state.view(seat), played, ply)
        yield Verdict(ply, seat, str(played), round(value, 2), str(best), round(best_value, 2))


def mistakes(verdicts: list[Verdict]) -> list[Verdict]:
    """The biggest losses first: the first few whatever their size, then those of at least
    ``MISTAKE_POINTS``; a move that gave nothing away is never one."""
    ranked = sorted((verdict for verdict in verdicts if verdict.loss > 0), key=lambda verdict: -verdict.loss)
    ranked = ranked[:MISTAKES]
    return [verdict for index, verdict in enumerate(ranked) if index < FEW_MISTAKES or verdict.loss >= MISTAKE_POINTS]


def better_frames(record: Record, chosen: list[Verdict]) -> dict[int, dict[str, Any]]:
    """For each chosen verdict, by its ply: the whole position after its better move (the game
    is over: the replay shows whole positions) and that move's parts, for a table to mark it."""
    wanted = {verdict.ply: verdict for verdict in chosen}
    frames: dict[int, dict[str, Any]] = {}
    for ply, state, _played in decisions(record):
        if ply in wanted:
            better = state.parse_move(wanted[ply].best)
            parts = parts_of_text(state, wanted[ply].best)
            state.play(better)
            frames[ply] = {"state": state.to_json(), "to_move": state.current_player, "parts": parts}
    return frames
