"""OpenSpiel's random simulation test on every registered game, types, chance bounds and MCTS."""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import mcts

from kashi.rl.openspiel import register

GAMES: list[tuple[str, dict[str, Any]]] = [
    ("kashi_azul", {"players": 2}),
    ("kashi_azul", {"players": 3}),
    ("kashi_azul", {"players": 4, "grey": True}),
    ("kashi_azul_duel", {}),
    ("kashi_ingenious", {"players": 2}),
    ("kashi_ingenious", {"players": 3}),
    ("kashi_ingenious", {"players": 4}),
    ("kashi_ingenious", {"players": 4, "teams": True}),
]


@pytest.fixture(scope="module", autouse=True)
def registered() -> None:
    register()


@pytest.mark.parametrize(("name", "params"), GAMES)
def test_random_sim(name: str, params: dict[str, Any]) -> None:
    game = pyspiel.load_game(name, params)
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


def test_register_twice_is_harmless_and_names_every_game() -> None:
    assert register() == ["kashi_azul", "kashi_azul_duel", "kashi_ingenious"]
    assert {"kashi_azul", "kashi_azul_duel", "kashi_ingenious"} <= set(pyspiel.registered_names())


@pytest.mark.parametrize(
    ("name", "information"),
    [
        ("kashi_azul", pyspiel.GameType.Information.PERFECT_INFORMATION),
        ("kashi_azul_duel", pyspiel.GameType.Information.IMPERFECT_INFORMATION),
        ("kashi_ingenious", pyspiel.GameType.Information.IMPERFECT_INFORMATION),
    ],
)
def test_game_types(name: str, information: Any) -> None:
    kind = pyspiel.load_game(name).get_type()
    assert kind.information == information
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL


@pytest.mark.parametrize(("name", "params"), GAMES)
def test_chance_nodes_stay_within_the_bound_and_sum_to_one(name: str, params: dict[str, Any]) -> None:
    game = pyspiel.load_game(name, params)
    rng = np.random.default_rng(1)
    state = game.new_initial_state()
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert len(outcomes) <= game.max_chance_outcomes()
            assert sum(probability for _, probability in outcomes) == pytest.approx(1.0)
            actions, probabilities = zip(*outcomes, strict=True)
            state.apply_action(int(rng.choice(actions, p=np.array(probabilities) / sum(probabilities))))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
            decisions += 1
    assert decisions <= game.max_game_length()


def test_observation_tensor_matches_the_observer_size() -> None:
    game = pyspiel.load_game("kashi_ingenious")
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    tensor = np.asarray(state.observation_tensor(state.current_player()))
    assert tensor.shape == (game.observation_tensor_size(),)
    assert tensor.any()


def test_mcts_bot_plays_azul() -> None:
    game = pyspiel.load_game("kashi_azul")
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(0))
    bot = mcts.MCTSBot(game, 1.4, 8, evaluator, random_state=np.random.RandomState(0))
    state = game.new_initial_state()
    moves = 0
    while moves < 3:
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
            continue
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        moves += 1
