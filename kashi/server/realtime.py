"""The WebSocket of a game: hello (resync), moves, takebacks; every refusal says why, and
every message names the game's version.

A socket is admitted under the caps per address and per process, must say hello within
``hello_seconds``, and is paced: past its burst its messages wait their turn, and only a
socket kept waiting for ``rate_patience_seconds`` on end is closed.
"""

from __future__ import annotations

import asyncio
import json

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from pydantic import ValidationError

from kashi.server import finite_json
from kashi.server.connection import Connection
from kashi.server.hub import Hub
from kashi.server.identity import COOKIE
from kashi.server.limits import Pacer, address_of, guards_of
from kashi.server.messages import reason
from kashi.server.protocol import (
    AnyRequest,
    Hello,
    HintRequest,
    MoveRequest,
    Ping,
    PreviewRequest,
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
    return Pacer(settings.rate_per_second, settings.rate_burst, settings.rate_patience_seconds)


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


async def _serve(room: Room, connection: Connection, settings: Settings) -> None:
    loop = asyncio.get_running_loop()
    hello_by = loop.time() + settings.hello_seconds
    hello_seen = False
    while True:
        try:
            async with asyncio.timeout(None if hello_seen else hello_by - loop.time()):
                frame = await connection.websocket.receive()
        except TimeoutError:
            _error(room, connection, reason("server.hello_timeout", seconds=settings.hello_seconds))
            await connection.close(POLICY_VIOLATION, "no hello in time")
            return
        if frame["type"] == "websocket.disconnect":
            return
        text = frame.get("text")
        size = len(text.encode()) if text is not None else len(frame.get("bytes") or b"")
        if size > settings.max_message_bytes:
            _error(room, connection, reason("server.too_large", limit=settings.max_message_bytes))
            await connection.close(TOO_BIG, "message too large")
            return
        delay = connection.pacer.delay()
        if delay is None:
            rate = reason("server.rate_limited", burst=settings.rate_burst, rate=settings.rate_per_second)
            _error(room, connection, rate)
            await connection.close(POLICY_VIOLATION, "too many messages")
            return
        await asyncio.sleep(delay)
        message = _parse(room, connection, text or "")
        if message is None:
            continue
        if isinstance(message, Ping):
            connection.send({"type": "pong", "version": room.version})
        elif isinstance(message, Hello):
            await room.attach(connection, message.last_event)
            hello_seen = True
        elif not hello_seen:
            _error(room, connection, reason("server.hello_first"))
        elif isinstance(message, MoveRequest):
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
