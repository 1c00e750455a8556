"""Hints: the reasons are the engine's facts about the suggested move, and a hint depends only on
what the seat can see."""

from __future__ import annotations

from random import Random

import pytest

import kashi
from kashi.bots.hints import explain, suggest
from kashi.core.registry import AnyState

FLOOR_OR_LINE_4 = "r1 0 s1 m1 -,-,-,-,- BBBB B16Y19R20K20W20 - 0/-,-,-,-,Y/5,5,5,5,5/- 0/-,-,-,-,-/5,5,5,5,5/1"
"""Seat 0 takes the last four blue tiles: only line 4 holds them all, any other choice floors some."""
COLUMN_BONUS = "r3 0 s1 m1 -,-,-,-,- YRR B19Y14R16K18W18 - 5/W,-,-,-,YYYY/BYRK1,W4,K4,R4,5/- 0/-,-,-,-,-/5,5,5,5,5/1"
"""Line 1 completes wall row 1 this round (the game ends); a fifth yellow in line 5 completes
column 1 too."""


def test_the_suggested_move_avoids_the_floor_that_the_other_moves_take() -> None:
    hint = suggest(kashi.position("azul", FLOOR_OR_LINE_4))
    assert str(hint.move) == "CB4"
    first = hint.reasons[0]
    assert first.key == "hint.avoids_penalty"
    assert first.params == {"points": 4, "count": 4, "total": 4}, "CB1 -4, CB2 -2, CB3 -1, CBF -6: the median -4"
    assert [(part.key, part.points) for part in first.parts] == [("azul.floor", -4)]
    scored = next(reason for reason in hint.reasons if reason.key == "hint.scores_now")
    assert scored.params == {"points": 1} and scored.parts[0].key == "azul.place.lone"


def test_a_draft_that_completes_a_column_sets_up_its_bonus() -> None:
    state = kashi.position("azul", COLUMN_BONUS)
    reasons = explain(state, state.parse_move("CY5"), Random(0))
    first = reasons[0]
    assert first.key == "hint.sets_up" and first.params == {"points": 12}
    assert [(part.key, part.points) for part in first.parts] == [("azul.place.column", 5), ("azul.bonus.column", 7)]
    assert first.parts[1].params == {"column": 1}
    assert all(reason.key != "hint.bonus" for reason in reasons), "the bonus is named once"


def test_a_draft_names_the_bonus_it_brings_closer() -> None:
    line = COLUMN_BONUS.replace("W,-,-,-,YYYY", "W,Y,-,-,-").replace("Y14", "Y17")
    state = kashi.position("azul", line)
    reasons = explain(state, state.parse_move("CY2"), Random(0))
    bonus = next(reason for reason in reasons if reason.key == "hint.bonus")
    assert bonus.params == {"filled": 2, "cells": 5}, "yellow of row 1 and now of row 2"
    assert [(part.key, part.params) for part in bonus.parts] == [("azul.bonus.colour", {"colour": "yellow"})]


def test_an_ingenious_hint_names_the_points_the_tile_scores() -> None:
    view = played_view("ingenious", seed=3, moves=6)
    hint = suggest(view)
    after = view.copy()
    after.play(hint.move)
    points = sum(change.points for change in after.score_changes if change.seat == view.current_player)
    scored = [reason for reason in hint.reasons if reason.key == "hint.scores_now"]
    assert points > 0 and [reason.params["points"] for reason in scored] == [points]
    assert {part.key for part in scored[0].parts} <= {
        part.key for change in after.score_changes for part in change.parts
    }


def played_view(variant: str, seed: int, moves: int) -> AnyState:
    game = kashi.new_game(variant, 2, seed=seed, first_seat=0)
    rng = Random(seed)
    for _ in range(moves):
        game.play(game.state.random_move(rng))
    return game.state.view(game.state.current_player)


@pytest.mark.parametrize("variant", ["azul-duel", "ingenious"])
def test_a_hint_depends_only_on_the_view(variant: str) -> None:
    view = played_view(variant, seed=7, moves=5)
    seat = view.current_player
    worlds = [view.determinize(Random(sample)) for sample in range(2)]
    assert worlds[0].to_json() != worlds[1].to_json(), "the hidden parts differ"
    assert all(world.view(seat).position() == view.position() for world in worlds)
    hints = [suggest(world.view(seat)) for world in worlds]
    assert hints[0] == hints[1] == suggest(view)
    assert hints[0].move in view.legal_moves()


def test_an_ingenious_hint_says_when_a_move_raises_the_lowest_colour() -> None:
    """Ingenious is won on a player's lowest colour: a move that raises it says so, naming it,
    and a move that scores only other colours does not."""
    view = played_view("ingenious", seed=3, moves=6)
    seat = view.current_player

    def scored(move: object) -> set[int]:
        after = view.copy()
        after.play(move)
        return {colour for colour in range(6) if after.track(seat)[colour] > view.track(seat)[colour]}

    gains = {move: scored(move) for move in view.legal_moves()}
    colour = min(colour for colours in gains.values() for colour in colours)
    raising = next(move for move, colours in gains.items() if colour in colours)
    other = next(move for move, colours in gains.items() if colour not in colours)
    view.track(seat)[:] = [0 if index == colour else 5 for index in range(6)]  # that colour alone is lowest
    after = view.copy()
    after.play(raising)
    name = ("red", "green", "blue", "orange", "yellow", "purple")[colour]
    reasons = explain(view, raising, Random(0))
    said = [reason for reason in reasons if reason.key == "hint.raises_lowest"]
    expected = {"colours": [name], "was": 0, "now": min(after.track(seat))}
    assert [reason.params for reason in said] == [expected]
    assert reasons[0].key == "hint.raises_lowest", "the point that wins outweighs the others"
    assert f"raises the lowest of your colours ({name}) from 0 to" in said[0].to_json()["text"]
    assert all(reason.key != "hint.raises_lowest" for reason in explain(view, other, Random(0)))


def test_an_azul_hint_never_speaks_of_a_lowest_colour() -> None:
    state = kashi.position("azul", COLUMN_BONUS)
    assert state.deciding_tracks(0) is None
    assert all(reason.key != "hint.raises_lowest" for reason in explain(state, state.parse_move("CY5"), Random(0)))
