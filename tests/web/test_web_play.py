"""Whole games through the page: clicks against a bot, typed moves on the grey wall, two people
through an invite link, a reload in the middle of a game, and a game in Persian."""

from __future__ import annotations

import random
import re
from typing import Any

import httpx
import pytest
from kashi_server_helpers import ServerProcess
from web_helpers import (
    a_few_moves,
    changed,
    click_move,
    final_scores,
    friends_game,
    play_computer,
    play_to_end,
    play_together,
    settle,
    typed_move,
    version,
)

from kashi.web.catalogues import catalogue

PERSIAN_DIGITS = str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹")


def result_of(server: ServerProcess, page: Any) -> list[int]:
    game_id = page.url.rsplit("/", 1)[1]
    info = httpx.get(f"{server.url}/api/games/{game_id}").json()
    assert info["status"] == "finished"
    return [int(score) for score in info["result"].split("-")]


def test_a_whole_game_against_a_bot_by_clicks(open_page: Any, web_server: ServerProcess) -> None:
    page = open_page("/")
    play_computer(page)
    made = play_to_end(page, random.Random(1), "click")
    assert made >= 5 * 5, "a game of Azul lasts at least five rounds"
    assert page.locator(".end-panel").is_visible()
    assert sorted(final_scores(page).values()) == sorted(result_of(web_server, page))
    assert page.locator(".end-panel h2").inner_text().strip()
    assert page.locator(".end-panel a[href^='/replay/']").count() == 1
    assert "Complete rows" in page.locator(".end-panel .final-table thead th").all_inner_texts(), "the tie-break"


def test_a_three_player_grey_wall_game_by_typed_moves(open_page: Any, web_server: ServerProcess) -> None:
    page = open_page("/")
    friends_game(page, "azul-grey", ["me", "bot:easy", "bot:easy"], {"rounds": "2"})  # two rounds show it all
    settle(page)
    page.fill("#move-input", "8B1")
    page.press("#move-input", "Enter")
    page.wait_for_function("() => document.querySelector('.refusal').textContent.length > 0")
    assert refusal_message(page) == "there is no factory 8 with 3 players (7 factories)"
    rng = random.Random(2)
    seen = None
    placements = 0
    while settle(page, seen) != "finished":
        seen = version(page)
        # To pattern line 1 while there is one: a random player may complete no line in two
        # rounds, and then the grey wall never asks where a tile goes.
        placements += typed_move(page, rng, prefer=r"[1-9C][BYRKW]1").startswith("w")
    assert placements > 0, "the grey wall asks where to place a tile"
    info = httpx.get(f"{web_server.url}/api/games/{page.url.rsplit('/', 1)[1]}").json()
    assert info["options"]["rounds"] == 2, "the rounds typed into the form are the game's"
    assert len(final_scores(page)) == 3
    assert sorted(final_scores(page).values()) == sorted(result_of(web_server, page))


def test_two_people_play_through_an_invite_link(pages: Any, web_server: ServerProcess) -> None:
    host = pages.open(pages.person(), "/")
    friends_game(host, "azul-quick", ["me", "person"])
    link = host.locator(".invites input").input_value()
    assert "/join/" in link
    guest = pages.open(pages.person(), link)
    guest.locator(".join-take").click()  # the game is rated: taking the seat is choosing rated play
    guest.wait_for_url(re.compile(r"/games/[\w-]+$"))
    assert guest.url == host.url
    play_together([host, guest], random.Random(3), "typed")
    assert final_scores(host) == final_scores(guest)
    assert sorted(final_scores(host).values()) == sorted(result_of(web_server, host))


def test_a_reload_in_the_middle_of_a_game_comes_back_to_the_same_position(open_page: Any) -> None:
    page = open_page("/")
    play_computer(page)
    rng = random.Random(4)
    a_few_moves(page, 3, rng)

    def position() -> dict[str, Any]:
        return {
            "version": version(page),
            "scores": page.locator(".seat-score").all_inner_texts(),
            "log": page.locator(".log-list .log-move").all_inner_texts(),
            "factories": page.locator(".azul-src").evaluate_all(
                "groups => groups.map(g => g.getAttribute('aria-label'))"
            ),
        }

    before = position()
    page.reload()
    settle(page)
    assert position() == before
    click_move(page, rng)
    changed(page, before["version"])


def test_a_game_in_persian_is_right_to_left_with_translated_refusals(open_page: Any) -> None:
    page = open_page("/", language="fa")
    assert page.evaluate("[document.documentElement.dir, document.documentElement.lang]") == ["rtl", "fa"]
    play_computer(page)
    settle(page)
    board = page.locator(".board-area").bounding_box()
    panel = page.locator(".table-panel").bounding_box()
    assert panel["x"] < board["x"], "the panel stands to the left of the board in a right-to-left layout"
    page.fill("#move-input", "8B1")
    page.press("#move-input", "Enter")
    page.wait_for_function("() => document.querySelector('.refusal').textContent.length > 0")
    template = catalogue("fa")["azul.no_factory"]
    expected = template.format(factory=8, players=2, factories=5).translate(PERSIAN_DIGITS)
    assert refusal_message(page) == expected
    assert page.locator(".status-line").inner_text() == catalogue("fa")["ui.status.your_turn"]


def test_a_move_with_the_keyboard_alone(open_page: Any) -> None:
    """Tab reaches the tiles, Enter picks a colour and moves to the lit lines, Enter plays."""
    page = open_page("/")
    play_computer(page)
    settle(page)
    before = version(page)
    for _ in range(40):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.matches('.azul-src.is-selectable')"):
            break
    else:
        raise AssertionError("Tab never reached a tile group")
    label = page.evaluate("document.activeElement.getAttribute('aria-label')")
    assert label.startswith("Take ")
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.matches('.azul-dest.is-lit')")
    page.keyboard.press("Enter")
    changed(page, before)
    assert page.locator(".log-list .log-move").count() >= 1


@pytest.mark.parametrize("language", ["fa", "tr"])
def test_a_whole_quick_game_in_persian_and_turkish(open_page: Any, web_server: ServerProcess, language: str) -> None:
    texts = catalogue(language)
    page = open_page("/", language=language)
    play_computer(page, variant="azul-quick")
    play_to_end(page, random.Random(8), "click")
    assert page.locator(".status-line").inner_text() == texts["ui.status.finished"]
    scores = final_scores(page)
    assert sorted(scores.values()) == sorted(result_of(web_server, page))
    if language == "fa":
        shown = page.locator(".final-table tbody td").all_inner_texts()
        assert all(not any(char in "0123456789" for char in text) for text in shown), "Persian digits only"


def test_a_spectator_opens_a_game_in_progress_by_its_link(pages: Any) -> None:
    player = pages.open(pages.person(), "/")
    play_computer(player)
    settle(player)
    watcher = pages.open(pages.person(), player.url)
    watcher.wait_for_selector(".table[data-drawn]")
    assert watcher.locator(".move-form").is_hidden(), "a spectator has no move to type"
    assert watcher.locator(".azul-src.is-selectable").count() == 0
    seen_by_player = [name.replace(" (you)", "") for name in player.locator(".seat-name").all_inner_texts()]
    assert watcher.locator(".seat-name").all_inner_texts() == seen_by_player


def test_a_hot_seat_game_on_one_screen(open_page: Any) -> None:
    page = open_page("/")
    friends_game(page, "azul", ["me", "me"])
    rng = random.Random(9)
    seen = None
    movers = set()
    for _ in range(4):
        settle(page, seen)
        seen = version(page)
        movers.add(page.locator(".seat-entry.to-move").get_attribute("data-seat"))
        assert "(" in page.locator(".status-line").inner_text(), "the status says whose seat it is"
        click_move(page, rng)
    assert movers == {"0", "1"}, "both seats are played from the same page"


def test_a_clock_counts_down_from_the_servers_deadline(open_page: Any) -> None:
    page = open_page("/")
    page.select_option("#friends-clock", "move")
    page.fill("#friends-seconds", "90")
    friends_game(page, "azul", ["me", "bot:easy"])
    settle(page)
    clock = page.locator(".seat-entry.to-move .seat-clock.running")
    first = clock.inner_text()
    assert re.fullmatch(r"1:[0-3]\d", first), first
    page.wait_for_timeout(1500)
    assert clock.inner_text() != first


def test_a_move_by_dragging_tiles_onto_a_line(open_page: Any) -> None:
    page = open_page("/")
    play_computer(page)
    settle(page)
    before = version(page)
    tile = page.locator(".azul-src.is-selectable rect").first
    tile.click()
    target = page.locator(".azul-board.is-turn .azul-dest.is-lit").last.bounding_box()
    tile.click()  # deselect: the drag alone must do the move
    assert page.locator(".azul-dest.is-lit").count() == 0
    start = tile.bounding_box()
    page.mouse.move(start["x"] + start["width"] / 2, start["y"] + start["height"] / 2)
    page.mouse.down()
    for step in range(1, 11):
        x = start["x"] + (target["x"] + target["width"] / 2 - start["x"]) * step / 10
        y = start["y"] + (target["y"] + target["height"] / 2 - start["y"]) * step / 10
        page.mouse.move(x, y)
    page.mouse.up()
    changed(page, before)


def test_a_takeback_against_a_bot(open_page: Any) -> None:
    page = open_page("/")
    play_computer(page)
    rng = random.Random(10)
    settle(page)
    seen = version(page)
    click_move(page, rng)
    settle(page, seen)
    moves_before = page.locator(".log-list .log-move").count()
    assert moves_before >= 2, "my move and the bot's answer"
    page.locator(".table-actions .takeback").click()
    page.wait_for_function(
        "(count) => document.querySelectorAll('.log-list .log-move').length === count - 2", arg=moves_before
    )
    assert settle(page) == "active" and page.locator(".status-line.is-yours").count() == 1


def test_a_rated_game_against_a_bot_offers_no_takeback(open_page: Any) -> None:
    page = open_page("/")
    play_computer(page, rated=True)
    settle(page)
    seen = version(page)
    click_move(page, random.Random(11))
    settle(page, seen)
    assert page.locator(".log-list .log-move").count() >= 2, "my move and the bot's answer"
    assert page.locator(".table-actions .takeback").is_hidden()


def test_the_table_comes_back_after_the_server_is_killed(browser: Any, tmp_path: Any) -> None:
    from conftest import Pages

    server = ServerProcess(
        f"sqlite:///{tmp_path / 'kashi.db'}", tmp_path / "server.log", env={"KASHI_BOT_SECONDS": "0.02"}
    )
    server.start()
    pages = Pages(browser, server)
    try:
        page = pages.open(pages.person(), "/")
        play_computer(page)
        rng = random.Random(11)
        settle(page)
        seen = version(page)
        click_move(page, rng)
        settled = settle(page, seen)
        before = {"version": version(page), "log": page.locator(".log-list li").all_inner_texts()}
        server.kill9()
        page.wait_for_selector(".connection-line:not([hidden])")
        server.start()
        page.wait_for_selector(".connection-line[hidden]", state="attached")
        settle(page)
        assert settled == "active"
        assert {"version": version(page), "log": page.locator(".log-list li").all_inner_texts()} == before
        click_move(page, rng)
        changed(page, before["version"])
    finally:
        pages.close()
        server.stop()
    assert [error for error in pages.errors if "WebSocket" not in error and "ERR_CONNECTION_REFUSED" not in error] == []


def refusal_message(page: Any) -> str:
    """The refusal's own words, without the "why?" link that follows them."""
    return str(page.locator(".refusal").evaluate("element => element.firstChild.textContent"))
