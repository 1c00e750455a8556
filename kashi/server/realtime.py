"""The WebSocket of a game: hello (resync), moves, takebacks; every refusal says why."""

from __future__ import annotations

import json

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from pydantic import ValidationError

from kashi.server.connection import Connection
from kashi.server.hub import Hub
from kashi.server.identity import COOKIE
from kashi.server.messages import reason
from kashi.server.protocol import Hello, MoveRequest, Ping, PreviewRequest, TakebackRequest, client_messages
from kashi.server.rooms import Actor, Room
from kashi.server.security import TokenBucket, origin_allowed

router = APIRouter()

POLICY_VIOLATION = 1008
TOO_BIG = 1009


@router.websocket("/ws/games/{game_id}")
async def game_socket(websocket: WebSocket, game_id: str) -> None:
    hub: Hub = websocket.app.state.hub
    settings = hub.settings
    if not origin_allowed(websocket, settings.allowed_origins):
        await websocket.close(code=POLICY_VIOLATION, reason="origin not allowed")
        return
    await websocket.accept()
    user_id = hub.identity.user_id_from_cookie(websocket.cookies.get(COOKIE))
    connection = Connection(websocket, user_id, TokenBucket(settings.rate_per_second, settings.rate_burst))
    room = await hub.room(game_id) if len(game_id) <= 32 else None
    if room is None:
        connection.send({"type": "error", "reason": reason("server.no_game", game=game_id[:32])})
        await connection.close(4404)
        return
    try:
        await _serve(room, connection, settings.max_message_bytes)
    except WebSocketDisconnect:
        pass
    finally:
        await room.detach(connection)
        connection.stop()


async def _serve(room: Room, connection: Connection, limit: int) -> None:
    settings = room.hub.settings
    hello_seen = False
    while True:
        frame = await connection.websocket.receive()
        if frame["type"] == "websocket.disconnect":
            return
        text = frame.get("text")
        size = len(text.encode()) if text is not None else len(frame.get("bytes") or b"")
        if size > limit:
            connection.send({"type": "error", "reason": reason("server.too_large", limit=limit)})
            await connection.close(TOO_BIG)
            return
        if not connection.limiter.allow():
            rate = reason("server.rate_limited", burst=settings.rate_burst, rate=settings.rate_per_second)
            connection.send({"type": "error", "reason": rate})
            await connection.close(POLICY_VIOLATION)
            return
        try:
            message = client_messages.validate_json(text if text is not None else b"")
        except ValidationError as error:
            connection.send({"type": "error", "reason": reason("server.bad_message", detail=_describe(error))})
            continue
        if isinstance(message, Ping):
            connection.send({"type": "pong"})
        elif isinstance(message, Hello):
            refusal = await room.attach(connection, message.last_event, message.token)
            hello_seen = hello_seen or refusal is None
            if refusal is not None:
                connection.send({"type": "rejected", "request": "hello", "reason": refusal})
        elif not hello_seen:
            connection.send({"type": "error", "reason": reason("server.hello_first")})
        elif isinstance(message, MoveRequest):
            refusal = await room.submit(Actor(connection), message.move, message.version, message.seat)
            if refusal is not None:
                _refuse(room, connection, "move", refusal)
        elif isinstance(message, PreviewRequest):
            answer = await room.preview(connection, message.move)
            if "reason" in answer:
                _refuse(room, connection, "preview", answer["reason"])
            else:
                connection.send({"type": "preview", **answer})
        elif isinstance(message, TakebackRequest):
            refusal = await room.takeback(connection, message.version)
            if refusal is not None:
                _refuse(room, connection, "takeback", refusal)


def _refuse(room: Room, connection: Connection, request: str, refusal: dict[str, object]) -> None:
    connection.send({"type": "rejected", "request": request, "reason": refusal, "version": room.version})


def _describe(error: ValidationError) -> str:
    problems = error.errors(include_url=False, include_input=False, include_context=False)
    return json.dumps([{"at": list(problem["loc"]), "problem": problem["msg"]} for problem in problems[:5]])
