"""Browser tests: a real server and Debian's Chromium driven by Playwright for Python.

Without Chromium or Playwright these tests skip and say why; under KASHI_REQUIRE_SERVICES=1 (CI)
they fail instead. Every page opened through ``open_page`` must log no console error.
"""

from __future__ import annotations

import contextlib
import json
import shutil
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "server"))
from kashi_server_helpers import PATIENCE, READY_SECONDS, ServerProcess
from kashi_test_extras import unavailable

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
REFUSED_RESOURCE = "Failed to load resource: the server responded with a status of 4"
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 360, "height": 740}


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not (Path(CHROMIUM).exists() or shutil.which("chromium")):
        unavailable(f"Chromium is not installed at {CHROMIUM} (Debian package 'chromium')")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        unavailable("Playwright for Python is not installed (pip install playwright)")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(
            executable_path=CHROMIUM, args=CHROMIUM_ARGS, timeout=READY_SECONDS * 1000
        )
        yield launched
        launched.close()


@pytest.fixture(scope="session")
def web_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    with server_in(tmp_path_factory.mktemp("web")) as server:
        yield server


@contextlib.contextmanager
def server_in(path: Path, **env: str) -> Iterator[ServerProcess]:
    """A server on a database in ``path``, paced for browsers; ``env`` overrides its settings.
    By default no absence is decided during these tests, however long a full run makes them (a
    seat handed to a bot mid-test would end its game under the page)."""
    settings = {
        "KASHI_RATE_BURST": "400",
        "KASHI_RATE_PER_SECOND": "100",
        "KASHI_BOT_SECONDS": "0.02",
        "KASHI_GRACE_SECONDS": "900",
        "KASHI_REVIEW_BUDGET": "0.05",
        **env,
    }
    server = ServerProcess(f"sqlite:///{path / 'kashi.db'}", path / "server.log", env=settings)
    server.start()
    yield server
    server.stop()


class Pages:
    """Opens pages in fresh browser contexts (each a separate person) and collects console errors."""

    def __init__(self, browser: Any, server: ServerProcess) -> None:
        self.browser = browser
        self.server = server
        self.contexts: list[Any] = []
        self.errors: list[str] = []

    def person(self, language: str = "en", viewport: dict[str, int] | None = None, **settings: Any) -> Any:
        """A new browser context with its own cookie and settings: one person."""
        context = self.browser.new_context(viewport=viewport or DESKTOP, base_url=self.server.url)
        context.set_default_timeout(PATIENCE * 1000)  # for an element, a navigation, a condition
        stored = json.dumps({"lang": language, "theme": "light", "reducedMotion": True, **settings})
        context.add_init_script(
            f"localStorage.getItem('kashi.settings') || localStorage.setItem('kashi.settings', {json.dumps(stored)})"
        )
        self.contexts.append(context)
        return context

    def open(self, context: Any, path: str, refused: bool = False) -> Any:
        """A page at ``path``; ``refused``: the page shows a refusal the server gives with a 4xx
        status, which Chromium logs as a failed resource (that line alone is then allowed)."""
        page = context.new_page()

        def console(message: Any) -> None:
            if message.type == "error" and not (refused and message.text.startswith(REFUSED_RESOURCE)):
                self.errors.append(f"{path}: {message.text}")

        page.on("console", console)
        page.on("pageerror", lambda error: self.errors.append(f"{path}: {error}"))
        page.goto(path)
        return page

    def close(self) -> None:
        for context in self.contexts:
            context.close()


@contextlib.contextmanager
def pages_on(browser: Any, server: ServerProcess) -> Iterator[Pages]:
    """Pages of ``server`` for one test: closed after it, which must have logged no console error."""
    opened = Pages(browser, server)
    yield opened
    opened.close()
    assert opened.errors == [], "the browser console logged errors"


@pytest.fixture
def pages(browser: Any, web_server: ServerProcess) -> Iterator[Pages]:
    with pages_on(browser, web_server) as opened:
        yield opened


@pytest.fixture
def open_page(pages: Pages) -> Callable[..., Any]:
    """``open_page(path, language="en", viewport=None)``: a page for a new person."""

    def open_one(path: str, language: str = "en", viewport: dict[str, int] | None = None, **settings: Any) -> Any:
        return pages.open(pages.person(language, viewport, **settings), path)

    return open_one


@pytest.fixture(scope="session")
def finished_game(web_server: ServerProcess) -> tuple[dict[str, str], str]:
    """A quick Azul game against a bot, played to the end over the WebSocket: the player's
    cookie (for a browser context) and the game's id."""
    import random

    from kashi_server_helpers import Player, create_game, http

    client = http(web_server)
    game_id = create_game(client, "azul-quick", [{"kind": "me"}, {"kind": "bot", "level": "easy"}])["game"]["id"]
    player = Player(web_server, game_id, client)
    player.hello()
    rng = random.Random(5)
    while player.wait_turn_or_end()["status"] != "finished":
        player.move(rng.choice(player.state["legal_moves"]))
        player.until(lambda message: message["type"] in ("state", "rejected"))
    player.close()
    cookie = {"name": "kashi_user", "value": client.cookies["kashi_user"], "url": web_server.url}
    return cookie, game_id
