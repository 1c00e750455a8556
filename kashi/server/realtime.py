"""The WebSocket of a game: hello (resync), moves, takebacks (and asking the others for one),
resignations, choices for an absent seat and the table's chat; every refusal says why, and
every message names the game's version.

A socket is admitted under the caps per address and per process, must say hello within
``hello_seconds``, and is paced: past its burst its messages wait their turn, however long a
client keeps it up. A reader takes every frame off the socket as it comes (so the socket's
own pings and its close are never held up) into an inbox of at most ``rate_queue`` messages;
one that finds the inbox full is dropped, and the client is told once for each run of dropped
messages. Pace never closes a socket.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections import deque

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from pydantic import ValidationError

from kashi.server import finite_json
from kashi.server.connection import Connection
from kashi.server.hub import Hub
from kashi.server.identity import COOKIE
from kashi.server.limits import Pacer, address_of, guards_of
from kashi.server.messages import reason
from kashi.server.protocol import (
    AbsenceChoice,
    AnyRequest,
    ChatRequest,
    Hello,
    HintRequest,
    MoveRequest,
    Ping,
    PreviewRequest,
    ResignRequest,
    StandInRequest,
    TakebackAnswer,
    TakebackAsk,
    TakebackRequest,
    client_messages,
)
from kashi.server.room_moves import Actor
from kashi.server.rooms import Room
from kashi.server.security import origin_allowed
from kashi.server.settings import Settings

router = APIRouter()

POLICY_VIOLATION = 1008
TOO_BIG = 1009
TRY_AGAIN_LATER = 1013


@router.websocket("/ws/games/{game_id}")
async def game_socket(websocket: WebSocket, game_id: str) -> None:
    hub: Hub = websocket.app.state.hub
    if not origin_allowed(websocket, hub.settings.allowed_origins):
        await websocket.close(code=POLICY_VIOLATION, reason="origin not allowed")
        return
    sockets = guards_of(websocket).sockets
    address = address_of(websocket)
    refusal = sockets.admit(address)
    await websocket.accept()
    connection = Connection(websocket, hub.identity.user_id_from_cookie(websocket.cookies.get(COOKIE)), _pacer(hub))
    if refusal is not None:
        connection.send({"type": "error", "reason": refusal})
        await connection.close(TRY_AGAIN_LATER, "too many connections")
        return
    try:
        await _open(hub, connection, game_id)
    finally:
        sockets.release(address)


def _pacer(hub: Hub) -> Pacer:
    settings = hub.settings
    return Pacer(settings.rate_per_second, settings.rate_burst)


async def _open(hub: Hub, connection: Connection, game_id: str) -> None:
    room = await hub.visit(game_id) if len(game_id) <= 32 else None
    if room is None:
        connection.send({"type": "error", "reason": reason("server.no_game", game=game_id[:32])})
        await connection.close(4404)
        return
    try:
        await _serve(room, connection, hub.settings)
    except WebSocketDisconnect:
        pass
    finally:
        await room.detach(connection)
        hub.leave(room)
        connection.stop()


class Inbox:
    """The messages a socket has sent that wait their turn: at most ``limit`` of them."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._items: deque[str] = deque()
        self._ready = asyncio.Event()
        self._closed = False

    def put(self, text: str) -> bool:
        """Queue a message; False, keeping nothing, when ``limit`` are waiting already."""
        if len(self._items) >= self.limit:
            return False
        self._items.append(text)
        self._ready.set()
        return True

    def close(self) -> None:
        """No more messages will come: ``get`` answers None once the waiting ones are taken."""
        self._closed = True
        self._ready.set()

    async def get(self) -> str | None:
        while not self._items:
            if self._closed:
                return None
            self._ready.clear()
            await self._ready.wait()
        return self._items.popleft()


async def _serve(room: Room, connection: Connection, settings: Settings) -> None:
    inbox = Inbox(settings.rate_queue)
    reader = asyncio.create_task(_read(room, connection, settings, inbox))
    try:
        await _handle(room, connection, settings, inbox)
    finally:
        reader.cancel()
        with contextlib.suppress(asyncio.CancelledError, WebSocketDisconnect):
            await reader


async def _read(room: Room, connection: Connection, settings: Settings, inbox: Inbox) -> None:
    """Take every frame off the socket as it comes: too large closes the socket; past a full
    inbox a message is dropped, with one error for the run."""
    dropping = False
    try:
        while True:
            frame = await connection.websocket.receive()
            if frame["type"] == "websocket.disconnect":
                return
            text = frame.get("text")
            size = len(text.encode()) if text is not None else len(frame.get("bytes") or b"")
            if size > settings.max_message_bytes:
                _error(room, connection, reason("server.too_large", limit=settings.max_message_bytes))
                await connection.close(TOO_BIG, "message too large")
                return
            if inbox.put(text or ""):
                dropping = False
            elif not dropping:
                dropping = True
                dropped = reason("server.rate_dropped", queue=inbox.limit, rate=settings.rate_per_second)
                _error(room, connection, dropped)
    except (WebSocketDisconnect, RuntimeError):  # the socket went away under the read
        return
    finally:
        inbox.close()


async def _handle(room: Room, connection: Connection, settings: Settings, inbox: Inbox) -> None:
    """Answer the inbox's messages in order, each once the socket's pace allows."""
    loop = asyncio.get_running_loop()
    hello_by = loop.time() + settings.hello_seconds
    hello_seen = False
    while True:
        try:
            async with asyncio.timeout(None if hello_seen else hello_by - loop.time()):
                text = await inbox.get()
        except TimeoutError:
            _error(room, connection, reason("server.hello_timeout", seconds=settings.hello_seconds))
            await connection.close(POLICY_VIOLATION, "no hello in time")
            return
        if text is None:
            return
        await asyncio.sleep(connection.pacer.delay())
        message = _parse(room, connection, text)
        if message is None:
            continue
        if isinstance(message, Ping):
            connection.send({"type": "pong", "version": room.version})
        elif isinstance(message, Hello):
            await room.attach(connection, message.last_event)
            hello_seen = True
        elif not hello_seen:
            _error(room, connection, reason("server.hello_first"))
        else:
            await _request(room, connection, message)


async def _request(room: Room, connection: Connection, message: AnyRequest) -> None:
    """A request of a socket that has said hello: a move, a preview, a hint or a takeback."""
    if isinstance(message, MoveRequest):
        refusal = await room.moves.submit(Actor(connection), message.move, message.version, message.seat)
        if refusal is not None:
            _refuse(room, connection, "move", refusal)
    elif isinstance(message, PreviewRequest):
        answer = await room.requests.preview(connection.user_id, message.move)
        if "reason" in answer:
            _refuse(room, connection, "preview", answer["reason"])
        else:
            connection.send({"type": "preview", **answer})
    elif isinstance(message, HintRequest):
        answer = await room.requests.hint(connection.user_id)
        if "reason" in answer:
            _refuse(room, connection, "hint", answer["reason"])
        else:
            connection.send({"type": "hint", **answer})
    elif isinstance(message, TakebackRequest):
        refusal = await room.requests.takeback(connection.user_id, message.version)
        if refusal is not None:
            _refuse(room, connection, "takeback", refusal)
    elif isinstance(message, TakebackAsk):
        refusal = await room.asks.ask(connection.user_id, message.version)
        if refusal is not None:
            _refuse(room, connection, "takeback_ask", refusal)
    elif isinstance(message, TakebackAnswer):
        refusal = await room.asks.answer(connection.user_id, message.accept)
        if refusal is not None:
            _refuse(room, connection, "takeback_answer", refusal)
    elif isinstance(message, ChatRequest):
        refusal = await room.say(connection.user_id, message.text, message.preset)
        if refusal is not None:
            _refuse(room, connection, "chat", refusal)
    else:
        await _departure(room, connection, message)


async def _departure(room: Room, connection: Connection, message: AnyRequest) -> None:
    """A resignation, a seat handed to a computer or taken back, a choice for an absent seat."""
    user_id = connection.user_id
    if isinstance(message, ResignRequest):
        refusal = await room.departures.resign(user_id)
    elif isinstance(message, StandInRequest):
        refusal = await room.departures.hand_over(user_id, message.on)
    elif isinstance(message, AbsenceChoice):
        refusal = await room.departures.decide(user_id, message.seat, message.choice)
    else:
        return
    if refusal is not None:
        _refuse(room, connection, message.type, refusal)


def _parse(room: Room, connection: Connection, text: str) -> AnyRequest | None:
    """The message, or None after telling the client what is wrong with it."""
    try:
        return client_messages.validate_python(finite_json.loads(text))
    except finite_json.NonFiniteNumber as error:
        problem = finite_json.refusal(error)
    except ValidationError as error:  # a ValueError too: caught first
        problem = reason("server.bad_message", detail=_describe(error))
    except (ValueError, RecursionError) as error:
        problem = reason("server.bad_message", detail=f"not JSON: {error}")
    _error(room, connection, problem)
    return None


def _error(room: Room, connection: Connection, problem: dict[str, object]) -> None:
    """Every message of a game carries its version: a client seeing one past its own knows it
    missed a change and says hello again with the last event it has."""
    connection.send({"type": "error", "reason": problem, "version": room.version})


def _refuse(room: Room, connection: Connection, request: str, refusal: dict[str, object]) -> None:
    connection.send({"type": "rejected", "request": request, "reason": refusal, "version": room.version})


def _describe(error: ValidationError) -> str:
    problems = error.errors(include_url=False, include_input=False, include_context=False)
    return json.dumps([{"at": list(problem["loc"]), "problem": problem["msg"]} for problem in problems[:5]])
