"""The browser client's weight and a table's drawing time.

Weight: the JavaScript and CSS a table page loads (no catalogues, no pictures), uncompressed,
against the 200 KB budget: the shell's files and one game's renderer, which is loaded only for
a table of its game; each renderer's own weight is printed too. Drawing: Debian's Chromium (through Playwright) loads
the Azul renderer and draws consecutive positions of real games (random self-play) as seat 0
sees them, with its legal moves on its turns, as a table does after each move; a draw is timed
from the call to the end of the layout it causes, without animation. The whole table drawn by a
fresh renderer (a page load) is timed too.

    .venv/bin/python benchmarks/web.py [--draws 200] [--players 4]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import threading
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import kashi
from kashi.web import WEB

BUDGET_KB = 200
PLAYER = 0
"""The seat of the person at the table: frames are drawn as that seat sees the game."""
HARNESS = """<!doctype html><html lang="en" data-theme="light"><head><meta charset="utf-8">
<link rel="stylesheet" href="/kashi.css"><link rel="stylesheet" href="/games/azul.css"></head>
<body><div id="root" style="width:1000px"></div><script type="module">
import { createRenderer } from "/games/azul.js";
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
    """The client's files, without a log line per request."""

    def log_message(self, format: str, *args: Any) -> None:
        pass


def weight_kb() -> tuple[float, dict[str, float]]:
    """The shell's JavaScript and CSS, and each game's renderer (its .js and .css), in KB."""
    files = [path for path in WEB.rglob("*") if path.suffix in (".js", ".css")]
    renderers: dict[str, float] = {}
    for path in files:
        if path.parent.name == "games":
            renderers[path.stem] = renderers.get(path.stem, 0.0) + path.stat().st_size / 1000
    shell = sum(path.stat().st_size for path in files if path.parent.name != "games") / 1000
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
                {"variant": "azul", "view": state.to_json(), "players": players, "toMove": state.current_player,
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


def percentile(ordered: list[float], share: float) -> float:
    return ordered[min(len(ordered) - 1, int(len(ordered) * share))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--draws", type=int, default=200)
    parser.add_argument("--players", type=int, default=4)
    arguments = parser.parse_args()
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
