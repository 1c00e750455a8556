"""A take says how many tiles it takes, at the table and in the replay (issue 47, a log people
read): the count is read here from the position the page was sent, as a player counts them, and
the replay's caption says the move in words with its notation beside them, as the log does."""

from __future__ import annotations

import re
from typing import Any

import httpx
from game_end import open_as_its_player, open_game_against_bot
from kashi_server_helpers import Player

from kashi.server.archive import apply_patch

COLOURS = {"B": "blue", "Y": "yellow", "R": "red", "K": "black", "W": "white"}


def test_the_log_says_how_many_tiles_a_move_takes(pages: Any) -> None:
    page = pages.open(pages.person("en"), "/")
    game_id = open_game_against_bot(page, "azul", seed=7)
    cookies = {cookie["name"]: cookie["value"] for cookie in page.context.cookies()}
    player = Player(pages.server, game_id, httpx.Client(base_url=pages.server.url, cookies=cookies))
    tiles = player.hello()["view"]["factories"][0]
    colour = max(tiles, key=tiles.count)
    player.move(f"1{colour}F")
    player.until(lambda message: message["type"] in ("state", "rejected"))
    player.close()
    item = page.locator(".log-list .log-move", has=page.locator(".notation", has_text=f"1{colour}F"))
    said = f"takes {tiles.count(colour)} {COLOURS[colour]} from factory 1 to the floor"
    assert said in item.inner_text(), item.inner_text()


def test_the_replay_caption_says_a_move_in_words_beside_its_notation(
    pages: Any, finished_game: tuple[dict[str, str], str]
) -> None:
    replay = open_as_its_player(pages, finished_game, "/replay/{id}")
    replay.wait_for_selector(".replay-controls")
    steps = replay.request.get(f"/api/games/{finished_game[1]}/replay").json()["steps"]
    number = next(step["number"] for step in steps if step["event"] and "seat" in step["event"])
    before = steps[0]["state"]
    for step in steps[1:number]:
        before = apply_patch(before, step["patch"])
    notation = steps[number]["event"]["move"]
    source, colour, line = re.fullmatch(r"([1-9C])([BYRKW])([1-5F])", notation).groups()
    tiles = before["centre"] if source == "C" else before["factories"][int(source) - 1]
    where = "the centre" if source == "C" else f"factory {source}"
    to = "the floor" if line == "F" else f"pattern line {line}"
    said = f"takes {tiles.count(colour)} {COLOURS[colour]} from {where} to {to} ({notation})"
    replay.keyboard.press("Home")
    for _ in range(number):
        replay.keyboard.press("ArrowRight")
    caption = replay.locator(".replay-caption").text_content()
    assert re.fullmatch(rf"{number}\. .+ {re.escape(said)}", caption), (caption, said)
