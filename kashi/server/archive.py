"""Games that are over: the record (text and JSON) and step-by-step replay data.

Only games that are over (finished or abandoned) are served whole: while a game runs or waits
its log holds hidden draws.

A replay names each position once: the first in full (``state``), every later one as what its
event changed (``patch``, see ``state_patch``), so its size follows the changes, not the number
of events times the size of a position. It is computed and written out in a worker thread, at
most ``REPLAYS_AT_ONCE`` at a time. A record someone uploads is throttled per address, and
refused before it is replayed when it is over ``MAX_UPLOAD_CHARS`` characters, has more than
``KASHI_REPLAY_MAX_EVENTS`` events or sets an engine cap (``max_rounds``) over its default.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from fastapi import APIRouter, Depends, HTTPException, Request, Response
from fastapi.responses import PlainTextResponse

from kashi.core.errors import KashiError
from kashi.core.game import Game
from kashi.core.record import Record
from kashi.core.state import parts_of_text
from kashi.server import ratings, store
from kashi.server.accounts import hub_of
from kashi.server.finite_json import FiniteJsonRoute
from kashi.server.limits import address_of, guards_of, spend_or_refuse
from kashi.server.messages import reason
from kashi.server.schemas import MAX_UPLOAD_CHARS, RecordUpload

UPLOAD_OPTION_CAPS = {"max_rounds": 100}
"""Engine caps an uploaded record may set no higher than this (their defaults): a cap says how
long a game may go on, so ten thousand rounds of floor moves would be a legal record."""

router = APIRouter(prefix="/api", tags=["records"], route_class=FiniteJsonRoute)
OVER = ("finished", "abandoned")
"""The statuses of a game nobody plays on, whose record is therefore shown whole."""


async def finished_snapshot(request: Request, game_id: str) -> store.Snapshot:
    snapshot = await store.load(hub_of(request).sessions, game_id)
    if snapshot is None:
        raise HTTPException(404, reason("server.no_game", game=game_id))
    if snapshot.row.status not in OVER:
        raise HTTPException(409, reason("server.bad_message", detail="the record is available once the game is over"))
    return snapshot


async def finished_record(request: Request, game_id: str) -> Record:
    return record_of(await finished_snapshot(request, game_id))


def record_of(snapshot: store.Snapshot) -> Record:
    """The game's full record (result headers included), replayed from its stored events;
    ``Seeded`` says whether its creator chose the seed (such a game is never rated), ``Rated``
    whether the game counts for ratings."""
    game = Game.from_record(store.record_of(snapshot))
    full = game.record()
    full.headers["Server"] = "kashi"
    full.headers["GameId"] = snapshot.row.id
    full.headers["Seeded"] = "true" if snapshot.row.seeded else "false"
    full.headers["Rated"] = "true" if ratings.is_rated(snapshot.row, snapshot.seats) else "false"
    return full


@router.get("/games/{game_id}/record.txt", response_class=PlainTextResponse)
async def record_text(game_id: str, request: Request) -> PlainTextResponse:
    record = await finished_record(request, game_id)
    disposition = f'attachment; filename="kashi-{game_id}.txt"'
    return PlainTextResponse(record.to_text(), headers={"Content-Disposition": disposition})


@router.get("/games/{game_id}/record.json")
async def record_json(game_id: str, request: Request) -> dict[str, Any]:
    return (await finished_record(request, game_id)).to_json()


@router.get("/games/{game_id}/replay")
async def replay(game_id: str, request: Request) -> Response:
    """Every position of the game after each event, with the score changes it caused."""
    snapshot = await finished_snapshot(request, game_id)
    async with guards_of(request).replays:
        content = await asyncio.to_thread(lambda: replay_json(record_of(snapshot)))
    return Response(content, media_type="application/json")


def throttle_uploads(request: Request) -> None:
    """At most ``KASHI_REPLAYS_PER_MINUTE`` uploads a minute from one address (checked before
    the body is validated, and before anything is replayed)."""
    spend_or_refuse([(guards_of(request).replay_uploads, address_of(request))], "server.replays_throttled")


@router.post("/replay", dependencies=[Depends(throttle_uploads)])
async def replay_upload(body: RecordUpload, request: Request) -> Response:
    """The same steps for a record file a person brings (a game played elsewhere, or saved),
    checked (its events, its engine caps) and replayed in a worker thread, so a long record never
    holds up the games."""
    if len(body.record) > MAX_UPLOAD_CHARS:
        refusal = reason("server.record_too_large", limit=MAX_UPLOAD_CHARS, chars=len(body.record))
        raise HTTPException(422, refusal)
    limit = hub_of(request).settings.replay_max_events
    async with guards_of(request).replays:
        try:
            content = await asyncio.to_thread(upload_json, body.record, limit)
        except KashiError as error:
            raise HTTPException(422, error.message.to_json()) from None
    return Response(content, media_type="application/json")


def upload_json(text: str, max_events: int) -> bytes:
    """The replay of an uploaded record as JSON, once its size and headers pass (in a worker
    thread): 422 for more than ``max_events`` events or an engine cap set too high."""
    record = Record.from_text(text)
    if len(record.events) > max_events:
        raise HTTPException(422, reason("server.record_too_long", limit=max_events, events=len(record.events)))
    game = Game.for_record(record)
    for option, cap in UPLOAD_OPTION_CAPS.items():
        value = game.options.get(option)
        if isinstance(value, int) and value > cap:
            raise HTTPException(422, reason("server.record_option_cap", option=option, limit=cap, value=value))
    return replay_json(record)


def replay_json(record: Record) -> bytes:
    """``replay_steps`` written as JSON (as Starlette writes a JSON answer)."""
    steps = replay_steps(record)
    return json.dumps(steps, ensure_ascii=False, allow_nan=False, separators=(",", ":")).encode()


def replay_steps(record: Record) -> dict[str, Any]:
    """Replay ``record`` from its headers; a line that does not replay raises ``KashiError``.

    Step 0 holds the first position in full (``state``); each later step the changes its event
    made to the one before (``patch``, see ``state_patch``)."""
    game = Game.for_record(record, words=True)
    before = game.state.to_json()
    steps: list[dict[str, Any]] = [
        {"number": 0, "event": None, "state": before, "to_move": game.state.current_player,
         "scores": list(game.state.scores()), "score_changes": []}
    ]  # fmt: skip
    low = 0
    for number, item in enumerate(game.replay(record), start=1):
        changes = game.score_log[low:]
        low = len(game.score_log)
        event = {**item.to_json(), "words": game.words_of(number - 1)}
        if item.seat is not None:
            event["parts"] = parts_of_text(game.state, item.text)
        after = game.state.to_json()
        step = {
            "number": number,
            "event": event,
            "patch": state_patch(before, after),
            "to_move": game.state.current_player,
            "scores": list(game.state.scores()),
            "score_changes": [change.to_json() for change in changes],
        }
        so_far = game.state.final_scoring_so_far()  # Azul Duel's objectives, as the table shows them
        if so_far:
            step["final_scoring_so_far"] = [change.to_json() for change in so_far]
        steps.append(step)
        before = after
    outcome = game.outcome()
    return {
        "variant": game.variant.name,
        "family": game.variant.family.name,
        "players": game.state.num_players,
        "names": list(game.names),
        "bots": [bot_level(name) for name in game.names],
        "components": game.state.components(),
        "record": record.to_json(),
        "steps": steps,
        "outcome": outcome.to_json() if outcome else None,
    }


def bot_level(name: str) -> str | None:
    """The level of a seat its record names as a bot (``store.seat_name``'s "Bot (level)", a
    label no person's name may copy), so a replay names the seat as the table did."""
    return name[len("Bot (") : -1] if name.startswith("Bot (") and name.endswith(")") else None


def state_patch(before: Any, after: Any) -> list[list[Any]]:
    """What turns the JSON value ``before`` into ``after``: ``[path, value]`` pairs, each path a
    list of object keys and list indices from the top, its value the new one there. Objects with
    the same keys and lists of the same length are compared item by item; anything else that
    differs is replaced whole."""
    changes: list[list[Any]] = []
    _diff(before, after, [], changes)
    return changes


def _diff(before: Any, after: Any, path: list[Any], changes: list[list[Any]]) -> None:
    if type(before) is type(after):
        if isinstance(after, dict):
            if before.keys() == after.keys():
                for key, value in after.items():
                    _diff(before[key], value, [*path, key], changes)
                return
        elif isinstance(after, list):
            if len(before) == len(after):
                for index, value in enumerate(after):
                    _diff(before[index], value, [*path, index], changes)
                return
        elif before == after:
            return
    changes.append([path, after])


def apply_patch(state: Any, patch: list[list[Any]]) -> Any:
    """``state`` with ``patch`` applied (``state`` is left as it was; what the patch does not
    reach is shared with it)."""
    for path, value in patch:
        state = _set_in(state, path, value)
    return state


def _set_in(node: Any, path: list[Any], value: Any) -> Any:
    if not path:
        return value
    copied = node.copy()
    copied[path[0]] = _set_in(node[path[0]], path[1:], value)
    return copied
