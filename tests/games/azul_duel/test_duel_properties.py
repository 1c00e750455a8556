"""Random whole games: invariants after every event, views, JSON and record replay (spec 7)."""

from __future__ import annotations

import time
from random import Random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kashi
from kashi.core.game import Game
from kashi.core.record import Record
from kashi.core.state import CHANCE
from kashi.games.azul_duel.acquisition import decode, groups
from kashi.games.azul_duel.invariants import problems
from kashi.games.azul_duel.phases import TILING
from kashi.games.azul_duel.state import AzulDuelState

OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"tablets": 4, "free_pass": True},
    {"draw_at_zero": False, "untaken_start_tile": "pass"},
]


def play_checked(seed: int, options: dict[str, Any], deep: bool) -> Game:
    """Play a random game through ``Game``, checking every position; return the finished game."""
    game = kashi.new_game("azul-duel", seed=seed, **options)
    rng = Random(seed)
    state = game.state
    assert isinstance(state, AzulDuelState)
    plates_checked = False
    while not game.is_over():
        assert not problems(state), problems(state)
        assert min(state.score) >= 0
        if state.round == 5 and not plates_checked:
            assert min(state.slots) >= 0, "all 18 plates are placed by the end of round 4"
            assert not state.display and not state.stack
            plates_checked = True
        if deep:
            _check_position(state, rng)
        game.play(state.random_move(rng))
    assert not problems(state)
    replayed = Game.from_record(Record.from_text(game.record().to_text()))
    assert replayed.state.to_json() == state.to_json()
    assert replayed.record().to_text() == game.record().to_text()
    return game


def _check_position(state: AzulDuelState, rng: Random) -> None:
    moves = state.legal_moves()
    assert moves and len(set(moves)) == len(moves)
    if state.phase != TILING:  # random_move draws an index over the same groups: exactly uniform
        assert sum(count for count, _, _ in groups(state)) == len(moves)
        assert {decode(state, g, i) for g in groups(state) for i in range(g[0])} == set(moves)
    assert state.random_move(rng) in moves
    for move in rng.sample(moves, min(3, len(moves))):
        assert state.parse_move(str(move)) == move
        assert state.move_from_action(state.action_id(move)) == move
        assert state.explain_illegal(move) is None
    assert AzulDuelState.from_json(state.to_json()).to_json() == state.to_json()
    _check_copy(state, rng)
    for seat in (0, 1, None):
        seen = state.view(seat)
        assert not problems(seen)
        mask = 0 if seat is None else 1 << seat
        assert all(who & mask for p, who in zip(seen.stack, seen.stack_known, strict=True) if p >= 0)
        if seen.hand and seat != state.to_move:
            assert set(seen.hand) == {-1}
        full = seen.determinize(rng)
        assert not problems(full) and -1 not in full.stack and -1 not in full.hand


def _check_copy(state: AzulDuelState, rng: Random) -> None:
    """A copy holds every field (but what ``random_move`` last drew) in lists of its own."""
    copied = state.copy()
    for name in AzulDuelState.__slots__:
        if name != "_drawn":
            value = getattr(state, name)
            assert getattr(copied, name) == value, name
            assert not isinstance(value, list) or getattr(copied, name) is not value, name
    before = state.to_json()
    copied.play(copied.random_move(rng))
    assert state.to_json() == before


def _check_chance(state: AzulDuelState, rng: Random) -> None:
    outcomes = state.chance_outcomes()
    assert sum(p for _, p in outcomes) == pytest.approx(1)
    assert state.sample_chance(rng) in dict(outcomes)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32), which=st.integers(0, len(OPTION_SETS) - 1))
def test_random_games_keep_every_invariant(seed: int, which: int) -> None:
    game = play_checked(seed, OPTION_SETS[which], deep=True)
    outcome = game.outcome()
    assert outcome is not None and len(outcome.winners) == 1
    assert isinstance(game.state, AzulDuelState)
    assert sum(1 for slot in game.state.slots if slot >= 0) == 18


@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_chance_outcomes_are_distributions_and_samples_belong_to_them(seed: int) -> None:
    rng = Random(seed)
    state = kashi.new_game("azul-duel", seed=seed).state
    assert isinstance(state, AzulDuelState)
    checked = 0
    while not state.is_over() and checked < 40:
        if state.current_player == CHANCE:
            _check_chance(state, rng)
            checked += 1
            state.apply_chance(state.sample_chance(rng))
        else:
            state.play(state.random_move(rng))


def test_views_hide_the_returned_plates_from_the_other_seat() -> None:
    for seed in range(40):
        game = kashi.new_game("azul-duel", seed=seed)
        rng = Random(seed)
        state = game.state
        assert isinstance(state, AzulDuelState)
        while not game.is_over():
            returned = [(p, who) for p, who in zip(state.stack, state.stack_known, strict=True) if p >= 0]
            if returned:
                seat = returned[0][1].bit_length() - 1
                assert state.view(1 - seat).stack.count(-1) == len(state.stack) - sum(
                    1 for _, who in returned if who & (1 << (1 - seat))
                )
                assert returned[0][0] in state.view(1 - seat).pool
                assert returned[0][0] not in state.view(seat).pool
                return
            game.play(state.random_move(rng))
    pytest.fail("no game returned a plate under the stack")


@pytest.mark.slow
def test_two_thousand_random_games() -> None:
    started = time.perf_counter()
    for seed in range(2000):
        play_checked(seed, OPTION_SETS[seed % len(OPTION_SETS)], deep=False)
    print(f"2000 games checked and replayed in {time.perf_counter() - started:.1f} s")
