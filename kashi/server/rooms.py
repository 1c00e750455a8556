"""A live game in one process: the rebuilt ``Game``, its connections, bots, clocks and absences.

Every change goes through ``_commit`` (one guarded transaction); the in-memory game is only ever
a cache of the log and is rebuilt from it whenever the stored version differs.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections import Counter
from collections.abc import Awaitable, Coroutine
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from kashi.core.errors import KashiError
from kashi.core.game import Game
from kashi.core.messages import Message
from kashi.core.outcome import ScoreChange
from kashi.core.record import Event, Record
from kashi.core.state import parts_of_text
from kashi.server import ratings, store
from kashi.server.bot_workers import BotJob
from kashi.server.clocks import Clock
from kashi.server.connection import Connection
from kashi.server.logs import log
from kashi.server.messages import reason
from kashi.server.models import EventRow
from kashi.server.seeds import bot_seed
from kashi.server.visibility import Visibility, annotate, viewer_bit

if TYPE_CHECKING:
    from kashi.server.hub import Hub

Refusal = dict[str, Any]


@dataclass(frozen=True)
class Actor:
    """Who submits a move: a connection (a person) or the server's bot for a seat."""

    connection: Connection | None = None

    @property
    def is_bot(self) -> bool:
        return self.connection is None


BOT = Actor()
HAND_BACK_TRIES = 5
"""How often a returning player's seats are asked back when another change keeps landing first."""


class Room:
    def __init__(self, hub: Hub, snapshot: store.Snapshot) -> None:
        self.hub = hub
        self.id = snapshot.row.id
        self.lock = asyncio.Lock()
        self.connections: set[Connection] = set()
        self.visitors = 0
        """Sockets open on the room, with or without their hello: while any is, the hub keeps
        the room (a socket must never say hello to a room the hub has let go of)."""
        self.present: Counter[int] = Counter()
        """This instance's connections holding each seat."""
        self.elsewhere: list[int] = []
        """Other instances' connections holding each seat, as last read (see ``cluster``)."""
        self.owner = False
        """This instance holds the game's lease: it runs the bots, clocks and absence timers."""
        self._tasks: set[asyncio.Task[None]] = set()
        self._bot_version = -1
        self._clock_version = -1
        self._clock_task: asyncio.Task[None] | None = None
        self._grace: dict[int, asyncio.Task[None]] = {}
        self._hint: tuple[int, asyncio.Future[str]] | None = None
        """The version whose hint is being thought or was thought, and its answer."""
        self._load(snapshot)
        self.told = self.version
        """The version last sent to all the room's connections (the hub's safety net compares the
        stored version with it: a change read for one client, or silently, still reaches all)."""

    # -- the cache of the log ------------------------------------------------------------
    def _load(self, snapshot: store.Snapshot) -> None:
        self._take_row(snapshot)
        self.game = Game.for_record(store.record_of(snapshot))
        self.score_marks: list[int] = []
        self.visibility: list[Visibility] = []
        self._last_stamp = 0.0
        """When the last cached event was stored: a takeback elsewhere shows as another one."""
        self._extend(snapshot.events)

    def _take_row(self, snapshot: store.Snapshot) -> None:
        row = snapshot.row
        self.row = row
        self.version = row.version
        self.status = row.status
        self.clock = Clock.loads(row.clock)
        self.seats = snapshot.seats

    def _extend(self, rows: list[EventRow]) -> None:
        """Replay stored events after the cached ones."""
        for _ in self.game.replay(Record({}, [Event(item.seat, item.text) for item in rows])):
            self.score_marks.append(len(self.game.score_log))
        self.visibility.extend(Visibility(item.hidden_from, item.redacted) for item in rows)
        if rows:
            self._last_stamp = rows[-1].created_at

    async def _reload(self) -> None:
        snapshot = await store.load(self.hub.sessions, self.id)
        if snapshot is not None:
            self._load(snapshot)

    async def _refresh(self) -> None:
        """Catch up with the log if it moved: only the new events are read and replayed, unless
        a takeback rewrote the cached ones (the last one is not the stored one any more)."""
        if await store.current_version(self.hub.sessions, self.id) == self.version:
            return
        cached = len(self.game.events)
        snapshot = await store.load(self.hub.sessions, self.id, first=max(1, cached))
        if snapshot is None:
            return
        tail = snapshot.events
        if cached and tail and tail[0].number == cached and tail[0].created_at == self._last_stamp:
            self._take_row(snapshot)
            self._extend(tail[1:])
        else:
            await self._reload()
            for connection in self.connections:
                connection.seen = None  # what they hold may have been taken back: all again

    async def sync(self, presence: bool = True) -> None:
        """Catch up with the log and, unless only the log is said to have changed (another
        instance's move), with presence; then tell everyone."""
        async with self.lock:
            await self._refresh()
            if presence:
                await self._read_presence()
            self._after_change(publish=False)

    async def set_owner(self, owner: bool) -> None:
        """Take over the game's bots, clocks and timers, or stop running them."""
        async with self.lock:
            self.owner = owner
            if owner:
                await self._refresh()
                await self._read_presence()
                self.schedule()
            else:
                self._cancel_clock()
                for seat in list(self._grace):
                    self._cancel_grace(seat)
                self._bot_version = -1

    # -- presence ------------------------------------------------------------------------
    def local_presence(self) -> list[int]:
        return [max(0, self.present[seat]) for seat in range(self.row.players)]

    def is_present(self, seat: int) -> bool:
        elsewhere = self.elsewhere[seat] if seat < len(self.elsewhere) else 0
        return self.present[seat] + elsewhere > 0

    async def _read_presence(self) -> None:
        local = self.local_presence()
        totals = await self.hub.cluster.presence(self.id, local)
        self.elsewhere = [total - mine for total, mine in zip(totals, local, strict=True)]

    async def _share_presence(self) -> None:
        """Tell the other instances this one's connections changed (they reread presence)."""
        await self.hub.cluster.share_presence(self.id, self.local_presence())
        await self.hub.fanout.publish(self.id, self.version, presence=True)

    # -- who holds what ------------------------------------------------------------------
    def owned(self, connection: Connection) -> set[int]:
        """The seats bound to the connection's identity (no token or link ever gives one)."""
        return {
            seat.seat
            for seat in self.seats
            if seat.kind == "person" and seat.user_id is not None and seat.user_id == connection.user_id
        }

    def hints_allowed(self, connection: Connection) -> bool:
        """Hints help only against bots or at a hot-seat table, never in a rated game: every
        other seat is a bot or held by the connection's identity."""
        owned = self.owned(connection)
        return (
            bool(owned)
            and not ratings.is_rated(self.row, self.seats)
            and all(seat.kind == "bot" or seat.seat in owned for seat in self.seats)
        )

    def bot_controls(self, seat: int) -> bool:
        info = self.seats[seat]
        return info.kind == "bot" or info.standin

    def turn_started(self) -> float:
        """Downtime of the server does not count against the player to move."""
        return max(self.row.turn_started_at or 0.0, self.hub.started_at)

    # -- messages ------------------------------------------------------------------------
    def viewer_of(self, connection: Connection) -> int | None:
        owned = self.owned(connection)
        if not owned:
            return None
        to_move = self.game.state.current_player
        return to_move if to_move in owned else min(owned)

    def state_message(self, connection: Connection) -> dict[str, Any]:
        """The connection's view, the events it missed (redacted for it) and the legal moves."""
        owned = self.owned(connection)
        viewer = self.viewer_of(connection)
        players = self.row.players
        bits = [viewer_bit(seat, players) for seat in owned] or [viewer_bit(None, players)]
        total = len(self.game.events)
        reset = connection.seen is None or connection.seen > total
        start = 0 if connection.seen is None or reset else connection.seen
        events = []
        for index in range(start, total):
            item = self.game.events[index]
            text = self._text_for(index, bits)
            made = self.game.score_log[self.score_marks[index - 1] if index else 0 : self.score_marks[index]]
            events.append(
                {
                    "number": index + 1,
                    "seat": item.seat,
                    "text": text,
                    "hidden": text != item.text,
                    "score_changes": [change.to_json() for change in made],
                }
            )
        low = self.score_marks[start - 1] if start else 0
        changes: list[ScoreChange] = self.game.score_log[low:] if total else []
        connection.seen = total
        state = self.game.state
        to_move = state.current_player
        legal = state.legal_moves() if self.status == "active" and to_move in owned else []
        texts = [str(move) for move in legal]
        outcome = state.outcome()
        return {
            "type": "state",
            "game": self.id,
            "variant": self.row.variant,
            "version": self.version,
            "status": self.status,
            "reset": reset,
            "events": events,
            "event_count": total,
            "view": state.view(viewer).to_json(),
            "to_move": to_move,
            "you": sorted(owned),
            "legal_moves": texts,
            "moves": [{"text": text, "parts": state.move_parts(move)} for text, move in zip(texts, legal, strict=True)],
            "last_move": self._last_move(bits),
            "present": [self.is_present(seat) for seat in range(players)],
            "score_changes": [change.to_json() for change in changes],
            "scores": list(state.scores()),
            "final_scoring_so_far": [change.to_json() for change in state.final_scoring_so_far()],
            "outcome": outcome.to_json() if outcome is not None else None,
            "seats": [seat.to_json() for seat in self.seats],
            "rated": ratings.is_rated(self.row, self.seats),
            "hints": self.hints_allowed(connection),
            "clock": self.clock_message(),
        }

    def _text_for(self, index: int, bits: list[int]) -> str:
        """Event ``index`` as a viewer holding ``bits`` may read it (redacted where hidden)."""
        visibility = self.visibility[index]
        hidden = all(visibility.hidden_from & bit for bit in bits)
        return visibility.redacted if hidden else self.game.events[index].text

    def _last_move(self, bits: list[int]) -> dict[str, Any] | None:
        """The latest move with its parts, so a table can mark it (none where it is hidden)."""
        for index in range(len(self.game.events) - 1, -1, -1):
            seat = self.game.events[index].seat
            if seat is not None:
                text = self._text_for(index, bits)
                return {"seat": seat, "text": text, "parts": parts_of_text(self.game.state, text)}
        return None

    def clock_message(self) -> dict[str, Any]:
        to_move = self.game.state.current_player
        deadline = None
        if self.status == "active" and to_move >= 0 and not self.bot_controls(to_move):
            allowance = self.clock.allowance(self.seats[to_move].clock_ms)
            deadline = None if allowance is None else self.turn_started() + allowance
        banks = [seat.clock_ms for seat in self.seats] if self.clock.kind == "fischer" else None
        return {**self.clock.to_json(), "deadline": deadline, "banks_ms": banks, "now": time.time()}

    def _broadcast(self) -> None:
        self.told = self.version
        for connection in list(self.connections):
            connection.send(self.state_message(connection))

    def _after_change(self, publish: bool = True) -> None:
        self._broadcast()
        if publish:
            self._spawn(self.hub.fanout.publish(self.id, self.version))
        self.schedule()

    # -- connections ---------------------------------------------------------------------
    async def attach(self, connection: Connection, last_event: int | None) -> None:
        async with self.lock:
            await self._refresh()
            self.connections.add(connection)
            owned = self.owned(connection)
            for seat in owned - connection.counted:
                self.present[seat] += 1
                self._cancel_grace(seat)
            if owned - connection.counted:
                self._spawn(self._share_presence())
            connection.counted |= owned
            connection.seen = last_event
            if self.status == "active" and await self._hand_back(owned):
                self._after_change()
            else:
                connection.send(self.state_message(connection))

    async def _hand_back(self, owned: set[int]) -> bool:
        """Give the seats a stand-in holds back to their returning player; a write that meets
        another change first (a move stored that instant) is tried again on the new version."""
        for _ in range(HAND_BACK_TRIES):
            returning = [seat for seat in sorted(owned) if self.seats[seat].standin]
            if not returning or self.status != "active":
                return False
            if await self._set_standin(returning, False):
                return True
        log.warning("seats not handed back after repeated conflicts", extra={"game": self.id})
        return False

    async def detach(self, connection: Connection) -> None:
        async with self.lock:
            if connection not in self.connections:
                return
            self.connections.discard(connection)
            for seat in connection.counted:
                self.present[seat] -= 1
                if not self.is_present(seat):
                    self._start_grace(seat)
            if connection.counted:
                self._spawn(self._share_presence())

    # -- moves ---------------------------------------------------------------------------
    async def submit(self, actor: Actor, move: str, version: int, seat: int | None = None) -> Refusal | None:
        """Check seat, turn, version and legality; append the events in one transaction.

        The cache is trusted without reading the stored version: if another instance moved
        first, the guarded update refuses this one (the mover then saw an old version too).
        Only a client ahead of the cache makes it catch up first."""
        async with self.lock:
            if version > self.version:
                await self._refresh()
            refusal = self._check_turn(actor, version, seat)
            if refusal is not None:
                return refusal
            mover = self.game.state.current_player
            before = self.game.state.copy()
            first = len(self.game.events)
            try:
                self.game.play(move, seat=mover)
            except KashiError as error:
                return error.message.to_json()
            except Exception:
                log.exception("move crashed the engine", extra={"game": self.id, "move": move})
                await self._reload()
                return reason("server.bad_move", move=move)
            added = self.game.events[first:]
            visibility = annotate(before, added)
            rows = [
                store.event_row(self.id, first + offset + 1, item.seat, item.text, seen.hidden_from, seen.redacted)
                for offset, (item, seen) in enumerate(zip(added, visibility, strict=True))
            ]
            now = time.time()
            values: dict[str, Any] = {"turn_started_at": now}
            outcome = self.game.outcome()
            if outcome is not None:
                values.update(status="finished", result=outcome.result_text(), finished_at=now)
            seats: dict[int, dict[str, Any]] = {}
            if not actor.is_bot and self.clock.kind == "fischer":
                bank = self.clock.bank_after_move(self.seats[mover].clock_ms, now - self.turn_started())
                seats[mover] = {"clock_ms": bank}
            try:
                await self.hub.log.commit(self.id, version, values, rows, seats)
            except store.Conflict:
                await self._reload()
                return reason("server.stale", current=self.version, sent=version)
            self._remember(version, added, visibility, values, seats)
            self._last_stamp = rows[-1]["created_at"]
            if outcome is not None:
                self._spawn(ratings.settle(self.hub.sessions, self.id))
            log.debug("move", extra={"game": self.id, "seat": mover, "move": move, "version": self.version})
            self._after_change()
            return None

    def _remember(
        self,
        version: int,
        added: list[Event],
        visibility: list[Visibility],
        values: dict[str, Any],
        seats: dict[int, dict[str, Any]],
    ) -> None:
        """Mirror a committed append in the cache, sparing a rebuild from the log."""
        self.version = self.row.version = version + 1
        self.visibility.extend(visibility)
        self.score_marks.extend([len(self.game.score_log)] * len(added))
        for name, value in values.items():
            setattr(self.row, name, value)
        self.status = self.row.status
        for seat, changes in seats.items():
            self.seats[seat] = replace(self.seats[seat], **changes)

    def _check_turn(self, actor: Actor, version: int, seat: int | None) -> Refusal | None:
        if self.status == "waiting":
            return reason("server.not_started")
        if self.status != "active":
            return reason("server.finished")
        if version != self.version:
            return reason("server.stale", current=self.version, sent=version)
        mover = self.game.state.current_player
        if actor.is_bot:
            return (
                None
                if mover >= 0 and self.bot_controls(mover)
                else reason("server.stale", current=version, sent=version)
            )
        assert actor.connection is not None
        owned = self.owned(actor.connection)
        wanted = mover if seat is None else seat
        if wanted not in owned:
            return reason("server.not_your_seat", seat=wanted) if seat is not None else reason("server.no_seat")
        if self.seats[wanted].standin:
            return reason("server.seat_standin", seat=wanted)
        if wanted != mover:
            return Message("core.out_of_turn", {"seat": wanted, "to_move": mover}).to_json()
        return None

    async def preview(self, connection: Connection, move: str) -> dict[str, Any]:
        """The score changes ``move`` would make, played on a copy of the mover's own view (so
        it tells nothing the seat does not know); ``{"reason"}`` when it is not a legal move
        of a seat the connection holds. Nothing is stored or sent to anyone else."""
        async with self.lock:  # the cache as of the last change: a preview reads no database
            mover = self.game.state.current_player
            if self.status != "active" or mover not in self.owned(connection):
                return {"reason": reason("server.no_seat")}
            view = self.game.state.view(mover)
            try:
                view.play(view.parse_move(move))
            except KashiError as error:
                return {"reason": error.message.to_json()}
            changes = [change.to_json() for change in view.score_changes]
            return {"move": move, "version": self.version, "score_changes": changes}

    # -- hints ---------------------------------------------------------------------------
    async def hint(self, connection: Connection) -> dict[str, Any]:
        """A suggested move for the connection's seat to move with its reasons, thought by a bot
        worker on that seat's view; ``{"reason"}`` where hints are not allowed or it is not the
        seat's turn. A position's hint is kept, so asking again costs nothing."""
        async with self.lock:
            mover = self.game.state.current_player
            if self.status != "active" or not self.hints_allowed(connection):
                return {"reason": reason("server.hint_not_allowed")}
            if mover not in self.owned(connection) or self.seats[mover].standin:
                return {"reason": reason("server.hint_not_your_turn")}
            version = self.version
            if self._hint is None or self._hint[0] != version:
                record = self.game.record().to_text()
                job = BotJob(self.id, record, mover, level="expert", seed=0, seconds=None, task="hint")
                self._hint = (version, asyncio.ensure_future(self.hub.bots.choose(job)))
            thought = self._hint
        try:
            answer = json.loads(await asyncio.shield(thought[1]))
        except Exception:  # the worker failed: say so, and think afresh on the next request
            log.exception("no hint", extra={"game": self.id, "version": version})
            if self._hint is thought:
                self._hint = None
            return {"reason": reason("server.hint_unavailable")}
        return {**answer, "version": version}

    # -- takebacks -----------------------------------------------------------------------
    async def takeback(self, connection: Connection, version: int) -> Refusal | None:
        """Undo the requester's last move and the bot moves after it, if nothing hidden or
        random came in between and every other seat is a bot or held by the requester."""
        async with self.lock:
            await self._refresh()
            refusal = self._check_takeback(connection, version)
            if isinstance(refusal, dict):
                return refusal
            keep = refusal
            removed = "\n".join(item.line() for item in self.game.events[keep:])
            assert connection.user_id is not None, "only a seat's holder may take back"
            record = {
                "game_id": self.id,
                "from_number": keep + 1,
                "lines": removed,
                "user_id": connection.user_id,
                "created_at": time.time(),
            }
            values = {"turn_started_at": time.time()}
            try:
                await self.hub.log.commit(self.id, version, values, remove_from=keep + 1, takeback=record)
            except store.Conflict:
                await self._reload()
                return reason("server.stale", current=self.version, sent=version)
            await self._reload()
            log.info("takeback", extra={"game": self.id, "from": keep + 1, "version": self.version})
            self._after_change()
            return None

    def _check_takeback(self, connection: Connection, version: int) -> Refusal | int:
        """A refusal, or how many events stay."""
        if self.status != "active":
            return reason("server.finished" if self.status == "finished" else "server.not_started")
        if version != self.version:
            return reason("server.stale", current=self.version, sent=version)
        owned = self.owned(connection)
        if not owned:
            return reason("server.no_seat")
        if any(seat.kind != "bot" and seat.seat not in owned for seat in self.seats):
            return reason("server.takeback_not_alone")
        if ratings.is_rated(self.row, self.seats):
            return reason("server.takeback_rated")  # else a rating could be bought with retries
        for index in range(len(self.game.events) - 1, -1, -1):
            item = self.game.events[index]
            if item.seat is None or self.visibility[index].hidden_from:
                return reason("server.takeback_hidden")
            if item.seat in owned:
                return index
        return reason("server.takeback_nothing")

    # -- bots, clocks and absence --------------------------------------------------------
    def schedule(self) -> None:
        """Start what the game waits for: the bot's move, the clock, absence timers (owner only)."""
        if self.status != "active" or not self.owner:
            self._cancel_clock()
            return
        seat = self.game.state.current_player
        if seat < 0:
            return
        if self.bot_controls(seat):
            self._cancel_clock()
            if self._bot_version != self.version:
                self._bot_version = self.version
                self._spawn(self._bot_turn(seat, self.version))
            return
        allowance = self.clock.allowance(self.seats[seat].clock_ms)
        if allowance is not None and self._clock_version != self.version:
            self._cancel_clock()
            self._clock_version = self.version
            delay = self.turn_started() + allowance - time.time()
            self._clock_task = self._spawn(self._expire(seat, self.version, delay))
        for info in self.seats:
            if info.kind == "person" and not info.standin and not self.is_present(info.seat):
                self._start_grace(info.seat)

    async def _bot_turn(self, seat: int, version: int) -> None:
        info = self.seats[seat]
        level = info.bot_level if info.kind == "bot" and info.bot_level else self.row.absent_bot
        job = BotJob(
            game=self.id,
            record=self.game.record().to_text(),
            seat=seat,
            level=level,
            seed=bot_seed(self.row.seed, version),
            seconds=self.hub.settings.bot_seconds,
        )
        try:
            move = await self.hub.bots.choose(job)
        except Exception:  # no worker could answer (Redis gone, the pool broken): try again soon
            log.exception("no bot move; trying again", extra={"game": self.id, "seat": seat})
            await asyncio.sleep(1)
            async with self.lock:
                if self._bot_version == version:
                    self._bot_version = -1
                    self.schedule()
            return
        refusal = await self.submit(BOT, move, version)
        if refusal is not None and refusal["key"] != "server.stale":
            log.warning("bot move refused", extra={"game": self.id, "seat": seat, "reason": refusal["text"]})

    async def _expire(self, seat: int, version: int, delay: float) -> None:
        await asyncio.sleep(max(0.0, delay))
        async with self.lock:
            await self._refresh()
            if self.version != version or self.status != "active" or self.bot_controls(seat):
                return
            log.info("time out: a bot takes the seat", extra={"game": self.id, "seat": seat})
            await self._set_standin([seat], True)
            self._after_change()

    def _start_grace(self, seat: int) -> None:
        if not self.owner or self.status != "active" or seat in self._grace or self.seats[seat].standin:
            return
        self._grace[seat] = self._spawn(self._absent(seat))

    def _cancel_grace(self, seat: int) -> None:
        task = self._grace.pop(seat, None)
        if task is not None:
            task.cancel()

    async def _absent(self, seat: int) -> None:
        await asyncio.sleep(self.hub.settings.grace_seconds)
        async with self.lock:
            self._grace.pop(seat, None)
            await self._refresh()
            await self._read_presence()
            info = self.seats[seat]
            if self.status != "active" or info.standin or info.kind != "person" or self.is_present(seat):
                return
            log.info("absent: a bot takes the seat", extra={"game": self.id, "seat": seat})
            await self._set_standin([seat], True)
            self._after_change()

    async def _set_standin(self, seats: list[int], standin: bool) -> bool:
        """Hand seats to a bot, or back to their player (with a fresh turn if it is theirs);
        False, having changed nothing, if another change was stored first."""
        values: dict[str, Any] = {}
        if not standin and self.game.state.current_player in seats:
            values["turn_started_at"] = time.time()
        changes = {
            seat: {"standin": standin, "clock_ms": self.clock.bank_on_return(self.seats[seat].clock_ms)}
            if not standin
            else {"standin": True}
            for seat in seats
        }
        try:
            await self.hub.log.commit(self.id, self.version, values, seats=changes)
            landed = True
        except store.Conflict:
            landed = False
        await self._reload()
        return landed

    def _cancel_clock(self) -> None:
        if self._clock_task is not None:
            self._clock_task.cancel()
            self._clock_task = None
            self._clock_version = -1

    @property
    def idle(self) -> bool:
        """No task of the room is running (nothing would be cut short by closing it)."""
        return not self._tasks

    def _spawn(self, work: Coroutine[Any, Any, None]) -> asyncio.Task[None]:
        task = asyncio.create_task(_logged(work, self.id))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return task

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()
        for task in list(self._tasks):
            with contextlib.suppress(BaseException):
                await task


async def _logged(work: Awaitable[None], game_id: str) -> None:
    try:
        await work
    except asyncio.CancelledError:
        raise
    except Exception:
        log.exception("background task failed", extra={"game": game_id})
