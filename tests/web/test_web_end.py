"""The end of a game (issue 47, deliver 5): a dialog that opens once the board has drawn the last
move, in view on a desktop and a phone, with the tally of every seat and what to do next; the
final scoring is told once, in the log."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import DESKTOP, PHONE
from game_end import open_as_its_player, open_game_against_bot, play_out
from test_web_screens import SCREENSHOTS, SIZES

WATCH_THE_END = """() => {
  window.endSeen = null;
  new MutationObserver(() => {
    const dialog = document.querySelector('.end-dialog[open]');
    const table = document.querySelector('.table');
    if (dialog && window.endSeen === null)
      window.endSeen = { drawn: table.dataset.drawn, version: table.dataset.version };
  }).observe(document.body, { subtree: true, attributes: true, attributeFilter: ['open'] });
}"""
"""Notes the table's drawn and current versions at the moment the end's dialog opens."""


def in_view(page: Any, selector: str) -> bool:
    box = page.locator(selector).bounding_box()
    size = page.viewport_size
    return (
        box["x"] >= 0
        and box["y"] >= 0
        and box["x"] + box["width"] <= size["width"]
        and (box["y"] + box["height"] <= size["height"])
    )


@pytest.mark.parametrize(
    ("family", "viewport", "bonus"),
    [("azul", PHONE, "Bonuses"), ("azul", DESKTOP, "Bonuses"), ("azul-duel", PHONE, "Objectives")],
)
def test_the_end_opens_after_the_last_move_is_drawn_in_view_with_the_tally(
    pages: Any, family: str, viewport: dict[str, int], bonus: str
) -> None:
    page = pages.open(pages.person("en", viewport, reducedMotion=False), "/")
    game_id = open_game_against_bot(page, family, seed=3)
    page.evaluate(WATCH_THE_END)
    play_out(pages.server, page, game_id, seed=3)
    page.wait_for_selector(".end-dialog[open]")
    seen = page.evaluate("window.endSeen")
    assert seen["drawn"] == seen["version"], "the dialog opened before the board drew the last move"
    assert page.locator(".table").get_attribute("data-status") == "finished"
    assert in_view(page, ".end-dialog"), "the end's dialog is not wholly on the screen"
    dialog = page.locator(".end-dialog")
    assert dialog.locator("h2").inner_text().endswith("wins") or "draw" in dialog.locator("h2").inner_text()
    headers = dialog.locator(".final-table thead th").all_inner_texts()
    assert headers[:3] == ["Rank", "Player", "Score"] and bonus in headers
    assert dialog.locator(".final-table tbody tr").count() == 2, "one row per seat"
    assert dialog.get_by_role("button", name="Rematch").is_visible()
    assert dialog.get_by_role("link", name="Review").get_attribute("href") == f"/replay/{game_id}"
    assert dialog.get_by_role("link", name="New game").get_attribute("href") == "/"
    final_lines = page.locator(".log-list .log-score").all_inner_texts()[-2:]
    text = page.locator("body").inner_text()
    assert final_lines and all(text.count(line) == 1 for line in final_lines), "the final scoring is told once"
    assert page.locator(".explanation").inner_text().strip() == ""
    assert page.locator("#chat-title").is_hidden(), "no chat at a table with no other person"
    dialog.get_by_role("button", name="Close").click()
    assert not page.locator(".end-dialog").is_visible()
    assert page.locator(".end-panel").is_visible(), "the end panel stays after the dialog is closed"


def test_a_finished_game_opened_later_shows_its_end(pages: Any, finished_game: tuple[dict[str, str], str]) -> None:
    page = open_as_its_player(pages, finished_game, "/games/{id}", "fa", viewport=PHONE)
    page.wait_for_selector(".end-dialog[open]")
    assert in_view(page, ".end-dialog")
    assert page.locator(".end-dialog .final-table tbody tr").count() == 2
    names = page.locator(".end-dialog .final-table tbody th").all_inner_texts()
    assert any(name.startswith("مهمان ") for name in names), "a guest is named in Persian"
    assert "Guest" not in page.locator("main").inner_text()


@pytest.mark.screenshots
def test_screenshots_of_the_end_of_each_game(pages: Any) -> None:
    """docs/screenshots/end-<family>[-fa]-<desktop|phone>.png: the end's dialog over the last
    position, in English and Persian, on a desktop and a phone."""
    written = []
    for family in ("azul", "azul-duel", "ingenious"):
        player = pages.person("en")
        page = pages.open(player, "/")
        game_id = open_game_against_bot(page, family, seed=3)
        play_out(pages.server, page, game_id, seed=3)
        for language, size in ((language, size) for language in ("en", "fa") for size in SIZES):
            person = pages.person(language, SIZES[size])
            person.add_cookies(player.cookies())
            end = pages.open(person, f"/games/{game_id}")
            end.wait_for_selector(".end-dialog[open]")
            path = SCREENSHOTS / f"end-{family}{'-fa' if language == 'fa' else ''}-{size}.png"
            end.screenshot(path=str(path))
            written.append(path)
    assert all(path.stat().st_size > 10_000 for path in written)
