"""A game played to its end beside a page that watches it live: the page's person holds a seat
against a bot, and a WebSocket client with the same cookie makes that seat's moves at random, so
the page receives the last moves as they happen (with their animations) without clicking its way
through a whole game."""

from __future__ import annotations

import random
from typing import Any

import httpx
from kashi_server_helpers import Player, ServerProcess
from web_helpers import home_ready

QUICK_VARIANTS = {"azul": "azul-quick", "azul-duel": "azul-duel", "ingenious": "ingenious"}
"""The shortest game of each family."""


def open_game_against_bot(page: Any, family: str, seed: int) -> str:
    """Create a game of ``family`` (this page's person against an easy bot) and open it; its id."""
    home_ready(page)
    body = {
        "variant": QUICK_VARIANTS[family],
        "seats": [{"kind": "me"}, {"kind": "bot", "level": "easy"}],
        "start": 0,
        "public": False,
        "seed": seed,
    }
    answer = page.request.post("/api/games", data=body)
    assert answer.status == 201, answer.text()
    game_id: str = answer.json()["game"]["id"]
    page.goto(f"/games/{game_id}")
    page.wait_for_selector(".table[data-drawn]")
    return game_id


def open_as_its_player(
    pages: Any, finished: tuple[dict[str, str], str], path: str, language: str = "en", **options: Any
) -> Any:
    """``path`` (``{id}`` in it is the game's) opened by the player of the ``finished_game`` fixture."""
    cookie, game_id = finished
    person = pages.person(language, **options)
    person.add_cookies([cookie])
    return pages.open(person, path.format(id=game_id))


def play_out(server: ServerProcess, page: Any, game_id: str, seed: int) -> None:
    """Make the page's seat's moves at random over a WebSocket of its own until the game ends."""
    cookies = {cookie["name"]: cookie["value"] for cookie in page.context.cookies()}
    player = Player(server, game_id, httpx.Client(base_url=server.url, cookies=cookies))
    player.hello()
    rng = random.Random(seed)
    while player.wait_turn_or_end()["status"] != "finished":
        player.move(rng.choice(player.state["legal_moves"]))
        player.until(lambda message: message["type"] in ("state", "rejected"))
    player.close()
