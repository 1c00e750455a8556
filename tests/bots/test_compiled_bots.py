"""Greedy and rollout play on the compiled core: greedy's values are the Python engine's, the
rollout bot's playouts run in C and stay seeded, and ``compiled=0`` keeps them in Python."""

from __future__ import annotations

import math

import pytest
from kashi_test_extras import compiled_core

from kashi.bots import Limits, make_bot
from kashi.bots.greedy import greedy_move, move_values
from kashi.core import native
from kashi.core.registry import variant
from kashi.core.splitmix import SplitMix64
from kashi.core.state import CHANCE, State


@pytest.fixture(autouse=True)
def _core() -> None:
    compiled_core()


def positions(name: str, players: int, count: int) -> list:
    """Positions with a seat to move along a random game."""
    chosen = variant(name)
    state = chosen.family.make_state(players, chosen.resolve(players, {}), 0)
    rng = SplitMix64(players)
    found = []
    while state.current_player != -2 and len(found) < count:
        if state.current_player == CHANCE:
            state.apply_chance(state.sample_chance(rng))
            continue
        found.append(state.copy())
        state.play(state.random_move(rng))
    return found


@pytest.mark.parametrize(("name", "players"), [("azul", 2), ("azul-grey", 3), ("azul-quick", 4)])
def test_greedy_values_are_the_python_engines(name, players):
    for state in positions(name, players, 60):
        moves = state.legal_moves()
        assert move_values(state, moves) == pytest.approx(State.appraise(state, moves), rel=1e-12, abs=1e-12)


def test_greedy_picks_among_the_best_and_compiled_off_stays_in_python(monkeypatch):
    state = positions("azul", 2, 5)[-1]
    values = dict(zip(state.legal_moves(), State.appraise(state, state.legal_moves()), strict=True))
    best = max(values.values())
    assert values[greedy_move(state, SplitMix64(1))] == best
    asked = []
    monkeypatch.setattr(native, "compiled", lambda state: asked.append(state))
    greedy_move(state, SplitMix64(1), compiled=False)
    make_bot("rollout:compiled=0", seed=1).choose(state, Limits())
    assert not asked


def test_rollout_playouts_run_in_c_seeded_by_the_bot():
    for state in positions("azul", 2, 40)[::8]:
        if len(state.legal_moves()) < 2:
            continue
        bot = make_bot("rollout:samples=2", seed=3)
        candidates = bot.candidates(state, state.legal_moves())
        margins = bot.playout_margins(state, candidates)
        assert len(margins) == len(candidates) and all(math.isfinite(value) for value in margins)
        chosen = [make_bot("rollout", seed=5).choose(state, Limits()) for _ in range(2)]
        assert chosen[0] == chosen[1] and chosen[0] in state.legal_moves()
