"""Spec sections 1-3: components, the printed wall, setup."""

from __future__ import annotations

import pytest

import kashi
from kashi.core.state import CHANCE
from kashi.games.azul import AzulRules, AzulState
from kashi.games.azul.invariants import problems
from tests.games.azul.builders import board, play, wall_rows


@pytest.mark.parametrize(("letter", "index"), [("B", 0), ("Y", 1), ("R", 2), ("K", 3), ("W", 4)])
def test_colour_letters_in_order(letter: str, index: int) -> None:
    """1: Blue B, Yellow Y, Red R, Black K, White W, in this order."""
    state = AzulState(AzulRules(), 2, 0)
    counts = [0] * 5
    counts[index] = 1
    assert state.parse_chance(letter + "...").counts == tuple(counts)
    assert str(state.parse_move(f"1{letter}1")) == f"1{letter}1"
    assert state.parse_move(f"1{letter}1").colour == index


@pytest.mark.parametrize("players", [2, 3, 4])
def test_all_tiles_in_the_bag_before_the_first_fill(players: int) -> None:
    """1/3: 20 tiles of each colour, 100 in all, all in the bag; every score starts at 0."""
    state = AzulState(AzulRules(), players, 0)
    assert state.bag == [20, 20, 20, 20, 20]
    assert state.lid == [0] * 5 and state.centre == [0] * 5
    assert state.score == [0] * players
    assert state.current_player == CHANCE


@pytest.mark.parametrize(("players", "factories"), [(2, 5), (3, 7), (4, 9)])
def test_setup_fills_2n_plus_1_factories_with_four_tiles(players: int, factories: int) -> None:
    """1: 2N+1 factories of up to 4 tiles; 3: the starting player fills each with 4 from the bag."""
    game = kashi.new_game("azul", players=players, seed=11, first_seat=players - 1)
    state = game.state
    assert len(state.factories) == factories
    assert [sum(tiles) for tiles in state.factories] == [4] * factories
    assert sum(state.bag) == 100 - 4 * factories
    assert state.current_player == players - 1
    assert state.marker_in_centre and state.marker_floor == -1
    first = game.record().events[0]
    assert first.seat is None and first.text.startswith("fill ") and len(first.text.split()) == factories + 1
    assert problems(state) == []


def test_starting_player_is_recorded() -> None:
    """3: a starting player is chosen (records state who)."""
    game = kashi.new_game("azul", players=3, seed=5, first_seat=2)
    assert game.record().headers["Start"] == "2"
    assert game.state.current_player == game.state.starter == 2


def test_printed_wall_rows_read_as_the_spec_says() -> None:
    """2: row 1 reads B Y R K W; each following row is shifted one step to the right."""
    rows = [line.split("|")[1].split() for line in AzulState(AzulRules(), 2, 0).render().splitlines()[6:11]]
    assert rows == [
        ["b", "y", "r", "k", "w"],
        ["w", "b", "y", "r", "k"],
        ["k", "w", "b", "y", "r"],
        ["r", "k", "w", "b", "y"],
        ["y", "r", "k", "w", "b"],
    ]


@pytest.mark.parametrize("colour", "BYRKW")
def test_each_colour_goes_to_column_colour_plus_row(colour: str) -> None:
    """2: colour c sits in row r at column (c + r) mod 5 (and diagonal tiles are not neighbours)."""
    c = "BYRKW".index(colour)
    lines = {number: colour * number for number in range(1, 5)} | {5: colour * 4}
    state = board(lines={0: lines}, factories=[colour])
    play(state, f"1{colour}5")  # completes line 5 and ends the factory offer
    expected = ["".join(colour if column == (c + row) % 5 else "." for column in range(5)) for row in range(5)]
    assert wall_rows(state, 0) == expected
    assert state.score[0] == 5  # five lone tiles: diagonal neighbours do not count (spec 9.2)


def test_marker_goes_to_the_centre_at_the_start_of_every_round() -> None:
    """3: the marker goes to the centre at the start of every round."""
    state = board(centre="Y", marker_in_centre=True, to_move=1)
    play(state, "CY1")
    assert state.marker_floor == -1 and state.marker_in_centre
    assert state.current_player == CHANCE and state.round == 2


def test_azul_mini_is_an_alias_of_azul() -> None:
    """9.2: azul-mini has exactly the rules of azul: same options, same game from the same seed."""
    assert kashi.variant("azul-mini").resolve(3, {}) == kashi.variant("azul").resolve(3, {})
    games = [kashi.new_game(name, players=3, seed=21) for name in ("azul", "azul-mini")]
    rng_seeds = iter(range(10_000))
    while not games[0].is_over():
        moves = [game.legal_moves() for game in games]
        assert moves[0] == moves[1]
        pick = next(rng_seeds) % len(moves[0])
        for game in games:
            game.play(moves[0][pick])
    assert games[1].is_over() and games[0].state.to_json() == games[1].state.to_json()
    assert games[0].record().events == games[1].record().events
