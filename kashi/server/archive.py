"""Finished games: the record (text and JSON) and step-by-step replay data.

Only finished games are served whole: while a game runs its log holds hidden draws.
"""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import PlainTextResponse

from kashi.core.errors import KashiError
from kashi.core.game import Game
from kashi.core.record import Record
from kashi.core.state import parts_of_text
from kashi.server import ratings, store
from kashi.server.accounts import hub_of
from kashi.server.finite_json import FiniteJsonRoute
from kashi.server.messages import reason
from kashi.server.schemas import RecordUpload

router = APIRouter(prefix="/api", tags=["records"], route_class=FiniteJsonRoute)


async def finished_record(request: Request, game_id: str) -> Record:
    snapshot = await store.load(hub_of(request).sessions, game_id)
    if snapshot is None:
        raise HTTPException(404, reason("server.no_game", game=game_id))
    if snapshot.row.status != "finished":
        raise HTTPException(409, reason("server.bad_message", detail="the record is available once the game is over"))
    return record_of(snapshot)


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
async def replay(game_id: str, request: Request) -> dict[str, Any]:
    """Every position of the game after each event, with the score changes it caused."""
    return replay_steps(await finished_record(request, game_id))


@router.post("/replay")
async def replay_upload(body: RecordUpload) -> dict[str, Any]:
    """The same steps for a record file a person brings (a game played elsewhere, or saved),
    replayed in a worker thread so a long record never holds up the games."""
    try:
        return await asyncio.to_thread(replay_steps, Record.from_text(body.record))
    except KashiError as error:
        raise HTTPException(422, error.message.to_json()) from None


def replay_steps(record: Record) -> dict[str, Any]:
    """Replay ``record`` from its headers; a line that does not replay raises ``KashiError``."""
    game = Game.for_record(record)
    steps: list[dict[str, Any]] = [
        {"number": 0, "event": None, "state": game.state.to_json(), "to_move": game.state.current_player,
         "scores": list(game.state.scores()), "score_changes": []}
    ]  # fmt: skip
    low = 0
    for number, item in enumerate(game.replay(record), start=1):
        changes = game.score_log[low:]
        low = len(game.score_log)
        event = item.to_json()
        if item.seat is not None:
            event["parts"] = parts_of_text(game.state, item.text)
        steps.append(
            {
                "number": number,
                "event": event,
                "state": game.state.to_json(),
                "to_move": game.state.current_player,
                "scores": list(game.state.scores()),
                "score_changes": [change.to_json() for change in changes],
            }
        )
    outcome = game.outcome()
    return {
        "variant": game.variant.name,
        "family": game.variant.family.name,
        "players": game.state.num_players,
        "names": list(game.names),
        "components": game.state.components(),
        "record": record.to_json(),
        "steps": steps,
        "outcome": outcome.to_json() if outcome else None,
    }
