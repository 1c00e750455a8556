"""Azul Duel's compact action ids: exactly one id per legal move, and the environments take them."""

from __future__ import annotations

import warnings
from random import Random
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from kashi_random_play import decision_positions
from pettingzoo.test import api_test, seed_test

import kashi.rl.gymnasium_env  # noqa: F401  (registers the ids)
from kashi.core.errors import IllegalMoveError
from kashi.games.azul_duel import compact
from kashi.games.azul_duel.chips import spends
from kashi.games.azul_duel.notation import KeepPlate, MoonTake, PlaceTile, SpendChips, SunTake, TakePlate
from kashi.games.azul_duel.phases import CHOOSE_CHIPS, TILING
from kashi.rl.config import GameConfig
from kashi.rl.encoding import encoder_for
from kashi.rl.pettingzoo import azul_duel_v0
from kashi.rl.table import Table
from kashi.rl.vector import VectorGames
from kashi.rl.vector_env import KashiVectorEnv

CONFIG = GameConfig("azul-duel", 2)


def test_size() -> None:
    encoder = encoder_for(CONFIG, "compact")
    assert encoder.num_actions == compact.NUM_ACTIONS == 2100
    assert encoder.size == encoder_for(CONFIG).size


@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_the_mask_is_one_id_per_legal_move(seed: int) -> None:
    encoder = encoder_for(CONFIG, "compact")
    rng = np.random.default_rng(seed)
    for index, state in enumerate(decision_positions(CONFIG, seed, start=seed)):
        legal = encoder.legal_ids(state)
        assert len(set(legal)) == len(legal)
        engine = [encoder.to_engine(state, action) for action in legal]
        assert sorted(engine) == sorted(state.legal_actions())
        assert np.flatnonzero(encoder.mask(state)).tolist() == sorted(legal)
        for action, engine_id in zip(legal, engine, strict=True):
            assert_factored(state, action, state.move_from_action(engine_id))
        others = sorted(set(range(encoder.num_actions)) - set(legal))
        for action in rng.choice(others, 30 if index % 4 == 0 else 0, replace=False):
            try:
                engine_id = encoder.to_engine(state, int(action))
            except IllegalMoveError:
                continue
            assert engine_id not in state.legal_actions()


def assert_factored(state: Any, action: int, move: Any) -> None:
    """The id sits in its kind's block, at the place the move's parts give it."""
    if isinstance(move, PlaceTile):
        assert move.cell // 6 == state.tile_line
        assert action == compact.COLUMN_AT + move.cell % 6
    elif isinstance(move, TakePlate | KeepPlate):
        assert isinstance(move, KeepPlate) == bool(state.draw_stage)
        assert action == compact.PLATE_AT + (move.plate * 9 + move.slot) * 4 + move.rotation
    elif isinstance(move, MoonTake):
        assert action == 7 + move.colour * 7 + move.line
    elif isinstance(move, SunTake):
        rest, choice = divmod(action - compact.SUN_AT, compact.ORDER_CHOICES)
        assert rest == (move.workshop * 5 + move.colour) * 7 + move.line
        assert choice == compact.order_choice(move.order)
    elif isinstance(move, SpendChips):
        ranked = compact.ranked_spends(state)
        assert ranked[action - compact.SPEND_AT] == move
        assert [len(spend.chips) for spend in ranked] == sorted(len(spend.chips) for spend in ranked)
    else:
        assert action == state.action_id(move) < compact.COLUMN_AT


def test_a_stacking_order_has_one_id_though_leftovers_share_a_colour() -> None:
    assert [compact.order_choice(order) for order in ((0, 0, 1), (0, 1, 0), (1, 0, 0))] == [0, 1, 4]
    assert compact.order_choice((2, 2, 2)) == 0
    assert compact.order_choice(()) == 0


def test_chip_spends_seen_along_games_and_the_most_a_seat_can_hold() -> None:
    choosing = [
        state for seed in range(4) for state in decision_positions(CONFIG, seed, start=seed) if state.phase == TILING
    ]
    choosing = [state for state in choosing if state.tile_stage == CHOOSE_CHIPS]
    assert choosing
    for state in choosing:
        assert len(compact.legal_ids(state)) == len(state.legal_moves())
    one_of_each = [1] * 10  # 10 chips: 2 a round for 5 rounds
    assert len(spends(one_of_each, 0, 2)) == compact.SPEND_CHOICES
    rng = Random(7)
    for _ in range(200):
        held = [0] * 10
        for chip in rng.sample([chip for chip in range(10) for _ in range(2)], rng.randint(0, 10)):
            held[chip] += 1
        assert len(spends(held, rng.randrange(5), rng.randint(1, 5))) <= compact.SPEND_CHOICES


def test_ids_naming_nothing_legal_are_refused_and_change_nothing() -> None:
    encoder = encoder_for(CONFIG, "compact")
    table = Table(CONFIG, 3)
    for action in (-1, compact.NUM_ACTIONS, compact.SPEND_AT, compact.COLUMN_AT + 2):
        before = table.state.to_json()
        with pytest.raises(IllegalMoveError):
            table.act(encoder.to_engine(table.state, action))
        assert table.state.to_json() == before
    env = azul_duel_v0.raw_env(actions="compact")
    env.reset(seed=4)
    mask = env.observe(env.agent_selection)["action_mask"]
    before = env.table.state.to_json()  # type: ignore[union-attr]
    with pytest.raises(IllegalMoveError):
        env.step(int(np.flatnonzero(mask == 0)[0]))
    assert env.table.state.to_json() == before  # type: ignore[union-attr]
    gym_env: Any = gymnasium.make("kashi/AzulDuel-v0", actions="compact").unwrapped
    observation, _ = gym_env.reset(seed=5)
    before = gym_env.table.state.to_json()
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    _, reward, terminated, _, info = gym_env.step(illegal)
    assert (reward, terminated, info["illegal_action"]) == (-1.0, True, True)
    assert gym_env.table.state.to_json() == before
    games = VectorGames("azul-duel", 2, actions="compact")
    step = games.reset(seed=6)
    before_all = [state.to_json() for state in games.states]
    with pytest.raises(IllegalMoveError):
        games.step(np.array([np.flatnonzero(step.action_mask[0])[0], np.flatnonzero(step.action_mask[1] == 0)[0]]))
    assert [state.to_json() for state in games.states] == before_all


def test_the_environments_take_compact_actions() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # PettingZoo's note on dict observations
        api_test(azul_duel_v0.env(actions="compact"), num_cycles=300)
        seed_test(lambda: azul_duel_v0.env(actions="compact"), num_cycles=40)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # any complaint of Gymnasium's checker fails the test
        env = gymnasium.make("kashi/AzulDuel-v0", actions="compact")
        check_env(env.unwrapped)
    assert env.action_space == gymnasium.spaces.Discrete(compact.NUM_ACTIONS)
    vector = KashiVectorEnv("azul-duel", 3, actions="compact")
    observations, _ = vector.reset(seed=1)
    rng = np.random.default_rng(1)
    ended = 0
    for _ in range(400):
        mask = observations["action_mask"]
        assert mask.shape == (3, compact.NUM_ACTIONS)
        actions = np.argmax(rng.random(mask.shape) + mask, axis=1)
        observations, _, terminated, truncated, _ = vector.step(actions)
        ended += int(terminated.sum() + truncated.sum())
    assert ended >= 1
