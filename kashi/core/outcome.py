"""How a game ended, and why each score changed."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from kashi.core.messages import Message


class Termination(StrEnum):
    """How a game ended; each value is its word in records and JSON."""

    RULES = "rules"
    """The game ended as its rules say."""
    INSTANT_WIN = "instant-win"
    """A player won at once (for example six 18s in Ingenious)."""
    TRUNCATED = "truncated"
    """The engine's round cap stopped a game the rules would continue."""
    RESIGNED = "resigned"
    """A player gave the game up (the server ends it; the record stops where it was)."""
    CLAIMED = "claimed"
    """A player was away past the grace period and the others claimed the win."""


RULES, INSTANT_WIN, TRUNCATED, RESIGNED, CLAIMED = Termination
"""The terminations by name, as the engines import them."""


@dataclass(frozen=True, slots=True)
class ScorePart:
    """One reason for a score change, e.g. ``row 3 + column 2`` worth 5."""

    key: str
    points: int
    params: dict[str, Any] = field(default_factory=dict, hash=False, compare=True)

    @property
    def message(self) -> Message:
        return Message(self.key, {"points": self.points, **self.params})

    def __str__(self) -> str:
        return str(self.message)

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, "points": self.points, "params": self.params, "text": str(self)}


@dataclass(frozen=True, slots=True)
class ScoreChange:
    """A change of one seat's score (or of one of its tracks) with the parts that explain it.

    ``points`` is what was really added after clamps and caps; the parts say what the rules
    awarded, so the two can differ when a clamp or a cap bites.
    """

    seat: int
    points: int
    parts: tuple[ScorePart, ...]
    track: str = ""

    def __str__(self) -> str:
        return ", ".join(str(part) for part in self.parts)

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "points": self.points,
            "track": self.track,
            "parts": [part.to_json() for part in self.parts],
            "text": str(self),
        }


@dataclass(frozen=True, slots=True)
class Outcome:
    """The result of a finished game.

    ``scores`` are the headline scores, ``ranks`` are 1-based with ties sharing a rank, and
    ``winners`` lists every seat ranked first (several seats share a win).
    """

    scores: tuple[int, ...]
    ranks: tuple[int, ...]
    winners: tuple[int, ...]
    termination: Termination = Termination.RULES
    details: dict[str, Any] = field(default_factory=dict, hash=False)
    teams: tuple[int, ...] = ()
    """The team of each seat in a partnership game (partners win together), else empty."""

    def returns(self) -> tuple[float, ...]:
        """Per-seat reward: +1 for a sole win (one team's win), 0 for a shared win or a draw at
        the top, -1 below. A game may end with no winner (a declared draw); the seats ranked
        first then get 0."""
        top = self.winners or tuple(seat for seat, rank in enumerate(self.ranks) if rank == 1)
        sides = {self.teams[seat] if self.teams else seat for seat in top}
        win = 1.0 if len(sides) == 1 and self.winners else 0.0
        return tuple(win if seat in top else -1.0 for seat in range(len(self.scores)))

    def result_text(self) -> str:
        """The record's Result header: scores joined by dashes, e.g. ``61-54``."""
        return "-".join(str(score) for score in self.scores)

    def to_json(self) -> dict[str, Any]:
        return {
            "scores": list(self.scores),
            "ranks": list(self.ranks),
            "winners": list(self.winners),
            "termination": self.termination,
            "details": self.details,
            "teams": list(self.teams),
        }


def rank_by(keys: Sequence[Any]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Competition ranks (1 best) and winners for per-seat sort keys where higher is better."""
    ranks = tuple(1 + sum(1 for other in keys if other > key) for key in keys)
    winners = tuple(seat for seat, rank in enumerate(ranks) if rank == 1)
    return ranks, winners
