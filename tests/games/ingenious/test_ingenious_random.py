"""Uniformly random moves: every legal move equally likely, without listing them all."""

from __future__ import annotations

import math
from collections import Counter
from random import Random

from kashi.games.ingenious import IngeniousState
from tests.games.ingenious.builders import fill_all_but, play, position


def chi_square_critical(df: int, z: float = 3.72) -> float:
    """Wilson-Hilferty approximation of the chi-square quantile (z = 3.72: p about 1e-4)."""
    return float(df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3)


def assert_uniform(state: IngeniousState, per_move: int, seed: int = 1) -> None:
    legal = state.legal_moves()
    rng = Random(seed)
    draws = per_move * len(legal)
    counts = Counter(state.random_move(rng) for _ in range(draws))
    assert set(counts) == set(legal)
    statistic = sum((counts[move] - per_move) ** 2 / per_move for move in legal)
    assert statistic < chi_square_critical(len(legal) - 1)


def test_uniform_on_an_open_board() -> None:
    """Two-colour tiles count twice (either way round), a double once."""
    state = position(racks={0: "RB GG OY", 1: "GO"})
    assert len(state.legal_moves()) == 5 * len(state.free)
    assert_uniform(state, per_move=60)


def test_uniform_on_a_nearly_full_board() -> None:
    state = position(placed=fill_all_but({"d12", "d13", "e12"}), racks={0: "RB GG", 1: "GO"})
    assert_uniform(state, per_move=2000)


def test_uniform_under_the_first_round_rule() -> None:
    state = position(racks={0: "RB GG OO YY PP BO", 1: "GO RR YY PP BO GG"}, turns=0)
    assert_uniform(state, per_move=200)


def test_uniform_under_the_contact_rule() -> None:
    """Few pairs touch a tile on an open board, so sampling falls back to listing them."""
    state = position(placed=("RY h7-h6",), racks={0: "RB GG", 1: "GO"}, must_touch=True)
    assert_uniform(state, per_move=300)


def test_uniform_for_the_first_tile_at_the_star() -> None:
    """Few pairs touch the star, so sampling sometimes falls back to listing them."""
    state = position(racks={0: "RB GG", 1: "GO"}, start="centre-star", turns=0)
    assert_uniform(state, per_move=500)


def test_swap_or_keep_are_equally_likely() -> None:
    state = position(racks={0: "RR RG GY YP GG PP", 1: "GO"}, tracks={0: "R5 G5 B3 O3 Y4 P4"})
    play(state, "RR k9-k10")
    assert_uniform(state, per_move=3000)
