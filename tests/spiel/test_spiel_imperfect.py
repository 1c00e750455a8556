"""OpenSpiel's imperfect-information algorithms on Azul Duel and Ingenious: information states,
resampling from them, ISMCTS, outcome-sampling MCCFR, and zero-sum returns for two teams."""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts, minimax, outcome_sampling_mccfr

from kashi.rl.openspiel import register

HIDDEN = ["kashi_azul_duel", "kashi_ingenious"]


@pytest.fixture(scope="module", autouse=True)
def registered() -> None:
    register()


def to_first_decision(state: Any, pick: Any) -> Any:
    while state.is_chance_node():
        state.apply_action(pick(state))
    return state


def random_states(name: str, seed: int, count: int) -> list[Any]:
    """``count`` decision states spread over a random game of ``name``."""
    game = pyspiel.load_game(name)
    rng = np.random.default_rng(seed)
    state = game.new_initial_state()
    found = []
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probabilities)))
        else:
            if rng.random() < 0.1:
                found.append(state.clone())
            state.apply_action(int(rng.choice(state.legal_actions())))
    return found[:count]


def test_ingenious_information_state_hides_the_other_rack() -> None:
    """Two deals that differ only in the tiles seat 1 drew look the same to seat 0."""
    game = pyspiel.load_game("kashi_ingenious")

    def deal(other_tiles: int) -> Any:
        state = game.new_initial_state()
        while state.is_chance_node():
            outcomes = state.chance_outcomes()
            probe = state.child(outcomes[0][0])
            to_seat_1 = state.kashi is not None and probe.kashi.racks[1] != state.kashi.racks[1]
            state.apply_action(outcomes[other_tiles if to_seat_1 else 0][0])
        return state

    first, second = deal(0), deal(-1)
    assert first.kashi.racks[0] == second.kashi.racks[0]
    assert first.kashi.racks[1] != second.kashi.racks[1]
    assert first.information_state_string(0) == second.information_state_string(0)
    assert first.information_state_string(1) != second.information_state_string(1)
    assert first.observation_string(0) == second.observation_string(0)


@pytest.mark.parametrize("name", HIDDEN)
def test_make_observation_with_perfect_recall_gives_the_information_state(name: str) -> None:
    from open_spiel.python.observation import make_observation

    game = pyspiel.load_game(name)
    observation = make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))
    state = to_first_decision(game.new_initial_state(), lambda node: node.chance_outcomes()[0][0])
    player = state.current_player()
    assert observation.string_from(state, player) == state.information_state_string(player)
    assert game.get_type().provides_information_state_string


@pytest.mark.parametrize("name", HIDDEN)
def test_information_state_follows_the_moves(name: str) -> None:
    """A move changes the mover's information state; the same move from the same state gives the same one."""
    state = random_states(name, 2, 1)[0]
    player = state.current_player()
    later = state.child(state.legal_actions()[0])
    assert later.information_state_string(player) != state.information_state_string(player)
    again = state.child(state.legal_actions()[0])
    assert again.information_state_string(player) == later.information_state_string(player)


@pytest.mark.parametrize("name", HIDDEN)
def test_resampled_state_keeps_the_information_state_and_plays_on(name: str) -> None:
    sampler = pyspiel.UniformProbabilitySampler(7, 0.0, 1.0)
    differs = 0
    for state in random_states(name, 3, 4):
        player = state.current_player()
        drawn = state.resample_from_infostate(player, sampler)
        assert drawn.information_state_string(player) == state.information_state_string(player)
        assert drawn.observation_string(player) == state.observation_string(player)
        assert drawn.legal_actions() == state.legal_actions()
        differs += drawn.kashi.to_json() != state.kashi.to_json()
        rng = np.random.default_rng(0)
        while not drawn.is_terminal():
            if drawn.is_chance_node():
                actions, probabilities = zip(*drawn.chance_outcomes(), strict=True)
                drawn.apply_action(int(rng.choice(actions, p=probabilities)))
            else:
                drawn.apply_action(int(rng.choice(drawn.legal_actions())))
        assert sum(drawn.returns()) == 0
    assert differs, "a drawn world differs from the real one in what the seat cannot see"


class UniformEvaluator(mcts.Evaluator):  # type: ignore[misc]
    """No rollouts (a test must stay fast): every leaf is worth 0, every action equally likely."""

    def evaluate(self, state: Any) -> np.ndarray:
        return np.zeros(state.get_game().num_players())

    def prior(self, state: Any) -> list[tuple[int, float]]:
        legal = state.legal_actions()
        return [(action, 1.0 / len(legal)) for action in legal]


@pytest.mark.parametrize("name", HIDDEN)
def test_ismcts_plays_a_game_to_the_end(name: str) -> None:
    game = pyspiel.load_game(name)
    bot = ismcts.ISMCTSBot(game, UniformEvaluator(), 1.4, max_simulations=6, random_state=np.random.RandomState(1))
    rng = np.random.default_rng(1)
    state = game.new_initial_state()
    searched = 0
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probabilities)))
        elif state.current_player() == 0:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
            searched += 1
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert searched > 5
    assert sorted(state.returns()) in ([-1.0, 1.0], [0.0, 0.0])


def test_outcome_sampling_mccfr_runs_on_ingenious() -> None:
    game = pyspiel.load_game("kashi_ingenious")
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for _ in range(2):
        solver.iteration()
    state = to_first_decision(game.new_initial_state(), lambda node: node.chance_outcomes()[0][0])
    policy = solver.average_policy().action_probabilities(state)
    assert set(policy) == set(state.legal_actions())
    assert sum(policy.values()) == pytest.approx(1.0)


@pytest.mark.parametrize(
    ("name", "params", "zero_sum"),
    [
        ("kashi_azul", {"players": 2}, True),
        ("kashi_azul", {"players": 3}, False),
        ("kashi_azul_duel", {}, True),
        ("kashi_ingenious", {"players": 2}, True),
        ("kashi_ingenious", {"players": 4, "teams": True}, True),
        ("kashi_ingenious", {"players": 3}, False),
    ],
)
def test_two_teams_are_zero_sum(name: str, params: dict[str, Any], zero_sum: bool) -> None:
    game = pyspiel.load_game(name, params)
    utility = pyspiel.GameType.Utility
    assert game.get_type().utility == (utility.ZERO_SUM if zero_sum else utility.GENERAL_SUM)
    if zero_sum:
        assert game.utility_sum() == 0.0


def test_expectiminimax_searches_two_player_azul() -> None:
    """Azul has chance nodes, so alpha-beta (deterministic games only) does not apply; the
    zero-sum expectiminimax does: its depth-1 choice is the move whose position is worth most."""
    game = pyspiel.load_game("kashi_azul", {"players": 2})
    state = to_first_decision(game.new_initial_state(), lambda node: node.chance_outcomes()[0][0])
    player = state.current_player()

    def margin(node: Any) -> float:
        values = node.kashi.evaluate()
        return float(values[player] - values[1 - player])

    value, action = minimax.expectiminimax(state, 1, margin, player)
    best = max(margin(state.child(move)) for move in state.legal_actions())
    assert action in state.legal_actions()
    assert value == pytest.approx(best)
