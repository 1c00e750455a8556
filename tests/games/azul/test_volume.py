"""Volume: thousands of random games keep the invariants at every step and replay identically."""

from __future__ import annotations

from random import Random

import pytest

import kashi
from kashi.core.outcome import RULES
from tests.games.azul.checks import play_out, replays

GAMES = 2_000


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_thousands_of_random_games(players: int) -> None:
    """8: every step of 2,000 random games per player count; every record replays to the same state."""
    rounds = []
    for seed in range(GAMES):
        game = play_out(kashi.new_game("azul", players=players, seed=seed), Random(seed))
        assert game.state.ended == RULES
        replays(game)
        rounds.append(game.state.round)
    assert min(rounds) >= 5
