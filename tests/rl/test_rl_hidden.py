"""Observations never include hidden information: positions that differ only in what a seat may
not see (drawn from its view by determinization) give that seat identical observations and infos
(environments pass the state itself to ``Encoder.info``)."""

from __future__ import annotations

from random import Random
from typing import Any

import numpy as np
import pytest

from kashi.core.state import CHANCE
from kashi.rl.config import GameConfig
from kashi.rl.encoding import encoder_for
from kashi.rl.table import Table


@pytest.mark.parametrize(
    ("variant", "players"), [("azul-duel", 2), ("ingenious", 2), ("ingenious", 3), ("ingenious-teams", 4)]
)
def test_hidden_parts_do_not_change_an_observation(variant: str, players: int) -> None:
    config = GameConfig(variant, players)
    encoder = encoder_for(config)
    rng = Random(4)
    table = Table(config, seed=11)
    state = table.state
    compared = differing = 0
    while not state.is_over() and compared < 60:
        for seat in range(players):
            view = state.view(seat)
            one, two = view.determinize(Random(rng.random())), view.determinize(Random(rng.random()))
            if one.to_json() != two.to_json():
                differing += 1
            assert np.array_equal(encoder.observe(one, seat), encoder.observe(two, seat))
            assert np.array_equal(encoder.observe(one, seat), encoder.observe(state, seat))
            infos = encoder.info(one, seat), encoder.info(two, seat), encoder.info(state, seat)
            assert all(info.keys() == infos[0].keys() for info in infos)
            assert all(np.array_equal(info[key], infos[0][key]) for info in infos for key in info)
            compared += 1
        state.play(state.random_move(rng))
        while state.current_player == CHANCE:
            state.apply_chance(state.sample_chance(rng))
    assert differing > 0, "no position had hidden information to vary"


def test_seats_see_their_own_rack_but_not_the_others() -> None:
    config = GameConfig("ingenious", 2)
    encoder = encoder_for(config)
    state: Any = Table(config, seed=2).state
    rack = encoder.layout.blocks["rack"]
    for seat in (0, 1):
        counts = np.bincount(state.racks[seat], minlength=21)
        assert np.allclose(encoder.observe(state, seat)[rack] * 6, counts)
    assert not np.array_equal(np.bincount(state.racks[0], minlength=21), np.bincount(state.racks[1], minlength=21))
