"""Taking and giving up seats: invite links, open seats of public games, new links for lost ones.

An invite token is single-use: claiming it binds the seat to the claimer's identity and voids
the token, so the creator, who handed the link over, can never act for the seat (the claimer
plays through their own cookie; a used link only takes its claimer back to the table). The
creator may replace the link of a seat nobody has claimed, which voids the old one.
"""

from __future__ import annotations

import time
from typing import Annotated, Any, cast

from fastapi import APIRouter, HTTPException, Path, Request
from sqlalchemy import CursorResult, func, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from kashi.server.accounts import CallerId, CurrentUser, hub_of
from kashi.server.finite_json import FiniteJsonRoute
from kashi.server.hub import Hub
from kashi.server.identity import token_hash
from kashi.server.messages import reason
from kashi.server.models import GameRow, SeatRow
from kashi.server.schemas import Empty, JoinByToken, JoinOpenSeat

router = APIRouter(prefix="/api", tags=["lobby"], route_class=FiniteJsonRoute)


def new_invite(hub: Hub, game_id: str, seat: int) -> tuple[dict[str, Any], str]:
    """A fresh invite for a seat, as handed to the creator, and the hash to store."""
    token = hub.identity.new_seat_token(game_id, seat)
    return {"seat": seat, "token": token, "url": f"/join/{token}"}, token_hash(token)


@router.post("/join")
async def join_by_token(body: JoinByToken, user: CurrentUser, request: Request) -> dict[str, Any]:
    """Take the seat an invite link names; the link is void from then on."""
    hub = hub_of(request)
    named = hub.identity.check_seat_token(body.token)
    if named is None:
        raise HTTPException(403, reason("server.bad_token"))
    game_id, seat = named
    return await _take_seat(hub, game_id, seat, user.id, token_hash(body.token))


@router.post("/games/{game_id}/join")
async def join_open_seat(game_id: str, body: JoinOpenSeat, user: CurrentUser, request: Request) -> dict[str, Any]:
    """Take an open seat of a public game without an invite."""
    hub = hub_of(request)
    async with hub.sessions() as session:
        row = await session.get(GameRow, game_id)
    if row is None or not row.public:
        raise HTTPException(404, reason("server.no_game", game=game_id))
    return await _take_seat(hub, game_id, body.seat, user.id, None)


async def _take_seat(hub: Hub, game_id: str, seat: int, user_id: str, digest: str | None) -> dict[str, Any]:
    """Bind an open seat (with its live invite, if ``digest``) to the user; the game starts
    when no person seat is left open. A seat the user already holds is simply theirs."""
    taken = {"game": game_id, "seat": seat}
    async with hub.sessions() as session, session.begin():
        holder = await session.scalar(select(SeatRow.user_id).where(SeatRow.game_id == game_id, SeatRow.seat == seat))
        if holder == user_id:
            return taken
        await bump_waiting(session, game_id)
        claim = update(SeatRow).where(
            SeatRow.game_id == game_id, SeatRow.seat == seat, SeatRow.kind == "person", SeatRow.user_id.is_(None)
        )
        if digest is not None:
            claim = claim.where(SeatRow.token_hash == digest)
        result = cast(CursorResult[Any], await session.execute(claim.values(user_id=user_id, token_hash=None)))
        if result.rowcount != 1:
            if digest is not None:
                raise HTTPException(409, reason("server.invite_void"))
            raise HTTPException(409, reason("server.bad_message", detail=f"seat {seat} is not open"))
        still_open = await session.scalar(
            select(func.count())
            .select_from(SeatRow)
            .where(SeatRow.game_id == game_id, SeatRow.kind == "person", SeatRow.user_id.is_(None))
        )
        if not still_open:
            await session.execute(
                update(GameRow).where(GameRow.id == game_id).values(status="active", turn_started_at=time.time())
            )
    await hub.changed(game_id)
    return taken


async def bump_waiting(session: AsyncSession, game_id: str) -> None:
    """Lock the game row first (writers queue here) and refuse unless it still waits."""
    result = cast(
        CursorResult[Any],
        await session.execute(
            update(GameRow)
            .where(GameRow.id == game_id, GameRow.status == "waiting")
            .values(version=GameRow.version + 1)
        ),
    )
    if result.rowcount != 1:
        raise HTTPException(409, reason("server.bad_message", detail="the game is not waiting for players"))


@router.post("/games/{game_id}/leave")
async def leave(game_id: str, _body: Empty, user_id: CallerId, request: Request) -> dict[str, Any]:
    """Give up your seats before the game starts; the creator may then issue new links."""
    hub = hub_of(request)
    async with hub.sessions() as session, session.begin():
        await bump_waiting(session, game_id)
        result = cast(
            CursorResult[Any],
            await session.execute(
                update(SeatRow).where(SeatRow.game_id == game_id, SeatRow.user_id == user_id).values(user_id=None)
            ),
        )
        if result.rowcount == 0:
            raise HTTPException(409, reason("server.bad_message", detail="you hold no seat in this game"))
    await hub.changed(game_id)
    return {"game": game_id, "left": result.rowcount}


@router.post("/games/{game_id}/seats/{seat}/invite")
async def replace_invite(
    game_id: str, seat: Annotated[int, Path(ge=0, lt=8)], _body: Empty, user_id: CallerId, request: Request
) -> dict[str, Any]:
    """A new invite link for a seat nobody has claimed (a lost link): the old one stops
    working. Only the game's creator may ask, while the game waits for players."""
    hub = hub_of(request)
    async with hub.sessions() as session, session.begin():
        row = await session.get(GameRow, game_id)
        if row is None:
            raise HTTPException(404, reason("server.no_game", game=game_id))
        if row.creator_id != user_id:
            raise HTTPException(403, reason("server.bad_message", detail="only the game's creator may issue its links"))
        await bump_waiting(session, game_id)
        invite, digest = new_invite(hub, game_id, seat)
        result = cast(
            CursorResult[Any],
            await session.execute(
                update(SeatRow)
                .where(
                    SeatRow.game_id == game_id,
                    SeatRow.seat == seat,
                    SeatRow.kind == "person",
                    SeatRow.user_id.is_(None),
                )
                .values(token_hash=digest)
            ),
        )
        if result.rowcount != 1:
            raise HTTPException(409, reason("server.bad_message", detail=f"seat {seat} is not open to a person"))
    await hub.changed(game_id)
    return invite
