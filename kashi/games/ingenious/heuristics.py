"""Ingenious knowledge for bots: a position evaluation, move ordering and a rollout policy.

The game is won by the highest *lowest* track, so a score board is worth its tracks sorted
ascending and weighted by about halves: a point on the lowest colour counts in full, a point on
the highest hardly at all. A placement is valued by how much it raises that weighted sum, which
is computed from the board without playing it (rays never pass through the tile's other hex).
"""

from __future__ import annotations

from random import Random
from typing import TYPE_CHECKING

from kashi.core.state import best_sampled_move
from kashi.games.ingenious.moves import Decision, Move, Placement
from kashi.games.ingenious.rules import GOAL
from kashi.games.ingenious.scoring import group_size, ray_runs
from kashi.games.ingenious.tiles import PAIRS

if TYPE_CHECKING:
    from kashi.games.ingenious.rules import IngeniousRules
    from kashi.games.ingenious.state import IngeniousState

WEIGHTS = (1.0, 0.5, 0.25, 0.12, 0.06, 0.03)
"""Weights of the sorted tracks, lowest first."""
RANK_STEP = 100.0
"""Value of beating one seat in a finished game: more than any board's weighted sum (36 x 1.96)."""
EXTRA_PLACEMENT = 2.0
"""Value of the bonus placement earned by reaching a mark: about one more ordinary placement."""
LOW_COLOURS = 3
"""A rack is worth keeping when enough tiles show one of this many lowest colours."""
USEFUL_TILES = 3
SAMPLES = 4
"""Uniform moves drawn per rollout step; the best by ``move_value`` is played."""


def board_value(track: list[int]) -> float:
    low = sorted(track)
    return (
        low[0] * WEIGHTS[0]
        + low[1] * WEIGHTS[1]
        + low[2] * WEIGHTS[2]
        + low[3] * WEIGHTS[3]
        + low[4] * WEIGHTS[4]
        + low[5] * WEIGHTS[5]
    )


def evaluate(state: IngeniousState) -> tuple[float, ...]:
    """Each seat's board value; in a finished game plus ``RANK_STEP`` per seat beaten, minus per
    seat ahead, so the real result decides (partners share a board and a rank)."""
    boards = [board_value(track) for track in state.tracks]
    values = [boards[board] for board in state.layout.board_of]
    outcome = state.outcome() if state.ended else None
    if outcome is not None:
        ranks = outcome.ranks
        for seat, rank in enumerate(ranks):
            values[seat] += RANK_STEP * sum((other > rank) - (other < rank) for other in ranks)
    return tuple(values)


def points(state: IngeniousState, move: Placement) -> tuple[tuple[int, int], ...]:
    """(colour, points) the placement would score, as the engine counts them, before any cap."""
    first, second, a, b = move
    grid = state.layout.area
    board = state.board
    if state.rules.scoring == "rays":
        toward = grid.direction_of[a, b]
        from_a = sum(ray_runs(board, grid.rays, a, first, toward))
        from_b = sum(ray_runs(board, grid.rays, b, second, (toward + 3) % 6))
        if first == second:
            return ((first, from_a + from_b),)
        return (first, from_a), (second, from_b)
    board = board[:]
    board[a], board[b] = first, second
    if first == second:
        return ((first, group_size(board, grid.neighbours, (a, b))),)
    return (first, group_size(board, grid.neighbours, (a,))), (second, group_size(board, grid.neighbours, (b,)))


def placement_gain(state: IngeniousState, move: Placement) -> float:
    """How much the placement raises the mover's board value, caps and bonus placements included."""
    rules = state.rules
    track = state.track(state.current_player)
    after = track[:]
    extra = 0.0
    for colour, gained in points(state, move):
        before = after[colour]
        cap = track_cap(rules, state.locked, colour, before)
        if rules.bonus and before < cap <= before + gained:
            extra += EXTRA_PLACEMENT
        after[colour] = min(before + gained, cap)
    return board_value(after) - board_value(track) + extra


def track_cap(rules: IngeniousRules, locked: int, colour: int, before: int) -> int:
    """Where a track at ``before`` stops rising this placement: the next bonus mark, or the goal
    unless the colour is locked."""
    if rules.bonus:
        return next((mark for mark in rules.marks if mark > before), before)
    return before if locked >> colour & 1 else GOAL


def decision(state: IngeniousState) -> Decision:
    """Keep a rack that still feeds the low colours; else swap it (a swap is only offered when no
    tile shows the lowest colour, and a fresh rack of 6 almost always shows it)."""
    track = state.track(state.current_player)
    low = 0
    for colour in sorted(range(6), key=track.__getitem__)[:LOW_COLOURS]:
        low |= 1 << colour
    useful = sum(1 for kind in state.racks[state.current_player] if _shows(kind, low))
    return Decision.KEEP if useful >= USEFUL_TILES else Decision.SWAP


def _shows(kind: int, colours: int) -> bool:
    first, second = PAIRS[kind]
    return bool((colours >> first | colours >> second) & 1)


def move_value(state: IngeniousState, move: Move) -> float:
    if isinstance(move, Decision):
        return float(move is decision(state))
    return placement_gain(state, move)


def order_moves(state: IngeniousState, moves: list[Move]) -> list[Move]:
    return sorted(moves, key=lambda move: -move_value(state, move))


def rollout_move(state: IngeniousState, rng: Random) -> Move:
    """The best of a few uniformly drawn placements by their gain; the sensible swap choice."""
    if state.deciding:
        return decision(state)
    return best_sampled_move(state, rng, lambda move: move_value(state, move), SAMPLES)
