"""Coloured terminal pictures line up exactly as the plain ones do."""

from __future__ import annotations

import random

import pytest

import kashi
from kashi.core.text import pad, visible


def test_pad_counts_only_what_the_terminal_shows() -> None:
    red = "\x1b[31mR\x1b[0m"
    assert pad(red + red, 5) == red + red + "   "
    assert pad(red, 3, right=True) == "  " + red
    assert visible(pad(red, 3, right=True)) == "  R"


@pytest.mark.parametrize(("variant", "players"), [("azul", 2), ("azul-grey", 3), ("azul-duel", 2), ("ingenious", 2)])
def test_a_coloured_board_is_the_plain_board_with_colour_added(variant: str, players: int) -> None:
    """Through a random game: removing the colour codes gives the plain picture, character for
    character, so no line goes ragged once lines and workshops hold tiles."""
    game = kashi.new_game(variant, players=players, seed=4)
    rng = random.Random(4)
    for _ in range(40):
        if game.is_over():
            break
        for seat in (None, 0):
            assert visible(game.state.render(seat=seat, colour=True)) == game.state.render(seat=seat)
        game.play(rng.choice(game.legal_moves()))
