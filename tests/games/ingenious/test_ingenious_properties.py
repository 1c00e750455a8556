"""Invariants over random games of every variant: tiles conserved, no cell covered twice, scores
in bounds, views that never show another rack, records that replay to the identical state."""

from __future__ import annotations

from random import Random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kashi.core.game import Game, new_game
from kashi.core.record import Record
from kashi.core.state import CHANCE
from kashi.games.ingenious import IngeniousState
from kashi.games.ingenious.invariants import problems
from kashi.games.ingenious.moves import Move
from kashi.games.ingenious.tiles import HIDDEN
from tests.games.ingenious.builders import state_of

CONFIGS = [
    ("ingenious", 2),
    ("ingenious", 3),
    ("ingenious", 4),
    ("ingenious-teams", 4),
    ("ingenious-solo", 1),
    ("ingenious-tutorial", 2),
    ("ingenious-tutorial", 3),
    ("ingenious-tutorial", 4),
]


def check_views(state: IngeniousState) -> list[str]:
    found = []
    for seat in [None, *range(state.num_players)]:
        view = state.view(seat)
        for other in range(state.num_players):
            shown = view.racks[other] + view.reserves[other]
            if other != seat and any(kind != HIDDEN for kind in shown):
                found.append(f"the view of {seat} shows the rack of {other}")
            if len(view.racks[other]) != len(state.racks[other]):
                found.append(f"the view of {seat} changes the size of rack {other}")
        found.extend(problems(view))
    return found


def greedy_move(state: IngeniousState, rng: Random, tries: int = 12) -> Move:
    """The best of a few random moves by the mover's total points: games that reach 18 often,
    so bonuses, chains, swaps and instant wins get exercised too."""
    seat = state.current_player
    best, best_total = state.random_move(rng), -1
    for _ in range(tries):
        move = state.random_move(rng)
        trial = state.copy()
        trial.play(move)
        total = sum(trial.track(seat))
        if total > best_total:
            best, best_total = move, total
    return best


def checked_game(name: str, players: int, seed: int, deep: bool, greedy: bool = False) -> Game:
    """Play a random (or greedy) game, checking the invariants after every step (views and
    legality too if deep), then replay its record and its JSON."""
    game = new_game(name, players=players, seed=seed)
    state = state_of(game)
    rng = Random(seed)
    steps = 0
    while not game.is_over():
        assert problems(state) == []
        move = greedy_move(state, rng) if greedy else state.random_move(rng)
        if deep:
            assert check_views(state) == []
            assert state.is_legal(move) and move in state.legal_moves()
        game.play(move)
        assert state.current_player != CHANCE
        steps += 1
        assert steps < 400
    assert problems(state) == []
    outcome = game.outcome()
    assert outcome is not None and len(outcome.winners) >= 1
    replayed = Game.from_record(Record.from_text(game.record().to_text()))
    assert replayed.state.to_json() == state.to_json()
    assert IngeniousState.from_json(state.to_json()).to_json() == state.to_json()
    return game


@settings(max_examples=12, deadline=None)
@given(config=st.sampled_from(CONFIGS), seed=st.integers(0, 2**32))
def test_random_games_keep_every_invariant(config: tuple[str, int], seed: int) -> None:
    checked_game(*config, seed=seed, deep=True)


@settings(max_examples=8, deadline=None)
@given(config=st.sampled_from(CONFIGS), seed=st.integers(0, 2**32))
def test_greedy_games_keep_every_invariant(config: tuple[str, int], seed: int) -> None:
    checked_game(*config, seed=seed, deep=True, greedy=True)


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32), steps=st.integers(0, 60))
def test_copies_are_independent(seed: int, steps: int) -> None:
    game = new_game("ingenious", players=2, seed=seed)
    rng = Random(seed)
    for _ in range(steps):
        if game.is_over():
            break
        game.play(game.state.random_move(rng))
    state = state_of(game)
    before = state.to_json()
    copy = state.copy()
    while copy.current_player >= 0 or copy.current_player == CHANCE:
        if copy.current_player == CHANCE:
            copy.apply_chance(copy.sample_chance(rng))
        else:
            copy.play(copy.random_move(rng))
    assert state.to_json() == before


@pytest.mark.slow
@pytest.mark.parametrize(("name", "players"), CONFIGS)
def test_two_thousand_random_games(name: str, players: int) -> None:
    for seed in range(2000):
        checked_game(name, players, seed=seed, deep=seed < 50)


@pytest.mark.slow
@pytest.mark.parametrize(("name", "players"), CONFIGS)
def test_three_hundred_greedy_games(name: str, players: int) -> None:
    for seed in range(300):
        checked_game(name, players, seed=seed, deep=seed < 10, greedy=True)
