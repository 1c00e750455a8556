"""The terminal picture: cell names on the edges, colour letters, the rack and every score track."""

from __future__ import annotations

from kashi.core.game import new_game
from tests.games.ingenious.builders import play, position, state_of


def test_the_board_shows_names_symbols_rack_and_tracks() -> None:
    state = position(placed=("RY h7-h6",), racks={0: "RB GG", 1: "GO"}, tracks={0: "R3 B2"})
    text = state.render(0)
    lines = text.splitlines()
    rows = [line for line in lines if line and line[0] in "cdefghijklm" and line.rstrip()[-1] == line[0]]
    assert [row[0] for row in rows] == list("cdefghijklm")
    assert lines[0].split() == ["8", "9", "10", "11", "12", "13"]  # columns heading their diagonals
    assert lines[len(rows) + 1].split() == ["3", "4", "5", "6", "7", "8"]  # and ending them
    assert rows[0].split() == ["c", "7", "(P)", ".", ".", ".", ".", "(R)", "c"]
    assert rows[5].split() == ["h", "(Y)", ".", ".", "[Y]", "[R]", ".", ".", ".", ".", ".", "(G)", "h"]
    assert "Rack of seat 0: RB GG" in text
    assert "Seat 0: R  3  G  0  B  2  O  0  Y  0  P  0   lowest 0   tiles in rack 2" in text
    assert "Seat 0 to place a tile" in text


def test_the_last_tile_is_marked_and_the_rack_follows_the_seat() -> None:
    state = position(racks={0: "RB GG", 1: "GO"})
    play(state, "RB k9-k10")
    text = state.render(1)
    assert "[R]" in text and "[B]" in text
    assert "Rack of seat 1: GO" in text and "Drawing tiles for seat 0" in text


def test_colour_adds_ansi_codes_and_keeps_the_letters() -> None:
    state = state_of(new_game("ingenious", players=2, seed=1))
    plain, coloured = state.render(0), state.render(0, colour=True)
    assert "\x1b[" in coloured and "\x1b[" not in plain
    assert "(R)" in plain and "R" in coloured


def test_teams_show_one_board_per_team() -> None:
    state = state_of(new_game("ingenious-teams", players=4, seed=1))
    text = state.render(0)
    assert "Team 0+2:" in text and "Team 1+3:" in text
