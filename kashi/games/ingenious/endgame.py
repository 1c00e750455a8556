"""Playouts to the end once few placements are left.

The games the appraisal alone lost to greedy were mostly lost by a point or two on the lowest
track, settled in the last turns, where weighted boards say little and the sorted comparison at
the end says everything. With few free pairs left a game ends in a few quick plies, so each
candidate is played to the end on sampled racks and draws by greedy play (which is also how the
opponent it was tuned against plays) and scored by the real result.
"""

from __future__ import annotations

from random import Random
from typing import TYPE_CHECKING

from kashi.core.state import CHANCE, TERMINAL
from kashi.games.ingenious.heuristics import board_value, decision
from kashi.games.ingenious.moves import Move, Placement
from kashi.games.ingenious.offers import open_points
from kashi.games.ingenious.tiles import PAIRS

if TYPE_CHECKING:
    from kashi.games.ingenious.state import IngeniousState


def can_play_out(state: IngeniousState) -> bool:
    """True when any free pair may be covered from now on (the playouts' greedy assumes it)."""
    return state.turns >= state.num_players and not state.rules.must_touch


def result_share(state: IngeniousState, seat: int) -> float:
    """1 for a sole win, 0.5 for a shared one, 0 for a loss (of a finished game)."""
    outcome = state.outcome()
    assert outcome is not None
    if seat not in outcome.winners:
        return 0.0
    return 1.0 if len(outcome.winners) == 1 else 0.5


def play_out(state: IngeniousState, rng: Random) -> None:
    """Finish the game: every seat plays its greedy placement and ``decision``."""
    while state.current_player != TERMINAL:
        if state.current_player == CHANCE:
            state.apply_chance(state.sample_chance(rng))
        elif state.deciding:
            state.play(decision(state))
        else:
            state.play(greedy_placement(state))


def greedy_placement(state: IngeniousState) -> Placement:
    """The placement that raises the mover's ``board_value`` most (after the first round every
    free pair may be covered)."""
    grid = state.layout.area
    free = state.free
    offer = open_points(state.board, grid, {cell for edge in free for cell in (grid.edge_a[edge], grid.edge_b[edge])})
    track = state.track(state.current_player)
    cap = state.rules.track_max
    base = board_value(track)
    worth: dict[tuple[int, int, int, int], float] = {}
    best = -1.0
    chosen = Placement(0, 0, 0, 0)
    for kind in sorted(set(state.racks[state.current_player])):
        first, second = PAIRS[kind]
        for edge in free:
            a, b = grid.edge_a[edge], grid.edge_b[edge]
            for x, y in ((a, b), (b, a)) if first != second else ((a, b),):
                key = (first, offer[x][first], second, offer[y][second])
                value = worth.get(key)
                if value is None:
                    raised = track[:]
                    raised[first] = min(raised[first] + key[1], cap)
                    raised[second] = min(raised[second] + key[3], cap)
                    value = worth[key] = board_value(raised) - base
                if value > best:
                    best, chosen = value, Placement(first, second, x, y)
    return chosen


def finish_shares(state: IngeniousState, moves: list[Move], playouts: int, rng: Random) -> list[float]:
    """Each move's share of wins when the game is played out on ``playouts`` sampled racks and
    draws, the same samples for every move."""
    seat = state.current_player
    seeds = [rng.randrange(1 << 30) for _ in range(playouts)]
    samples = [state.determinize(Random(seed)) for seed in seeds]
    shares = []
    for move in moves:
        total = 0.0
        for seed, sample in zip(seeds, samples, strict=True):
            child = sample.copy()
            child.play(move)
            play_out(child, Random(seed))
            total += result_share(child, seat)
        shares.append(total / playouts)
    return shares
