"""Ratings at the table and on a profile (issue 47, deliver 4): the table says whether the game is
rated, each seat shows its rating ("1500?" while provisional) and, once a rated game ends, what it
changed; the name leads to the player's profile with their ratings and recent games. In English
and in Persian (its digits)."""

from __future__ import annotations

from typing import Any

import httpx
import pytest
from game_end import play_out
from kashi_server_helpers import ServerProcess
from web_helpers import play_computer

WORDS = {
    "en": {"rated": "Rated game", "digits": "0123456789", "azul": "Azul"},
    "fa": {"rated": "بازی امتیازی", "digits": "۰۱۲۳۴۵۶۷۸۹", "azul": "آزول"},
}


def shown(number: int, language: str) -> str:
    return "".join(WORDS[language]["digits"][int(digit)] for digit in str(number))


@pytest.mark.parametrize("language", ["en", "fa"])
def test_the_table_shows_ratings_and_the_name_leads_to_the_profile(
    open_page: Any, web_server: ServerProcess, language: str
) -> None:
    page = open_page("/", language)
    play_computer(page, variant="azul-quick", rated=True)
    game_id = page.url.rsplit("/", 1)[1]
    cookies = {cookie["name"]: cookie["value"] for cookie in page.context.cookies()}
    client = httpx.Client(base_url=web_server.url, cookies=cookies)
    me = client.get("/api/me").json()["id"]
    page.locator(".table-mode", has_text=WORDS[language]["rated"]).wait_for()
    mine = page.locator('.seat-entry[data-seat="0"]')
    mine.locator(".seat-rating").wait_for()
    name = mine.locator(".seat-name a").inner_text()
    assert mine.locator(".seat-rating [aria-hidden]").inner_text() == shown(1500, language) + "?"
    assert mine.locator(".seat-name a").get_attribute("href") == f"/players/{me}"

    play_out(web_server, page, game_id, seed=3)
    mine.locator(".rating-change").wait_for()
    ratings = client.get(f"/api/games/{game_id}/ratings").json()["seats"][0]
    change = mine.locator(".rating-change").inner_text().strip().strip("\u2066\u2069")
    sign = "+" if ratings["change"] > 0 else "\u2212" if ratings["change"] < 0 else ""
    assert change == sign + shown(abs(ratings["change"]), language)

    page.goto(f"{web_server.url}/players/{me}")
    page.locator(".ratings-table tbody tr").wait_for()
    row = page.locator(".ratings-table tbody tr").all_inner_texts()
    assert len(row) == 1 and WORDS[language]["azul"] in row[0]
    assert shown(ratings["rating"], language) + "?" in row[0], "one game played: still provisional"
    games = page.locator(".history-table:not(.ratings-table) tbody tr")
    assert games.count() == 1
    assert games.locator("a").first.get_attribute("href") == f"/replay/{game_id}"
    assert page.locator("h1").inner_text() == name


def test_a_casual_table_says_so(open_page: Any) -> None:
    page = open_page("/")
    play_computer(page, rated=False)
    page.locator(".table-mode", has_text="Casual game").wait_for()
    assert page.locator(".table-mode").count() == 1
