"""PettingZoo's own API and seed tests on every environment and player count."""

from __future__ import annotations

import warnings
from typing import Any

import pytest
from pettingzoo.test import api_test, seed_test

from kashi.rl.pettingzoo import azul_duel_v0, azul_v0, ingenious_v0

CASES: list[tuple[Any, dict[str, Any]]] = [
    (azul_v0, {"players": 2}),
    (azul_v0, {"players": 3}),
    (azul_v0, {"players": 4}),
    (azul_v0, {"players": 2, "grey": True}),
    (azul_v0, {"players": 2, "reward": "score"}),
    (azul_duel_v0, {}),
    (ingenious_v0, {"players": 2}),
    (ingenious_v0, {"players": 3}),
    (ingenious_v0, {"players": 4}),
    (ingenious_v0, {"players": 4, "teams": True}),
]
IDS = [f"{module.__name__.rsplit('.', 1)[1]}-{kwargs}" for module, kwargs in CASES]


@pytest.mark.parametrize(("module", "kwargs"), CASES, ids=IDS)
def test_api_and_seed(module: Any, kwargs: dict[str, Any]) -> None:
    with warnings.catch_warnings():
        # PettingZoo warns about dict observations for every env outside its own classic list.
        warnings.simplefilter("ignore", UserWarning)
        api_test(module.env(**kwargs), num_cycles=1000)
        seed_test(lambda: module.env(**kwargs), num_cycles=60)


def test_same_seed_same_game_and_other_seed_other_game() -> None:
    def first_observations(seed: int) -> list[Any]:
        env = azul_v0.env()
        env.reset(seed=seed)
        return [env.observe(agent)["observation"].tolist() for agent in env.agents]

    assert first_observations(7) == first_observations(7)
    assert first_observations(7) != first_observations(8)


def test_render_ansi_shows_the_table() -> None:
    env = azul_v0.env(render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert isinstance(text, str) and text.strip()


def test_ingenious_info_has_the_six_colour_scores() -> None:
    env = ingenious_v0.env()
    env.reset(seed=3)
    scores = env.infos["player_0"]["colour_scores"]
    assert scores.shape == (6,)
    assert all(0 <= value <= 18 for value in scores)
