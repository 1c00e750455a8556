"""Each piece of a room alone, on a game held in memory, with fakes for the cluster, the fan-out
and the bot workers: presence, the turn clock, bot turns, requests, turn checks, the state
message, background tasks; and the room never reaching the hub by its imports."""

from __future__ import annotations

import ast
import asyncio
import json
import time
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

import pytest
from kashi_test_extras import run_async
from room_fakes import (
    GAME,
    Cluster,
    Notices,
    Workers,
    bot,
    cache_of,
    guard,
    person,
    played,
    snapshot_of,
    until,
)

import kashi.server
from kashi.server.clocks import Clock
from kashi.server.messages import reason
from kashi.server.room_bots import BotTurns
from kashi.server.room_clock import TurnClock
from kashi.server.room_moves import BOT, Actor, check_turn
from kashi.server.room_presence import Presence
from kashi.server.room_requests import Requests, check_takeback
from kashi.server.room_tasks import Tasks
from kashi.server.room_view import state_message
from kashi.server.seeds import bot_seed


def key(refusal: dict[str, Any] | int | None) -> str | None:
    return refusal["key"] if isinstance(refusal, dict) else None


# -- presence --------------------------------------------------------------------------------
def test_a_seat_held_only_on_another_instance_is_present_once_read_and_until_it_lets_go() -> None:
    cluster = Cluster(elsewhere=[0, 1])
    presence = Presence(GAME, 2, cluster, Notices())
    presence.arrive({0})
    assert presence.seats() == [True, False], "another instance's connection is unknown until read"
    run_async(presence.read())
    assert presence.seats() == [True, True]
    presence.leave({0})
    cluster.elsewhere = [0, 0]
    assert presence.seats() == [False, True], "the last reading stands until the next"
    run_async(presence.read())
    assert presence.seats() == [False, False]


def test_presence_shares_only_this_instances_counts_and_tells_the_others_to_reread() -> None:
    cluster, notices = Cluster(elsewhere=[3, 3]), Notices()
    presence = Presence(GAME, 2, cluster, notices)
    presence.arrive({0})
    presence.arrive({0})
    presence.leave({1})  # a seat never counts below nobody
    run_async(presence.read())
    run_async(presence.share(7))
    assert cluster.shared == [[2, 0]]
    assert notices.sent == [(GAME, 7, True)]


# -- the turn clock --------------------------------------------------------------------------
class StandInsSeen:
    """Records the seats handed to a stand-in."""

    def __init__(self) -> None:
        self.taken: list[tuple[list[int], bool]] = []

    async def set_standin(self, seats: list[int], standin: bool) -> bool:
        self.taken.append((seats, standin))
        return True

    async def take_over(self, seat: int) -> None:
        await self.set_standin([seat], True)


def test_the_deadline_counts_from_the_stored_turn_start_whenever_this_process_started() -> None:
    cache = cache_of(snapshot_of(played(0), [person(0, "ann"), bot(1)], clock=Clock("move", 30)))
    clock = TurnClock(cache, cast(Any, StandInsSeen()), guard([]), Tasks(GAME))
    cache.row.turn_started_at = 100.0  # a downtime of the service is taken out of it at start
    assert clock.message()["deadline"] == 130.0
    cache.row.turn_started_at = 2000.0
    assert clock.message()["deadline"] == 2030.0


def test_a_fischer_deadline_is_the_bank_of_the_player_to_move_and_no_bot_has_one() -> None:
    seats = [person(0, "ann", clock_ms=5000), person(1, "bob", standin=True, clock_ms=60000)]
    cache = cache_of(snapshot_of(played(0), seats, clock=Clock("fischer", 60, 2)))
    clock = TurnClock(cache, cast(Any, StandInsSeen()), guard([]), Tasks(GAME))
    message = clock.message()
    assert message["deadline"] == 5.0 and message["banks_ms"] == [5000, 60000]
    bots_turn = cache_of(snapshot_of(played(1), seats, clock=Clock("fischer", 60, 2)))
    assert TurnClock(bots_turn, cast(Any, None), guard([]), Tasks(GAME)).message()["deadline"] is None


def test_a_turn_past_its_time_goes_to_a_stand_in_once() -> None:
    async def scenario() -> None:
        cache = cache_of(snapshot_of(played(0), [person(0, "ann"), bot(1)], clock=Clock("move", 0.05)))
        cache.row.turn_started_at = time.time()
        standins, announced = StandInsSeen(), []
        clock = TurnClock(cache, cast(Any, standins), guard(announced), Tasks(GAME))
        clock.start(0)
        clock.start(0)  # the same turn is timed once
        await until(lambda: bool(announced))
        await asyncio.sleep(0.1)
        assert standins.taken == [([0], True)]
        assert announced == ["announce"]

    run_async(scenario())


def test_a_turn_ended_in_time_or_a_cancelled_clock_hands_nothing_over() -> None:
    async def scenario() -> None:
        cache = cache_of(snapshot_of(played(0), [person(0, "ann"), bot(1)], clock=Clock("move", 0.05)))
        cache.row.turn_started_at = time.time()
        standins, announced, refreshed = StandInsSeen(), [], []
        tasks = Tasks(GAME)
        clock = TurnClock(cache, cast(Any, standins), guard(announced, refreshed), tasks)
        clock.start(0)
        cache.version += 1  # a move landed before the deadline
        await until(lambda: tasks.idle)
        assert refreshed == ["refresh"], "the log is read before deciding"
        cache.row.turn_started_at = time.time()
        clock.start(0)
        await asyncio.sleep(0.01)
        clock.cancel()
        await asyncio.sleep(0.15)
        assert standins.taken == [] and announced == [] and refreshed == ["refresh"]

    run_async(scenario())


# -- bot turns -------------------------------------------------------------------------------
class Submitted:
    def __init__(self) -> None:
        self.moves: list[tuple[str, int]] = []

    async def __call__(self, move: str, version: int) -> dict[str, Any] | None:
        self.moves.append((move, version))
        return None


def bot_turns(cache: Any, workers: Workers, submit: Submitted, rescheduled: list[str]) -> BotTurns:
    lock = asyncio.Lock()
    return BotTurns(cache, cast(Any, workers), 0.5, lock, Tasks(GAME), submit, lambda: rescheduled.append("again"))


def test_a_bot_is_asked_once_per_position_and_its_move_submitted_at_that_version() -> None:
    async def scenario() -> None:
        cache = cache_of(snapshot_of(played(1), [person(0, "ann"), bot(1, "hard")]))
        workers, submitted = Workers("2Y1"), Submitted()
        turns = bot_turns(cache, workers, submitted, [])
        turns.start(1)
        turns.start(1)
        await until(lambda: bool(submitted.moves))
        assert len(workers.jobs) == 1
        job = workers.jobs[0]
        assert (job.game, job.seat, job.level, job.seconds) == (GAME, 1, "hard", 0.5)
        assert job.seed == bot_seed(cache.row.seed, cache.version)
        assert job.record == cache.game.record().to_text()
        assert submitted.moves == [("2Y1", cache.version)]
        turns.start(1)
        await asyncio.sleep(0.05)
        assert len(workers.jobs) == 1, "a position whose move was submitted is not asked again"
        turns.forget()  # this instance ran no bots for a while
        turns.start(1)
        await until(lambda: len(workers.jobs) == 2)

    run_async(scenario())


def test_a_stand_in_plays_at_the_games_absent_bot_level() -> None:
    async def scenario() -> None:
        cache = cache_of(snapshot_of(played(1), [person(0, "ann"), person(1, "bob", standin=True)]))
        workers = Workers("2Y1")
        bot_turns(cache, workers, Submitted(), []).start(1)
        await until(lambda: bool(workers.jobs))
        assert workers.jobs[0].level == cache.row.absent_bot == "medium"

    run_async(scenario())


def test_a_move_no_worker_could_think_is_asked_for_again_a_second_later() -> None:
    async def scenario() -> None:
        cache = cache_of(snapshot_of(played(1), [person(0, "ann"), bot(1)]))
        workers, submitted, rescheduled = Workers(RuntimeError("no worker")), Submitted(), []
        turns = bot_turns(cache, workers, submitted, rescheduled)
        turns.start(1)
        await until(lambda: bool(workers.jobs))
        await asyncio.sleep(0.5)
        assert rescheduled == [], "not at once: the workers get a moment"
        await until(lambda: bool(rescheduled))
        assert submitted.moves == []
        turns.start(1)  # what the room's schedule does
        await until(lambda: len(workers.jobs) == 2)

    run_async(scenario())


# -- requests --------------------------------------------------------------------------------
ALONE_WITH_A_BOT = [person(0, "ann"), bot(1)]


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        ({}, None),
        ({"seats": [person(0, "ann"), person(1, "bob")]}, "server.takeback_not_alone"),
        ({"rated": True}, "server.takeback_rated"),
        ({"hidden": {3: (0b01, "?")}}, "server.takeback_hidden"),
        ({"status": "finished"}, "server.finished"),
        ({"user": "carol"}, "server.no_seat"),
        ({"version": 1}, "server.stale"),
    ],
)
def test_a_takeback_undoes_the_askers_last_move_and_the_bots_after_it_only_when_fair(
    change: dict[str, Any], expected: str | None
) -> None:
    seats = change.get("seats", ALONE_WITH_A_BOT)
    hidden = change.get("hidden")
    snapshot = snapshot_of(
        played(2), seats, change.get("status", "active"), rated=change.get("rated", False), hidden=hidden
    )
    cache = cache_of(snapshot)
    answer = check_takeback(cache, change.get("user", "ann"), change.get("version", cache.version))
    assert key(answer) == expected
    if expected is None:
        assert answer == 1, "the deal stays; ann's move and the bot's reply go"


def test_a_preview_plays_on_the_movers_view_and_changes_nothing() -> None:
    cache = cache_of(snapshot_of(played(0), ALONE_WITH_A_BOT))
    requests = Requests(cache, cast(Any, Workers("{}")), cast(Any, None), guard([]))
    move = str(cache.game.state.legal_moves()[0])
    answer = run_async(requests.preview("ann", move))
    assert answer["move"] == move and answer["version"] == cache.version
    assert isinstance(answer["score_changes"], list)
    assert len(cache.game.events) == 1 and cache.game.state.current_player == 0
    assert run_async(requests.preview("bob", move)) == {"reason": reason("server.no_seat")}
    assert "reason" in run_async(requests.preview("ann", "not a move"))


def test_a_positions_hint_is_thought_once_and_afresh_after_a_worker_failed() -> None:
    async def scenario() -> None:
        cache = cache_of(snapshot_of(played(0), ALONE_WITH_A_BOT))
        workers = Workers(RuntimeError("no worker"))
        requests = Requests(cache, cast(Any, workers), cast(Any, None), guard([]))
        assert await requests.hint("ann") == {"reason": reason("server.hint_unavailable")}
        workers.answer = json.dumps({"move": "1Y1", "reasons": []})
        first, again = await requests.hint("ann"), await requests.hint("ann")
        assert first == again == {"move": "1Y1", "reasons": [], "version": cache.version}
        assert len(workers.jobs) == 2
        assert (workers.jobs[1].task, workers.jobs[1].level, workers.jobs[1].seat) == ("hint", "expert", 0)

    run_async(scenario())


@pytest.mark.parametrize(
    ("moves", "seats", "rated", "expected"),
    [
        (1, ALONE_WITH_A_BOT, False, "server.hint_not_your_turn"),
        (0, [person(0, "ann"), person(1, "ann", standin=True)], False, None),
        (1, [person(0, "ann"), person(1, "ann", standin=True)], False, "server.hint_not_your_turn"),
        (0, [person(0, "ann"), person(1, "bob")], False, "server.hint_not_allowed"),
        (0, ALONE_WITH_A_BOT, True, "server.hint_not_allowed"),
    ],
)
def test_a_hint_is_only_for_the_seat_to_move_at_a_table_with_no_one_else_and_never_rated(
    moves: int, seats: list[Any], rated: bool, expected: str | None
) -> None:
    cache = cache_of(snapshot_of(played(moves), seats, rated=rated))
    requests = Requests(cache, cast(Any, Workers(json.dumps({"move": "1Y1"}))), cast(Any, None), guard([]))
    answer = run_async(requests.hint("ann"))
    assert key(answer.get("reason")) == expected


# -- turn checks -----------------------------------------------------------------------------
def actor(user: str) -> Actor:
    return Actor(cast(Any, SimpleNamespace(user_id=user)))


@pytest.mark.parametrize(
    ("moves", "seats", "who", "seat", "expected"),
    [
        (0, ALONE_WITH_A_BOT, actor("ann"), None, None),
        (1, ALONE_WITH_A_BOT, BOT, None, None),
        (0, ALONE_WITH_A_BOT, BOT, None, "server.stale"),
        (1, ALONE_WITH_A_BOT, actor("ann"), None, "server.no_seat"),
        (0, ALONE_WITH_A_BOT, actor("ann"), 1, "server.not_your_seat"),
        (0, [person(0, "ann", standin=True), bot(1)], actor("ann"), None, "server.seat_standin"),
        (0, [person(0, "ann"), person(1, "ann")], actor("ann"), 1, "core.out_of_turn"),
        (0, [person(0, "ann", standin=True), bot(1)], BOT, None, None),
    ],
)
def test_a_move_comes_from_the_seat_to_move_held_by_the_sender_or_played_by_a_bot(
    moves: int, seats: list[Any], who: Actor, seat: int | None, expected: str | None
) -> None:
    cache = cache_of(snapshot_of(played(moves), seats))
    assert key(check_turn(cache, who, cache.version, seat)) == expected


@pytest.mark.parametrize(("status", "expected"), [("waiting", "server.not_started"), ("finished", "server.finished")])
def test_no_move_before_the_start_or_after_the_end(status: str, expected: str) -> None:
    cache = cache_of(snapshot_of(played(0), ALONE_WITH_A_BOT, status))
    assert key(check_turn(cache, actor("ann"), cache.version, None)) == expected
    assert key(check_turn(cache_of(snapshot_of(played(0), ALONE_WITH_A_BOT)), actor("ann"), 0, None)) == "server.stale"


# -- the state message -----------------------------------------------------------------------
def test_an_event_hidden_from_every_seat_a_viewer_holds_reaches_it_redacted() -> None:
    seats = [person(0, "ann"), person(1, "bob")]
    cache = cache_of(snapshot_of(played(1), seats, hidden={2: (0b010, "? ?")}))
    move = cache.game.events[1].text
    ann, bob, spectator = (
        state_message(cache, user, None, {"present": [True, True]}, {}) for user in ("ann", "bob", None)
    )
    assert (ann["events"][1]["text"], ann["events"][1]["hidden"]) == (move, False)
    assert (bob["events"][1]["text"], bob["events"][1]["hidden"]) == ("? ?", True)
    assert spectator["events"][1]["text"] == move, "hidden from seat 1 only"
    assert bob["last_move"] == {"seat": 0, "text": "? ?", "parts": {}}
    assert ann["last_move"]["text"] == move and ann["last_move"]["parts"]
    assert (ann["you"], bob["you"], spectator["you"]) == ([0], [1], [])
    assert bob["legal_moves"] and not ann["legal_moves"] and not spectator["legal_moves"]


def test_a_viewer_gets_the_events_after_those_it_has_and_all_again_when_it_has_too_many() -> None:
    cache = cache_of(snapshot_of(played(3), ALONE_WITH_A_BOT))
    later = state_message(cache, "ann", 2, {"present": [True, False]}, {"kind": "none"})
    assert [event["number"] for event in later["events"]] == [3, 4] and not later["reset"]
    assert later["event_count"] == 4 and later["present"] == [True, False] and later["clock"] == {"kind": "none"}
    taken_back = state_message(cache, "ann", 9, {"present": [True, False]}, {})
    assert [event["number"] for event in taken_back["events"]] == [1, 2, 3, 4] and taken_back["reset"]


# -- background tasks ------------------------------------------------------------------------
def test_a_failed_task_is_logged_and_closing_cancels_those_still_running(caplog: pytest.LogCaptureFixture) -> None:
    async def scenario() -> None:
        tasks = Tasks(GAME)

        async def fail() -> None:
            raise RuntimeError("boom")

        tasks.spawn(fail())
        sleeper = tasks.spawn(asyncio.sleep(60))
        await asyncio.sleep(0.01)
        assert not tasks.idle
        await tasks.close()
        assert tasks.idle and sleeper.cancelled()

    run_async(scenario())
    assert "background task failed" in caplog.text


# -- no import loop --------------------------------------------------------------------------
SERVER = Path(kashi.server.__file__).parent


def server_imports(path: Path) -> set[str]:
    """The ``kashi.server`` modules a file imports, under ``TYPE_CHECKING`` or anywhere else."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module is not None:
            found.add(node.module)
            found |= {f"{node.module}.{alias.name}" for alias in node.names}
    prefix = "kashi.server."
    return {name.removeprefix(prefix) for name in found if name.startswith(prefix)} & modules()


def modules() -> set[str]:
    return {path.stem for path in SERVER.glob("*.py")}


def test_the_room_and_its_pieces_never_import_the_hub_even_indirectly() -> None:
    graph = {name: server_imports(SERVER / f"{name}.py") for name in modules()}
    assert "rooms" in graph["hub"], "the hub builds rooms (else this test reads no imports)"
    pieces = {"rooms"} | {name for name in graph if name.startswith("room_")}
    assert len(pieces) > 5
    for piece in sorted(pieces):
        reached, todo = set(), [piece]
        while todo:
            for name in graph[todo.pop()] - reached:
                reached.add(name)
                todo.append(name)
        assert "hub" not in reached, f"{piece} reaches the hub"
