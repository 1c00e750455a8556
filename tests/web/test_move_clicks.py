"""``click_move_text`` makes exactly the named move on each family's table: positions of real
games drawn by the family's renderer alone, several of their moves of every kind met made by
clicks, each checked against what the renderer plays."""

from __future__ import annotations

import random
from typing import Any

import pytest
from move_clicks import click_move_text
from web_helpers import draw_frame, frame_of

import kashi
from kashi.server.lesson_data import lessons_of

STEPS = {"azul": 6, "azul-duel": 12, "ingenious": 4}
"""Random moves played before each position tried, so later kinds of decision come up."""
KINDS = {"azul": {"draft"}, "azul-duel": {"plate", "sun"}, "ingenious": {"place"}}
"""Kinds of move each family's positions must meet at least (the grey wall's spaces are clicked
by the Azul lessons' browser test)."""


def positions(variant: str, count: int) -> list[Any]:
    """``count`` positions of a seeded game with a player to move, a few random moves apart."""
    game = kashi.new_game(variant, 2, seed=11)
    rng = random.Random(3)
    found = []
    while len(found) < count and not game.is_over():
        found.append(game.state.copy())
        for _ in range(STEPS[variant]):
            if game.is_over():
                break
            game.play(rng.choice(game.legal_moves()))
    return found


@pytest.mark.parametrize("family", ["azul", "azul-duel", "ingenious"])
def test_a_named_move_is_made_by_clicks(open_page: Any, family: str) -> None:
    page = open_page("/")
    page.wait_for_selector("main *")
    rng = random.Random(7)
    kinds: set[str] = set()
    for state in positions(family, 5):
        seat = state.current_player
        frame = frame_of(state, seat)
        for move in rng.sample(frame["moves"], min(3, len(frame["moves"]))):
            draw_frame(page, family, frame)
            click_move_text(page, family, move["text"], frame)
            assert page.evaluate("window.harnessPlayed") == [move["text"]], move
            kinds.add(move["parts"]["kind"])
    assert kinds >= KINDS[family], kinds


def test_an_azul_line_the_rules_refuse_is_sent_for_the_engines_reason(open_page: Any) -> None:
    """A press on one of the mover's unlit pattern lines plays the try, so the engine refuses it
    with its reason (the table shows it on its refusal line, a lesson as a wrong try)."""
    state = next(lesson for lesson in lessons_of("azul") if lesson.id == "lines").state()
    frame = frame_of(state, state.current_player)
    page = open_page("/")
    page.wait_for_selector("main *")
    draw_frame(page, "azul", frame)
    page.locator('.azul-src.is-selectable[data-src="2"][data-col="B"]').locator("rect").first.click()
    page.locator('.azul-board.is-turn .azul-dest[data-line="5"]').click()
    assert page.evaluate("window.harnessPlayed") == ["2B5"]
