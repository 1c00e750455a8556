"""Several server instances on one PostgreSQL database and one Redis: every event reaches every
client once and in order; one owner per game runs its bots; presence is shared between the
instances; a killed owner's game is taken over; Redis restarting or hanging loses nothing; bots
think in worker processes (a local pool, or ``kashi bot-worker`` over a Redis stream)."""

from __future__ import annotations

import itertools
import json
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import redis
from kashi_server_helpers import (
    PATIENCE,
    ROOT,
    Player,
    RedisServer,
    ServerProcess,
    create_game,
    health,
    http,
    invite_token,
    newer_than,
    play_first_moves,
    stored_events,
    wait_until,
)

from kashi import Record
from kashi.server.pubsub import CHANNEL

LEASE = 2.0
"""KASHI_LEASE_SECONDS of these tests: a dead owner's games move within LEASE + LEASE / 4."""
FAST = {"KASHI_LEASE_SECONDS": str(LEASE), "KASHI_BOT_SECONDS": "0.05", "KASHI_BOT_PROCESSES": "1"}
HUMAN_VS_BOT = [{"kind": "me"}, {"kind": "bot", "level": "easy"}]
TWO_PERSONS = [{"kind": "me"}, {"kind": "person"}]
Stored = list[tuple[int, int | None, str]]
Cluster = Callable[..., list[ServerProcess]]


@pytest.fixture
def cluster(tmp_path: Path) -> Iterator[Cluster]:
    """``cluster(count, database, redis_url, env)``: instances sharing the database and Redis
    (the first alone, as it migrates a fresh database; the others at once). All stopped at teardown."""
    started: list[ServerProcess] = []

    def start(
        count: int, database: str, redis_url: str | None, env: dict[str, str] | None = None
    ) -> list[ServerProcess]:
        group = [
            ServerProcess(database, tmp_path / f"instance-{len(started) + n}.log", {**FAST, **(env or {})}, redis_url)
            for n in range(count)
        ]
        started.extend(group)
        group[0].start()
        failures: list[BaseException] = []

        def launch(server: ServerProcess) -> None:
            try:
                server.start()
            except BaseException as error:
                failures.append(error)

        threads = [threading.Thread(target=launch, args=(server,)) for server in group[1:]]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        if failures:
            raise failures[0]
        return group

    yield start
    for server in started:
        if server.alive():
            assert server.process is not None
            server.process.terminate()
    for server in started:
        server.stop()


@pytest.fixture
def bot_worker(tmp_path: Path) -> Iterator[Callable[[str], subprocess.Popen[bytes]]]:
    """``bot_worker(redis_url)``: a ``kashi bot-worker`` process, ready; killed at teardown."""
    workers: list[subprocess.Popen[bytes]] = []

    def start(url: str) -> subprocess.Popen[bytes]:
        log = tmp_path / f"bot-worker-{len(workers)}.log"
        with log.open("ab") as out:
            command = [sys.executable, "-m", "kashi", "bot-worker", "--redis", url]
            worker = subprocess.Popen(command, cwd=ROOT, stdout=out, stderr=subprocess.STDOUT)
        workers.append(worker)
        wait_until(lambda: worker.poll() is not None or "bot worker ready" in log.read_text(), "worker ready")
        assert worker.poll() is None, log.read_text()
        return worker

    yield start
    for worker in workers:
        if worker.poll() is None:
            worker.kill()
            worker.wait(10)


# -- helpers ---------------------------------------------------------------------------------
def two_person_game(creator_side: ServerProcess, invitee_side: ServerProcess) -> tuple[httpx.Client, httpx.Client, str]:
    """An Azul game created on one instance, its invite claimed through another (seat 0 starts)."""
    host = http(creator_side)
    created = create_game(host, "azul", TWO_PERSONS, start=0)
    guest = http(invitee_side)
    joined = guest.post("/api/join", json={"token": invite_token(created, 1)})
    assert joined.status_code == 200, joined.text
    return host, guest, created["game"]["id"]


def bot_game(server: ServerProcess) -> tuple[httpx.Client, str]:
    """Azul against an easy bot (seat 1), the person to move first."""
    host = http(server)
    return host, create_game(host, "azul", HUMAN_VS_BOT, start=0)["game"]["id"]


def human_then_bot(player: Player, timeout: float = PATIENCE) -> None:
    """The person's first legal move, then wait until it is their turn again (or the end)."""
    player.wait_turn_or_end(timeout)
    version = player.state["version"]
    player.move(player.state["legal_moves"][0])
    player.until(newer_than(version))
    player.wait_turn_or_end(timeout)


def seen_events(player: Player) -> Stored:
    return [(event["number"], event["seat"], event["text"]) for event in player.events]


def assert_each_event_once(player: Player, stored: Stored) -> None:
    """Every stored event reached the client exactly once, numbered 1..n in order, as stored."""
    states = [message for message in player.received if message["type"] == "state"]
    assert not any(message["reset"] for message in states[1:]), "no resend from scratch"
    numbers = [event["number"] for message in states for event in message["events"]]
    assert numbers == list(range(1, len(stored) + 1))
    assert seen_events(player) == stored


def owner_of(url: str, game_id: str) -> str | None:
    with redis.Redis.from_url(url) as client:
        holder = client.get(f"kashi:owner:{game_id}")
    return holder.decode() if isinstance(holder, bytes) else None


def fanout_of(servers: list[ServerProcess]) -> list[str]:
    return [health(server)["fanout"] for server in servers]


def bot_moves(stored: Stored, seat: int = 1) -> int:
    return sum(1 for _number, mover, _text in stored if mover == seat)


def problems_in_logs(servers: list[ServerProcess]) -> list[str]:
    """Log lines that show a bot thinking where it should not, or a task failing."""
    signs = ("bot move refused", "background task failed", "tending the rooms failed", "Traceback")
    return [line for server in servers for line in server.log.read_text().splitlines() if any(s in line for s in signs)]


class Channel:
    """The fan-out channel as a listener of the test hears it: ``(game, version, instance)``."""

    def __init__(self, url: str) -> None:
        self.client = redis.Redis.from_url(url)
        self.pubsub = self.client.pubsub()
        self.pubsub.subscribe(CHANNEL)
        confirmed = self.pubsub.get_message(timeout=5)
        assert confirmed is not None and confirmed["type"] == "subscribe"

    def heard(self, seconds: float) -> set[tuple[str, int, str]]:
        notices = set()
        deadline = time.monotonic() + seconds
        while (left := deadline - time.monotonic()) > 0:
            message = self.pubsub.get_message(ignore_subscribe_messages=True, timeout=left)
            if message is not None and message["type"] == "message":
                notice = json.loads(message["data"])
                notices.add((notice["game"], notice["version"], notice["from"]))
        return notices

    def close(self) -> None:
        self.pubsub.close()
        self.client.close()


def two_moves_heard(redis_url: str, first: Player, second: Player) -> tuple[int, set[tuple[str, int, str]]]:
    """Two moves, ``first``'s then ``second``'s, made while listening to the fan-out channel:
    the version before them, and the notices heard."""
    channel = Channel(redis_url)
    version = first.state["version"]
    play_first_moves([first, second], 2)
    heard = channel.heard(1)
    channel.close()
    for client in (first, second):
        client.drain(0.3)
    return version, heard


def parent_of(pid: int) -> int:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[1])


# -- every event, once, in order ---------------------------------------------------------------
def test_three_instances_deliver_every_event_once_in_order(postgres_url: str, redis_url: str, cluster: Cluster) -> None:
    """Created on A, claimed through C, played from sockets on A, B and C, watched on B and C."""
    a, b, c = cluster(3, postgres_url, redis_url)
    host = http(a)
    created = create_game(host, "azul-quick", TWO_PERSONS, start=0)
    game_id = created["game"]["id"]
    guest = http(c)
    assert guest.post("/api/join", json={"token": invite_token(created, 1)}).status_code == 200
    creator_on_a, creator_on_b = Player(a, game_id, host), Player(b, game_id, host)
    invitee_on_c = Player(c, game_id, guest)
    spectators = [Player(b, game_id), Player(c, game_id)]
    clients = [creator_on_a, creator_on_b, invitee_on_c, *spectators]
    for client in clients:
        client.hello()
    movers = {0: itertools.cycle([creator_on_a, creator_on_b]), 1: itertools.cycle([invitee_on_c])}
    played = []
    while creator_on_a.state["status"] == "active":
        mover = next(movers[creator_on_a.state["to_move"]])
        assert mover.my_turn()
        version = mover.state["version"]
        played.append(mover.state["legal_moves"][0])
        mover.move(played[-1])
        for client in clients:
            client.until(newer_than(version))
    for client in clients:
        client.drain(0.3)
    record = Record.from_text(httpx.get(f"{b.url}/api/games/{game_id}/record.txt").text)
    stored = stored_events(postgres_url, game_id)
    assert [text for _number, _seat, text in stored] == [item.text for item in record.events]
    assert [text for _number, seat, text in stored if seat is not None] == played
    for client in clients:
        assert_each_event_once(client, stored)
        assert client.state["outcome"] == creator_on_a.state["outcome"] is not None
    for client in clients:
        client.close()


def test_a_takeback_on_one_instance_rewrites_the_game_on_another(
    postgres_url: str, own_redis: RedisServer, cluster: Cluster
) -> None:
    """Another instance catches up by replaying only new events, unless the events it holds were
    taken back: then it rebuilds, and its clients get the log from scratch, even when the log has
    as many events as they had (Redis hangs, so only the version check of the hub sees it)."""
    a, b = cluster(2, postgres_url, own_redis.url)
    host = http(a)
    game_id = create_game(host, "azul", [{"kind": "me"}, {"kind": "me"}], start=0)["game"]["id"]
    mover, watcher = Player(a, game_id, host), Player(b, game_id, host)
    mover.hello()
    watcher.hello()
    play_first_moves([mover, watcher], 3)
    seen_before = watcher.state["event_count"]
    own_redis.hang()
    try:
        version = mover.state["version"]
        mover.send({"type": "takeback", "version": version})
        mover.until(newer_than(version))
        version = mover.state["version"]
        mover.move(mover.state["legal_moves"][-1])  # not the move taken back (the first legal one)
        mover.until(newer_than(version))
    finally:
        own_redis.resume()
    stored = stored_events(postgres_url, game_id)
    assert len(stored) == seen_before, "as many events as the watcher had, the last one different"
    watcher.until(lambda message: message["type"] == "state" and message["reset"])
    assert seen_events(watcher) == seen_events(mover) == stored
    mover.close()
    watcher.close()


# -- presence ---------------------------------------------------------------------------------
def test_players_on_two_instances_keep_their_seats_until_one_leaves(
    postgres_url: str, redis_url: str, cluster: Cluster
) -> None:
    a, b = cluster(2, postgres_url, redis_url, {"KASHI_GRACE_SECONDS": "1"})
    host, guest, game_id = two_person_game(a, b)
    creator, invitee = Player(a, game_id, host), Player(b, game_id, guest)
    creator.hello()
    invitee.hello()
    # (A seat handed over in the instant between the join and its player's hello, on a slow
    # machine, is handed back by that hello: count from when both are settled.)
    for client in (creator, invitee):
        client.drain(0.3)
    assert not any(seat["standin"] for seat in invitee.state["seats"])
    settled = {id(client): len(client.received) for client in (creator, invitee)}
    play_first_moves([creator, invitee], 2)
    for client in (creator, invitee):  # about four grace periods and two leases in all
        client.drain(2)
    for client in (creator, invitee):
        later = client.received[settled[id(client)] :]
        standins = [message["seats"] for message in later if message["type"] == "state"]
        assert not any(seat["standin"] for seats in standins for seat in seats), "nobody was away"
        assert client.state["present"] == [True, True]
    assert not any(seat["standin"] for seat in httpx.get(f"{a.url}/api/games/{game_id}").json()["seats"])
    # The player on the instance that does not own the game leaves: the other instance learns
    # it from the shared presence alone, within seconds and without a move, and tells its
    # client; past the grace period that player lets a computer finish the seat.
    instances = {health(server)["instance"]: server for server in (a, b)}
    owner = owner_of(redis_url, game_id)
    assert owner in instances
    leaver, stayer, seat, there = (creator, invitee, 0, a) if instances[owner] is b else (invitee, creator, 1, b)
    version = stayer.state["version"]
    leaver.close()
    gone = stayer.until(lambda message: message["type"] in ("state", "presence") and not message["present"][seat])
    assert gone["version"] == version and gone["present"][1 - seat] is True
    away = gone["absence"][seat]
    assert away is not None and gone["absence"][1 - seat] is None
    time.sleep(max(0.0, away["decide_at"] - time.time()) + 0.3)
    stayer.send({"type": "absence", "seat": seat, "choice": "standin"})
    stood_in = stayer.until(
        lambda message: (
            message["type"] == "rejected" or (message["type"] == "state" and message["seats"][seat]["standin"])
        )
    )
    assert stood_in["type"] == "state" and stood_in["rated"] is False, stood_in
    assert not stayer.state["seats"][1 - seat]["standin"]
    if stayer.state["to_move"] == seat:  # the stand-in plays that seat's turn
        moves = len(stayer.events)
        stayer.until(lambda message: message["type"] == "state" and len(stayer.events) > moves)
        assert any(event["seat"] == seat for event in stayer.events[moves:])
    back = Player(there, game_id, host if seat == 0 else guest)
    assert back.hello()["seats"][seat]["standin"] is True, "the computer keeps the seat until asked"
    stayer.until(lambda message: message["type"] in ("state", "presence") and message["present"][seat])
    back.send({"type": "standin", "on": False})
    stayer.until(lambda message: message["type"] == "state" and not message["seats"][seat]["standin"])
    for client in (stayer, back):
        client.close()


def test_a_chat_line_said_on_one_instance_reaches_a_player_on_another(
    postgres_url: str, redis_url: str, cluster: Cluster
) -> None:
    a, b = cluster(2, postgres_url, redis_url)
    host, guest, game_id = two_person_game(a, b)
    creator, invitee = Player(a, game_id, host), Player(b, game_id, guest)
    creator.hello()
    invitee.hello()
    creator.send({"type": "chat", "preset": "hello"})
    creator.send({"type": "chat", "text": "ready?"})
    said = invitee.until(
        lambda message: message["type"] == "chat" and any(line["number"] == 2 for line in message["lines"])
    )
    assert [line["text"] for line in said["lines"] if line["number"] == 2] == ["ready?"]
    invitee.send({"type": "chat", "preset": "one_moment"})
    creator.until(lambda message: message["type"] == "chat" and any(line["number"] == 3 for line in message["lines"]))
    for client in (creator, invitee):
        client.close()


def test_a_creator_waiting_on_one_instance_keeps_the_seat_when_the_game_starts_on_another(
    postgres_url: str, redis_url: str, cluster: Cluster
) -> None:
    """The creator waits on A (longer than a presence stamp lasts) while the invitee claims the
    seat through B and has not connected yet: the creator, connected all along, is told the
    game started and is not replaced by a stand-in (the invitee's seat may be)."""
    a, b = cluster(2, postgres_url, redis_url, {"KASHI_GRACE_SECONDS": "1"})
    host = http(a)
    created = create_game(host, "azul", TWO_PERSONS, start=0)
    game_id = created["game"]["id"]
    creator = Player(a, game_id, host)
    assert creator.hello()["status"] == "waiting"
    creator.drain(LEASE + 1)
    guest = http(b)
    assert guest.post("/api/join", json={"token": invite_token(created, 1)}).status_code == 200
    creator.drain(3)  # three grace periods
    seats = httpx.get(f"{a.url}/api/games/{game_id}").json()["seats"]
    assert seats[0]["standin"] is False, "the creator has been connected to instance A all along"
    assert creator.state["status"] == "active", "the creator's socket was told the game started"
    creator.close()


def test_a_game_started_through_one_instance_is_announced_to_sockets_on_another(
    postgres_url: str, redis_url: str, cluster: Cluster
) -> None:
    """A seat claimed over HTTP on B (the invitee's socket not open yet, nobody moves): the
    creator's socket on A learns that the game started (the lobby's change reaches A)."""
    a, b = cluster(2, postgres_url, redis_url)
    host = http(a)
    created = create_game(host, "azul", TWO_PERSONS, start=0)
    game_id = created["game"]["id"]
    creator = Player(a, game_id, host)
    assert creator.hello()["status"] == "waiting"
    guest = http(b)
    assert guest.post("/api/join", json={"token": invite_token(created, 1)}).status_code == 200
    try:
        creator.until(lambda message: message["type"] == "state" and message["status"] == "active")
    except TimeoutError:
        pytest.fail("the socket on A was never told that the game started (on B)")
    assert creator.my_turn(), "seat 0 is to move"
    creator.close()


# -- one owner runs the bot --------------------------------------------------------------------
def test_only_the_owner_thinks_for_the_bot(postgres_url: str, redis_url: str, cluster: Cluster) -> None:
    """The game is created on A (which takes the lease); the person plays from B, watched on A."""
    a, b = cluster(2, postgres_url, redis_url)
    host, game_id = bot_game(a)
    player, watcher = Player(b, game_id, host), Player(a, game_id)
    player.hello()
    watcher.hello()
    for _ in range(5):
        human_then_bot(player)
    for client in (player, watcher):
        client.drain(0.5)
    stored = stored_events(postgres_url, game_id)
    assert bot_moves(stored) >= 5
    answered = {health(server)["instance"]: health(server)["bots"]["answered"] for server in (a, b)}
    assert sum(answered.values()) == bot_moves(stored), f"each bot move thought once: {answered}"
    owner = owner_of(redis_url, game_id)
    assert owner == health(a)["instance"]
    assert answered[health(b)["instance"]] == 0, "the instance not holding the lease never thinks"
    assert problems_in_logs([a, b]) == []
    assert_each_event_once(watcher, stored)
    for client in (player, watcher):
        client.close()


# -- an instance killed mid-game ---------------------------------------------------------------
def test_a_killed_owner_is_taken_over_and_the_client_resumes_at_its_event(
    postgres_url: str, redis_url: str, cluster: Cluster
) -> None:
    a, b = cluster(2, postgres_url, redis_url)
    host, game_id = bot_game(a)
    assert owner_of(redis_url, game_id) == health(a)["instance"]
    player = Player(a, game_id, host)
    player.hello()
    for _ in range(2):
        human_then_bot(player)
    seen = player.state["event_count"]
    player.move(player.state["legal_moves"][0])
    # A stores the move and the bot's reply; the client reads neither before A dies.
    wait_until(lambda: bot_moves(stored_events(postgres_url, game_id)[seen:]) > 0, "the bot replied")
    stored_at_kill = stored_events(postgres_url, game_id)
    a.kill9()
    player.close()
    again = Player(b, game_id, host)
    resumed = again.hello(last_event=seen)
    stored = stored_events(postgres_url, game_id)[: resumed["event_count"]]
    assert len(stored) >= len(stored_at_kill) > seen
    assert not resumed["reset"]
    assert [(event["number"], event["seat"], event["text"]) for event in resumed["events"]] == stored[seen:]
    assert seen_events(player) + seen_events(again) == stored, "nothing missing, nothing twice"
    # The game goes on: B accepts the person's move and, once the dead owner's lease has run
    # out, takes it over and runs the bot.
    bots_before = bot_moves(seen_events(again))
    human_then_bot(again)  # the lease runs out, B's next tending takes it
    assert bot_moves(seen_events(again)) > bots_before
    assert owner_of(redis_url, game_id) == health(b)["instance"]
    human_then_bot(again)
    again.drain(0.3)
    assert seen_events(player) + seen_events(again) == stored_events(postgres_url, game_id)
    again.close()


# -- Redis restarted or hung -------------------------------------------------------------------
def test_redis_restarted_mid_game_loses_nothing(postgres_url: str, own_redis: RedisServer, cluster: Cluster) -> None:
    a, b = cluster(2, postgres_url, own_redis.url)
    host, guest, game_id = two_person_game(a, b)
    creator, invitee = Player(a, game_id, host), Player(b, game_id, guest)
    creator.hello()
    invitee.hello()
    play_first_moves([creator, invitee], 2)
    own_redis.stop()
    # Redis only fans out and holds leases: moves still commit, and reach the other instance
    # through the rereading of versions.
    for mover, other in ((creator, invitee), (invitee, creator)):
        version = mover.state["version"]
        mover.move(mover.state["legal_moves"][0])
        mover.until(newer_than(version))
        other.until(newer_than(version))
    wait_until(lambda: fanout_of([a, b]) == ["reconnecting"] * 2, "both instances see the fan-out lost")
    own_redis.start()
    wait_until(lambda: fanout_of([a, b]) == ["listening"] * 2, "both instances listen again")
    version, heard = two_moves_heard(own_redis.url, creator, invitee)
    stored = stored_events(postgres_url, game_id)
    assert len([seat for _number, seat, _text in stored if seat is not None]) == 6
    for client in (creator, invitee):
        assert_each_event_once(client, stored)
    # Listening again, each instance publishes its moves' notices (not only the safety net).
    published = {(game_id, version + 1, health(a)["instance"]), (game_id, version + 2, health(b)["instance"])}
    assert published <= heard, f"notices published after Redis came back: {sorted(heard)}"
    for client in (creator, invitee):
        client.close()


def test_clients_are_told_of_a_move_their_instance_read_for_another_client(
    postgres_url: str, own_redis: RedisServer, cluster: Cluster
) -> None:
    """The notice of a move on A is lost (Redis is down). Before B rereads its rooms' versions a
    new client attaches on B, which makes B read the move, for that client only: B's other
    clients must still be told (by the rereading of versions), not left behind for good."""
    a = cluster(1, postgres_url, own_redis.url)[0]
    # B rereads versions every 2 s (lease / 4): the new client attaches well within that.
    b = cluster(1, postgres_url, own_redis.url, {"KASHI_LEASE_SECONDS": "8"})[0]
    host, guest, game_id = two_person_game(a, b)
    creator, invitee = Player(a, game_id, host), Player(b, game_id, guest)
    creator.hello()
    invitee.hello()
    own_redis.stop()
    version = creator.state["version"]
    creator.move(creator.state["legal_moves"][0])
    creator.until(newer_than(version))
    late = Player(b, game_id)
    assert late.hello()["version"] == version + 1, "B read the move for the new client"
    try:
        invitee.until(newer_than(version), 3 * 2 + 1)  # three rereadings of B's versions
    except TimeoutError:
        pytest.fail("the invitee on B was never told of the move B had read for another client")
    assert invitee.my_turn()
    for client in (creator, invitee, late):
        client.close()


def test_a_hung_redis_is_noticed_and_the_fanout_recovers(
    postgres_url: str, own_redis: RedisServer, cluster: Cluster
) -> None:
    a, b = cluster(2, postgres_url, own_redis.url)
    host, guest, game_id = two_person_game(a, b)
    creator, invitee = Player(a, game_id, host), Player(b, game_id, guest)
    creator.hello()
    invitee.hello()
    play_first_moves([creator, invitee], 2)
    own_redis.hang()
    version = creator.state["version"]
    creator.move(creator.state["legal_moves"][0])
    creator.until(newer_than(version))  # committed while Redis hangs
    # Within a ping and its unanswered wait (3 + 3 s) each listener gives the connection up,
    # and does not claim to listen while Redis still hangs.
    wait_until(lambda: fanout_of([a, b]) == ["reconnecting"] * 2, "both instances notice the hang")
    while_hung = []
    for _ in range(4):  # one more reconnection attempt meets the hung Redis
        time.sleep(0.25)
        while_hung += fanout_of([a, b])
    own_redis.resume()
    invitee.until(newer_than(version))
    wait_until(lambda: fanout_of([a, b]) == ["listening"] * 2, "both instances listen again")
    version, heard = two_moves_heard(own_redis.url, invitee, creator)
    stored = stored_events(postgres_url, game_id)
    for client in (creator, invitee):
        assert_each_event_once(client, stored)
    published = {(game_id, version + 1, health(b)["instance"]), (game_id, version + 2, health(a)["instance"])}
    assert published <= heard, f"notices published after Redis came back: {sorted(heard)}"
    assert "listening" not in while_hung, "a hung Redis is not reported as listening"
    for client in (creator, invitee):
        client.close()


# -- bot workers -------------------------------------------------------------------------------
def test_the_local_bot_pool_thinks_in_child_processes(servers: Callable[..., ServerProcess]) -> None:
    server = servers(env=FAST)
    before = health(server)["bots"]
    assert before["queue"] == "local"
    assert server.process is not None
    assert before["processes"] and server.process.pid not in before["processes"]
    assert all(parent_of(pid) == server.process.pid for pid in before["processes"])
    host, game_id = bot_game(server)
    player = Player(server, game_id, host)
    player.hello()
    for _ in range(3):
        human_then_bot(player)
    after = health(server)["bots"]
    assert after["answered"] - before["answered"] == bot_moves(seen_events(player)) >= 3
    assert after["waiting"] == 0
    player.close()


def test_bots_think_in_a_bot_worker_over_redis_and_here_when_none_answers(
    own_redis: RedisServer,
    bot_worker: Callable[[str], subprocess.Popen[bytes]],
    servers: Callable[..., ServerProcess],
) -> None:
    worker = bot_worker(own_redis.url)
    server = servers(redis=own_redis.url, env={**FAST, "KASHI_BOT_QUEUE": "redis"})
    host, game_id = bot_game(server)
    player = Player(server, game_id, host)
    player.hello()
    for _ in range(3):
        human_then_bot(player)
    bots = health(server)["bots"]
    assert bots["queue"] == "redis"
    assert bots["answered"] == bot_moves(seen_events(player)) >= 3 and bots["thought_here"] == 0
    # No worker left: after the server's patience (15 s) it thinks the move itself.
    worker.kill()
    worker.wait(10)
    human_then_bot(player, timeout=45)
    after = health(server)["bots"]
    assert after["thought_here"] >= 1 and after["answered"] == bots["answered"]
    assert bot_moves(seen_events(player)) == after["answered"] + after["thought_here"]
    player.close()


# -- every message names the version -----------------------------------------------------------
def test_pong_rejections_and_errors_carry_the_version_another_instance_moved_to(
    postgres_url: str, redis_url: str, cluster: Cluster
) -> None:
    a, b = cluster(2, postgres_url, redis_url)
    host, guest, game_id = two_person_game(a, b)
    creator, invitee, spectator = Player(a, game_id, host), Player(b, game_id, guest), Player(b, game_id)
    for client in (creator, invitee, spectator):
        client.hello()
    version, count = spectator.state["version"], spectator.state["event_count"]
    creator.move(creator.state["legal_moves"][0])
    creator.until(newer_than(version))

    def pong() -> dict[str, Any]:
        spectator.send({"type": "ping"})
        return spectator.until(lambda message: message["type"] == "pong")

    answer = wait_until(lambda: (reply := pong())["version"] > version and reply, "a pong with the new version")
    assert answer["version"] == version + 1 == httpx.get(f"{b.url}/api/games/{game_id}").json()["version"]
    # A client that sees a version past its own says hello again with its last event.
    again = spectator.hello(last_event=count)
    assert again["version"] == version + 1 and not again["reset"]
    assert [event["number"] for event in again["events"]] == list(range(count + 1, again["event_count"] + 1))
    invitee.move("stale", version)  # the version is checked before the move is even read
    refused = invitee.until(lambda message: message["type"] == "rejected")
    assert refused["reason"]["key"] == "server.stale" and refused["version"] == version + 1
    invitee.send({"type": "nonsense"})
    error = invitee.until(lambda message: message["type"] == "error")
    assert error["version"] == version + 1
    for client in (creator, invitee, spectator):
        client.close()
