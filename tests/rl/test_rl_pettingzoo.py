"""PettingZoo's own API and seed tests on every environment and player count."""

from __future__ import annotations

import warnings
from typing import Any

import pytest
from pettingzoo.test import api_test, render_test, seed_test

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


@pytest.mark.parametrize("module", [azul_v0, azul_duel_v0, ingenious_v0])
def test_render_test_passes_in_every_mode(module: Any, capsys: pytest.CaptureFixture[str]) -> None:
    render_test(module.env)
    assert capsys.readouterr().out.strip(), "human mode prints the table"


def test_human_mode_prints_the_table_after_reset_and_each_step(capsys: pytest.CaptureFixture[str]) -> None:
    env = azul_v0.env(render_mode="human")
    env.reset(seed=1)
    shown_at_reset = capsys.readouterr().out
    assert shown_at_reset.strip() == env.unwrapped.table.state.render().strip()
    observation, *_ = env.last()
    env.step(int(observation["action_mask"].nonzero()[0][0]))
    assert capsys.readouterr().out.strip() == env.unwrapped.table.state.render().strip()
    assert env.render() is None
    assert capsys.readouterr().out.strip()


def test_an_unknown_render_mode_is_refused() -> None:
    with pytest.raises(ValueError, match="render_mode"):
        azul_v0.env(render_mode="rgb_array")


def test_env_passes_last_and_step_through_but_still_enforces_reset() -> None:
    env = azul_v0.env()
    with pytest.raises(Exception, match="reset"):
        env.last()
    with pytest.raises(Exception, match="reset"):
        env.step(0)
    env.reset(seed=4)
    assert env.last()[0]["action_mask"].any()


def test_ingenious_info_has_the_six_colour_scores() -> None:
    env = ingenious_v0.env()
    env.reset(seed=3)
    scores = env.infos["player_0"]["colour_scores"]
    assert scores.shape == (6,)
    assert all(0 <= value <= 18 for value in scores)
