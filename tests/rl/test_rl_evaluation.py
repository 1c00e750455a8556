"""``evaluate``: fixed games per seed, whole wins counted, margins over the other sides, illegal
choices refused."""

from __future__ import annotations

import numpy as np
import pytest

from kashi.core.outcome import Outcome
from kashi.rl.evaluation import evaluate, margin
from kashi.rl.gymnasium_env import KashiSingleAgentEnv


def first_legal(observation: np.ndarray, mask: np.ndarray) -> int:
    return int(np.flatnonzero(mask)[0])


def last_legal(observation: np.ndarray, mask: np.ndarray) -> int:
    return int(np.flatnonzero(mask)[-1])


def test_the_same_seed_gives_the_same_games_and_other_policies_other_results() -> None:
    results = {
        policy: evaluate(policy, 12, seed=3, variant="azul", opponent="random") for policy in (first_legal, last_legal)
    }
    assert evaluate(first_legal, 12, seed=3, variant="azul", opponent="random") == results[first_legal]
    assert all(result.win_rate * 12 == round(result.win_rate * 12) for result in results.values())
    assert results[first_legal] != results[last_legal]


def test_the_margin_is_the_mean_of_the_final_score_differences() -> None:
    env = KashiSingleAgentEnv(variant="azul-duel", actions="compact", seat=1)
    differences = []
    for game in range(3):
        observation, info = env.reset(seed=7 + game)
        done = False
        while not done:
            action = last_legal(observation["observation"], observation["action_mask"])
            observation, _, terminated, truncated, info = env.step(action)
            done = terminated or truncated
        differences.append(info["scores"][1] - info["scores"][0])
    result = evaluate(last_legal, 3, seed=7, variant="azul-duel", actions="compact", seat=1)
    assert result.margin == pytest.approx(np.mean(differences))


def test_partners_are_not_opponents_in_the_margin() -> None:
    scores = (9, 5, 12, 3)
    alone = Outcome(scores, ranks=(2, 3, 1, 4), winners=(2,))
    partners = Outcome(scores, ranks=(1, 3, 1, 3), winners=(0, 2), teams=(0, 1, 0, 1))
    assert margin(alone, 0) == 9 - 12
    assert margin(partners, 0) == 9 - 5
    assert margin(partners, 1) == 5 - 12


def test_an_illegal_choice_is_refused() -> None:
    with pytest.raises(ValueError, match="illegal action"):
        evaluate(lambda observation, mask: int(np.flatnonzero(mask == 0)[0]), 1, variant="azul")
