"""The rollout bot sees what its move leaves the opponent, which greedy cannot."""

from kashi.bots import Limits, make_bot
from kashi.games.azul_duel.notation import MoonTake
from tests.games.azul_duel.duel_helpers import blank, line, plates, settle, tiles, workshop

Y, T = 1, 4


def test_rollout_denies_the_tile_that_would_complete_the_opponents_plate():
    """Last round, two lone tiles left on the moons. A yellow completes seat 0's line 1 (+1); the
    turquoise is worthless to seat 0 but completes seat 1's line 2, which scores a2 with its
    column and fills the plate, bringing the special tile (+4). Greedy takes its yellow point;
    the rollout bot takes the turquoise and leaves seat 1 the useless yellow."""
    state = blank(start=0, round_number=5)
    state.tablets = [0, 0, 0, 0]
    state.start_on_moon = False
    plates(state, 0, {1: (7, 0)})  # Y B / K S
    plates(state, 1, {1: (0, 0)})  # Y K / T S
    tiles(state, 1, {"a1": "Y", "b1": "K"})
    line(state, 1, 2, "T")
    workshop(state, 1, moon="Y")
    workshop(state, 2, moon="T")
    settle(state)
    view = state.view(0)
    assert make_bot("greedy", seed=1).choose(view, Limits()).colour == Y
    move = make_bot("rollout", seed=1).choose(view, Limits())
    assert isinstance(move, MoonTake) and move.colour == T
