"""What a placement leaves on the board: the opponent's best reply, and late on the result.

Greedy values a placement by the mover's own board alone. In Ingenious a tile also opens rays
that the next player may extend and covers cells the next player wanted, so a placement is
appraised as its own gain minus the opponent's expected best reply (their rack is hidden: the
best of a rack drawn from the unseen tiles). Both are measured on a concave curve per track,
since the lowest track decides the game and the sorted weights of ``board_value`` jump when two
tracks swap places. Swap or keep compares the expected best tile of either rack. Once few free
pairs are left the best candidates are played out to the end (see ``endgame``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from kashi.games.ingenious.endgame import can_play_out, finish_shares
from kashi.games.ingenious.heuristics import EXTRA_PLACEMENT, board_value, move_value, track_cap
from kashi.games.ingenious.moves import Decision, Move, Placement
from kashi.games.ingenious.offers import PointTable, open_points
from kashi.games.ingenious.rules import GOAL, RACK_SIZE
from kashi.games.ingenious.tiles import HIDDEN, PAIRS, TYPES

if TYPE_CHECKING:
    from collections.abc import Sequence
    from random import Random

    from kashi.games.ingenious.rules import IngeniousRules
    from kashi.games.ingenious.state import IngeniousState


@dataclass(frozen=True, slots=True)
class Settings:
    """How far and how the appraisal looks."""

    width: int = 24
    """Placements, best by their own gain, that are appraised in full."""
    reply: float = 1.5
    """Share of the opponent's expected best reply charged now (a threat left open stays open)."""
    curve: float = 3.0
    """Shape of the worth of a board (see ``utility``); 0 is ``board_value``."""
    extra: float = EXTRA_PLACEMENT
    """Worth of a bonus placement, in points on the seat's lowest track."""
    swap: int = 1
    """Swap or keep by the worth of the racks (else by ``decision``)."""
    late: int = 60
    """With at most this many free pairs left, the best candidates are played out to the end."""
    candidates: int = 6
    """How many of the best appraised placements are played out."""
    playouts: int = 16
    """Sampled racks and draws each of them is played out on."""


UNAPPRAISED = 1000.0
"""Placements outside the width rank below every appraised one, by their own gain."""
LATE_STEP = 100.0
"""Played-out candidates rank by their share of wins first, then by their appraisal."""


def utility(track: list[int], curve: float) -> float:
    """A board's worth: the sorted weights of ``board_value`` when ``curve`` is 0, else each track
    through a concave curve whose slope falls by e every ``curve`` points."""
    if not curve:
        return board_value(track)
    return sum(curve * (1.0 - math.exp(-value / curve)) for value in track)


def colour_gains(track: list[int], rules: IngeniousRules, locked: int, settings: Settings) -> list[list[float]]:
    """Per colour, the worth a seat gains from 0, 1, 2... points in it (caps and bonus)."""
    curve = settings.curve
    base = utility(track, curve)
    extra = settings.extra * (math.exp(-min(track) / curve) if curve else 1.0)
    gains = []
    for colour in range(6):
        before = track[colour]
        cap = track_cap(rules, locked, colour, before)
        row = []
        raised = track[:]
        for gained in range(GOAL + 1):
            raised[colour] = min(before + gained, cap)
            bonus = extra if rules.bonus and before < cap <= before + gained else 0.0
            row.append(utility(raised, curve) - base + bonus)
        gains.append(row)
    return gains


def tile_values(table: PointTable, gains: list[list[float]], neighbours: Sequence[tuple[int, ...]]) -> list[float]:
    """The best value of each tile type on this board for a seat with these ``gains``."""
    hexes = {cell: [gains[colour][found[colour]] for colour in range(6)] for cell, found in table.items()}
    partner: dict[int, list[float]] = {}
    for cell in hexes:
        near = [hexes[other] for other in neighbours[cell] if other in hexes]
        if near:
            partner[cell] = [max(values[colour] for values in near) for colour in range(6)]
    best = [[0.0] * 6 for _ in range(6)]
    for cell, around in partner.items():
        own = hexes[cell]
        for first in range(6):
            row = best[first]
            here = own[first]
            for second in range(6):
                value = here + around[second]
                if value > row[second]:
                    row[second] = value
    return [max(best[first][second], best[second][first]) for first, second in PAIRS]


def expected_best(values: list[float], pool: list[int], rack: int, floor: float = 0.0) -> float:
    """The expected best of ``floor`` and the values of ``rack`` tiles drawn from ``pool``
    (counts per type)."""
    unseen = sum(pool)
    if rack <= 0 or unseen <= 0:
        return floor
    expected = 0.0
    missing = 1.0
    left = unseen
    for kind in sorted(range(TYPES), key=lambda kind: -values[kind]):
        if not pool[kind]:
            continue
        left -= pool[kind]
        still = 1.0
        for drawn in range(min(rack, unseen)):
            still *= max(left - drawn, 0) / (unseen - drawn)
        expected += max(values[kind], floor) * (missing - still)
        missing = still
    return expected + floor * missing


def appraise(
    state: IngeniousState,
    moves: list[Move],
    rng: Random | None = None,
    **overrides: Any,
) -> list[float]:
    """A value per move for the mover: the ``width`` best placements by their own gain are
    appraised with the reply they leave; the rest keep their gain, less a margin that ranks them
    below. ``overrides`` change fields of ``Settings``."""
    settings = Settings(**overrides)
    if state.rules.scoring != "rays" or (state.deciding and not settings.swap):
        return [move_value(state, move) for move in moves]
    seat = state.current_player
    table = open_points(state.board, state.layout.area)
    mine = colour_gains(state.track(seat), state.rules, state.locked, settings)
    if state.deciding:
        return [_rack_worth(state, tile_values(table, mine, state.layout.area.neighbours), move) for move in moves]
    gains = [_gain(mine, table, move) if isinstance(move, Placement) else 0.0 for move in moves]
    ranked = sorted(range(len(moves)), key=lambda index: -gains[index])
    values = [gain - UNAPPRAISED for gain in gains]
    opponents = _opponents_gains(state, settings)
    for index in ranked[: settings.width]:
        move = moves[index]
        assert isinstance(move, Placement)
        values[index] = gains[index] - _reply_cost(state, move, opponents, settings.reply)
    if rng is not None and len(state.free) <= settings.late and can_play_out(state):
        best = sorted(range(len(moves)), key=lambda index: -values[index])[: settings.candidates]
        shares = finish_shares(state, [moves[index] for index in best], settings.playouts, rng)
        for index, share in zip(best, shares, strict=True):
            values[index] += LATE_STEP * (1.0 + share)
    return values


def _gain(gains: list[list[float]], table: PointTable, move: Placement) -> float:
    first, second, a, b = move
    if first == second:
        return gains[first][min(table[a][first] + table[b][first], GOAL)]
    return gains[first][min(table[a][first], GOAL)] + gains[second][min(table[b][second], GOAL)]


def _rack_worth(state: IngeniousState, values: list[float], move: Move) -> float:
    """The expected best tile of the rack the mover will hold after swapping or keeping."""
    if move is Decision.SWAP:
        return expected_best(values, state.bag, RACK_SIZE)
    rack = state.racks[state.current_player]
    kept = max(values[kind] for kind in rack)
    return expected_best(values, state.bag, RACK_SIZE - len(rack), kept)


def _opponents_gains(state: IngeniousState, settings: Settings) -> list[tuple[int, list[list[float]]]]:
    """Each opponent's colour gains: a placement changes the board, not their tracks, so every
    candidate's reply is measured with the same gains."""
    mover_board = state.layout.board_of[state.current_player]
    return [
        (other, colour_gains(state.track(other), state.rules, state.locked, settings))
        for other in range(state.num_players)
        if state.layout.board_of[other] != mover_board
    ]


def _reply_cost(
    state: IngeniousState, move: Placement, opponents: list[tuple[int, list[list[float]]]], reply: float
) -> float:
    """The opponents' expected best replies on the board the placement leaves, charged ``reply``
    times."""
    grid = state.layout.area
    board = state.board[:]
    first, second, a, b = move
    board[a], board[b] = first, second
    table = open_points(board, grid)
    cost = 0.0
    for other, gains in opponents:
        cost += reply * _reply_value(state, other, tile_values(table, gains, grid.neighbours))
    return cost


def _reply_value(state: IngeniousState, other: int, values: list[float]) -> float:
    rack = state.racks[other]
    known = [kind for kind in rack if kind != HIDDEN]
    if len(known) == len(rack):
        return max((values[kind] for kind in known), default=0.0)
    return expected_best(values, state.bag, len(rack))
