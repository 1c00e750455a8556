"""Spec section 3.2: each hex scores the straight runs of its colour along its five free directions."""

from __future__ import annotations

import pytest

from kashi.core.state import CHANCE
from tests.games.ingenious.builders import parts, play, position, texts, track

# From h8 the six neighbours (and the next cell out) by direction: E h9 h10, NE g9 f10, NW g8 f8,
# W h7 h6, SW i7 j6, SE i8 j8.
NEIGHBOURS = {
    "E": ("h9", "h10"),
    "NE": ("g9", "f10"),
    "NW": ("g8", "f8"),
    "W": ("h7", "h6"),
    "SW": ("i7", "j6"),
    "SE": ("i8", "j8"),
}

RUNS = (
    "RR h7-h6",  # W: h7 h6 red ...
    "RY h5-i4",  # ... h5 red, then h4 empty: a run of 3 stopped by a gap
    "RO g8-f8",  # NW: g8 red, f8 orange: a run of 1 stopped by another colour
    "RR i8-j8",  # SE: i8 j8 red, k8 empty ...
    "RY l8-l9",  # ... so the red on l8 beyond the gap does not count
)


def test_runs_along_the_five_free_directions_stop_at_gaps_and_other_colours() -> None:
    state = position(placed=RUNS, racks={0: "RB GG OO YY PP BO", 1: "GO"})
    play(state, "RB h8-h9")
    assert texts(state) == ["red +6 (rays 1+3+2)"]
    assert track(state, 0) == {"R": 6, "G": 0, "B": 0, "O": 0, "Y": 0, "P": 0}
    assert track(state, 1)["R"] == 0


@pytest.mark.parametrize("partner", list(NEIGHBOURS))
def test_each_direction_counts_except_the_one_toward_the_partner(partner: str) -> None:
    """A red neighbour (backed by yellow) in every direction but the partner's: 1 point each."""
    placed = [f"RY {near}-{far}" for direction, (near, far) in NEIGHBOURS.items() if direction != partner]
    state = position(placed=placed, racks={0: "RB", 1: "GO"})
    play(state, f"RB h8-{NEIGHBOURS[partner][0]}")
    assert texts(state) == ["red +5 (rays 1+1+1+1+1)"]


def test_a_double_never_counts_its_own_hexes() -> None:
    """From h8 the partner h9 is not looked at, nor h8 from h9: 1 (h7) + 1 (h10), not 4."""
    state = position(placed=("RY h7-h6", "RY h10-h11"), racks={0: "RR", 1: "GO"})
    play(state, "RR h8-h9")
    assert texts(state) == ["red +2 (rays 1+1)"]
    assert track(state, 0)["R"] == 2


def test_a_partner_of_the_same_colour_is_not_counted() -> None:
    """Written h9 first: h8 sees red h7 (1); h9 does not look west at its partner h8 and h7."""
    state = position(placed=("RY h7-h6",), racks={0: "RR", 1: "GO"})
    play(state, "RR h9-h8")
    assert texts(state) == ["red +1 (rays 1)"]


def test_both_hexes_score_their_own_colours() -> None:
    """Blue h9 sees h10 h11 east (2) and g10 north-east (1); runs are listed E, NE, NW, W, SW, SE."""
    state = position(placed=("RY h7-h6", "BB h10-h11", "BY g10-f11"), racks={0: "RB", 1: "GO"})
    play(state, "RB h8-h9")
    assert texts(state) == ["red +1 (rays 1)", "blue +3 (rays 2+1)"]


def test_start_symbols_count() -> None:
    """From e11 north-east: d12 red, then the red start symbol on c13."""
    state = position(placed=("RY d12-d11",), racks={0: "RB", 1: "GO"})
    play(state, "RB e11-e12")
    assert texts(state) == ["red +2 (rays 2)"]


def test_a_start_symbol_of_another_colour_stops_a_run() -> None:
    """West of h4 lies the yellow start symbol on h3: a red run stops there, a yellow one counts it."""
    state = position(racks={0: "RY", 1: "GO"})
    play(state, "RY h4-i4")
    assert texts(state) == []
    state = position(racks={0: "RY", 1: "GO"})
    play(state, "RY i4-h4")
    assert texts(state) == ["yellow +1 (rays 1)"]


def test_a_run_stops_at_the_edge_of_the_play_area() -> None:
    """East of i9: i10 i11 i12 are red; i13 lies outside the 2-player area, inside the 3-player one."""
    placed = ("RR i10-i11", "RY i12-j11")
    state = position(placed=placed, racks={0: "RB", 1: "GO"})
    play(state, "RB i9-j9")
    assert texts(state) == ["red +3 (rays 3)"]
    state = position(3, placed=(*placed, "RY i13-h14"), racks={0: "RB", 1: "GO", 2: "GO"})
    play(state, "RB i9-j9")
    assert texts(state) == ["red +4 (rays 4)"]


def test_the_track_stops_at_18_and_the_excess_is_lost() -> None:
    state = position(placed=RUNS, racks={0: "RB GG OO YY PP BO", 1: "GO"}, tracks={0: "R16"})
    play(state, "RB h8-h9")
    assert parts(state) == [("ingenious.rays", 6), ("ingenious.capped", -4), ("ingenious.bonus", 0)]
    assert texts(state) == ["red +6 (rays 1+3+2), red stops at 18: 4 lost, Ingenious! red reached 18: place again"]
    assert state.score_changes[0].points == 2
    assert track(state, 0)["R"] == 18


def test_points_of_both_hexes_are_added_before_the_cap() -> None:
    """A double scoring 1 + 1 on a track at 17: 19 is capped to 18, one point lost."""
    state = position(placed=("RY h7-h6", "RY h10-h11"), racks={0: "RR GG", 1: "GO"}, tracks={0: "R17"})
    play(state, "RR h8-h9")
    assert parts(state) == [("ingenious.rays", 2), ("ingenious.capped", -1), ("ingenious.bonus", 0)]


def test_a_full_track_gains_nothing() -> None:
    state = position(placed=("RY h7-h6",), racks={0: "RB GG", 1: "GO"}, tracks={0: "R18"})
    play(state, "RB h8-h9")
    assert parts(state) == [("ingenious.rays", 1), ("ingenious.capped", -1)]
    assert state.current_player == CHANCE


def test_each_scored_run_is_named_cell_by_cell_from_the_tile_outwards() -> None:
    """The same runs as above, as a table draws them: h8 west h7 h6 h5, north-west g8, south-east
    i8 j8, in the order of the directions."""
    state = position(placed=RUNS, racks={0: "RB GG OO YY PP BO", 1: "GO"})
    play(state, "RB h8-h9")
    (change,) = state.score_changes
    assert change.parts[0].params["lines"] == [["h8", "g8"], ["h8", "h7", "h6", "h5"], ["h8", "i8", "j8"]]


def test_a_doubles_lines_start_from_either_hex_and_skip_the_partner() -> None:
    state = position(placed=("RY h7-h6", "RY h10-h11"), racks={0: "RR", 1: "GO"})
    play(state, "RR h8-h9")
    (change,) = state.score_changes
    assert change.parts[0].params["lines"] == [["h8", "h7"], ["h9", "h10"]]
