"""A Fischer clock across a crash (issue 46, finding 9): the time the player to move thought
before the server died is charged to their bank; the time the server was down is not, and the
game's version (which counts its changes of play, and which a reconnecting player resumes from)
stays."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from kashi_server_helpers import Player, ServerProcess, create_game, http

BANK_MS = 60_000
THOUGHT = 3.0
DOWN = 6.0


def test_the_time_thought_before_a_crash_counts_and_the_downtime_does_not(
    servers: Callable[..., ServerProcess], tmp_path: Path
) -> None:
    server = servers(f"sqlite:///{tmp_path / 'clock.db'}")
    host = http(server)
    clock = {"kind": "fischer", "seconds": BANK_MS / 1000, "increment": 0}
    game_id = create_game(host, "azul", [{"kind": "me"}, {"kind": "me"}], clock=clock, start=0)["game"]["id"]
    table = Player(server, game_id, host)
    before = table.hello()
    assert table.state["to_move"] == 0 and table.state["clock"]["banks_ms"] == [BANK_MS, BANK_MS]
    time.sleep(THOUGHT)  # seat 0 thinks...
    server.kill9()  # ...and the server dies under them
    time.sleep(DOWN)
    server.start()
    restarted = time.time()  # the downtime is taken out at the end of the start: what follows counts
    table = Player(server, game_id, host)
    state = table.hello()
    assert state["version"] == before["version"], "the outage moved the turn's start, not the game: no new version"
    table.move(state["legal_moves"][0])
    moved = table.until(lambda message: message["type"] == "state" and message["version"] > state["version"])
    charged = (BANK_MS - moved["clock"]["banks_ms"][0]) / 1000
    after_restart = time.time() - restarted
    assert charged >= THOUGHT - 1.2, f"the {THOUGHT} s thought before the crash count (charged {charged:.2f} s)"
    assert charged <= THOUGHT + after_restart + 2.0, f"the {DOWN} s of downtime do not (charged {charged:.2f} s)"
    table.close()
