"""``make serve`` installs the ``server`` extra alone: serving, every level's moves, hints and
reviews must run without the development stack (NumPy, Ray, Playwright, the RL, OpenSpiel and
training packages). Shown in a process where importing any of them fails."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NOT_IN_THE_SERVER_EXTRA = [
    "numpy",
    "ray",
    "playwright",
    "axe_playwright_python",
    "gymnasium",
    "pettingzoo",
    "pyspiel",
    "open_spiel",
    "torch",
    "tqdm",
    "hypothesis",
    "pytest",
]
SERVING = f"""
import importlib.abc, sys

class Refused(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path, target=None):
        if name.split(".")[0] in {NOT_IN_THE_SERVER_EXTRA!r}:
            raise ImportError(f"{{name}} is not in the server extra")
        return None

sys.meta_path.insert(0, Refused())
import kashi.server.app, kashi.server.cli, kashi.cli
from kashi.bots import LEVELS, Limits, make_bot
from kashi.bots.hints import suggest
from kashi.bots.review import review
from kashi.core.game import new_game

kashi.server.app.create_app
for variant in ("azul", "azul-grey", "azul-quick", "azul-duel", "ingenious", "ingenious-tutorial"):
    game = new_game(variant, players=2, seed=3)
    for level in LEVELS:
        seat = game.state.current_player
        game.play(make_bot(level, seed=1).choose(game.state.view(seat), Limits()), seat=seat)
    suggest(game.state.view(game.state.current_player))
quick = new_game("azul-quick", players=2, seed=4)
while not quick.is_over():
    quick.play(quick.legal_moves()[0], seat=quick.state.current_player)
assert len(list(review(quick.record(), budget=0.01, stop=3))) == 3
print("served without", len({NOT_IN_THE_SERVER_EXTRA!r}), "packages")
"""


def test_serving_levels_hints_and_reviews_need_only_the_server_extra() -> None:
    done = subprocess.run([sys.executable, "-c", SERVING], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    assert "served without" in done.stdout
