"""Azul Duel's compiled engine is the Python engine's game: move for move, chance for chance.

Random games are played in lockstep from the same seed (``kashi_compiled.lockstep_game``) under
the rule options that change play; positions reached by random play cross to the compiled engine
and back unchanged, with the same legal actions (and no other action id accepted), the same
evaluation and the same rollout policy draws; a seat's view crosses too, and the compiled
determinize deals a view's hidden plates as ``views.determinize`` does, with the same numbers,
into a full position consistent with the view.
"""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from kashi_compiled import lockstep_game, play_randomly
from kashi_test_extras import compiled_core

from kashi.bots import Limits, make_bot
from kashi.core import native
from kashi.core.registry import variant
from kashi.core.splitmix import SplitMix64
from kashi.core.state import CHANCE, TERMINAL, State
from kashi.games.azul_duel import heuristics, views
from kashi.games.azul_duel.compiled import to_fields
from kashi.games.azul_duel.invariants import problems
from kashi.games.azul_duel.phases import CHOOSE_CHIPS, OPENING, TILING

CONFIGURATIONS = [
    {},
    {"tablets": 4, "unused_chip_points": 3},
    {"draw_at_zero": False, "free_pass": True, "untaken_start_tile": "pass"},
]
"""The default rules, then every option that changes play: all four tablets and points for unused
chips (the final scoring and the evaluation), no draw at zero points, passing at will, and the
untaken start tile passed on (the legal moves and the start holder)."""
GAMES = 200
"""Games per configuration in the default suite."""


@pytest.fixture(autouse=True)
def _core() -> None:
    compiled_core()


def new_state(options: dict[str, Any], start: int) -> Any:
    chosen = variant("azul-duel")
    return chosen.family.make_state(2, chosen.resolve(2, options), start)


@pytest.mark.parametrize("options", CONFIGURATIONS)
def test_random_games_are_the_same_game(options):
    for seed in range(GAMES):
        lockstep_game(new_state(options, seed % 2), seed=5000 + seed)


@pytest.mark.slow
@pytest.mark.parametrize("options", CONFIGURATIONS)
def test_a_hundred_thousand_games_are_the_same_game(options):
    for seed in range(100_000):
        lockstep_game(new_state(options, seed % 2), seed=seed, probes=1)


@settings(max_examples=100, deadline=None)
@given(options=st.sampled_from(CONFIGURATIONS), seed=st.integers(0, 2**64 - 1), plies=st.integers(0, 260))
def test_any_position_crosses_over_and_back(options, seed, plies):
    state = play_randomly(new_state(options, seed % 2), seed, plies)
    compiled = native.compiled(state)
    assert native.uncompiled(compiled).position() == state.position()
    assert native.uncompiled(compiled).same_position(state)
    assert compiled.legal_actions() == state.legal_actions()
    assert compiled.current_player() == state.current_player
    assert compiled.evaluate() == pytest.approx(state.evaluate(), rel=1e-9, abs=1e-9)
    lockstep_game(state, seed=seed, probes=1)


@cache
def decisions(games: int) -> dict[str, list[Any]]:
    """Positions where a seat decides, from random games of every configuration, by what is
    decided: a take in phase A, the opening plate, a paid draw, a dome cell, chips (read only)."""
    found: dict[str, list[Any]] = {"take": [], "opening": [], "draw": [], "cell": [], "chips": []}
    for seed in range(games):
        state, rng = new_state(CONFIGURATIONS[seed % len(CONFIGURATIONS)], seed % 2), SplitMix64(seed)
        while state.current_player != TERMINAL:
            if state.current_player == CHANCE:
                state.apply_chance(state.sample_chance(rng))
                continue
            if state.phase == TILING:
                kind = "chips" if state.tile_stage == CHOOSE_CHIPS else "cell"
            else:
                kind = "opening" if state.phase == OPENING else "draw" if state.draw_stage else "take"
            if rng.random() < 0.05:
                found[kind].append(state.copy())
            state.play(state.random_move(rng))
    return found


def test_exactly_the_legal_action_ids_are_accepted():
    """Every id of the action space, asked one by one, in every kind of decision: the accepted
    ones are the legal ones."""
    for kind, found in decisions(30).items():
        assert len(found) >= 3, kind
        for state in found[:3]:
            compiled = native.compiled(state)
            accepted = {action for action in range(state.num_actions) if compiled.is_legal(action)}
            assert accepted == set(state.legal_actions()), kind


def test_the_rollout_policy_draws_what_the_python_policy_draws():
    """Both draw the same four moves with the same numbers (a dome cell by Random.choice) and keep
    the same best one by the same quick values, in every kind of decision."""
    core = compiled_core()
    compared = 0
    for kind, found in decisions(30).items():
        for seed, state in enumerate(found):
            python_rng, core_rng = SplitMix64(seed), core.Rng(seed)
            compiled = native.compiled(state)
            for _ in range(5):
                move = heuristics.rollout_move(state, python_rng)
                assert compiled.rollout_action(core_rng) == state.action_id(move), kind
                compared += 1
    assert compared >= 800


def test_the_evaluation_after_every_legal_action_is_the_python_engines():
    """The greedy bot's values (every legal action played, the position evaluated) from the
    compiled engine and from the Python one, in every kind of decision and in the mover's view."""
    compared = 0
    for kind, found in decisions(30).items():
        for state in found[:20]:
            view = state.view(state.current_player)
            moves = view.legal_moves()
            actions, values = native.CORE.greedy_values(native.compiled(view))
            assert actions == [view.action_id(move) for move in moves], kind
            assert values == pytest.approx(State.appraise(view, moves), rel=1e-9, abs=1e-9), kind
            compared += len(moves)
    assert compared > 1500


def test_a_seats_view_crosses_over_and_back():
    """Hidden plates (-1 in the stack and the hand) cross as they are; the seat to move sees its
    own drawn plates, so its view has the full position's legal actions."""
    crossed = 0
    for seed in range(150):
        state = play_randomly(new_state(CONFIGURATIONS[seed % 3], seed % 2), seed, 3 * seed % 300)
        for seat in (None, 0, 1):
            view = state.view(seat)
            compiled = native.compiled(view)
            assert list(compiled.fields()) == to_fields(view)
            assert native.uncompiled(compiled).same_position(view)
            assert native.uncompiled(compiled).position() == view.position()
            if seat is not None and seat == state.current_player:
                assert compiled.legal_actions() == view.legal_actions() == state.legal_actions()
            crossed += -1 in view.stack or -1 in view.hand
    assert crossed > 250


def test_the_determinize_of_a_view_deals_its_hidden_plates_as_python_does():
    """Python's shuffle of the unseen plates draws with getrandbits; the engine draws the same
    bits, so both deal the same plates. The full position keeps all the view shows and is sound."""
    dealt = 0
    for seed in range(200):
        state = play_randomly(new_state(CONFIGURATIONS[seed % 3], seed % 2), seed, 5 * seed % 300)
        view = state.view(seed % 2 if seed % 5 else None)
        full = views.determinize(view, SplitMix64(seed))
        held = native.compiled(view)
        held.determinize(native.CORE.Rng(seed))
        assert list(held.fields()) == to_fields(full)
        assert native.uncompiled(held).same_position(full)
        assert problems(full) == []
        assert -1 not in full.stack + full.hand
        for position, plate in enumerate(view.stack):
            assert plate < 0 or full.stack[position] == plate
        unseen = sorted([plate for plate in view.stack + view.hand if plate >= 0] + view.pool)
        assert sorted(full.stack + full.hand + full.pool) == unseen
        dealt += -1 in view.stack or -1 in view.hand
    assert dealt > 100


def test_action_ids_past_8192_cross_the_module():
    """Azul Duel's ids run to 87,740, past the core's buffers of legal ids (8,192): they are legal
    actions, candidates of the rollout bot's playouts and moves the search adds at the root."""
    for state in decisions(30)["take"]:
        big = [action for action in state.legal_actions() if action > 8192]
        if len(big) * 2 < len(state.legal_actions()):
            continue
        assert native.compiled(state).is_legal(big[0])
        view = state.view(state.current_player)
        assert native.CORE.sample_margins(native.compiled(view), big[:1], 2, 1)[0] > float("-inf")
        root = make_bot("mcts:iterations=1000", seed=1).search(view, view.order_moves(view.legal_moves()), Limits())
        assert any(state.action_id(move) > 8192 for move in root.children)
        return
    raise AssertionError("no position with mostly ids past 8192")
