"""OpenSpiel chance nodes list distinct results: following the first outcome every time ends."""

from __future__ import annotations

from random import Random
from typing import Any

import pyspiel
import pytest

from kashi.core.state import CHANCE
from kashi.games.azul_duel.components import LARGE
from kashi.games.azul_duel.notation import WorkshopFill
from kashi.rl.config import GameConfig
from kashi.rl.openspiel import register

GAMES: list[tuple[str, dict[str, Any]]] = [
    ("kashi_azul", {"players": 2}),
    ("kashi_azul_duel", {}),
    ("kashi_ingenious", {"players": 2}),
]


@pytest.fixture(scope="module", autouse=True)
def registered() -> None:
    register()


@pytest.mark.parametrize(("name", "params"), GAMES)
@pytest.mark.parametrize("pick", ["first", "last"])
def test_following_one_chance_outcome_every_time_reaches_the_end(name: str, params: dict[str, Any], pick: str) -> None:
    game = pyspiel.load_game(name, params)
    state = game.new_initial_state()
    chance_nodes = 0
    bound = game.max_game_length()
    while not state.is_terminal():
        assert len(state.history()) <= 4 * bound, f"{name} still going after {len(state.history())} steps"
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert sum(probability for _, probability in outcomes) == pytest.approx(1.0)
            state.apply_action(outcomes[0 if pick == "first" else -1][0])
            chance_nodes += 1
        else:
            legal = state.legal_actions()
            state.apply_action(legal[0 if pick == "first" else -1])
    assert chance_nodes > 1


def large_sun_fills(seed: int) -> list[Any]:
    """Azul Duel engine positions at which the large sun is filled, from random games."""
    rng = Random(seed)
    found = []
    for start in (0, 1):
        state = GameConfig("azul-duel", 2).make_state(start)
        while not state.is_over():
            if state.current_player == CHANCE:
                fill = state.chance_outcomes()[0][0]
                if isinstance(fill, WorkshopFill) and fill.workshop == LARGE and state.fill_need == 5:
                    found.append(state.copy())
                state.apply_chance(state.sample_chance(rng))
            else:
                state.play(state.random_move(rng))
    return found


def test_azul_duel_leaves_out_the_large_sun_fills_that_are_redrawn_and_renormalises() -> None:
    positions = large_sun_fills(5)
    assert positions
    for state in positions:
        every = dict(state.chance_outcomes())
        distinct = dict(state.distinct_chance_outcomes())
        left_out = set(every) - set(distinct)
        assert set(distinct) <= set(every)
        one_colour = {fill for fill in every if sum(1 for count in fill.counts if count) == 1}
        other_colours_in_bag = sum(1 for count in state.bag if count) > 1
        assert left_out == (one_colour if other_colours_in_bag else set())
        for outcome in left_out:
            assert isinstance(outcome, WorkshopFill)
            assert sum(1 for count in outcome.counts if count) == 1
            after = state.copy()
            after.apply_chance(outcome)
            assert after.same_position(state)
        kept_share = sum(every[outcome] for outcome in distinct)
        assert sum(distinct.values()) == pytest.approx(1.0)
        for outcome, probability in distinct.items():
            assert probability == pytest.approx(every[outcome] / kept_share)
            after = state.copy()
            after.apply_chance(outcome)
            assert not after.same_position(state)


def test_other_chance_events_keep_every_outcome() -> None:
    state = GameConfig("ingenious", 2).make_state(0)
    assert state.distinct_chance_outcomes() == state.chance_outcomes()
