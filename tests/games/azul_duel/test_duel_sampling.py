"""The fast samplers: random_move is uniform over legal_moves, and what the state drew itself is
the only thing play and apply_chance take unchecked."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from random import Random

import pytest

from kashi.core.errors import IllegalMoveError
from kashi.core.state import CHANCE, TERMINAL, best_sampled_move
from kashi.games.azul_duel.heuristics import quick_value
from kashi.games.azul_duel.notation import SunTake, WorkshopFill
from kashi.games.azul_duel.phases import ACQUISITION, FILL, TILING
from kashi.games.azul_duel.rules import DuelRules
from kashi.games.azul_duel.state import AzulDuelState


def first_position(seed: int, wanted: Callable[[AzulDuelState], bool]) -> AzulDuelState:
    """The first position of a seeded random game that ``wanted`` accepts."""
    rng = Random(seed)
    for start in (0, 1) * 20:
        state = AzulDuelState(DuelRules(), start)
        while state.current_player != TERMINAL and not (state.current_player >= 0 and wanted(state)):
            if state.current_player == CHANCE:
                state.apply_chance(state.sample_chance(rng))
            else:
                state.play(state.random_move(rng))
        if state.current_player >= 0:
            return state
    raise AssertionError("no such position in 40 games")


POSITIONS = {
    "opening plates": lambda state: state.round == 1 and state.phase != ACQUISITION,
    "many tile takes": lambda state: state.phase == ACQUISITION and len(state.legal_moves()) > 60,
    "a few moves": lambda state: state.phase == ACQUISITION and 2 < len(state.legal_moves()) < 8,
    "chips to spend": lambda state: state.phase == TILING and len(state.legal_moves()) > 2,
}


@pytest.mark.parametrize("name", POSITIONS)
def test_random_move_draws_every_legal_move_about_equally_often(name: str) -> None:
    state = first_position(11, POSITIONS[name])
    legal = state.legal_moves()
    per_move = 150
    rng = Random(5)
    drawn = Counter(state.random_move(rng) for _ in range(per_move * len(legal)))
    assert set(drawn) == set(legal)
    chi_square = sum((n - per_move) ** 2 / per_move for n in drawn.values())
    freedom = len(legal) - 1
    assert chi_square < freedom + 6 * (2 * freedom) ** 0.5 + 10, (chi_square, freedom)


@pytest.mark.parametrize("name", POSITIONS)
def test_best_random_move_draws_and_picks_what_best_sampled_move_does(name: str) -> None:
    """The rollout policy's one listing of the groups gives the same moves, from the same random
    numbers, as drawing them one at a time."""
    state = first_position(12, POSITIONS[name])
    for seed in range(20):
        one_at_a_time, at_once = Random(seed), Random(seed)
        expected = best_sampled_move(state.copy(), one_at_a_time, lambda move: quick_value(state, move), 4)
        assert state.best_random_move(at_once, 4, lambda move: quick_value(state, move)) == expected
        assert one_at_a_time.random() == at_once.random()


def test_the_best_random_move_is_trusted_once_and_drawn_only_with_someone_to_move() -> None:
    state = first_position(13, POSITIONS["many tile takes"])
    move = state.best_random_move(Random(1), 4, lambda move: quick_value(state, move))
    assert move in state.legal_moves()
    state.play(move)
    assert move not in state.legal_moves()
    before = state.to_json()
    with pytest.raises(IllegalMoveError):  # checked again now that the position has changed
        state.play(move)
    assert state.to_json() == before
    rng = Random(2)
    while state.current_player != TERMINAL:
        if state.current_player == CHANCE:
            state.apply_chance(state.sample_chance(rng))
        else:
            state.play(state.random_move(rng))
    with pytest.raises(IllegalMoveError):
        state.best_random_move(rng, 4, lambda move: 0.0)


def test_a_drawn_move_is_checked_again_once_the_position_has_changed() -> None:
    rng = Random(2)
    state = first_position(3, lambda s: s.phase == ACQUISITION and any(isinstance(m, SunTake) for m in s.legal_moves()))
    move = state.random_move(rng)
    while not isinstance(move, SunTake):
        move = state.random_move(rng)
    state.play(move)
    before = state.to_json()
    with pytest.raises(IllegalMoveError):  # that colour has left the sun
        state.play(move, None)
    assert state.to_json() == before


def test_a_chance_outcome_drawn_out_of_place_is_refused() -> None:
    state = first_position(4, lambda s: s.phase == ACQUISITION)
    stray = state.sample_chance(Random(1))  # no event is due: whatever comes back is no move
    before = state.to_json()
    with pytest.raises(IllegalMoveError):
        state.play(stray)  # type: ignore[arg-type]
    assert state.to_json() == before


def test_a_drawn_fill_is_checked_again_for_the_next_workshop() -> None:
    state = AzulDuelState(DuelRules(), 0)
    rng = Random(6)
    while not (state.current_player == CHANCE and state.phase == FILL and state.fill_workshop == 1):
        state.apply_chance(state.sample_chance(rng))
    fill = state.sample_chance(rng)
    assert isinstance(fill, WorkshopFill)
    state.apply_chance(fill)
    before = state.to_json()
    with pytest.raises(IllegalMoveError):  # the next fill is another workshop's
        state.apply_chance(fill)
    assert state.to_json() == before
