"""The edges (issue 15, item 3): non-finite numbers, password work off the event loop, login
and guest throttles, request bodies over the limit, sockets that never say hello, caps on
sockets, and a pace that slows a fast client instead of dropping it."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest
from kashi_server_helpers import PATIENCE, Player, ServerProcess, create_game, http, sqlite_rows
from kashi_test_extras import run_async
from websockets.exceptions import ConnectionClosed

TWO_OF_ME = [{"kind": "me"}, {"kind": "me"}]


def until_closed(player: Player, timeout: float = PATIENCE) -> tuple[list[dict[str, Any]], int | None, str]:
    """The messages a socket gets before the server closes it, the close code and reason."""
    messages = []
    deadline = time.monotonic() + timeout
    with pytest.raises(ConnectionClosed) as closed:
        while True:
            messages.append(player.receive(max(0.01, deadline - time.monotonic())))
    frame = closed.value.rcvd
    return messages, frame.code if frame else None, frame.reason if frame else ""


def keys(messages: list[dict[str, Any]]) -> list[str]:
    return [message["reason"]["key"] for message in messages if message["type"] == "error"]


def test_non_finite_numbers_are_refused_with_their_reason(shared_server: ServerProcess) -> None:
    host, guest = http(shared_server), http(shared_server)
    game_id = create_game(host, "azul", [{"kind": "me"}, {"kind": "person"}])["game"]["id"]
    json_body = {"content-type": "application/json"}
    for number in ("Infinity", "-Infinity", "NaN", "1e999"):
        refused = guest.post(f"/api/games/{game_id}/join", content=f'{{"seat": {number}}}', headers=json_body)
        assert refused.status_code == 422, (number, refused.text)
        assert refused.json()["detail"]["key"] == "server.not_finite", number
        assert refused.json()["detail"]["params"] == {"number": number}
    nested = '{"variant": "azul", "seats": [{"kind": "me"}, {"kind": "me"}], "options": {"rounds": NaN}}'
    assert host.post("/api/games", content=nested, headers=json_body).json()["detail"]["key"] == "server.not_finite"
    info = host.get(f"/api/games/{game_id}").json()
    assert info["status"] == "waiting" and not info["seats"][1]["taken"], "nothing changed"
    player = Player(shared_server, game_id, host)
    player.hello()
    player.send('{"type": "move", "move": "1B1", "version": NaN}')
    player.send("[" * 2000 + "]" * 2000)
    player.send({"type": "ping"})
    answers = [player.receive() for _ in range(3)]
    assert answers[0]["reason"]["key"] == "server.not_finite" and answers[0]["reason"]["params"] == {"number": "NaN"}
    assert answers[1]["reason"]["key"] == "server.bad_message", "too deep, yet answered"
    assert answers[2] == {"type": "pong", "version": 0}, "and the socket stays open, its version named"
    player.close()


def test_a_body_over_the_limit_is_refused_before_it_is_read(shared_server: ServerProcess) -> None:
    client = http(shared_server)
    huge = {"record": "#" * 300_000}
    refused = client.post("/api/replay", json=huge)
    assert refused.status_code == 413 and refused.text == "Content Too Large", "refused by its Content-Length"

    def chunks() -> Iterator[bytes]:
        yield json.dumps(huge).encode()

    streamed = client.post("/api/replay", content=chunks(), headers={"content-type": "application/json"})
    assert streamed.status_code == 413, "a body without a length is counted as it comes"
    assert streamed.json() == {"detail": "Content Too Large"}
    assert client.get("/healthz").json()["status"] == "ok"


def test_wrong_passwords_are_checked_off_the_event_loop(servers: Callable[..., ServerProcess]) -> None:
    """Forty wrong logins at once: those the throttle lets through are checked while /healthz
    keeps answering; the rest are refused with a time to retry. (Where the hashing runs is
    shown by the next test; how fast is a benchmark's business, not a test's.)"""
    server = servers(env={"KASHI_LOGIN_ACCOUNT_PER_MINUTE": "1000", "KASHI_LOGIN_ADDRESS_PER_MINUTE": "12"})
    owner = http(server)
    owner.post("/api/account/register", json={"username": "ana", "password": "long enough"}).raise_for_status()
    logins_done = threading.Event()

    def health_times() -> list[float]:
        times = []
        with httpx.Client(base_url=server.url, timeout=60) as client:
            while not logins_done.is_set():
                started = time.monotonic()
                client.get("/healthz").raise_for_status()
                times.append(time.monotonic() - started)
                time.sleep(0.05)
        return times

    wrong = {"username": "ana", "password": "wrong password"}
    with httpx.Client(base_url=server.url, timeout=60) as client, ThreadPoolExecutor(max_workers=41) as pool:
        health = pool.submit(health_times)
        logins = list(pool.map(lambda _: client.post("/api/account/login", json=wrong), range(40)))
        logins_done.set()
        times = health.result()
    statuses = Counter(response.status_code for response in logins)
    assert set(statuses) == {401, 429} and statuses[401] >= 5, statuses
    throttled = next(response for response in logins if response.status_code == 429)
    assert throttled.json()["detail"]["key"] == "server.login_throttled"
    assert int(throttled.headers["retry-after"]) == throttled.json()["detail"]["params"]["seconds"] >= 1
    assert len(times) >= 5, "/healthz answered again and again while the logins were checked"


def test_password_hashing_leaves_the_event_loop_free(monkeypatch: pytest.MonkeyPatch) -> None:
    """Hashing and checking run argon2 in worker threads, never on the event loop's thread, and
    the loop goes on turning while one runs."""
    from kashi.server import passwords

    threads: list[int] = []
    real = passwords._hasher

    class Recorded:
        """The real argon2 hasher, noting the thread of each call."""

        def hash(self, password: str) -> str:
            threads.append(threading.get_ident())
            return real.hash(password)

        def verify(self, stored: str, password: str) -> bool:
            threads.append(threading.get_ident())
            return real.verify(stored, password)

    monkeypatch.setattr(passwords, "_hasher", Recorded())

    async def check() -> tuple[int, list[bool], int]:
        turns = 0
        hasher = passwords.Passwords(threads=2)
        stored = await hasher.hash("long enough")
        work = asyncio.gather(hasher.matches(stored, "long enough"), hasher.matches(stored, "wrong password"))
        task = asyncio.ensure_future(work)
        while not task.done():
            turns += 1
            await asyncio.sleep(0)
        return threading.get_ident(), await task, turns

    loop_thread, answers, turns = run_async(check())
    assert answers == [True, False]
    assert len(threads) == 3 and loop_thread not in threads, "argon2 ran on the event loop's thread"
    assert turns > 1, "the loop kept turning while the passwords were checked"


def test_logins_are_throttled_per_account_and_per_address(servers: Callable[..., ServerProcess]) -> None:
    server = servers(env={"KASHI_LOGIN_ACCOUNT_PER_MINUTE": "3", "KASHI_LOGIN_ADDRESS_PER_MINUTE": "7"})
    client = http(server)
    client.post("/api/account/register", json={"username": "ana", "password": "long enough"}).raise_for_status()

    def login(username: str, password: str = "wrong password") -> int:
        return client.post("/api/account/login", json={"username": username, "password": password}).status_code

    assert [login("ana") for _ in range(4)] == [401, 401, 401, 429], "three attempts a minute for an account"
    assert login("ana", "long enough") == 429, "even with the right password"
    assert [login(name) for name in ("bob", "carl", "dan", "eve")] == [401, 401, 401, 429], "seven per address"
    other = http(server)
    assert other.post("/api/account/register", json={"username": "fay", "password": "long enough"}).status_code == 429


def test_reading_creates_no_guest_and_new_guests_are_throttled(
    servers: Callable[..., ServerProcess], tmp_path: Path
) -> None:
    database = tmp_path / "guests.db"
    server = servers(f"sqlite:///{database}", env={"KASHI_GUESTS_PER_MINUTE": "5"})

    def guests() -> int:
        return int(sqlite_rows(database, "SELECT COUNT(*) FROM users")[0][0])

    paths = ["/api/me", "/api/games", "/api/variants", "/", "/api/me/games", "/healthz"]
    with httpx.Client(base_url=server.url) as cookieless:
        for number in range(300):
            assert cookieless.get(paths[number % len(paths)]).status_code == 200
            cookieless.cookies.clear()
    assert guests() == 0, "300 cookieless reads wrote no guest"
    browser = http(server)
    me = browser.get("/api/me").json()
    assert browser.get("/api/me").json() == me and guests() == 0, "a visitor keeps its id before it is stored"
    create_game(browser, "azul", TWO_OF_ME)
    assert guests() == 1 and browser.get("/api/me").json() == me, "stored when first needed, with the same id"
    with httpx.Client(base_url=server.url) as cookieless:
        answers = []
        for _ in range(5):
            answers.append(cookieless.post("/api/games", json={"variant": "azul", "seats": TWO_OF_ME}))
            cookieless.cookies.clear()
    assert [answer.status_code for answer in answers] == [201, 201, 201, 201, 429]
    assert answers[-1].json()["detail"]["key"] == "server.guests_throttled" and answers[-1].headers["retry-after"]
    assert guests() == 5
    create_game(browser, "azul", TWO_OF_ME)
    assert guests() == 5, "a stored guest is not throttled"


@pytest.fixture
def paced_server(servers: Callable[..., ServerProcess]) -> ServerProcess:
    env = {
        "KASHI_HELLO_SECONDS": "0.5",
        "KASHI_RATE_PER_SECOND": "10",
        "KASHI_RATE_BURST": "5",
        "KASHI_RATE_QUEUE": "40",
    }
    return servers(env=env)


def test_a_socket_that_never_says_hello_is_closed(paced_server: ServerProcess) -> None:
    game_id = create_game(http(paced_server), "azul", TWO_OF_ME)["game"]["id"]
    silent, talking = Player(paced_server, game_id), Player(paced_server, game_id)
    talking.hello()
    messages, code, close_reason = until_closed(silent)
    assert keys(messages) == ["server.hello_timeout"] and (code, close_reason) == (1008, "no hello in time")
    talking.send({"type": "ping"})
    assert talking.until(lambda message: message["type"] == "pong"), "a socket that said hello stays open"
    talking.close()


def test_a_fast_client_is_slowed_down_and_a_flood_is_trimmed_not_closed(paced_server: ServerProcess) -> None:
    game_id = create_game(http(paced_server), "azul", TWO_OF_ME)["game"]["id"]
    quick = Player(paced_server, game_id)
    quick.hello()
    for _ in range(2):
        started = time.monotonic()
        for _ in range(15):
            quick.send({"type": "ping"})
        answers = [quick.receive() for _ in range(15)]
        assert [answer["type"] for answer in answers] == ["pong"] * 15, "every message answered, none refused"
        assert time.monotonic() - started > 0.7, "past the burst of 5, ten a second"
        time.sleep(0.6)  # the burst is back, and the next round starts afresh
    quick.close()
    flooder = Player(paced_server, game_id)
    flooder.hello()
    for _ in range(100):
        flooder.send({"type": "ping"})
    flooder.drain(6)  # the 40 that found room wait their turn at ten a second; the rest were dropped
    pongs = [message for message in flooder.received if message["type"] == "pong"]
    dropped = keys(flooder.received)
    assert 40 <= len(pongs) < 100 and set(dropped) == {"server.rate_dropped"}
    assert len(dropped) < 10, "one error for each run of dropped messages, not one each"
    flooder.send({"type": "ping"})
    assert flooder.receive()["type"] == "pong", "a flood is trimmed, never a reason to close the socket"
    flooder.close()


def test_sockets_are_capped_per_address_and_in_all(servers: Callable[..., ServerProcess]) -> None:
    server = servers(env={"KASHI_SOCKETS_PER_ADDRESS": "3", "KASHI_SOCKETS": "5"})
    game_id = create_game(http(server), "azul", TWO_OF_ME)["game"]["id"]

    def socket_from(address: str) -> Player:
        return Player(server, game_id, source_address=(address, 0))

    def admitted(address: str) -> Player | None:
        player = socket_from(address)
        player.send({"type": "hello"})
        if player.receive()["type"] == "state":
            return player
        player.close()
        return None

    first = [admitted("127.0.0.1") for _ in range(3)]
    messages, code, _ = until_closed(socket_from("127.0.0.1"))
    assert keys(messages) == ["server.too_many_connections"] and code == 1013
    second = [admitted("127.0.0.2") for _ in range(2)]
    messages, code, _ = until_closed(socket_from("127.0.0.3"))
    assert keys(messages) == ["server.server_full"] and code == 1013
    opened = [player for player in [*first, *second] if player is not None]
    assert len(opened) == 5, "three from one address, two from another"
    opened.pop(0).close()
    for _ in range(50):
        again = admitted("127.0.0.1")
        if again is not None:
            break
        time.sleep(0.1)
    assert again is not None, "a closed socket frees its place"
    for player in [*opened, again]:
        player.close()
