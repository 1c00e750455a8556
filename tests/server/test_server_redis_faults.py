"""Redis as a dependency that can fail in three ways: dead (stopped: connections refused), hung
(SIGSTOP: connections accepted, nothing answered) and slow (every reply held back by a proxy).
Two instances on one PostgreSQL database share a Redis server of the test's own; games are
played between a player on each. Whatever Redis does, each move reaches the other instance
within 2 s, while the fault lasts and after Redis is back (the instances reread versions from
the database; Redis only makes it sooner)."""

from __future__ import annotations

import contextlib
import queue
import socket
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from kashi_server_helpers import (
    PATIENCE,
    Player,
    RedisServer,
    ServerProcess,
    create_game,
    free_port,
    health,
    http,
    invite_token,
    newer_than,
    wait_until,
)

WITHIN = 2.0
"""Seconds a move may take to reach a player on the other instance."""
GAMES = 4
"""Games played side by side: the instances tend them all, each a player on either side."""
SLOW_SECONDS = 2.5
"""How long the throttled Redis holds back each reply."""
ENV = {"KASHI_BOT_PROCESSES": "1", "KASHI_GRACE_SECONDS": "60"}
"""The default lease (10 s, tended every 2.5 s): the 2 s must not depend on a short one."""


class SlowProxy:
    """A TCP proxy in front of a Redis server that holds every reply back ``delay`` seconds
    (requests go through at once): a Redis that answers, late."""

    def __init__(self, target_port: int) -> None:
        self.target_port = target_port
        self.delay = 0.0
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self._listener = socket.create_server(("127.0.0.1", self.port))
        self._sockets: list[socket.socket] = [self._listener]
        self._closed = False
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while not self._closed:
            try:
                client, _address = self._listener.accept()
                upstream = socket.create_connection(("127.0.0.1", self.target_port))
            except OSError:
                continue
            self._sockets += [client, upstream]
            replies: queue.Queue[tuple[float, bytes]] = queue.Queue()
            threading.Thread(target=self._pump, args=(client, upstream, None), daemon=True).start()
            threading.Thread(target=self._pump, args=(upstream, client, replies), daemon=True).start()
            threading.Thread(target=self._deliver, args=(replies, client), daemon=True).start()

    def _pump(self, source: socket.socket, sink: socket.socket, held: queue.Queue[tuple[float, bytes]] | None) -> None:
        while True:
            try:
                data = source.recv(65536)
            except OSError:
                data = b""
            if held is not None:
                held.put((time.monotonic() + self.delay, data))
            elif data:
                try:
                    sink.sendall(data)
                except OSError:
                    data = b""
            if not data:
                for end in (source, sink):
                    with contextlib.suppress(OSError):
                        end.shutdown(socket.SHUT_RDWR)
                return

    @staticmethod
    def _deliver(held: queue.Queue[tuple[float, bytes]], sink: socket.socket) -> None:
        while True:
            due, data = held.get()
            time.sleep(max(0.0, due - time.monotonic()))
            if not data:
                return
            try:
                sink.sendall(data)
            except OSError:
                return

    def close(self) -> None:
        self._closed = True
        for end in self._sockets:
            with contextlib.suppress(OSError):
                end.close()


@pytest.fixture
def two_instances(tmp_path: Path) -> Iterator[Callable[[str, str], tuple[ServerProcess, ServerProcess]]]:
    started: list[ServerProcess] = []

    def start(database: str, redis_url: str) -> tuple[ServerProcess, ServerProcess]:
        a = ServerProcess(database, tmp_path / "instance-a.log", ENV, redis_url)
        b = ServerProcess(database, tmp_path / "instance-b.log", ENV, redis_url)
        started.extend([a, b])
        a.start()  # alone first: it migrates the fresh database
        b.start()
        return a, b

    yield start
    for server in started:
        server.stop()


def games_across(a: ServerProcess, b: ServerProcess, count: int) -> list[tuple[Player, Player]]:
    """Games between a creator on A and an invitee on B, both connected (seat 0 starts)."""
    host, guest = http(a), http(b)
    pairs = []
    for _ in range(count):
        created = create_game(host, "azul", [{"kind": "me"}, {"kind": "person"}], start=0)
        joined = guest.post("/api/join", json={"token": invite_token(created, 1)})
        assert joined.status_code == 200, joined.text
        game_id = created["game"]["id"]
        pair = Player(a, game_id, host), Player(b, game_id, guest)
        for player in pair:
            assert player.hello()["status"] == "active"
        pairs.append(pair)
    return pairs


def crossing_delays(pairs: list[tuple[Player, Player]], rounds: int) -> list[float]:
    """``rounds`` moves in each game, round robin over the games: the seconds from each move
    being sent on one instance until the player on the other instance is told of it."""
    delays = []
    for _ in range(rounds):
        for pair in pairs:
            mover = next(player for player in pair if player.my_turn())
            other = pair[1] if mover is pair[0] else pair[0]
            version = mover.state["version"]
            sent = time.monotonic()
            mover.move(mover.state["legal_moves"][0])
            other.until(newer_than(version), PATIENCE)
            delays.append(round(time.monotonic() - sent, 2))
            mover.until(newer_than(version))
    return delays


def redis_state(server: ServerProcess) -> tuple[str, str]:
    body = health(server)
    return body["fanout"], body.get("redis", {}).get("breaker", "closed")


@pytest.mark.parametrize("fault", ["dead", "hung", "slow"])
def test_moves_reach_the_other_instance_within_2_s_while_redis_is_dead_hung_or_slow(
    fault: str,
    postgres_url: str,
    own_redis: RedisServer,
    two_instances: Callable[[str, str], tuple[ServerProcess, ServerProcess]],
) -> None:
    proxy = SlowProxy(own_redis.port) if fault == "slow" else None
    try:
        a, b = two_instances(postgres_url, proxy.url if proxy else own_redis.url)
        pairs = games_across(a, b, GAMES)
        healthy = crossing_delays(pairs, 1)
        if fault == "dead":
            own_redis.stop()
        elif fault == "hung":
            own_redis.hang()
        else:
            assert proxy is not None
            proxy.delay = SLOW_SECONDS
        during = crossing_delays(pairs, 3)
        if fault == "dead":
            own_redis.start()
        elif fault == "hung":
            own_redis.resume()
        else:
            assert proxy is not None
            proxy.delay = 0.0
        just_back = crossing_delays(pairs, 1)
        wait_until(
            lambda: [redis_state(server) for server in (a, b)] == [("listening", "closed")] * 2, "Redis used again"
        )
        back = crossing_delays(pairs, 2)
        print(f"\n{fault}: healthy {healthy}, during {during}, just back {just_back}, back {back}")
        for when, delays in (("healthy", healthy), ("during", during), ("just back", just_back), ("back", back)):
            assert max(delays) < WITHIN, f"{fault} Redis, {when}: moves took {delays} s to cross"
        for pair in pairs:
            for player in pair:
                player.close()
    finally:
        if proxy is not None:
            proxy.close()
