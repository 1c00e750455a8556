"""Hints at the table (issue 19, item 5): against the computer, a game of each family shows the
Hint button; a click lights the suggested move on the board and lists its reasons, and the
hint is gone once the move is played."""

from __future__ import annotations

from typing import Any

import pytest
from web_helpers import changed, play_computer, settle, version

FAMILIES = ["azul", "azul-duel", "ingenious"]


@pytest.mark.parametrize("family", FAMILIES)
def test_a_hint_lights_the_move_and_gives_its_reasons(open_page: Any, family: str) -> None:
    page = open_page("/")
    play_computer(page, family)
    assert settle(page) == "active"
    page.locator(".hint-button").click()
    panel = page.locator(".hint-panel")
    panel.wait_for(state="visible")
    move = panel.locator(".hint-move").inner_text()
    assert move in page.evaluate("[...document.querySelectorAll('#legal-moves option')].map(o => o.value)")
    reasons = panel.locator("li").all_inner_texts()
    assert 1 <= len(reasons) <= 3 and all(reason.strip() for reason in reasons)
    page.wait_for_selector(".board-area .is-hint")
    assert page.locator('.board-area [aria-label*="suggested by the hint"]').count() >= 1, "screen readers hear it"
    seen = version(page)
    page.fill("#move-input", move)
    page.press("#move-input", "Enter")
    changed(page, seen)
    page.wait_for_function("() => document.querySelector('.hint-panel').hidden")
    assert page.locator(".board-area .is-hint").count() == 0
