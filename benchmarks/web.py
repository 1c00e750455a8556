"""The browser client's weight, a table's drawing time, and what opening a table transfers.

Weight: the JavaScript and CSS a table page loads (no catalogues, no pictures), uncompressed,
against the 200 KB budget: the shell's files and one game's renderer (``table.js`` and
``table.css`` in the game's folder), which is loaded only for a table of its game; each
renderer's own weight is printed too. Drawing: Debian's Chromium (through Playwright) loads
the Azul renderer and draws consecutive positions of real games (random self-play) as seat 0
sees them, with its legal moves on its turns, as a table does after each move; a draw is timed
from the call to the end of the layout it causes, without animation. The whole table drawn by a
fresh renderer (a page load) is timed too.

Transfer (``--transfer``): the real server (``python -m kashi.server`` on SQLite, as ``make
serve`` runs it) and Chromium; the requests a table page makes and the bytes they take on the
wire (headers included, Chromium's ``encodedDataLength``), for a cold table (a fresh browser,
empty cache), a warm one (another game's table opened in the same browser) and the warm table
reloaded. Answers from the browser's cache cost no request and are counted apart; the game's
WebSocket is not counted.

    .venv/bin/python benchmarks/web.py [--draws 200] [--players 4]
    .venv/bin/python benchmarks/web.py --transfer
"""

from __future__ import annotations

import argparse
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit
from urllib.request import urlopen

import kashi
from kashi.web import WEB, game_folders

BUDGET_KB = 200
PLAYER = 0
"""The seat of the person at the table: frames are drawn as that seat sees the game."""
HARNESS = """<!doctype html><html lang="en" data-theme="light"><head><meta charset="utf-8">
<link rel="stylesheet" href="/kashi.css"><link rel="stylesheet" href="/games/azul/table.css"></head>
<body><div id="root" style="width:1000px"></div><script type="module">
import { createRenderer } from "/games/azul/table.js";
const fill = (text, params) => text.replace(/\\{(\\w+)[^}]*\\}/g, (_, name) => params[name] ?? "");
const ctx = { t: (key, params = {}) => fill(key, params), num: String, explain: (part) => part.text,
  seatName: (seat) => `Player ${seat + 1}`, settings: { symbols: true, reducedMotion: true },
  play: () => {}, announce: () => {}, colourName: (letter) => letter };
window.renderer = createRenderer(document.getElementById("root"), ctx);
window.timeFresh = async (frames) => {
  const times = [];
  for (const frame of frames) {
    window.renderer.destroy();
    const start = performance.now();
    window.renderer = createRenderer(document.getElementById("root"), ctx);
    await window.renderer.draw(frame);
    document.body.offsetHeight;
    times.push(performance.now() - start);
  }
  return times;
};
window.timeDraws = async (frames, rounds) => {
  const times = [];
  for (let round = 0; round < rounds; round++) {
    for (const frame of frames) {
      const start = performance.now();
      await window.renderer.draw(frame);
      document.body.offsetHeight;
      times.push(performance.now() - start);
    }
  }
  return times;
};
window.ready = true;
</script></body></html>"""


class QuietFiles(SimpleHTTPRequestHandler):
    """The client's files as the server lays them out (the shell at the root, each game's folder
    under /games/<family>/), without a log line per request."""

    def translate_path(self, path: str) -> str:
        parts = unquote(urlsplit(path).path).strip("/").split("/")
        folders = game_folders()
        if len(parts) > 2 and parts[0] == "games" and parts[1] in folders and ".." not in parts:
            return str(folders[parts[1]].joinpath(*parts[2:]))
        return super().translate_path(path)

    def log_message(self, format: str, *args: Any) -> None:
        pass


def weight_kb() -> tuple[float, dict[str, float]]:
    """The shell's JavaScript and CSS, and each game's renderer (its table.js and table.css), in KB."""
    shell = sum(path.stat().st_size for path in WEB.rglob("*") if path.suffix in (".js", ".css")) / 1000
    renderers = {
        family: sum(path.stat().st_size for path in (folder / "table.js", folder / "table.css") if path.exists()) / 1000
        for family, folder in game_folders().items()
    }
    return shell, renderers


def frames(players: int, count: int, seed: int) -> list[dict[str, Any]]:
    """Consecutive positions of random games as seat 0 sees them, with its legal moves on its turns."""
    rng = random.Random(seed)
    found: list[dict[str, Any]] = []
    while len(found) < count:
        game = kashi.new_game("azul", players=players, seed=rng.randrange(2**32))
        while not game.is_over() and len(found) < count:
            state = game.state
            legal = state.legal_moves() if state.current_player == PLAYER else []
            moves = [{"text": str(move), "parts": state.move_parts(move)} for move in legal]
            found.append(
                {"variant": "azul", "view": state.to_json(), "components": state.components(), "players": players,
                 "toMove": state.current_player,
                 "you": [PLAYER], "perspective": PLAYER, "moves": moves,
                 "lastMove": None, "previous": None, "changes": [], "animate": False}
            )  # fmt: skip
            game.play(state.random_move(rng))
    return found


def draw_times(players: int, draws: int) -> tuple[list[float], list[float]]:
    from playwright.sync_api import sync_playwright

    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(QuietFiles, directory=str(WEB)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    sample = frames(players, 40, seed=1)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path="/usr/bin/chromium",
                args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
            )
            page = browser.new_page(viewport={"width": 1280, "height": 800})
            page.route(f"{base}/harness.html", lambda route: route.fulfill(body=HARNESS, content_type="text/html"))
            page.goto(f"{base}/harness.html")
            page.wait_for_function("window.ready === true")
            page.evaluate("frames => window.timeDraws(frames, 1)", sample)
            times: list[float] = page.evaluate(
                "([frames, rounds]) => window.timeDraws(frames, rounds)", [sample, max(1, draws // len(sample))]
            )
            fresh: list[float] = page.evaluate("frames => window.timeFresh(frames)", sample)
            browser.close()
    finally:
        server.shutdown()
    return times, fresh


CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--disable-background-networking"]
TABLE_DRAWN = """() => {
  const table = document.querySelector('.table[data-version]');
  return Boolean(table) && table.dataset.drawn === table.dataset.version;
}"""
"""A table page is open once its board is drawn at the version the server sent (as the tests wait)."""


@contextmanager
def real_server() -> Iterator[str]:
    """``python -m kashi.server`` on a free port with a fresh SQLite database; its base URL."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with tempfile.TemporaryDirectory() as folder:
        command = [sys.executable, "-m", "kashi.server", "--port", str(port), "--db", f"sqlite:///{folder}/kashi.db"]
        env = {**os.environ, "KASHI_LOG_LEVEL": "warning", "KASHI_RATE_BURST": "400"}
        with (Path(folder) / "server.log").open("wb") as log:
            server = subprocess.Popen(command, env=env, stdout=log, stderr=subprocess.STDOUT)
        base = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + 120
            while True:
                if server.poll() is not None:
                    raise RuntimeError((Path(folder) / "server.log").read_text()[-4000:])
                try:
                    with urlopen(f"{base}/healthz", timeout=5) as answer:
                        if answer.status == 200:
                            break
                except OSError:
                    if time.monotonic() > deadline:
                        raise
                time.sleep(0.1)
            yield base
        finally:
            server.terminate()
            server.wait(30)


class Wire:
    """The HTTP requests of one page load as Chromium's DevTools protocol reports them: those
    that went to the server (status, bytes on the wire) and those the cache answered."""

    def __init__(self, page: Any) -> None:
        self.requests: dict[str, dict[str, Any]] = {}
        self.session = page.context.new_cdp_session(page)
        self.session.on("Network.requestWillBeSent", self._sent)
        self.session.on("Network.requestServedFromCache", self._cached)
        self.session.on("Network.responseReceived", self._response)
        self.session.on("Network.responseReceivedExtraInfo", self._raw_response)
        self.session.on("Network.loadingFinished", self._finished)
        self.session.send("Network.enable")

    def _sent(self, event: dict[str, Any]) -> None:
        if event.get("type") != "WebSocket" and not event["request"]["url"].startswith("data:"):
            self.requests[event["requestId"]] = {"url": event["request"]["url"], "cached": False, "bytes": 0}

    def _cached(self, event: dict[str, Any]) -> None:
        if event["requestId"] in self.requests:
            self.requests[event["requestId"]]["cached"] = True

    def _response(self, event: dict[str, Any]) -> None:
        if (request := self.requests.get(event["requestId"])) is not None:
            response = event["response"]
            request["status"] = response["status"]
            request["cached"] |= bool(response.get("fromDiskCache") or response.get("fromPrefetchCache"))
            request["encoding"] = {key.lower(): value for key, value in response["headers"].items()}.get(
                "content-encoding", ""
            )

    def _raw_response(self, event: dict[str, Any]) -> None:
        """The status as it came over the wire: a revalidated answer is reported above as the
        cached 200 it renewed, here as the 304 it was."""
        if (request := self.requests.get(event["requestId"])) is not None:
            request["wire_status"] = event["statusCode"]

    def _finished(self, event: dict[str, Any]) -> None:
        if (request := self.requests.get(event["requestId"])) is not None:
            request["bytes"] = event["encodedDataLength"]

    def summary(self) -> dict[str, Any]:
        """Requests that reached the server; an answer with no byte on the wire came from a cache
        (Chromium does not always say so in an event of its own)."""
        sent = [request for request in self.requests.values() if not request["cached"] and request["bytes"] > 0]
        return {
            "requests": len(sent),
            "kb": round(sum(request["bytes"] for request in sent) / 1000, 1),
            "not_modified": sum(request.get("wire_status", request.get("status")) == 304 for request in sent),
            "gzipped": sum(request.get("encoding") == "gzip" for request in sent),
            "from_cache": len(self.requests) - len(sent),
        }


def open_table(context: Any, path: str, reload: Any = None) -> dict[str, Any]:
    """Open ``path`` in a new page of ``context`` (or reload the page ``reload``) and wait until
    the board is drawn and the page's requests have settled; what it transferred."""
    page = reload or context.new_page()
    wire = Wire(page)
    if reload is not None:
        page.reload()
    else:
        page.goto(path)
    page.wait_for_function(TABLE_DRAWN, polling=50)
    page.wait_for_load_state("networkidle")
    page.wait_for_timeout(500)
    found = wire.summary()
    found["page"] = page
    return found


def transfer() -> dict[str, dict[str, Any]]:
    """What a cold table, a warm one (another game, same browser) and a reload transfer."""
    from playwright.sync_api import sync_playwright

    with real_server() as base, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        context = browser.new_context(base_url=base, locale="en-US", viewport={"width": 1280, "height": 800})
        context.request.get("/api/me")  # the person's cookie, shared with the context's pages
        seats = [{"kind": "me"}, {"kind": "bot", "level": "easy"}]
        games = [context.request.post("/api/games", data={"variant": "azul", "seats": seats}) for _ in range(2)]
        first, second = (f"/games/{answer.json()['game']['id']}" for answer in games)
        found = {"cold": open_table(context, first)}
        found["cold"].pop("page").close()
        found["warm"] = open_table(context, second)
        found["reload"] = open_table(context, second, reload=found["warm"].pop("page"))
        found["reload"].pop("page").close()
        browser.close()
    return found


def percentile(ordered: list[float], share: float) -> float:
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--draws", type=int, default=200)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--transfer", action="store_true", help="what opening a table transfers, cold and warm")
    arguments = parser.parse_args()
    if arguments.transfer:
        found = transfer()
        for name, loaded in found.items():
            print(
                f"{name:>6} table: {loaded['requests']:2d} requests, {loaded['kb']:6.1f} KB on the wire "
                f"({loaded['not_modified']} not modified, {loaded['gzipped']} gzipped), "
                f"{loaded['from_cache']} answered by the cache"
            )
        print(json.dumps(found))
        return
    shell, renderers = weight_kb()
    weight = shell + max(renderers.values())
    times, fresh = (sorted(found) for found in draw_times(arguments.players, arguments.draws))
    result = {
        "page_kb": round(weight, 1),
        "shell_kb": round(shell, 1),
        "renderer_kb": {name: round(size, 1) for name, size in sorted(renderers.items())},
        "budget_kb": BUDGET_KB,
        "players": arguments.players,
        "draws": len(times),
        "draw_ms_median": round(statistics.median(times), 2),
        "draw_ms_p95": round(percentile(times, 0.95), 2),
        "draw_ms_max": round(times[-1], 2),
        "fresh_ms_median": round(statistics.median(fresh), 2),
        "fresh_ms_p95": round(percentile(fresh, 0.95), 2),
    }
    each = ", ".join(f"{name} {size:.1f}" for name, size in sorted(renderers.items()))
    print(f"a table page's JavaScript and CSS: at most {weight:.1f} KB of {BUDGET_KB} KB")
    print(f"  the shell {shell:.1f} KB, and one renderer (KB): {each}")
    print(
        f"Azul {arguments.players}-player table, {len(times)} new states: median {result['draw_ms_median']} ms, "
        f"p95 {result['draw_ms_p95']} ms, max {result['draw_ms_max']} ms (budget 16 ms)"
    )
    print(
        f"the whole table drawn afresh (a page load), {len(fresh)} times: median {result['fresh_ms_median']} ms, "
        f"p95 {result['fresh_ms_p95']} ms"
    )
    print(json.dumps(result))


if __name__ == "__main__":
    main()
