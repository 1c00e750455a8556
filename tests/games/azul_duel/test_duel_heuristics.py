"""The bots' knowledge of Azul Duel: the round's tiling projected as the engine scores it, tiles
and plates valued by where they go, and rollouts and move ordering within the legal moves."""

from __future__ import annotations

import math
from random import Random

from duel_helpers import blank, cell, line, plates, rebag, settle, tiles, workshop

from kashi.core.game import new_game
from kashi.core.state import CHANCE
from kashi.games.azul_duel import dome, heuristics
from kashi.games.azul_duel.components import DOME_BASE, DOME_SIZE
from kashi.games.azul_duel.notation import BROKEN, Move, PlaceTile, SunTake, TakePlate
from kashi.games.azul_duel.phases import TILING
from kashi.games.azul_duel.state import AzulDuelState

R, Y, K, B, T = range(5)


def after(state: AzulDuelState, move: Move) -> float:
    """The mover's value once ``move`` is played: what a greedy bot compares."""
    seat = state.current_player
    child = state.copy()
    child.play(move)
    return child.evaluate()[seat]


def random_positions(seed: int) -> list[AzulDuelState]:
    """Every decision point of one game played by the rollout policy, then the finished game."""
    rng = Random(seed)
    state = new_game("azul-duel", 2, seed=seed).state
    assert isinstance(state, AzulDuelState)
    seen: list[AzulDuelState] = []
    while True:
        while state.current_player == CHANCE:
            state.apply_chance(state.sample_chance(rng))
        if state.is_over():
            return [*seen, state]
        seen.append(state.copy())
        state.play(state.rollout_move(rng))


def test_completing_a_line_beats_a_waiting_line_beats_the_broken_area() -> None:
    state = blank(start=0)
    plates(state, 0, {1: (0, 0)})  # Y K / T S: a2 takes turquoise
    workshop(state, 0, sun="TTR")
    workshop(state, 1, sun="RRYK")
    rebag(state)
    complete, waiting, broken = SunTake(0, T, 1), SunTake(0, T, 5), SunTake(0, T, BROKEN)
    assert after(state, complete) > after(state, waiting) > after(state, broken)
    ordered = state.order_moves(state.legal_moves())
    assert ordered.index(complete) < ordered.index(waiting) < ordered.index(broken)
    assert ordered[0] == complete


def test_the_projection_scores_the_last_tiling_as_the_engine_does() -> None:
    """Line 2 places a2 (column a1-a2: 2) and completes the plate (special tile on b2: 2 more);
    2 broken tiles -3, the start tile -2; then the special cell b3 left empty -3."""
    state = blank(start=1, round_number=5)
    state.tablets = [1, 0, 0, 2]  # A1 complete rows (none), D2 empty special cells
    plates(state, 0, {1: (0, 0), 4: (4, 0)})  # Y K / T S and K S / T R
    tiles(state, 0, {"a1": "Y", "b1": "K"})
    line(state, 0, 2, "TT")
    line(state, 1, 1, "R")
    state.broken[0:2] = [1, 1]
    state.start_taker = 0
    projected = state.evaluate()
    settle(state)
    assert state.is_over()
    assert state.score == [5 + 2 + 2 - 3 - 2 - 3, 5]
    assert projected == (float(state.score[0]), float(state.score[1]))


def test_a_plate_is_best_beside_the_dome_where_a_waiting_line_can_use_it() -> None:
    state = blank(start=0)
    plates(state, 0, {1: (0, 0)})  # row 2 shows T and S only
    line(state, 0, 2, "R")
    state.display = [2]  # T R / B W: its wild bottom-right takes the red line when on s2
    state.pool.remove(2)
    workshop(state, 1, sun="RRYK")
    rebag(state)
    beside, apart = TakePlate(2, 1, 0), TakePlate(2, 8, 0)
    assert after(state, beside) > after(state, apart)
    ordered = state.order_moves(state.legal_moves())
    assert ordered.index(beside) < ordered.index(apart)


def test_a_tile_goes_where_it_joins_a_run_and_keeps_the_wild_cell_free() -> None:
    state = blank(start=0, round_number=5)
    state.tablets = [0, 0, 0, 0]
    plates(state, 0, {1: (1, 0), 2: (3, 0)})  # W B / T K and K Y / R W
    tiles(state, 0, {"c1": "K"})
    line(state, 0, 1, "B")
    settle(state)
    assert state.phase == TILING
    joined, lone = PlaceTile(cell("b1")), PlaceTile(cell("a1"))
    assert state.order_moves([lone, joined]) == [joined, lone]
    assert after(state, joined) > after(state, lone)


def test_rollouts_and_ordering_keep_to_the_legal_moves() -> None:
    rng = Random(4)
    for seed in range(2):
        for state in random_positions(seed)[:-1]:
            legal = state.legal_moves()
            ordered = state.order_moves(list(legal))
            assert sorted(map(str, ordered)) == sorted(map(str, legal))
            assert all(state.rollout_move(rng) in legal for _ in range(2))


def test_evaluate_is_finite_and_a_finished_game_is_valued_in_the_order_of_its_result() -> None:
    compared = 0
    for seed in range(4):
        positions = random_positions(seed)
        for state in positions[::5]:
            values = state.evaluate()
            assert len(values) == 2 and all(math.isfinite(value) for value in values)
        final = positions[-1]
        outcome = final.outcome()
        assert outcome is not None
        values = final.evaluate()
        if outcome.ranks[0] != outcome.ranks[1]:
            better = outcome.ranks.index(1)
            assert values[better] > values[1 - better]
            compared += 1
    assert compared


def test_a_tie_goes_to_the_start_tile_holder() -> None:
    state = blank(start=0, round_number=5)
    state.tablets = [0, 0, 0, 0]
    state.start_holder = 1
    settle(state)
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (1,)
    values = state.evaluate()
    assert values[1] > values[0]


def test_one_seats_value_is_its_entry_of_the_evaluation() -> None:
    """Greedy reads ``evaluate_seat``, which values one seat alone: the evaluation's entry exactly,
    the finished game included."""
    for state in random_positions(3):
        values = state.evaluate()
        assert (state.evaluate_seat(1), state.evaluate_seat(0)) == (values[1], values[0])


def test_remembered_dome_potentials_follow_the_tablets_in_play() -> None:
    """The same domes under other tablets are valued afresh, as with nothing remembered."""
    state = random_positions(5)[40]
    assert state.round < 5  # potentials count before the last round
    values = []
    for tablets in ([1, 1, 1, 0], [2, 2, 0, 2], [0, 1, 2, 1], [1, 1, 1, 0]):
        state.tablets = tablets
        values.append(state.evaluate())
        heuristics._dome_potential.cache_clear()
        assert state.evaluate() == values[-1]
    assert len(set(values)) == 3


def test_a_dome_row_has_a_legal_cell_exactly_when_legal_cells_lists_one() -> None:
    checked = 0
    for state in random_positions(11)[::3]:
        for seat in range(2):
            for row in range(DOME_SIZE):
                for colour in range(5):
                    listed = dome.legal_cells(state.cells, state.tiles, DOME_BASE[seat], row, colour)
                    assert dome.has_legal_cell(state.cells, state.tiles, DOME_BASE[seat], row, colour) == bool(listed)
                    checked += bool(listed)
    assert 0 < checked < 2 * DOME_SIZE * 5 * len(random_positions(11)[::3])  # both answers occur
