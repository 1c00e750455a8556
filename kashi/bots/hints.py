"""A hint for the seat to move: the expert level's move and, in plain words, why.

The move is the ``expert`` level's choice on the seat's view, with its clock taken away so that
only its fixed budget (iterations, widths) bounds it, and seeded from the view's position line:
a position always gets the same hint, and a hint depends on nothing the seat cannot see.

The reasons are read from the engine through the contract, never from a game's rules: the
points the move scores now (its ``score_changes``), what it sets up for the end of the round
(``round_scoring_so_far``) and for the end of the game (``final_scoring_so_far``), the penalty
it avoids that most other moves would take, how much less it leaves the next player than the
move that looks best at once (greedy), and the end bonus it brings closer (``bonus_progress``).
Each is a catalogue key with parameters and the engine's score parts; the most points at stake
come first, at most three.
"""

from __future__ import annotations

import hashlib
import statistics
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from random import Random
from typing import Any

from kashi.bots.base import Bot, Limits
from kashi.bots.greedy import greedy_move, move_values
from kashi.bots.registry import BOTS, level_settings
from kashi.core.messages import Message, register
from kashi.core.outcome import ScoreChange, ScorePart
from kashi.core.registry import AnyState
from kashi.core.state import CHANCE

register(
    {
        "hint.scores_now": "scores {points:+d} now",
        "hint.sets_up": "sets up {points:+d} for the end of the round",
        "hint.final_scoring": "adds {points:+d} to your end-of-game scoring so far",
        "hint.avoids_penalty": "avoids a penalty of {points} that {count} of the other {total} "
        "{total|one:move|other:moves} would take",
        "hint.leaves_less": "leaves your opponent {points} {points|one:point|other:points} less to gain next turn "
        "than {greedy}, "
        "the move that looks best at once",
        "hint.bonus": "brings an end bonus closer: {filled} of {cells} in place",
        "hint.strongest": "the strongest move found by looking several turns ahead",
        "hint.raises_lowest": "raises the lowest of your colours ({colours}) from {was} to {now}: "
        "the game is won on the lowest",
    }
)

HINT_LEVEL = "expert"
MOST_REASONS = 3
REPLY_SAMPLES = 2
"""Determinizations of the view on which the next player's best reply is measured."""


@dataclass(frozen=True)
class Reason:
    """One reason for a hint: a catalogue key, its parameters and the score parts it names."""

    key: str
    params: dict[str, Any]
    parts: tuple[ScorePart, ...] = ()
    weight: float = field(default=0.0, compare=False)
    """The points at stake, to put the most telling reason first."""

    def to_json(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "params": self.params,
            "text": str(Message(self.key, self.params)),
            "parts": [part.to_json() for part in self.parts],
        }


@dataclass(frozen=True)
class Hint:
    move: Any
    reasons: tuple[Reason, ...]

    def to_json(self, view: AnyState) -> dict[str, Any]:
        return {
            "move": str(self.move),
            "parts": view.move_parts(self.move),
            "reasons": [reason.to_json() for reason in self.reasons],
        }


def suggest(view: AnyState) -> Hint:
    """The hint for the seat to move in ``view`` (a seat's view: nothing hidden is used)."""
    rng = Random(position_seed(view))
    move = hint_bot(view.family, rng.getrandbits(64)).choose(view, Limits())
    return Hint(move, explain(view, move, rng))


def position_seed(view: AnyState) -> int:
    return int.from_bytes(hashlib.sha256(view.position().encode()).digest()[:8], "big")


def hint_bot(family: str, seed: int) -> Bot:
    """The hint level's bot for a family, bounded by its budget alone (as every level is)."""
    kind, settings = level_settings(HINT_LEVEL, family)
    bot: Bot = BOTS[kind](seed, **settings)
    return bot


def explain(view: AnyState, move: Any, rng: Random) -> tuple[Reason, ...]:
    """Up to three reasons for ``move``, the most points at stake first (a bonus already named
    among the points is not named again)."""
    seat = view.current_player
    after = played(view, move)
    reasons = [
        *points_gained(view, after, seat),
        *final_gained(view, after, seat),
        *penalty_avoided(view, move, seat),
        *bonus_closer(view, after, seat),
        *leaves_less(view, move, seat, rng),
        *lowest_raised(view, after, seat),
    ]
    named = {part for reason in reasons if reason.key != "hint.bonus" for part in reason.parts}
    fresh = [reason for reason in reasons if reason.key != "hint.bonus" or not named.intersection(reason.parts)]
    ranked = sorted(fresh, key=lambda reason: -reason.weight)[:MOST_REASONS]
    return tuple(ranked) or (Reason("hint.strongest", {}),)


def played(state: AnyState, move: Any) -> AnyState:
    child = state.copy()
    child.play(move)
    return child


def parts_of(changes: Iterable[ScoreChange], seat: int) -> list[ScorePart]:
    return [part for change in changes if change.seat == seat for part in change.parts]


def committed(state: AnyState, seat: int) -> list[ScorePart]:
    """The parts ``seat`` scored by the last step and those the round's end will score (the
    awards: a clamp's correction is left out)."""
    parts = [*parts_of(state.score_changes, seat), *parts_of(state.round_scoring_so_far(), seat)]
    return [part for part in parts if part.key not in state.adjustment_parts]


def added_points(old: list[ScorePart], new: list[ScorePart]) -> tuple[int, tuple[ScorePart, ...]]:
    """The points of the positive parts ``new`` adds to ``old``, net of those it drops, with
    the added parts."""
    added, dropped = Counter(new) - Counter(old), Counter(old) - Counter(new)
    shown = tuple(part for part in added.elements() if part.points > 0)
    points = sum(part.points for part in shown) - sum(part.points for part in dropped.elements() if part.points > 0)
    return points, shown


def points_gained(view: AnyState, after: AnyState, seat: int) -> list[Reason]:
    """What the move scores: at once, or (a draft in Azul) when the round ends."""
    points, shown = added_points(parts_of(view.round_scoring_so_far(), seat), committed(after, seat))
    if points <= 0:
        return []
    now = any(change.seat == seat for change in after.score_changes)
    return [Reason("hint.scores_now" if now else "hint.sets_up", {"points": points}, shown, points)]


def final_gained(view: AnyState, after: AnyState, seat: int) -> list[Reason]:
    """What the move adds to the end-of-game scoring so far (Azul Duel's objectives)."""
    old, new = parts_of(view.final_scoring_so_far(), seat), parts_of(after.final_scoring_so_far(), seat)
    points = sum(part.points for part in new) - sum(part.points for part in old)
    if points <= 0:
        return []
    _, shown = added_points(old, new)
    return [Reason("hint.final_scoring", {"points": points}, shown, points)]


def committed_penalty(state: AnyState, move: Any, seat: int) -> tuple[int, list[ScorePart]]:
    """The penalty points (negative) ``seat`` will have taken after the move, at once or at the
    round's end, with their parts."""
    parts = [part for part in committed(played(state, move), seat) if part.points < 0]
    return sum(part.points for part in parts), parts


def penalty_avoided(view: AnyState, move: Any, seat: int) -> list[Reason]:
    """A penalty most other moves would take and this one does not (or takes less of)."""
    chosen, _ = committed_penalty(view, move, seat)
    others = [committed_penalty(view, other, seat) for other in view.legal_moves() if other != move]
    worse = [(points, parts) for points, parts in others if points < chosen]
    if not others or len(worse) * 2 <= len(others):
        return []
    typical = statistics.median_low(points for points, _ in others)
    example = next(parts for points, parts in others if points == typical)
    avoided = chosen - typical
    params = {"points": avoided, "count": len(worse), "total": len(others)}
    return [Reason("hint.avoids_penalty", params, tuple(example), avoided)]


LOWEST_WEIGHT = 10.0
"""A point on the lowest track weighs as this many points elsewhere: it is the score that wins."""


def lowest_raised(view: AnyState, after: AnyState, seat: int) -> list[Reason]:
    """A move that raises the lowest of the tracks the game is decided on (Ingenious), naming
    the colours that were lowest and rose."""
    was, now = view.deciding_tracks(seat), after.deciding_tracks(seat)
    if was is None or now is None or min(now.values()) <= min(was.values()):
        return []
    low, high = min(was.values()), min(now.values())
    raised = [name for name, points in was.items() if points == low and now[name] > points]
    params = {"colours": raised, "was": low, "now": high}
    return [Reason("hint.raises_lowest", params, (), LOWEST_WEIGHT * (high - low))]


def bonus_closer(view: AnyState, after: AnyState, seat: int) -> list[Reason]:
    """The end bonus the move brings nearest to complete, counted as the bonus times the share
    of it in place, squared (a bonus one piece from done weighs most)."""
    best: Reason | None = None
    for (part, was, _), (_, now, cells) in zip(view.bonus_progress(seat), after.bonus_progress(seat), strict=True):
        if now > was:
            weight = part.points * (now / cells) ** 2
            if best is None or weight > best.weight:
                best = Reason("hint.bonus", {"filled": now, "cells": cells}, (part,), weight)
    return [best] if best is not None else []


def leaves_less(view: AnyState, move: Any, seat: int, rng: Random) -> list[Reason]:
    """How much less the next player can gain at once after ``move`` than after the move that
    looks best at once (greedy's), on determinizations of the view."""
    greedy = greedy_move(view, rng)
    if greedy == move:
        return []
    difference = 0.0
    for _ in range(REPLY_SAMPLES):
        sample = view.determinize(rng)
        stream = rng.getrandbits(64)
        after_move = best_reply_gain(played(sample, move), seat, Random(stream))
        after_greedy = best_reply_gain(played(sample, greedy), seat, Random(stream))
        if after_move is None or after_greedy is None:
            return []
        difference += (after_greedy - after_move) / REPLY_SAMPLES
    points = round(difference)
    if points < 1:
        return []
    return [Reason("hint.leaves_less", {"points": points, "greedy": str(greedy)}, (), difference)]


def best_reply_gain(state: AnyState, seat: int, rng: Random) -> float | None:
    """The most the next player (another seat) can add to its own evaluation with one move;
    None when the same seat plays again or the game is over."""
    while state.current_player == CHANCE:
        state.apply_chance(state.sample_chance(rng))
    replier = state.current_player
    if replier < 0 or replier == seat:
        return None
    base = state.evaluate_seat(replier)
    return max(move_values(state, state.legal_moves())) - base
