"""Presence that tells the truth, what the table does about a player away, and its chat (issue 47).

Over the real WebSocket of a server process: a friend's arrival and departure reach the others
at once (not at the next move); a socket whose network stops answering is counted away through
the heartbeat; the others see since when a seat is away and, past the grace period, let a
computer finish it (the game turns casual) or claim the win; a player resigns, leaves a game of
three, hands the seat to a computer and takes it back; the players chat (quick messages and
free text held to the typed-text rule, paced), spectators do not.
"""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from kashi_server_helpers import Player, ServerProcess, create_game, http, invite_token

TWO_PERSONS = [{"kind": "me"}, {"kind": "person"}]
SOON = 15.0
"""Long enough for a heartbeat of one second to notice a silent socket (its default of 20 s,
which the server used to run with, takes 40 s)."""


def friends(
    server: ServerProcess, seats: list[dict[str, Any]] = TWO_PERSONS, **extra: Any
) -> tuple[Player, Player, str]:
    """A game of two people (seat 0 starts), both connected."""
    host = http(server)
    created = create_game(host, "azul", seats, start=0, **extra)
    guest = http(server)
    joined = guest.post("/api/join", json={"token": invite_token(created, 1), "rated": extra.get("rated", False)})
    assert joined.status_code == 200, joined.text
    game_id = created["game"]["id"]
    creator = Player(server, game_id, host)
    creator.hello()
    invitee = Player(server, game_id, guest)
    invitee.hello()
    return creator, invitee, game_id


def presence_is(present: list[bool]) -> Callable[[dict[str, Any]], bool]:
    return lambda message: message["type"] in ("presence", "state") and message["present"] == present


@pytest.fixture
def server(servers: Callable[..., ServerProcess]) -> ServerProcess:
    return servers(env={"KASHI_GRACE_SECONDS": "2", "KASHI_HEARTBEAT_SECONDS": "1"})


def answer(player: Player, done: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    """The first refusal, or the first message that is ``done``."""
    return player.until(lambda message: message["type"] == "rejected" or done(message))


def standin_at(seat: int) -> Callable[[dict[str, Any]], bool]:
    return lambda message: message["type"] == "state" and message["seats"][seat]["standin"]


def test_a_friend_arriving_and_leaving_is_shown_at_once_without_a_move(server: ServerProcess) -> None:
    host = http(server)
    created = create_game(host, "azul", TWO_PERSONS, start=0)
    guest = http(server)
    assert guest.post("/api/join", json={"token": invite_token(created, 1)}).status_code == 200
    creator = Player(server, created["game"]["id"], host)
    assert creator.hello()["present"] == [True, False]
    invitee = Player(server, created["game"]["id"], guest)
    invitee.hello()
    arrived = creator.until(presence_is([True, True]), SOON)
    assert arrived["type"] == "presence" and arrived["absence"] == [None, None]
    version = creator.state["version"]
    invitee.close()
    left = creator.until(presence_is([True, False]), SOON)
    assert left["version"] == version, "nobody moved: presence alone changed"
    assert left["absence"][0] is None
    away = left["absence"][1]
    assert away["decide_at"] == pytest.approx(away["since"] + 2) and away["claim"] is True
    creator.close()


class FreezableProxy:
    """A TCP relay to the server that can stop relaying without closing anything: a network
    that went away, or a laptop that went to sleep."""

    def __init__(self, port: int) -> None:
        self.target = port
        self.frozen = threading.Event()
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        client, _ = self.listener.accept()
        upstream = socket.create_connection(("127.0.0.1", self.target))
        for source, sink in ((client, upstream), (upstream, client)):
            threading.Thread(target=self._pump, args=(source, sink), daemon=True).start()

    def _pump(self, source: socket.socket, sink: socket.socket) -> None:
        while data := source.recv(65536):
            while self.frozen.is_set():
                time.sleep(0.05)  # hold on to it: nothing reaches the other side any more
            sink.sendall(data)


@pytest.fixture
def proxy(server: ServerProcess) -> Iterator[FreezableProxy]:
    relay = FreezableProxy(server.port)
    yield relay
    relay.listener.close()


def test_a_socket_whose_network_stops_is_counted_away_through_the_heartbeat(
    server: ServerProcess, proxy: FreezableProxy
) -> None:
    host = http(server)
    created = create_game(host, "azul", TWO_PERSONS, start=0)
    guest = http(server)
    assert guest.post("/api/join", json={"token": invite_token(created, 1)}).status_code == 200
    game_id = created["game"]["id"]
    creator = Player(server, game_id, host)
    creator.hello()
    relayed = ServerProcess.__new__(ServerProcess)
    relayed.ws = f"ws://127.0.0.1:{proxy.port}"
    invitee = Player(relayed, game_id, guest, origin=f"http://127.0.0.1:{proxy.port}", ping_interval=None)
    invitee.hello()
    creator.until(presence_is([True, True]), SOON)
    proxy.frozen.set()  # the invitee's socket stays open on both ends; nothing gets through
    creator.until(presence_is([True, False]), SOON)
    creator.close()


def test_the_others_decide_for_an_absent_seat_only_after_the_grace_period(
    servers: Callable[..., ServerProcess],
) -> None:
    server = servers(env={"KASHI_GRACE_SECONDS": "6"})
    creator, invitee, _ = friends(server)
    invitee.close()
    away = creator.until(presence_is([True, False]), SOON)["absence"][1]
    creator.send({"type": "absence", "seat": 1, "choice": "standin"})
    early = creator.until(lambda message: message["type"] == "rejected")
    assert early["reason"]["key"] == "server.away_wait"
    creator.send({"type": "absence", "seat": 0, "choice": "claim"})
    assert creator.until(lambda message: message["type"] == "rejected")["reason"]["key"] == "server.choice_not_yours"
    time.sleep(max(0.0, away["decide_at"] - time.time()) + 0.3)
    creator.send({"type": "absence", "seat": 1, "choice": "standin"})
    state = answer(creator, standin_at(1))
    assert state["type"] == "state" and state["rated"] is False and state["absence"] == [None, None]
    creator.move(creator.state["legal_moves"][0])
    moves = len(creator.events)
    creator.until(lambda message: message["type"] == "state" and len(creator.events) > moves + 1)
    assert creator.events[-1]["seat"] == 1, "the computer plays the absent seat"
    creator.close()


def test_a_win_claimed_over_a_short_absence_ends_the_game_unrated(server: ServerProcess) -> None:
    creator, invitee, _ = friends(server, rated=True)
    assert creator.state["rated"] is True
    invitee.close()
    away = creator.until(presence_is([True, False]), SOON)["absence"][1]
    time.sleep(max(0.0, away["decide_at"] - time.time()) + 0.3)
    creator.send({"type": "absence", "seat": 1, "choice": "claim"})
    state = creator.until(lambda message: message["type"] == "state" and message["status"] == "finished")
    assert state["outcome"]["winners"] == [0] and state["outcome"]["termination"] == "claimed"
    assert state["rated"] is False, "a short absence is no rated win"
    creator.close()


def test_resigning_ends_a_game_of_two_and_is_rated(server: ServerProcess) -> None:
    creator, invitee, _ = friends(server, rated=True)
    invitee.send({"type": "resign"})
    state = creator.until(lambda message: message["type"] == "state" and message["status"] == "finished")
    assert state["outcome"]["winners"] == [0] and state["outcome"]["ranks"] == [1, 2]
    assert state["outcome"]["termination"] == "resigned" and state["rated"] is True
    invitee.send({"type": "resign"})
    assert invitee.until(lambda message: message["type"] == "rejected")["reason"]["key"] == "server.finished"
    for client in (creator, invitee):
        client.close()


def test_a_player_hands_the_seat_to_a_computer_and_takes_it_back(server: ServerProcess) -> None:
    creator, invitee, _ = friends(server, rated=True)
    creator.send({"type": "standin", "on": False})
    assert creator.until(lambda message: message["type"] == "rejected")["reason"]["key"] == "server.no_standin"
    creator.send({"type": "standin", "on": True})
    state = invitee.until(lambda message: message["type"] == "state" and message["seats"][0]["standin"])
    assert state["rated"] is False, "a game a computer played in is casual"
    creator.send({"type": "standin", "on": True})
    assert creator.until(lambda message: message["type"] == "rejected")["reason"]["key"] == "server.standin_already"
    creator.send({"type": "standin", "on": False})
    invitee.until(lambda message: message["type"] == "state" and not message["seats"][0]["standin"])
    for client in (creator, invitee):
        client.close()


def test_leaving_a_game_of_three_passes_the_seat_to_a_computer(server: ServerProcess) -> None:
    seats = [{"kind": "me"}, {"kind": "person"}, {"kind": "bot", "level": "easy"}]
    creator, invitee, _ = friends(server, seats)
    invitee.send({"type": "resign"})
    state = creator.until(lambda message: message["type"] == "state" and message["seats"][1]["standin"])
    assert state["status"] == "active" and state["rated"] is False
    creator.send({"type": "absence", "seat": 1, "choice": "claim"})
    assert creator.until(lambda message: message["type"] == "rejected")["reason"]["key"] == "server.not_away"
    for client in (creator, invitee):
        client.close()


def test_hot_seat_and_computer_tables_have_nobody_to_decide(server: ServerProcess) -> None:
    host = http(server)
    hot_seat = create_game(host, "azul", [{"kind": "me"}, {"kind": "me"}], start=0)["game"]["id"]
    player = Player(server, hot_seat, host)
    player.hello()
    player.send({"type": "resign"})
    assert player.until(lambda message: message["type"] == "rejected")["reason"]["key"] == "server.resign_hot_seat"
    player.close()
    against_bot = create_game(host, "azul", [{"kind": "me"}, {"kind": "bot", "level": "easy"}], start=0)
    watcher = Player(server, against_bot["game"]["id"])
    assert watcher.hello()["present"] == [False, False]
    watcher.drain(3)  # past the grace period: nobody to decide, nobody stands in
    assert watcher.state["absence"] == [None, None] and not watcher.state["seats"][0]["standin"]
    watcher.close()


# -- the table's chat -------------------------------------------------------------------------
def heard(player: Player, number: int) -> dict[str, Any]:
    """Chat line ``number`` as ``player`` was sent it."""
    said = player.until(
        lambda message: message["type"] == "chat" and any(line["number"] == number for line in message["lines"])
    )
    line: dict[str, Any] = next(line for line in said["lines"] if line["number"] == number)
    return line


def test_the_players_chat_with_quick_messages_and_text_and_spectators_do_not(server: ServerProcess) -> None:
    creator, invitee, game_id = friends(server)
    for player in (creator, invitee):
        player.drain(0.3)
    creator.send({"type": "chat", "preset": "good_luck"})
    assert heard(invitee, 1) | {"at": 0} == {"number": 1, "seat": 0, "text": None, "preset": "good_luck", "at": 0}
    invitee.send({"type": "chat", "text": "  Cafe\u0301 merci  "})
    said = heard(creator, 2)
    assert (said["text"], said["seat"]) == ("Caf\u00e9 merci", 1), "NFC, stripped"
    for bad, key in (
        ({"text": "a\u202eb"}, "core.text_char"),
        ({"text": "x" * 201}, "core.text_long"),
        ({"text": "   "}, "core.text_blank"),
        ({"preset": "insult"}, "server.chat_no_preset"),
        ({"text": "hi", "preset": "hello"}, "server.chat_one_of"),
    ):
        creator.send({"type": "chat", **bad})
        refused = creator.until(lambda message: message["type"] == "rejected")
        assert (refused["request"], refused["reason"]["key"]) == ("chat", key)
    spectator = Player(server, game_id)
    spectator.hello()
    spectator.send({"type": "chat", "text": "hello"})
    assert spectator.until(lambda m: m["type"] == "rejected")["reason"]["key"] == "server.chat_players_only"
    later = Player(server, game_id, http(server))  # a spectator with a cookie of their own
    later.hello()
    creator.send({"type": "chat", "preset": "thanks"})
    heard(invitee, 3)
    spectator.drain(1)
    assert not any(message["type"] == "chat" for message in spectator.received), "chat is off for spectators"
    again = Player(server, game_id, invitee.client)
    again.hello()
    history = next(message for message in again.received if message["type"] == "chat")  # before the state
    assert [line["number"] for line in history["lines"]] == [1, 2, 3] and history["reset"] is True
    for player in (creator, invitee, spectator, later, again):
        player.close()


def test_a_player_chatting_too_fast_is_told_to_wait(server: ServerProcess) -> None:
    creator, invitee, _ = friends(server)
    for _ in range(5):
        creator.send({"type": "chat", "preset": "hello"})
    creator.send({"type": "chat", "preset": "hello"})
    refused = creator.until(lambda message: message["type"] == "rejected")
    assert refused["reason"]["key"] == "server.chat_too_fast"
    for player in (creator, invitee):
        player.close()


# -- takeback requests between people ------------------------------------------------------------
def test_a_takeback_asked_of_a_friend_is_declined_then_accepted(server: ServerProcess) -> None:
    creator, invitee, _ = friends(server, rated=True)
    creator.send({"type": "takeback_ask", "version": creator.state["version"]})
    refused = creator.until(lambda message: message["type"] == "rejected")
    assert refused["reason"]["key"] == "server.takeback_hidden", "no move of theirs since the factories' fill"
    count = creator.state["event_count"]
    creator.move(creator.state["legal_moves"][0])
    moved = invitee.until(lambda message: message["type"] == "state" and message["event_count"] > count)
    creator.send({"type": "takeback_ask", "version": moved["version"]})
    asked = invitee.until(lambda message: message["type"] == "state" and message["takeback_ask"] is not None)
    assert asked["takeback_ask"] == {"seat": 0, "yes": []}
    creator.send({"type": "takeback_answer", "accept": True})
    assert creator.until(lambda message: message["type"] == "rejected")["reason"]["key"] == "server.ask_not_yours"
    invitee.send({"type": "takeback_answer", "accept": False})
    declined = creator.until(lambda message: message["type"] == "state" and message["takeback_ask"] is None)
    assert declined["event_count"] == count + 1, "declined: the move stays"
    creator.send({"type": "takeback_ask", "version": declined["version"]})
    invitee.until(lambda message: message["type"] == "state" and message["takeback_ask"] is not None)
    invitee.send({"type": "takeback_answer", "accept": True})
    taken = creator.until(lambda message: message["type"] == "state" and message["event_count"] == count)
    assert taken["takeback_ask"] is None and taken["to_move"] == 0 and taken["rated"] is True
    invitee.send({"type": "takeback_answer", "accept": True})
    assert invitee.until(lambda message: message["type"] == "rejected")["reason"]["key"] == "server.no_ask"
    for player in (creator, invitee):
        player.close()


def test_a_move_leaves_a_takeback_ask_behind_and_computers_need_no_asking(server: ServerProcess) -> None:
    creator, invitee, _ = friends(server)
    creator.move(creator.state["legal_moves"][0])
    invitee.wait_turn_or_end()
    creator.send({"type": "takeback_ask", "version": invitee.state["version"]})
    invitee.until(lambda message: message["type"] == "state" and message["takeback_ask"] is not None)
    invitee.move(invitee.state["legal_moves"][0])
    after = creator.until(lambda message: message["type"] == "state" and message["to_move"] == 0)
    assert after["takeback_ask"] is None, "a move answers the ask"
    host = http(server)
    against_bot = create_game(host, "azul", [{"kind": "me"}, {"kind": "bot", "level": "easy"}], start=0)
    alone = Player(server, against_bot["game"]["id"], host)
    alone.hello()
    alone.send({"type": "takeback_ask", "version": alone.state["version"]})
    assert alone.until(lambda message: message["type"] == "rejected")["reason"]["key"] == "server.ask_needs_people"
    for player in (creator, invitee, alone):
        player.close()


# -- who is who ----------------------------------------------------------------------------------
def test_a_hot_seat_game_names_its_seats(server: ServerProcess) -> None:
    host = http(server)
    seats = [{"kind": "me", "name": "Player 1"}, {"kind": "me", "name": " Shirin "}]
    created = create_game(host, "azul", seats, start=0)
    info = host.get(f"/api/games/{created['game']['id']}").json()
    assert [seat["name"] for seat in info["seats"]] == ["Player 1", "Shirin"], "a label is a fine seat name here"
    for bad in (
        [{"kind": "me"}, {"kind": "person", "name": "Eve"}],
        [{"kind": "me", "name": "a\u202eb"}, {"kind": "me"}],
    ):
        refused = host.post("/api/games", json={"variant": "azul", "seats": bad})
        assert refused.status_code == 422, refused.text
