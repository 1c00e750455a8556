"""Property tests: random games keep the spec's invariants (section 8) at every step."""

from __future__ import annotations

import json
from collections import Counter
from random import Random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import kashi
from kashi.core.outcome import RULES
from kashi.games.azul import AzulRules, AzulState
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


@pytest.mark.parametrize(("variant", "seed", "steps"), [("azul", 1, 0), ("azul", 2, 3), ("azul-quick", 3, 5)])
def test_random_move_is_uniform_over_the_legal_moves(variant: str, seed: int, steps: int) -> None:
    """random_move draws each legal move with the same probability (a generous chi-square bound)."""
    game = kashi.new_game(variant, players=3, seed=seed)
    rng = Random(seed)
    for _ in range(steps):
        game.play(game.state.random_move(rng))
    legal = game.state.legal_moves()
    draws = 200 * len(legal)
    seen = Counter(game.state.random_move(rng) for _ in range(draws))
    assert set(seen) == set(legal)
    chi2 = sum((seen[move] - 200) ** 2 / 200 for move in legal)
    freedom = len(legal) - 1
    assert chi2 < freedom + 6 * (2 * freedom) ** 0.5
