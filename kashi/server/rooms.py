"""A live game in one process: its connections, and the pieces that play it, tied together.

Every change goes through one guarded transaction of the log; the in-memory game is only a cache
of the log (``room_cache``), caught up with it whenever the stored version differs. Under the
room's lock, each piece changes the game and then has the room announce it: every connection is
told, the other instances too, and what the game now waits for is started (``schedule``).
"""

from __future__ import annotations

import asyncio
import functools
import time
from typing import Any

from kashi.server import store
from kashi.server.connection import Connection
from kashi.server.room_bots import BotTurns
from kashi.server.room_cache import GameCache
from kashi.server.room_chat import PRESETS, Chat
from kashi.server.room_clock import TurnClock
from kashi.server.room_departures import Departures, absences
from kashi.server.room_guard import Guard
from kashi.server.room_moves import BOT, Moves
from kashi.server.room_offers import OfferTimer
from kashi.server.room_presence import Presence
from kashi.server.room_requests import Requests
from kashi.server.room_services import RoomServices
from kashi.server.room_standins import StandIns
from kashi.server.room_takebacks import TakebackAsks
from kashi.server.room_tasks import Tasks
from kashi.server.room_view import state_message


class Room:
    def __init__(self, services: RoomServices, snapshot: store.Snapshot) -> None:
        self.fanout = services.fanout
        self.id = snapshot.row.id
        self.lock = asyncio.Lock()
        self.connections: set[Connection] = set()
        self.visitors = 0
        """Sockets open on the room, with or without their hello: while any is, the hub keeps
        the room (a socket must never say hello to a room the hub has let go of)."""
        self.owner = False
        """This instance holds the game's lease: it runs the bots, clocks and absence timers."""
        self.tasks = Tasks(self.id)
        self.cache = GameCache(services.sessions, snapshot)
        self.presence = Presence(self.id, snapshot.row.players, services.cluster, services.fanout)
        guard = Guard(self.lock, self._refresh, self._announce)
        settings = services.settings
        self.standins = StandIns(self.cache, self.presence, services.log, guard, self.tasks, settings.grace_seconds)
        self.turn_clock = TurnClock(self.cache, self.standins, guard, self.tasks)
        self.moves = Moves(self.cache, self.turn_clock, services.log, services.sessions, guard, self.tasks)
        self.requests = Requests(self.cache, services.bots, services.log, guard, settings.hints_per_player)
        self.offer = OfferTimer(self.cache, guard, self.tasks)
        self.chat = Chat(self.cache, services.sessions)
        self.asks = TakebackAsks(self.cache, services.log, guard)
        self.grace_seconds = settings.grace_seconds
        self.departures = Departures(
            self.cache,
            self.presence,
            self.standins,
            services.log,
            guard,
            self.tasks,
            settings.grace_seconds,
            settings.long_absence_seconds,
        )
        submit = functools.partial(self.moves.submit, BOT)
        self.bot_turns = BotTurns(
            self.cache, services.bots, settings.bot_seconds, self.lock, self.tasks, submit, self.schedule
        )
        self.told = self.version
        """The version last sent to all the room's connections (the hub's safety net compares the
        stored version with it: a change read for one client, or silently, still reaches all)."""

    @property
    def version(self) -> int:
        return self.cache.version

    @property
    def status(self) -> str:
        return self.cache.status

    async def _refresh(self) -> None:
        if await self.cache.refresh():
            for connection in self.connections:
                connection.seen = None  # what they hold may have been taken back: all again

    async def sync(self, presence: bool = True) -> None:
        """Catch up with the log and, unless only the log is said to have changed (another
        instance's move or chat line), with presence; then tell everyone, and the players the
        chat lines said elsewhere."""
        async with self.lock:
            await self._refresh()
            if presence:
                await self.presence.read()
            self._announce(publish=False)
        if not presence:
            await self.tell_chat()

    async def set_owner(self, owner: bool) -> None:
        """Take over the game's bots, clocks and timers, or stop running them."""
        async with self.lock:
            self.owner = owner
            if owner:
                await self._refresh()
                await self.presence.read()
                self.schedule()
            else:
                self.turn_clock.cancel()
                self.standins.cancel_all()
                self.bot_turns.forget()

    async def attach(self, connection: Connection, last_event: int | None) -> None:
        """Count the connection's seats present (telling the table at once), and send it the
        game from event ``last_event`` on."""
        async with self.lock:
            await self._refresh()
            self.connections.add(connection)
            owned = self.cache.owned(connection.user_id)
            if connection.user_id is not None and not all(self.cache.seats[seat].connected for seat in owned):
                await store.mark_connected(self.cache.sessions, self.id, connection.user_id)
                self.cache.mark_connected(owned)
            arriving = owned - connection.counted
            self.presence.arrive(arriving)
            for seat in arriving:
                self.standins.cancel_grace(seat)
            if arriving:
                self.tasks.spawn(self.presence.share(self.version))
            connection.counted |= owned
            connection.seen = last_event
            self.offer.start()
            if owned:  # the chat first: a client that said hello waits for the state
                lines = await self.chat.lines_after(0)
                reset = {"type": "chat", "reset": True, "lines": lines, "presets": PRESETS, "version": self.version}
                connection.send(reset)  # the lines told so far stay as they are: a line said meanwhile
                # is in this reset and is still told to the others (a line twice is one line)
            connection.send(self._message_for(connection))
            if arriving:
                self._tell_presence(but=connection)

    async def detach(self, connection: Connection) -> None:
        async with self.lock:
            if connection not in self.connections:
                return
            self.connections.discard(connection)
            if not self.connections:
                self.offer.cancel()  # nobody waits at the table: the lobby ends the offer when asked
            self.presence.leave(connection.counted)
            for seat in connection.counted:
                if self.owner and not self.presence.is_present(seat):
                    self.standins.start_grace(seat)
            if connection.counted:
                self.tasks.spawn(self.presence.share(self.version))
                self._tell_presence()

    async def say(self, user_id: str | None, text: str | None, preset: str | None) -> dict[str, Any] | None:
        """A player's chat line: stored, told to the players here and, through a notice, on the
        other instances; a refusal if it may not be said."""
        refusal = await self.chat.say(user_id, text, preset)
        if refusal is None:
            await self.tell_chat()
            self.tasks.spawn(self.fanout.publish(self.id, self.version))
        return refusal

    async def tell_chat(self) -> None:
        """Send the players every chat line this instance has not sent them yet."""
        async with self.lock:
            lines = await self.chat.lines_after(self.chat.told)
            if not lines:
                return
            self.chat.told = lines[-1]["number"]
            message = {"type": "chat", "reset": False, "lines": lines, "version": self.version}
            for connection in list(self.connections):
                if self.cache.owned(connection.user_id):
                    connection.send(message)

    def schedule(self) -> None:
        """Start what the game waits for: the bot's move, the clock, absence timers (owner only)."""
        cache = self.cache
        if cache.status != "waiting":
            self.offer.cancel()
        if cache.status != "active" or not self.owner:
            self.turn_clock.cancel()
            return
        seat = cache.game.state.current_player
        if seat < 0:
            return
        if cache.bot_controls(seat):
            self.turn_clock.cancel()
            self.bot_turns.start(seat)
            return
        self.turn_clock.start(seat)
        for info in cache.seats:
            if info.kind == "person" and not info.standin and not self.presence.is_present(info.seat):
                self.standins.start_grace(info.seat)

    def presence_fields(self) -> dict[str, Any]:
        """Who is at the table, and who is away since when (the others' countdown)."""
        now = time.time()
        absent = absences(self.cache, self.presence, self.grace_seconds, now)
        return {"present": self.presence.seats(), "absence": absent, "now": now}

    def _tell_presence(self, but: Connection | None = None) -> None:
        """Presence changed on this instance: every connection (``but`` one just sent the whole
        state) is told now, not at the next move."""
        message = {"type": "presence", "version": self.version, **self.presence_fields()}
        for connection in list(self.connections):
            if connection is not but:
                connection.send(message)

    def _message_for(self, connection: Connection) -> dict[str, Any]:
        message = state_message(
            self.cache, connection.user_id, connection.seen, self.presence_fields(), self.turn_clock.message()
        )
        connection.seen = message["event_count"]
        return message

    def _announce(self, publish: bool = True) -> None:
        """Tell every connection (and, with ``publish``, the other instances) the game changed."""
        self.told = self.version
        for connection in list(self.connections):
            connection.send(self._message_for(connection))
        if publish:
            self.tasks.spawn(self.fanout.publish(self.id, self.version))
        self.schedule()
