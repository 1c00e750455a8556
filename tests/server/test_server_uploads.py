"""Record uploads (``POST /api/replay``, issue 46, finding 5): a legal 198 KB record of ten thousand
rounds cost the server seconds and answered 25 MB. Uploads are capped in size, in events and in
their engine caps (``max_rounds``), refused before they are replayed, throttled per address, and
the answer names each position once: the first in full, every later one as what changed."""

from __future__ import annotations

import copy
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from random import Random
from typing import Any

import httpx
import pytest
from kashi_server_helpers import ServerProcess

import kashi
from kashi.core.game import Game
from kashi.core.record import Record

MAX_EVENTS = 1_000


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    path = tmp_path_factory.mktemp("uploads")
    env = {"KASHI_REPLAYS_PER_MINUTE": "1000", "KASHI_REPLAY_MAX_EVENTS": str(MAX_EVENTS)}
    started = ServerProcess(f"sqlite:///{path / 'kashi.db'}", path / "server.log", env=env).start()
    yield started
    started.stop()


def floor_only(players: int, max_rounds: int, largest: int | None = None) -> str:
    """An Azul record whose seats send every take to the floor, so no row is ever completed and
    the game runs to its round cap (or until the text passes ``largest`` characters)."""
    game = kashi.new_game("azul", players, seed=7, max_rounds=max_rounds)
    while not game.is_over():
        game.play(next(move for move in game.legal_moves() if str(move).endswith("F")))
        if largest is not None and len(game.events) % 100 == 0 and len(game.record().to_text()) > largest:
            break
    return game.record().to_text()


def random_game(variant: str, players: int, seed: int) -> Game:
    game = kashi.new_game(variant, players, seed=seed)
    rng = Random(seed)
    while not game.is_over():
        game.play(game.state.random_move(rng))
    return game


def set_in(node: Any, path: list[Any], value: Any) -> Any:
    if not path:
        return value
    copied = copy.copy(node)
    copied[path[0]] = set_in(node[path[0]], path[1:], value)
    return copied


def states_of(replay: dict[str, Any]) -> list[Any]:
    """Every step's position: a step names it in full (``state``) or as the changes from the one
    before (``patch``: ``[path, value]`` pairs, a path of keys and list indices)."""
    states: list[Any] = []
    for step in replay["steps"]:
        if "state" in step:
            states.append(step["state"])
            continue
        state = states[-1]
        for path, value in step["patch"]:
            state = set_in(state, path, value)
        states.append(state)
    return states


def upload(server: ServerProcess, text: str) -> httpx.Response:
    return httpx.post(f"{server.url}/api/replay", json={"record": text}, timeout=120)


@pytest.mark.parametrize(("variant", "players"), [("azul", 4), ("azul-duel", 2), ("ingenious", 3)])
def test_a_legal_record_replays_every_position(server: ServerProcess, variant: str, players: int) -> None:
    game = random_game(variant, players, seed=3)
    answer = upload(server, game.record().to_text())
    assert answer.status_code == 200, answer.text
    replay = answer.json()
    assert len(replay["steps"]) == len(game.record().events) + 1
    again = Game.for_record(game.record())
    expected = [again.state.to_json()] + [again.state.to_json() for _ in again.replay(game.record())]
    assert states_of(replay) == expected
    assert replay["outcome"] == game.outcome().to_json()  # type: ignore[union-attr]


def test_the_answer_for_a_long_record_is_bounded(server: ServerProcess) -> None:
    """A hundred rounds of floor moves (982 events, the most the server here allows is 1,000):
    every position in full made 0.95 MB, about 1 kB an event; what changed is a third of it, and
    the words of each event (a refill's 1.3 kB, a move's 0.1 kB) 0.22 MB more."""
    text = floor_only(2, 100)
    events = len(Record.from_text(text).events)
    assert 900 < events <= MAX_EVENTS
    answer = upload(server, text)
    assert answer.status_code == 200, answer.text
    assert len(answer.content) < 650 * events, f"{len(answer.content)} bytes for {events} events"
    last = Game.from_record(Record.from_text(text)).state.to_json()
    assert states_of(answer.json())[-1] == last


def test_a_record_over_the_size_limit_is_refused_before_it_is_replayed(server: ServerProcess) -> None:
    """The issue's record: 198 KB of floor moves under ``max_rounds=10000``."""
    text = floor_only(2, 10_000, largest=198_000)
    started = time.perf_counter()
    answer = upload(server, text)
    assert answer.status_code in (413, 422), answer.text[:200]
    assert time.perf_counter() - started < 1.0
    assert answer.json()["detail"]["key"] == "server.record_too_large"
    assert answer.json()["detail"]["params"] == {"limit": 100_000, "chars": len(text)}
    assert len(answer.content) < 1_000, "the refusal does not quote the record back"
    huge = httpx.post(f"{server.url}/api/replay", json={"record": "#" * 300_000})
    assert huge.status_code == 413


def test_a_record_over_the_events_limit_is_refused(server: ServerProcess) -> None:
    text = floor_only(4, 100)
    events = len(Record.from_text(text).events)
    assert events > MAX_EVENTS and len(text) < 20_000
    answer = upload(server, text)
    assert answer.status_code == 422, answer.text[:200]
    assert answer.json()["detail"]["key"] == "server.record_too_long"
    assert answer.json()["detail"]["params"] == {"limit": MAX_EVENTS, "events": events}


def test_a_record_whose_round_cap_is_over_the_default_is_refused(server: ServerProcess) -> None:
    """Even a short one: the cap says how far the record may go."""
    text = floor_only(2, 10_000, largest=100)
    assert "max_rounds=10000" in text
    answer = upload(server, text)
    assert answer.status_code == 422, answer.text[:200]
    assert answer.json()["detail"]["key"] == "server.record_option_cap"
    assert answer.json()["detail"]["params"] == {"option": "max_rounds", "limit": 100, "value": 10_000}
    assert upload(server, text.replace("max_rounds=10000", "max_rounds=100")).status_code == 200


def test_uploads_are_throttled_per_address(servers: Callable[..., ServerProcess], tmp_path: Path) -> None:
    server = servers(env={"KASHI_REPLAYS_PER_MINUTE": "2"})
    text = random_game("azul-quick", 2, seed=1).record().to_text()
    assert [upload(server, text).status_code for _ in range(2)] == [200, 200]
    refused = upload(server, text)
    assert refused.status_code == 429
    assert refused.json()["detail"]["key"] == "server.replays_throttled"
    seconds = int(refused.headers["Retry-After"])
    assert 0 < seconds <= 30 and refused.json()["detail"]["params"] == {"seconds": seconds}
