"""The replay viewer rebuilds each position from the first one and what every event changed
(``POST /api/replay`` and ``GET /api/games/{id}/replay`` send patches, issue 46): a record file
opened on ``/replay`` draws the same boards, step by step, as the game's own replay."""

from __future__ import annotations

from typing import Any

import pytest
from kashi_server_helpers import ServerProcess, create_game, http, wait_until

BOTS = [{"kind": "bot", "level": "easy"}] * 2


def boards(page: Any, steps: list[int]) -> list[str]:
    """The board drawn at each of ``steps``, reached with the scrubber."""
    drawn = []
    for step in steps:
        page.locator("#replay-scrubber").fill(str(step))
        page.locator(f".board-root[data-drawn='{step}']").wait_for()
        drawn.append(page.locator(".board-root").inner_html())
    return drawn


@pytest.mark.parametrize("variant", ["azul-quick", "azul-duel", "ingenious"])
def test_an_opened_record_replays_the_same_boards_as_the_games_own_replay(
    open_page: Any, web_server: ServerProcess, variant: str
) -> None:
    client = http(web_server)
    game_id = create_game(client, variant, BOTS)["game"]["id"]
    wait_until(lambda: client.get(f"/api/games/{game_id}").json()["status"] == "finished", f"{game_id} to finish")
    text = client.get(f"/api/games/{game_id}/record.txt").text
    last = client.get(f"/api/games/{game_id}").json()["event_count"]
    steps = [0, 1, last // 2, last - 1, last]
    own = open_page(f"/replay/{game_id}")
    own.locator(".board-root[data-drawn='0']").wait_for()
    expected = boards(own, steps)
    assert len(set(expected)) > 2, "the positions differ"
    opened = open_page("/replay")
    opened.set_input_files("#record-file", {"name": "game.txt", "mimeType": "text/plain", "buffer": text.encode()})
    opened.locator(".board-root[data-drawn='0']").wait_for()
    assert boards(opened, steps) == expected
    opened.keyboard.press("Home")
    opened.locator(".board-root[data-drawn='0']").wait_for()
    for step in range(1, 4):
        opened.keyboard.press("ArrowRight")  # one step on, animated from the position before
        opened.locator(f".board-root[data-drawn='{step}']").wait_for()
    assert opened.locator("#replay-scrubber").input_value() == "3"
