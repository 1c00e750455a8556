"""``win_rate``: fixed games per seed, whole wins counted, illegal choices refused."""

from __future__ import annotations

import numpy as np
import pytest

from kashi.rl.evaluation import win_rate


def first_legal(observation: np.ndarray, mask: np.ndarray) -> int:
    return int(np.flatnonzero(mask)[0])


def last_legal(observation: np.ndarray, mask: np.ndarray) -> int:
    return int(np.flatnonzero(mask)[-1])


def test_the_same_seed_gives_the_same_games_and_other_policies_other_results() -> None:
    rates = {
        policy: win_rate(policy, 12, seed=3, variant="azul", opponent="random") for policy in (first_legal, last_legal)
    }
    assert win_rate(first_legal, 12, seed=3, variant="azul", opponent="random") == rates[first_legal]
    assert all(rate * 12 == round(rate * 12) for rate in rates.values())
    assert rates[first_legal] != rates[last_legal]


def test_an_illegal_choice_is_refused() -> None:
    with pytest.raises(ValueError, match="illegal action"):
        win_rate(lambda observation, mask: int(np.flatnonzero(mask == 0)[0]), 1, variant="azul")
