"""examples/spiel_ingenious.py with tiny budgets: its search player (ISMCTS, or MCTS for Azul,
which hides nothing) finishes a game of every family choosing only legal actions, and MCCFR's
average policy is a distribution over the legal actions wherever it is asked."""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel
import pytest
from kashi_examples import load_example

from kashi.rl.openspiel import register

example = load_example("spiel_ingenious")


@pytest.fixture(scope="module", autouse=True)
def registered() -> None:
    register()


@pytest.mark.parametrize(
    ("name", "params"), [("kashi_azul", {"players": 2}), ("kashi_azul_duel", {}), ("kashi_ingenious", {})]
)
def test_the_search_plays_a_game_of_each_family_to_the_end(name: str, params: dict[str, Any]) -> None:
    game = pyspiel.load_game(name, params)
    searcher = example.search_player(game, simulations=4, seed=1)
    moves = []

    def counted(state: Any) -> int:
        moves.append(state.current_player())
        return searcher(state)

    rng = np.random.default_rng(2)
    returns = example.play(game, [counted, example.uniform_player(rng)], rng)  # raises on an illegal action
    assert sorted(returns) in ([-1.0, 1.0], [0.0, 0.0])
    assert len(moves) > 5 and set(moves) == {0}


def test_an_illegal_choice_is_refused() -> None:
    game = pyspiel.load_game("kashi_ingenious")
    with pytest.raises(ValueError, match="illegal action"):
        example.play(game, [lambda state: -1, lambda state: -1], np.random.default_rng(0))


def test_the_mccfr_average_policy_is_a_distribution_over_the_legal_actions() -> None:
    game = pyspiel.load_game("kashi_ingenious")
    policy = example.train_mccfr(game, iterations=3)
    rng = np.random.default_rng(3)
    asked = 0

    def checked(state: Any) -> int:
        nonlocal asked
        probabilities = policy.action_probabilities(state)
        assert set(probabilities) == set(state.legal_actions())
        assert min(probabilities.values()) >= 0.0 and sum(probabilities.values()) == pytest.approx(1.0)
        asked += 1
        return int(example.policy_player(policy, rng)(state))

    example.play(game, [checked, checked], rng)
    assert asked > 20


def test_a_match_alternates_seats_and_counts_every_game() -> None:
    game = pyspiel.load_game("kashi_ingenious")
    seats = []

    def first_legal(state: Any) -> int:
        seats.append(state.current_player())
        return int(state.legal_actions()[0])

    wins, draws, losses = example.match(game, first_legal, games=2, seed=4)
    assert wins + draws + losses == 2
    assert set(seats) == {0, 1}
