"""Spec section 7: racks and the bag are private; a view shows what one seat may see."""

from __future__ import annotations

from random import Random

import pytest

from kashi.core.game import new_game
from kashi.games.ingenious import IngeniousState
from kashi.games.ingenious.invariants import problems
from kashi.games.ingenious.tiles import HIDDEN, parse_tile
from tests.games.ingenious.builders import draw, play, position, rack, state_of


def test_a_view_hides_the_other_racks_but_keeps_their_sizes() -> None:
    state = position(racks={0: "RB GG OO YY PP BO", 1: "GO GY"})
    view = state.view(0)
    assert rack(view, 0) == rack(state, 0)
    assert view.racks[1] == [HIDDEN, HIDDEN]
    assert view.to_json()["players"][1]["rack"] == 2
    assert view.bag_size == state.bag_size
    assert problems(view) == []


def test_the_bag_of_a_view_is_every_tile_the_seat_cannot_see() -> None:
    """Seat 0 cannot tell seat 1's GO from the GO tiles still in the bag."""
    state = position(racks={0: "RB GG OO YY PP BO", 1: "GO GY"})
    view = state.view(0)
    go = parse_tile("GO")
    assert state.bag[go] == 5 and view.bag[go] == 6
    assert sum(view.bag) == state.bag_size + 2


def test_a_spectator_sees_no_rack() -> None:
    state = position(racks={0: "RB GG", 1: "GO"})
    view = state.view(None)
    assert all(kind == HIDDEN for seat_rack in view.racks for kind in seat_rack)
    assert "Rack of seat 0: ?? ??" in view.render(None) and "RB" not in view.render(None)


def test_chance_in_a_view_follows_the_unseen_tiles() -> None:
    state = position(racks={0: "RB GG OO YY PP BO", 1: "GO GY"})
    play(state, "RB k9-k10")
    view = state.view(1)
    outcomes = dict(view.chance_outcomes())
    total = sum(view.bag)
    assert outcomes[parse_tile("GG")] == pytest.approx(5 / total)  # seat 1 cannot see seat 0's GG
    assert outcomes[parse_tile("GO")] == pytest.approx(5 / total)  # but knows its own GO
    draw(view, "RR")
    assert view.racks[0][-1] == HIDDEN and problems(view) == []


def test_a_hidden_rack_offers_no_moves() -> None:
    state = position(racks={0: "RB GG", 1: "GO"})
    assert state.view(1).legal_moves() == []


def test_tiles_shown_by_a_swap_stay_public() -> None:
    state = position(racks={0: "RR RG GY YP GG PP", 1: "GO"}, tracks={0: "R5 G5 B3 O3 Y4 P4"})
    play(state, "RR k9-k10", "swap")
    view = state.view(1)
    assert view.to_json()["players"][0]["shown"] == ["RG", "GG", "GY", "YP", "PP"]


def test_determinize_fills_hidden_racks_from_the_unseen_tiles() -> None:
    game = new_game("ingenious", players=3, seed=4)
    state = state_of(game)
    view = state.view(2)
    seen = set()
    for seed in range(5):
        full = view.determinize(Random(seed))
        assert isinstance(full, IngeniousState)
        assert problems(full) == [] and full.hidden == 0
        assert full.racks[2] == state.racks[2] and full.board == state.board
        assert [len(seat_rack) for seat_rack in full.racks] == [6, 6, 6]
        assert full.bag_size == state.bag_size
        seen.add(tuple(sorted(full.racks[0])))
    assert len(seen) > 1


def test_a_full_state_determinizes_to_itself() -> None:
    state = position(racks={0: "RB GG", 1: "GO"})
    assert state.determinize(Random(1)).to_json() == state.to_json()


def test_views_round_trip_through_json() -> None:
    state = position(racks={0: "RB GG", 1: "GO"}, turns=0)
    view = state.view(0)
    assert IngeniousState.from_json(view.to_json()).to_json() == view.to_json()
