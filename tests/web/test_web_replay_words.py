"""Replays say what the table says (issue 47, deliver 9): who won (a tied game's winner too), a
bot by the table's name, and Azul Duel's objectives table filled."""

from __future__ import annotations

import re
from typing import Any

from game_end import open_as_its_player, open_game_against_bot, play_out


def test_a_replay_names_the_winner_and_the_bot_as_the_table_does(
    pages: Any, finished_game: tuple[dict[str, str], str]
) -> None:
    replay = open_as_its_player(pages, finished_game, "/replay/{id}")
    replay.wait_for_selector(".replay-controls")
    result = replay.locator(".replay-result").inner_text()
    assert re.match(r"(.+ wins|Shared win: .+|A draw)\. Final scores: ", result), result
    assert "Computer (easy)" in result and "Bot (" not in replay.locator("main").inner_text()


def test_an_azul_duel_replay_fills_the_objectives_table(pages: Any) -> None:
    page = pages.open(pages.person("en"), "/")
    game_id = open_game_against_bot(page, "azul-duel", seed=5)
    play_out(pages.server, page, game_id, seed=5)
    page.goto(f"/replay/{game_id}")
    page.wait_for_selector(".replay-controls")
    page.keyboard.press("End")
    page.wait_for_selector(".duel-objective")
    rows = page.locator(".duel-objective").count()
    assert rows >= 3 and page.locator(".duel-objective td[data-seat]").count() == 2 * rows, "a value per seat"
