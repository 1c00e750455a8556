"""The outcome of a game that ended by a forfeit: a player resigned, or was away and the others
claimed the win. The record stops where play stopped, so the outcome comes from the game's row
(``forfeit_seat``, ``ended_by``) rather than from the rules: every other seat shares the win."""

from __future__ import annotations

from typing import Any

from kashi.core.outcome import Outcome, Termination
from kashi.core.state import State
from kashi.server.models import GameRow


def outcome_of(row: GameRow, state: State[Any, Any]) -> Outcome | None:
    """The game's outcome: the forfeit's if it ended by one, else the rules' (None: not over)."""
    if row.forfeit_seat is None or row.ended_by is None:
        return state.outcome()
    loser = row.forfeit_seat
    seats = range(state.num_players)
    ranks = tuple(2 if seat == loser else 1 for seat in seats)
    winners = tuple(seat for seat in seats if seat != loser)
    return Outcome(tuple(state.scores()), ranks, winners, Termination(row.ended_by))
