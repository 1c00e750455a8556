"""The compiled core's generic parts: its random numbers, its refusal of bad input (a fuzz of
fields and action ids: a clear exception and nothing changed, never a crash), its search."""

from __future__ import annotations

from random import Random

import pytest
from kashi_test_extras import compiled_core

from kashi.bots import Limits, make_bot
from kashi.core import native
from kashi.core.registry import variant
from kashi.core.splitmix import SplitMix64
from kashi.core.state import CHANCE


@pytest.fixture
def core():
    return compiled_core()


def azul_state(players: int = 2, seed: int = 1, plies: int = 0):
    """The position ``plies`` random moves into a game of Azul drawn from ``seed``."""
    chosen = variant("azul")
    state = chosen.family.make_state(players, chosen.resolve(players, {}), 0)
    rng = SplitMix64(seed)
    for ply in range(plies + 1):
        while state.current_player == CHANCE:
            state.apply_chance(state.sample_chance(rng))
        if ply < plies:
            state.play(state.random_move(rng))
    return state


def test_the_core_draws_the_numbers_of_splitmix_in_python(core):
    for seed in (0, 1, 2**64 - 1, 12345678901234567):
        python, compiled = SplitMix64(seed), core.Rng(seed)
        for _ in range(1000):
            assert compiled.next() == python.next()
            assert compiled.random() == python.random()


def test_random_fields_are_refused_with_a_clear_error(core):
    rng = Random(7)
    for _ in range(3000):
        fields = [rng.choice([-(2**63), -2, -1, 0, 1, 2, 3, 4, 5, 7, 20, 255, 2**31, 2**63 - 1]) for _ in range(148)]
        fields = fields[: rng.randrange(0, 160)] if rng.random() < 0.3 else fields
        with pytest.raises(ValueError, match="malformed azul position"):
            core.State("azul", fields)


def test_wrong_types_and_sizes_are_refused(core):
    with pytest.raises(ValueError, match="no compiled engine"):
        core.State("chess", [])
    with pytest.raises(TypeError):
        core.State("azul", ["2"] * 148)
    with pytest.raises(OverflowError):
        core.State("azul", [2**70] * 148)
    with pytest.raises(ValueError, match="more than any game"):
        core.State("azul", [0] * 5000)


def test_random_action_ids_are_refused_unless_legal(core):
    rng = Random(3)
    state = native.compiled(azul_state(3))
    for _ in range(3000):
        action = rng.choice([rng.randrange(-10, state.num_actions() + 10), rng.randrange(-(2**62), 2**62)])
        legal = action in state.legal_actions()
        assert state.is_legal(action) == legal
        if not legal:
            before = state.fields()
            with pytest.raises(core.IllegalAction):
                state.apply(action)
            assert state.fields() == before
    with pytest.raises(TypeError):
        state.apply("1B1")
    with pytest.raises(OverflowError):
        state.apply(2**80)


def test_a_seat_to_move_cannot_draw_chance(core):
    state = native.compiled(azul_state())
    with pytest.raises(core.IllegalAction, match="no chance event"):
        state.apply_chance(core.Rng(1))
    with pytest.raises(TypeError, match="an Rng"):
        state.apply_chance(SplitMix64(1))


def test_the_compiled_search_spends_its_budget_on_the_root_moves(core):
    state = azul_state(seed=5)
    bot = make_bot("mcts:iterations=400", seed=1)
    order = state.order_moves(state.legal_moves())
    root = bot.search(state, order, Limits())
    assert bot.last_iterations == root.visits == 400
    assert sum(child.visits for child in root.children.values()) == 400
    assert set(root.children) <= set(state.legal_moves())
    assert list(root.children)[:3] == order[:3], "the root's moves enter in the given order"
    assert all(-1 < child.mean() < 1 for child in root.children.values())


def test_the_compiled_search_is_seeded_by_the_bot(core):
    state = azul_state(seed=9)
    moves = {make_bot("mcts:iterations=300", seed=4).choose(state, Limits()) for _ in range(3)}
    assert len(moves) == 1


def test_the_compiled_search_stops_early_once_settled_and_at_its_clock(core):
    state = azul_state(seed=1, plies=10)
    assert len(state.legal_moves()) == 4
    settled = make_bot("mcts:iterations=3000,early_stop=1", seed=1)
    settled.choose(state, Limits())
    assert settled.last_iterations < 3000
    clocked = make_bot("mcts", seed=1)
    clocked.choose(state, Limits(seconds=0.01, iterations=10**9))
    assert 1 <= clocked.last_iterations < 10**9


def test_a_learned_evaluation_keeps_the_python_search(core, monkeypatch):
    """Its leaves are a network's, which the compiled core does not have yet."""
    from kashi.bots.learned import LearnedMCTSBot

    assert LearnedMCTSBot.compiled_search is False
    called = []
    monkeypatch.setattr(native, "compiled", lambda state: called.append(state))
    make_bot("mcts:iterations=50", seed=1).choose(azul_state(), Limits())
    assert called, "plain MCTS asks for the compiled engine"


FIELD_FUZZ = [
    ("azul", (2, 3, 4), [-3, -2, -1, 0, 1, 2, 4, 5, 6, 19, 20, 21, 100, 10001], 200),
    ("azul-duel", (2,), [-3, -2, -1, 0, 1, 2, 3, 4, 5, 6, 7, 9, 12, 13, 17, 18, 71, 100], 230),
]
"""Per variant: its player counts, the values a changed field takes (the edges of the ranges
the engine checks) and how many random steps into a game the positions are taken."""


@pytest.mark.parametrize(("name", "seats", "values", "steps"), FIELD_FUZZ)
def test_a_field_changed_at_random_is_refused_or_plays_on(core, name, seats, values, steps):
    """Positions reached by random play in the core, one field set to a random value: refused
    with a ValueError, or a position the engine plays to its end (the checks keep every index in
    range and every game finite)."""
    chosen = variant(name)
    starts = [native.compiled(chosen.family.make_state(players, chosen.resolve(players, {}), 0)) for players in seats]
    rng = Random(13)
    refused = played = 0
    for round_ in range(2500):
        held, stream = starts[round_ % len(starts)].copy(), core.Rng(round_)
        for _ in range(round_ % steps):
            held.random_step(stream)
        fields = list(held.fields())
        fields[rng.randrange(len(fields))] = rng.choice(values)
        try:
            state = core.State(chosen.family.name, fields)
        except ValueError:
            refused += 1
            continue
        core.random_games(state, 1, round_)
        played += 1
    assert refused > 800 and played > 150
