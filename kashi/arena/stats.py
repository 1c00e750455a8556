"""Tournament statistics: Elo with a 95% interval, SPRT, and OpenSkill ratings for 3-4 players."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any


def elo_from_score(score: float) -> float:
    """The Elo difference that predicts an expected score in (0, 1)."""
    score = min(max(score, 1e-6), 1 - 1e-6)
    return float(-400.0 * math.log10(1.0 / score - 1.0))


def expected_score(elo: float) -> float:
    return float(1.0 / (1.0 + 10.0 ** (-elo / 400.0)))


CONFIDENCE = 0.95
Z_95 = 1.959964


@dataclass(frozen=True)
class EloEstimate:
    """An Elo difference with its 95% interval; ``None`` where the data set no bound (a sweep
    has no finite estimate, only a lower bound; a whitewash only an upper one)."""

    elo: float | None
    low: float | None
    high: float | None
    score: float

    def __str__(self) -> str:
        if self.elo is None and self.low is not None:
            return f"at least {signed(self.low)} Elo (95%): every pair won"
        if self.elo is None and self.high is not None:
            return f"at most {signed(self.high)} Elo (95%): every pair lost"
        low = "no lower bound" if self.low is None else signed(self.low)
        high = "no upper bound" if self.high is None else signed(self.high)
        assert self.elo is not None, "an estimate has a value or a bound"
        return f"{signed(self.elo)} Elo (95% {low} .. {high})"


def signed(elo: float) -> str:
    """A whole number of Elo with its sign; an even score (``-0.0`` from the logarithm) is ``+0``."""
    return f"{round(elo):+d}"


def elo_estimate(pair_scores: Sequence[float]) -> EloEstimate:
    """Elo of the first bot from its mean score per seat-swapped pair (each in [0, 1]).

    Pairs, not single games, are the independent samples of a duplicate match, so the interval
    comes from their spread (the pentanomial model of engine testing). When every pair is won
    (or lost) the spread is nil and the estimate infinite; the bound then comes from the
    chance of n straight wins, ``p ** n = 5%``.
    """
    n = len(pair_scores)
    mean = sum(pair_scores) / n
    if mean in (0.0, 1.0):
        bound = elo_from_score((1 - CONFIDENCE) ** (1 / n))
        return EloEstimate(None, bound, None, mean) if mean == 1.0 else EloEstimate(None, None, -bound, mean)
    variance = sum((score - mean) ** 2 for score in pair_scores) / max(n - 1, 1)
    margin = Z_95 * math.sqrt(variance / n)
    low = elo_from_score(mean - margin) if mean - margin > 0 else None
    high = elo_from_score(mean + margin) if mean + margin < 1 else None
    return EloEstimate(elo_from_score(mean), low, high, mean)


@dataclass(frozen=True)
class Sprt:
    """Sequential probability ratio test of H0: elo = elo0 against H1: elo = elo1."""

    elo0: float
    elo1: float
    alpha: float = 0.05
    beta: float = 0.05

    @property
    def bounds(self) -> tuple[float, float]:
        return math.log(self.beta / (1 - self.alpha)), math.log((1 - self.beta) / self.alpha)

    def llr(self, pair_scores: Sequence[float]) -> float:
        """Log-likelihood ratio in the normal approximation over pair scores."""
        n = len(pair_scores)
        if n < 2:
            return 0.0
        mean = sum(pair_scores) / n
        variance = sum((score - mean) ** 2 for score in pair_scores) / n
        if variance <= 0:
            variance = 1e-4
        s0, s1 = expected_score(self.elo0), expected_score(self.elo1)
        return n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * variance)

    def verdict(self, pair_scores: Sequence[float]) -> str:
        """``H1`` (accept elo1), ``H0`` (accept elo0) or ``continue``."""
        low, high = self.bounds
        llr = self.llr(pair_scores)
        if llr >= high:
            return "H1"
        if llr <= low:
            return "H0"
        return "continue"


def openskill_ratings(games: Sequence[tuple[Sequence[str], Sequence[int]]]) -> dict[str, dict[str, float]]:
    """Plackett-Luce ratings of each bot from (seat bots, seat ranks) per game.

    The same bot in several seats of one game plays as separate entrants of the same rating
    only once per game: its best seat counts.
    """
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    ratings: dict[str, Any] = {}
    for seats, ranks in games:
        best: dict[str, int] = {}
        for bot, rank in zip(seats, ranks, strict=True):
            best[bot] = min(rank, best.get(bot, rank))
        if len(best) < 2:
            continue
        names = list(best)
        teams = [[ratings.setdefault(name, model.rating(name=name))] for name in names]
        rated = model.rate(teams, ranks=[best[name] for name in names])
        for name, team in zip(names, rated, strict=True):
            ratings[name] = team[0]
    return {
        name: {"mu": rating.mu, "sigma": rating.sigma, "ordinal": rating.ordinal()} for name, rating in ratings.items()
    }
