"""Notifications (issue 47, deliver 8): the tab's title is marked while it is the player's turn,
and the turn's chime is on unless the player switches it off."""

from __future__ import annotations

import random
from typing import Any

from web_helpers import changed, play_computer, settle, typed_move, version

SETTINGS = "async () => (await import('/static/shell/settings.js')).loadSettings().sound"


def test_the_title_is_marked_on_your_turn_and_the_chime_is_on_by_default(open_page: Any) -> None:
    page = open_page("/")
    assert page.evaluate(SETTINGS) is True, "a new player hears the turn's chime"
    play_computer(page)
    settle(page)
    assert page.title().startswith("● Your turn · ")
    seen = version(page)
    typed_move(page, random.Random(2))
    changed(page, seen)
    marked, yours = page.evaluate(
        "() => [document.title.startsWith('●'), document.querySelector('.status-line.is-yours') !== null]"
    )
    assert marked == yours, "the title is marked exactly while the status line says it is your turn"


def test_the_chime_stays_off_for_a_player_who_switched_it_off(open_page: Any) -> None:
    page = open_page("/", sound=False)
    assert page.evaluate(SETTINGS) is False


def test_the_chime_is_switched_at_the_table_and_stays_switched(open_page: Any) -> None:
    page = open_page("/")
    play_computer(page)
    switch = page.locator(".sound-toggle")
    assert switch.get_attribute("aria-pressed") == "true"
    switch.click()
    assert switch.get_attribute("aria-pressed") == "false"
    assert page.evaluate(SETTINGS) is False, "kept in the settings, as the settings dialog keeps it"
    page.reload()
    assert page.locator(".sound-toggle").get_attribute("aria-pressed") == "false"
    page.locator(".sound-toggle").click()
    assert page.evaluate(SETTINGS) is True
