"""Property tests: random games keep the spec's invariants (section 8) at every step."""

from __future__ import annotations

import json
from collections import Counter
from functools import partial
from itertools import count
from random import Random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kashi
from kashi.core.errors import IllegalMoveError
from kashi.core.outcome import RULES
from kashi.core.state import best_sampled_move
from kashi.games.azul import CENTRE, FLOOR, AzulRules, AzulState, Draft
from kashi.games.azul.heuristics import quick_value, rollout_move
from tests.games.azul.checks import check, play_out, replays

VARIANTS = [("azul", {}), ("azul-grey", {}), ("azul-quick", {}), ("azul", {"partial_floor": True})]


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**40), players=st.sampled_from([2, 3, 4]), variant=st.sampled_from(VARIANTS))
def test_random_games_keep_the_invariants_and_replay(
    seed: int, players: int, variant: tuple[str, dict[str, Any]]
) -> None:
    """8: conservation, one marker, sound pattern lines, scores >= 0, 5 rounds at least; records replay."""
    name, options = variant
    game = play_out(kashi.new_game(name, players=players, seed=seed, **options), Random(seed))
    outcome = game.outcome()
    assert outcome is not None and outcome.termination == RULES
    assert outcome.scores == tuple(game.state.score) and outcome.winners
    replays(game)


RULES_SETS = [AzulRules(), AzulRules(centre_seed_tile=True, overflow="discard"), AzulRules(grey=True)]


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**40), players=st.sampled_from([2, 3, 4]), rules=st.sampled_from(RULES_SETS))
def test_every_chance_step_keeps_the_invariants(seed: int, players: int, rules: AzulRules) -> None:
    """6/8: every single fill is one of chance_outcomes (summing to 1) and keeps the invariants."""
    state = AzulState(rules, players, seed % players)
    rng = Random(seed)
    while not state.is_over():
        if state.is_chance():
            outcomes = dict(state.chance_outcomes())
            assert sum(outcomes.values()) == pytest.approx(1.0)
            chance = state.sample_chance(rng)
            assert chance in outcomes
            state.apply_chance(chance)
        else:
            state.play(state.random_move(rng))
        check(state)


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**40), players=st.sampled_from([2, 3, 4]), steps=st.integers(0, 60))
def test_copies_views_and_json_are_independent(seed: int, players: int, steps: int) -> None:
    """copy() and view() are independent of the original; to_json/from_json round-trips."""
    game = kashi.new_game("azul-grey", players=players, seed=seed)
    rng = Random(seed)
    for _ in range(steps):
        if game.is_over():
            break
        game.play(game.state.random_move(rng))
    state = game.state
    before = state.to_json()
    assert AzulState.from_json(json.loads(json.dumps(before))).to_json() == before
    for other in (state.copy(), state.view(0), state.view(None)):
        assert other.to_json() == before
        if other.legal_moves():
            other.play(other.random_move(rng))
        other.bag[0] += 1
        other.score[0] += 5
        other.centre[1] += 1
        assert state.to_json() == before


POSITIONS = [
    ("azul", 3, 1, 0),
    ("azul", 3, 2, 3),
    ("azul-quick", 3, 3, 5),
    ("azul", 2, 4, 14),
    ("azul", 4, 5, 30),
    ("azul", 2, 6, 40),
    ("azul", 3, 7, 60),
]
"""Openings and later positions: lines started, full or barred by the wall, colours in the centre."""


def position_after(variant: str, players: int, seed: int, steps: int) -> tuple[Any, Random]:
    """The game after ``steps`` random moves of seed ``seed``, and the random stream that drew them."""
    game = kashi.new_game(variant, players=players, seed=seed)
    rng = Random(seed)
    for _ in range(steps):
        game.play(game.state.random_move(rng))
    return game, rng


@pytest.mark.parametrize(("variant", "players", "seed", "steps"), POSITIONS)
def test_random_move_is_uniform_over_the_legal_moves(variant: str, players: int, seed: int, steps: int) -> None:
    """random_move draws each legal move with the same probability (a generous chi-square bound)."""
    game, rng = position_after(variant, players, seed, steps)
    legal = game.state.legal_moves()
    draws = 200 * len(legal)
    seen = Counter(game.state.random_move(rng) for _ in range(draws))
    assert set(seen) == set(legal)
    chi2 = sum((seen[move] - 200) ** 2 / 200 for move in legal)
    freedom = len(legal) - 1
    assert chi2 < freedom + 6 * (2 * freedom) ** 0.5


CANDIDATES = [
    *(Draft(source, colour, line) for source in range(CENTRE + 1) for colour in range(5) for line in range(FLOOR + 1)),
    *(
        Draft(source, colour, line, k)
        for source in (0, CENTRE)
        for colour in range(5)
        for line in range(5)
        for k in (1, 2)
    ),
    *(
        Draft(source, colour, line)
        for source, colour, line in [(-1, 0, 0), (0, -1, 0), (0, 0, -1), (0, 5, 0), (10, 0, 0)]
    ),
]
"""Every whole take, partial takes from a few sources, and drafts outside the board."""


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**40), players=st.sampled_from([2, 3, 4]), variant=st.sampled_from(VARIANTS))
def test_play_accepts_exactly_the_legal_moves(seed: int, players: int, variant: tuple[str, dict[str, Any]]) -> None:
    """play takes every listed move and refuses every other draft, unchanged (every fourth
    decision of a game, to keep the test short)."""
    name, options = variant
    game = kashi.new_game(name, players=players, seed=seed, **options)
    rng = Random(seed)
    for decision in count():
        if game.is_over():
            break
        state = game.state
        if decision % 4 == 0:
            legal = set(state.legal_moves())
            before = state.position()
            for move in CANDIDATES:
                other = state.copy()
                try:
                    other.play(move)
                except IllegalMoveError:
                    assert move not in legal and other.position() == before, move
                else:
                    assert move in legal, move
        game.play(state.random_move(rng))


@pytest.mark.parametrize(("variant", "players", "seed", "steps"), POSITIONS)
def test_random_drafts_draw_what_random_move_draws(variant: str, players: int, seed: int, steps: int) -> None:
    """random_drafts(rng, k) spends the random numbers as k calls of random_move and names the same drafts."""
    game, _ = position_after(variant, players, seed, steps)
    one_by_one, together = Random(seed), Random(seed)
    for count_ in (1, 4, 7):
        expected = [game.state.random_move(one_by_one) for _ in range(count_)]
        assert game.state.random_drafts(together, count_) == expected
    assert one_by_one.random() == together.random()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_rollout_policy_keeps_the_first_best_of_four_by_quick_value(players: int) -> None:
    """The inlined rollout policy picks what the generic best-of-samples over quick_value picks,
    with the same random numbers, at every decision of a random game (ties: the first drawn)."""
    game = kashi.new_game("azul", players=players, seed=players)
    rng = Random(players)
    decisions = 0
    while not game.is_over():
        state = game.state
        fast, reference = Random(decisions), Random(decisions)
        picked = rollout_move(state, fast)
        assert picked == best_sampled_move(state, reference, partial(quick_value, state), 4)
        assert fast.random() == reference.random()
        game.play(state.random_move(rng))
        decisions += 1
    assert decisions > 40
