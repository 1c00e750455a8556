"""Every screen: no serious or critical axe-core violation (contrast included) and nothing wider
than the screen, in English and Persian, at desktop and phone sizes; and the screenshots the
README shows (docs/screenshots/)."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from duel_table import duel_game
from web_helpers import a_few_moves, home_ready, play_computer, scoring_preview, settle, typed_move, version

SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 360, "height": 740}}


def problems(page: Any, size: str) -> list[str]:
    """Serious or critical axe-core violations, and a page wider than the screen."""
    found = serious_violations(page)
    width = page.evaluate("document.documentElement.scrollWidth")
    if width > SIZES[size]["width"]:
        found.append(f"the page is {width} px wide on a {SIZES[size]['width']} px screen")
    return found


def serious_violations(page: Any) -> list[str]:
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page)
    return [
        f"{violation['id']} ({violation['impact']}): {[node['target'] for node in violation['nodes'][:3]]}"
        for violation in results.response["violations"]
        if violation["impact"] in ("serious", "critical")
    ]


@pytest.mark.parametrize("language", ["en", "fa"])
@pytest.mark.parametrize("size", list(SIZES))
def test_every_screen_passes_an_accessibility_scan(
    pages: Any, finished_game: tuple[dict[str, str], str], language: str, size: str
) -> None:
    cookie, game_id = finished_game
    person = pages.person(language, SIZES[size])
    person.add_cookies([cookie])
    found: dict[str, list[str]] = {}
    for path in ("/", f"/games/{game_id}", f"/replay/{game_id}", "/replay", "/history", "/join/not-a-token"):
        page = pages.open(person, path, refused=path.startswith("/join/"))
        page.wait_for_load_state("networkidle")
        found[path] = problems(page, size)
        page.close()
    table = pages.open(person, "/")
    play_computer(table)
    settle(table)
    table.locator(".azul-src.is-selectable rect").first.click()
    found["table in play"] = problems(table, size)
    ingenious = pages.open(person, "/")
    play_computer(ingenious, "ingenious")
    settle(ingenious)
    ingenious.locator(".ing-rtile.is-playable").first.click()
    found["Ingenious table in play"] = problems(ingenious, size)
    duel = pages.open(person, "/")
    play_computer(duel, "azul-duel")
    settle(duel)
    duel.locator("button.duel-plate.is-selectable").first.click()
    found["Azul Duel table placing a plate"] = problems(duel, size)
    a_few_moves(duel, 6, random.Random(3), "typed")
    duel.locator(".duel-src.is-selectable .duel-hit").first.click()
    found["Azul Duel table taking tiles"] = problems(duel, size)
    waiting = pages.open(person, "/")
    waiting.select_option("#friends-seat-1", "person")
    waiting.locator(".friends-form button[type=submit]").click()
    waiting.wait_for_selector(".invites input")
    found["table waiting for an invited player"] = serious_violations(waiting)
    assert {path: problems for path, problems in found.items() if problems} == {}


@pytest.mark.screenshots
def test_screenshots_for_the_readme(pages: Any, finished_game: tuple[dict[str, str], str]) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    cookie, game_id = finished_game
    written = []
    for size, viewport in SIZES.items():
        person = pages.person("en", viewport)
        person.add_cookies([cookie])

        def shot(page: Any, name: str, size: str = size) -> None:
            path = SCREENSHOTS / f"{name}-{size}.png"
            page.screenshot(path=str(path))
            written.append(path)

        home = pages.open(person, "/")
        home.wait_for_load_state("networkidle")
        shot(home, "home")
        home.locator(".friends").evaluate("section => section.scrollIntoView({block: 'start'})")
        shot(home, "lobby")
        play_computer(home)
        settle(home)
        a_few_moves(home, 4, random.Random(6))
        home.locator(".azul-src.is-selectable rect").first.click()
        shot(home, "azul-table")
        grey = pages.open(person, "/")
        play_computer(grey, variant="azul-grey")
        settle(grey)
        a_few_moves(grey, 6, random.Random(7))
        shot(grey, "azul-grey-table")
        end = pages.open(person, f"/games/{game_id}")
        end.wait_for_selector(".end-panel:not([hidden])")
        end.locator(".end-panel").scroll_into_view_if_needed()
        shot(end, "game-end")
        replay = pages.open(person, f"/replay/{game_id}")
        replay.wait_for_selector(".replay-controls")
        for _ in range(20):
            replay.keyboard.press("ArrowRight")
        replay.wait_for_selector('.board-root[data-drawn="20"]')
        shot(replay, "replay")
        shot(duel_in_play(pages, person), "azul-duel")
        shot(ingenious_in_play(pages, person), "ingenious")
    persian = pages.person("fa", SIZES["desktop"])
    persian.add_cookies([cookie])
    for name, table in (("azul-duel", duel_in_play), ("ingenious", ingenious_in_play)):
        path = SCREENSHOTS / f"{name}-fa-desktop.png"
        table(pages, persian).screenshot(path=str(path))
        written.append(path)
    assert all(path.stat().st_size > 10_000 for path in written)


def duel_in_play(pages: Any, person: Any) -> Any:
    """An Azul Duel table in round 2 with a sun's colour picked: the lines it may go to are lit."""
    page = pages.open(person, "/")
    duel_game(page, seed=21)
    rng = random.Random(22)
    sun = page.locator(".duel-src.is-selectable[data-pick='sun']")
    seen = None
    for _ in range(60):
        settle(page, seen)
        if sun.count() >= 3 and page.locator(".duel-board .duel-cell .duel-tile").count() >= 4:
            break
        seen = version(page)
        typed_move(page, rng)
    sun.first.locator(".duel-hit").first.click()
    return page


def ingenious_in_play(pages: Any, person: Any) -> Any:
    """An Ingenious table a few turns in, a tile held over two hexes: the runs it would score
    are drawn with their lengths, and the points shown beneath."""
    page = pages.open(person, "/")
    home_ready(page)
    seats = [{"kind": "me"}, {"kind": "bot", "level": "easy"}]
    answer = page.request.post("/api/games", data={"variant": "ingenious", "seats": seats, "seed": 5, "start": 0})
    assert answer.status == 201, answer.text()
    page.goto(f"/games/{answer.json()['game']['id']}")
    scoring_preview(page, random.Random(5), least=2)
    return page
