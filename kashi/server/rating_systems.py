"""The two rating systems, as well-kept libraries compute them (no rating maths here).

Two players: Glicko-2 (``glicko2-py``), each game its own rating period, from 1500, RD 350,
volatility 0.06 with tau 0.5; a draw scores 0.5. Three and four: OpenSkill's Plackett-Luce,
its defaults scaled by 60 (mu 25 -> 1500, sigma 25/3 -> 500, beta and tau alike), so a newcomer
reads 1500 with a deviation of 500 beside Glicko-2's 1500 and 350. The rating shown is
Glicko-2's rating or OpenSkill's mu; a rating is provisional while its deviation is above the
system's limit: Glicko-2's RD 110 (about a dozen games between newcomers), OpenSkill's sigma
400 (about ten games of three or four newcomers; its sigma shrinks more slowly).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from glicko2.math import mu_to_rating, phi_to_rd, rating_to_mu, rd_to_phi, update_rating
from openskill.models import PlackettLuce


@dataclass(frozen=True)
class Standing:
    """A rating, its deviation (Glicko-2's RD or OpenSkill's sigma) and Glicko-2's volatility."""

    rating: float
    deviation: float
    volatility: float | None = None


@dataclass(frozen=True)
class System:
    name: str
    start: Standing
    provisional_above: float
    """A deviation above this marks the rating provisional."""

    def provisional(self, deviation: float) -> bool:
        return deviation > self.provisional_above


GLICKO2 = System("glicko-2", Standing(1500.0, 350.0, 0.06), 110.0)
OPENSKILL = System("openskill-plackett-luce", Standing(1500.0, 500.0), 400.0)
GLICKO2_TAU = 0.5
SCALE = 60.0
PLACKETT_LUCE = PlackettLuce(mu=25 * SCALE, sigma=25 / 3 * SCALE, beta=25 / 6 * SCALE, tau=25 / 300 * SCALE)


def system_for(players: int) -> System:
    return GLICKO2 if players == 2 else OPENSKILL


@dataclass(frozen=True)
class Side:
    """One side of a finished game: its subject (or partners) and its place, 1 the best."""

    subjects: tuple[str, ...]
    place: int


def rate(players: int, sides: Sequence[Side], before: Mapping[str, Standing]) -> dict[str, Standing]:
    """Every subject's standing after one game, from everyone's standing before it."""
    if system_for(players) is OPENSKILL:
        return _plackett_luce_game(sides, before)
    first, second = sides
    (one,), (other,) = first.subjects, second.subjects
    score = 0.5 if first.place == second.place else float(first.place < second.place)
    return {one: _glicko2(before[one], before[other], score), other: _glicko2(before[other], before[one], 1 - score)}


def _glicko2(player: Standing, opponent: Standing, score: float) -> Standing:
    """A rating period of one game, against the opponent as they stood before it."""
    assert player.volatility is not None
    mu, phi, sigma = update_rating(
        rating_to_mu(player.rating),
        rd_to_phi(player.deviation),
        player.volatility,
        [(rating_to_mu(opponent.rating), rd_to_phi(opponent.deviation), score)],
        tau=GLICKO2_TAU,
    )
    return Standing(mu_to_rating(mu), phi_to_rd(phi), sigma)


def _plackett_luce_game(sides: Sequence[Side], before: Mapping[str, Standing]) -> dict[str, Standing]:
    teams = [
        [PLACKETT_LUCE.rating(before[name].rating, before[name].deviation) for name in side.subjects] for side in sides
    ]
    rated = PLACKETT_LUCE.rate(teams, ranks=[float(side.place) for side in sides])
    return {
        name: Standing(player.mu, player.sigma)
        for side, team in zip(sides, rated, strict=True)
        for name, player in zip(side.subjects, team, strict=True)
    }
