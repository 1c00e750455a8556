"""The keyboard stays on the board (issue 47, deliver 7): in every game the arrow keys walk from
one source or target to the next, and after a move made by the keyboard the focus is still on
the board, not the page."""

from __future__ import annotations

from typing import Any

import pytest
from duel_table import duel_game
from web_helpers import changed, play_computer, settle, version

FOCUS = "() => document.activeElement.outerHTML"
ON_BOARD = "() => document.activeElement !== document.body && !!document.activeElement.closest('.board-root')"


def press_on(page: Any, selector: str) -> None:
    page.locator(selector).first.focus()
    page.keyboard.press("Enter")


def arrow_walks(page: Any, selector: str) -> None:
    """ArrowRight moves the focus from the first of ``selector`` to another of them."""
    page.locator(selector).first.focus()
    first = page.evaluate(FOCUS)
    page.keyboard.press("ArrowRight")
    assert page.evaluate(f"() => document.activeElement.matches({selector!r})"), "still among them"
    assert page.evaluate(FOCUS) != first, "the arrow moved the focus"


def azul_move(page: Any) -> None:
    arrow_walks(page, ".azul-src.is-selectable")
    press_on(page, ".azul-src.is-selectable")
    arrow_walks(page, ".azul-board.is-turn .azul-dest.is-lit")
    press_on(page, ".azul-board.is-turn .azul-dest.is-lit")


def ingenious_move(page: Any) -> None:
    arrow_walks(page, ".ing-rtile.is-playable")
    press_on(page, ".ing-rtile.is-playable")
    arrow_walks(page, ".ing-hit.is-lit")
    press_on(page, ".ing-hit.is-lit")
    press_on(page, ".ing-hit.is-lit:not(.is-chosen)")
    press_on(page, '[data-act="confirm"]')


def duel_move(page: Any) -> None:
    arrow_walks(page, "button.duel-plate.is-selectable")
    press_on(page, "button.duel-plate.is-selectable")
    arrow_walks(page, ".duel-slot.is-lit")
    press_on(page, ".duel-slot.is-lit")


@pytest.mark.parametrize("family", ["azul", "ingenious", "azul-duel"])
def test_arrows_walk_the_pieces_and_the_focus_stays_on_the_board_after_a_move(open_page: Any, family: str) -> None:
    page = open_page("/")
    if family == "azul-duel":
        duel_game(page, seed=12)
    else:
        play_computer(page, family)
    settle(page)
    before = version(page)
    {"azul": azul_move, "ingenious": ingenious_move, "azul-duel": duel_move}[family](page)
    changed(page, before)
    page.wait_for_function(
        "() => document.querySelector('.table').dataset.drawn === document.querySelector('.table').dataset.version"
    )
    assert page.evaluate(ON_BOARD), f"the focus left the board for {page.evaluate('document.activeElement.tagName')}"
