"""A fourth game needs its folder and one line that registers it: a toy game (Pebbles, in
tests/web/toy_game/) copied to a temporary folder is picked up by the server (its variants, its
files, its texts) and by the browser (its card, its table, a whole game played by clicking)."""

from __future__ import annotations

import os
import random
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from conftest import Pages, pages_on
from kashi_server_helpers import ServerProcess
from web_helpers import friends_game, home_ready, settle, version

TOY = Path(__file__).resolve().parent / "toy_game" / "pebbles"


@pytest.fixture(scope="module")
def toy_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    folder = tmp_path_factory.mktemp("toy")
    shutil.copytree(TOY, folder / "pebbles")
    paths = os.pathsep.join(filter(None, [str(folder), os.environ.get("PYTHONPATH")]))
    env = {"PYTHONPATH": paths, "KASHI_GRACE_SECONDS": "900"}
    server = ServerProcess(f"sqlite:///{folder / 'kashi.db'}", folder / "server.log", env=env, preload="pebbles")
    server.start()
    yield server
    server.stop()


@pytest.fixture
def toy_pages(browser: Any, toy_server: ServerProcess) -> Iterator[Pages]:
    with pages_on(browser, toy_server) as opened:
        yield opened


def test_the_server_offers_the_toy_game_with_its_files_and_texts(toy_server: ServerProcess) -> None:
    with httpx.Client(base_url=toy_server.url) as client:
        listed = {item["name"]: item for item in client.get("/api/variants").json()}
        assert listed["pebbles"]["table"] is True
        assert "azul" in listed
        table = client.get("/static/games/pebbles/table.js")
        assert table.status_code == 200 and "createRenderer" in table.text
        assert client.get("/static/games/pebbles/picture.svg").status_code == 200
        assert client.get("/i18n/en.json").json()["pebbles.ui.row"] == "Pebbles left: {count}"
        assert client.get("/i18n/fa.json").json()["variant.pebbles"] == "سنگ‌ریزه"


def test_a_whole_toy_game_is_played_through_the_page(toy_pages: Pages) -> None:
    page = toy_pages.open(toy_pages.person("fa"), "/")
    home_ready(page)
    page.wait_for_selector("img[src$='/games/pebbles/picture.svg']")  # the game's card, its picture
    friends_game(page, "pebbles", ["me", "me"])  # hot-seat: this page holds both seats
    rng, seen, taken = random.Random(1), None, 0
    while settle(page, seen) != "finished":
        seen = version(page)
        assert "سنگ‌ریزه‌های مانده" in page.locator(".pebbles p").inner_text()
        ends = page.locator(".pebbles button.pebble")
        ends.nth(rng.randrange(ends.count())).click()
        taken += 1
    assert taken == 8
    assert page.locator(".pebbles .pebble").count() == 0
