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


@dataclass(frozen=True)
class EloEstimate:
    elo: float
    low: float
    high: float
    score: float

    def __str__(self) -> str:
        return f"{self.elo:+.0f} Elo (95% {self.low:+.0f} .. {self.high:+.0f})"


def elo_estimate(pair_scores: Sequence[float]) -> EloEstimate:
    """Elo of the first bot from its mean score per seat-swapped pair (each in [0, 1]).

    Pairs, not single games, are the independent samples of a duplicate match, so the interval
    comes from their spread (the pentanomial model of engine testing).
    """
    n = len(pair_scores)
    mean = sum(pair_scores) / n
    variance = sum((score - mean) ** 2 for score in pair_scores) / max(n - 1, 1)
    margin = 1.959964 * math.sqrt(variance / n)
    return EloEstimate(elo_from_score(mean), elo_from_score(mean - margin), elo_from_score(mean + margin), mean)


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
