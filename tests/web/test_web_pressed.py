"""Toggle buttons say whether they are pressed (issue 47, finding 10): every ``aria-pressed`` of a
table is "true" or "false" (Ingenious's rack tiles said "null" until one was chosen)."""

from __future__ import annotations

from typing import Any

import pytest
from web_helpers import play_computer, settle

PRESSED = (
    "() => [...document.querySelectorAll('.board-root [aria-pressed]')].map(node => node.getAttribute('aria-pressed'))"
)
"""The board's toggles (the panel's turn-sound switch is pressed while the sound is on)."""


@pytest.mark.parametrize(
    ("family", "piece"), [("ingenious", ".ing-rtile.is-playable"), ("azul", ".azul-src.is-selectable rect")]
)
def test_every_toggle_says_pressed_or_not(open_page: Any, family: str, piece: str) -> None:
    page = open_page("/")
    play_computer(page, family)
    settle(page)
    before = page.evaluate(PRESSED)
    assert before and set(before) == {"false"}, before
    page.locator(piece).first.click()
    after = page.evaluate(PRESSED)
    assert set(after) == {"true", "false"} and after.count("true") == 1, after
    everywhere = "() => [...document.querySelectorAll('[aria-pressed]')].map(node => node.getAttribute('aria-pressed'))"
    assert set(page.evaluate(everywhere)) <= {"true", "false"}, "no toggle without its state"
