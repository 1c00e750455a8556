"""Reward schemes: win/loss at the end (the default) or the change of the score margin each step.

``win``: at the end each seat gets +1 when its team alone ranks first, 0 when first place is
shared between teams, -1 otherwise (``Outcome.returns`` with partners counted as one team).
``score``: after every step each seat gets the change of its margin, its score minus the mean
score of the other teams' seats, so a game's rewards add up to the final margin.
"""

from __future__ import annotations

from kashi.core.outcome import Outcome
from kashi.core.registry import AnyState

REWARD_SCHEMES = ("win", "score")


def check_scheme(scheme: str) -> str:
    if scheme not in REWARD_SCHEMES:
        raise ValueError(f"unknown reward {scheme!r}; known: {', '.join(REWARD_SCHEMES)}")
    return scheme


def win_returns(outcome: Outcome, teams: tuple[int, ...]) -> tuple[float, ...]:
    winning = {teams[seat] for seat in outcome.winners}
    if not winning:
        return tuple(0.0 for _ in teams)
    win = 1.0 if len(winning) == 1 else 0.0
    return tuple(win if team in winning else -1.0 for team in teams)


def margins(scores: tuple[int, ...], teams: tuple[int, ...]) -> list[float]:
    """Each seat's score minus the mean score of the seats on other teams (its own score if alone)."""
    result = []
    for seat, team in enumerate(teams):
        others = [scores[other] for other, their in enumerate(teams) if their != team]
        result.append(scores[seat] - (sum(others) / len(others) if others else 0.0))
    return result


class RewardTracker:
    """Turns positions into per-seat rewards under one scheme."""

    def __init__(self, scheme: str, teams: tuple[int, ...]) -> None:
        self.scheme = check_scheme(scheme)
        self.every_step = scheme == "score"
        """Whether a step before the end may pay; if not, ``step`` need only be asked at the end."""
        self.teams = teams
        self._scores: tuple[int, ...] = ()

    def start(self, state: AnyState) -> None:
        self._scores = state.scores()

    def step(self, state: AnyState) -> list[float] | None:
        """The rewards of the step that led to ``state``; None when every seat's reward is 0.

        Most steps score nothing, so that case costs one comparison of the scores.
        """
        if self.scheme == "score":
            scores = state.scores()
            if scores == self._scores:
                return None
            before, self._scores = margins(self._scores, self.teams), scores
            return [now - then for now, then in zip(margins(scores, self.teams), before, strict=True)]
        outcome = state.outcome()
        if outcome is None:
            return None
        return list(win_returns(outcome, self.teams))
