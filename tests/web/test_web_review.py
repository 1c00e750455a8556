"""The game review on the replay page: asked for, followed while it runs, then the chart, the
biggest mistakes (choosing one shows the better move on the board) and the table of all moves;
for a game of each family, with an accessibility scan in English and Persian."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from kashi_server_helpers import ServerProcess, create_game, http, wait_until
from test_web_screens import SIZES, problems

BOTS = [{"kind": "bot", "level": "easy"}] * 2
REVIEW_MS = 300_000


def finished_bot_game(server: ServerProcess, variant: str) -> str:
    client = http(server)
    game_id: str = create_game(client, variant, BOTS)["game"]["id"]
    wait_until(lambda: client.get(f"/api/games/{game_id}").json()["status"] == "finished", f"{game_id} to finish")
    return game_id


def review_shown(page: Any) -> None:
    """Ask for the review and wait for its chart; progress shows first."""
    page.locator(".board-root[data-drawn='0']").wait_for()
    page.locator("button.review-ask").click()
    page.locator(".review progress").wait_for()
    page.locator(".review-chart").wait_for(timeout=REVIEW_MS)


@pytest.mark.parametrize("variant", ["azul-quick", "azul-duel", "ingenious"])
def test_a_review_is_shown_and_its_first_mistake_shows_the_better_move(
    open_page: Any, web_server: ServerProcess, variant: str
) -> None:
    game_id = finished_bot_game(web_server, variant)
    page = open_page(f"/replay/{game_id}")
    review_shown(page)
    assert page.locator(".review-chart title").text_content() == "Value of the position over the game"
    assert page.locator(".review-chart polyline").count() == 2
    mistakes = page.locator("button.review-mistake")
    assert 3 <= mistakes.count() <= 5
    assert page.locator(".review-chart .review-mark").count() == mistakes.count()
    rows = page.locator(".review-table tbody tr")
    review = http(web_server).get(f"/api/games/{game_id}/review").json()
    assert rows.count() == len(review["moves"]) == review["total"]
    first = review["mistakes"][0]
    assert f"Move {first['ply']}," in mistakes.first.text_content()
    board = page.locator(".board-root")
    before = board.inner_html()
    mistakes.first.click()
    page.locator(f".board-root[data-drawn='better-{first['ply']}']").wait_for()
    assert board.inner_html() != before
    caption = page.locator(".replay-caption").text_content()
    assert first["best"] in caption and first["move"] in caption
    assert page.locator("#replay-scrubber").input_value() == str(first["ply"])
    page.locator(".review-moves summary").click()
    rows.nth(2).locator("button.review-goto").click()
    page.locator(f".board-root[data-drawn='{review['moves'][2]['ply']}']").wait_for()


@pytest.mark.parametrize("language", ["en", "fa"])
def test_the_replay_with_its_review_passes_an_accessibility_scan(
    pages: Any, web_server: ServerProcess, language: str, tmp_path: Path
) -> None:
    """Also leaves screenshots of what it scanned in ``tmp_path``."""
    game_id = finished_bot_game(web_server, "azul-quick")
    found = {}
    for size in SIZES:
        page = pages.open(pages.person(language, SIZES[size]), f"/replay/{game_id}")
        if size == "desktop":
            review_shown(page)
        else:
            page.locator(".review-chart").wait_for(timeout=REVIEW_MS)
        page.locator(".review-moves summary").click()
        if language == "fa":
            assert re.match("حرکت [۰-۹]+،", page.locator(".review-mistake").first.text_content())
            assert page.locator("html").get_attribute("dir") == "rtl"
        found[size] = problems(page, size)
        page.screenshot(path=tmp_path / f"review-{language}-{size}.png", full_page=True)
    assert found == {"desktop": [], "phone": []}
