"""Phone tables that fit (issue 47, deliver 6): on a 360 x 740 screen the piece a player picks and
the places it may go are on the screen together, in every game; Azul Duel's narrow table puts
where the pieces come from above the mover's board and folds the other board into a summary."""

from __future__ import annotations

import random
from typing import Any

import pytest
from conftest import PHONE
from duel_table import duel_game
from web_helpers import play_computer, settle, typed_move, version

PICKS = {
    # A tile of the group, not the group: four of one colour leave the group's middle to the factory.
    "azul": (".azul-src.is-selectable rect", ".azul-board.is-turn .azul-dest.is-lit"),
    "ingenious": (".ing-rtile.is-playable", ".ing-hit.is-lit"),
    "azul-duel plates": ("button.duel-plate.is-selectable", ".duel-slot.is-lit"),
    "azul-duel tiles": (".duel-src.is-selectable[data-pick='sun'] .duel-hit", ".duel-board.is-mover .duel-dest.is-lit"),
}


def on_screen(page: Any, selector: str) -> bool:
    box = page.locator(selector).first.bounding_box()
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"] and box["x"] >= 0


def open_table(page: Any, pick: str) -> None:
    if pick.startswith("azul-duel"):
        duel_game(page, seed=21)
    else:
        play_computer(page, pick)
    settle(page)
    rng = random.Random(4)
    for _ in range(80):  # Azul Duel's sun takes come after the plates
        if page.locator(PICKS[pick][0]).count():
            return
        seen = version(page)
        typed_move(page, rng)
        settle(page, seen)
    raise AssertionError(f"no {pick} to pick")


@pytest.mark.parametrize("pick", list(PICKS))
def test_the_picked_piece_and_where_it_goes_share_a_phone_screen(open_page: Any, pick: str) -> None:
    page = open_page("/", viewport=PHONE)
    open_table(page, pick)
    source, target = PICKS[pick]
    page.locator(source).first.click()
    page.wait_for_selector(target)
    assert on_screen(page, source) and on_screen(page, target), (
        page.locator(source).first.bounding_box(),
        page.locator(target).first.bounding_box(),
    )
    if pick.startswith("azul-duel"):
        other = page.locator(".duel-other")
        assert other.get_attribute("open") is None and " points" in other.locator("summary").inner_text()
        other.locator("summary").click()
        assert page.locator(".duel-other .duel-board").is_visible(), "the folded board opens"
