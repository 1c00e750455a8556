"""Taking and giving up seats: invite links, open seats of public games, new links for lost ones,
the answers to a rematch offer, and a game its creator calls off before it starts.

An invite token is single-use: claiming it binds the seat to the claimer's identity and voids
the token, so the creator, who handed the link over, can never act for the seat (the claimer
plays through their own cookie; a used link only takes its claimer back to the table). The
creator may replace the link of a seat nobody has claimed, which voids the old one.

Nobody is seated without taking the seat themselves: a rematch holds the other players' seats
for them (``offered_to``) until each accepts; a decline, or the offer's end, abandons the game.
A rated game stays rated only if everyone who joins it says they choose rated play.
"""

from __future__ import annotations

import time
from typing import Annotated, Any, cast

from fastapi import APIRouter, HTTPException, Path, Request
from sqlalchemy import ColumnElement, CursorResult, func, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from kashi.server import store
from kashi.server.accounts import CallerId, CurrentUser, hub_of
from kashi.server.finite_json import FiniteJsonRoute
from kashi.server.hub import Hub
from kashi.server.identity import token_hash
from kashi.server.messages import reason
from kashi.server.models import GameRow, SeatRow
from kashi.server.schemas import Accept, Empty, JoinByToken, JoinOpenSeat

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
    async with hub.sessions() as session:
        holder = await session.scalar(select(SeatRow.user_id).where(SeatRow.game_id == game_id, SeatRow.seat == seat))
    if holder == user.id:  # a used link takes its claimer back to the table
        return {"game": game_id, "seat": seat}
    claim = SeatRow.seat == seat, SeatRow.token_hash == token_hash(body.token)
    await _take_seats(hub, game_id, user.id, claim, body.rated, HTTPException(409, reason("server.invite_void")))
    return {"game": game_id, "seat": seat}


@router.post("/games/{game_id}/join")
async def join_open_seat(game_id: str, body: JoinOpenSeat, user: CurrentUser, request: Request) -> dict[str, Any]:
    """Take an open seat of a public game without an invite (never one held for a rematch)."""
    hub = hub_of(request)
    async with hub.sessions() as session:
        row = await session.get(GameRow, game_id)
        holder = await session.scalar(
            select(SeatRow.user_id).where(SeatRow.game_id == game_id, SeatRow.seat == body.seat)
        )
    if row is None or not row.public:
        raise HTTPException(404, reason("server.no_game", game=game_id))
    if holder == user.id:
        return {"game": game_id, "seat": body.seat}
    claim = SeatRow.seat == body.seat, SeatRow.offered_to.is_(None)
    refusal = HTTPException(409, reason("server.bad_message", detail=f"seat {body.seat} is not open"))
    await _take_seats(hub, game_id, user.id, claim, body.rated, refusal)
    return {"game": game_id, "seat": body.seat}


@router.post("/games/{game_id}/accept")
async def accept(game_id: str, body: Accept, user_id: CallerId, request: Request) -> dict[str, Any]:
    """Take the seats a rematch offer holds for you; the game starts once no seat waits."""
    return await accept_offer(hub_of(request), game_id, user_id, body.rated)


async def accept_offer(hub: Hub, game_id: str, user_id: str, rated: bool | None) -> dict[str, Any]:
    async with hub.sessions() as session:
        offered = (
            await session.execute(select(SeatRow.seat).where(SeatRow.game_id == game_id, SeatRow.offered_to == user_id))
        ).scalars()
        seats = sorted(offered.all())
    if not seats:
        await _refuse_offer(hub, game_id)
        raise HTTPException(403, reason("server.not_offered"))
    claim = (SeatRow.offered_to == user_id,)
    await _take_seats(hub, game_id, user_id, claim, rated, HTTPException(403, reason("server.not_offered")))
    return {"game": game_id, "seats": seats}


@router.post("/games/{game_id}/decline")
async def decline(game_id: str, _body: Empty, user_id: CallerId, request: Request) -> dict[str, Any]:
    """Turn down a rematch offered to you, or withdraw one you are seated in: the game is
    abandoned, and nobody who had not accepted is seated."""
    hub = hub_of(request)
    async with hub.sessions() as session, session.begin():
        await bump_waiting(session, game_id)
        row = await session.get(GameRow, game_id)
        assert row is not None
        if row.expires_at is None:
            raise HTTPException(409, reason("server.bad_message", detail="the game is no rematch offer"))
        seats = (await session.execute(select(SeatRow).where(SeatRow.game_id == game_id))).scalars().all()
        if user_id not in {seat.offered_to for seat in seats} | {seat.user_id for seat in seats}:
            raise HTTPException(403, reason("server.not_offered"))
        offered = user_id in {seat.offered_to for seat in seats}
        why = "expired" if row.expires_at < time.time() else "declined" if offered else "withdrawn"
        await store.end_offer(session, game_id, why)
    await _offer_ended(hub, game_id, row.rematch_of)
    return {"game": game_id, "status": "abandoned", "result": why}


@router.post("/games/{game_id}/cancel")
async def cancel(game_id: str, _body: Empty, user_id: CallerId, request: Request) -> dict[str, Any]:
    """Call off a game you created while it waits for players: it is abandoned (result
    ``cancelled``), its links stop working and it no longer counts among your live games. A
    rematch offer called off by its offerer is withdrawn."""
    hub = hub_of(request)
    async with hub.sessions() as session, session.begin():
        row = await _created_by(session, game_id, user_id, "call it off")
        why = "cancelled" if row.rematch_of is None else "withdrawn"
        if not await store.abandon_waiting(session, game_id, why):
            raise HTTPException(409, reason("server.bad_message", detail="the game is not waiting for players"))
    await _offer_ended(hub, game_id, row.rematch_of)
    return {"game": game_id, "status": "abandoned", "result": why}


async def _created_by(session: AsyncSession, game_id: str, user_id: str, action: str) -> GameRow:
    """The game's row: 404 if there is none, 403 unless ``user_id`` created it."""
    row = await session.get(GameRow, game_id)
    if row is None:
        raise HTTPException(404, reason("server.no_game", game=game_id))
    if row.creator_id != user_id:
        raise HTTPException(403, reason("server.bad_message", detail=f"only the game's creator may {action}"))
    return row


async def expire_if_due(hub: Hub, game_id: str) -> bool:
    """Abandon the game's rematch offer if its time has run out (and tell its tables)."""
    if not await store.expire_offer(hub.sessions, game_id):
        return False
    async with hub.sessions() as session:
        rematch_of = await session.scalar(select(GameRow.rematch_of).where(GameRow.id == game_id))
    await _offer_ended(hub, game_id, rematch_of)
    return True


async def _offer_ended(hub: Hub, game_id: str, rematch_of: str | None) -> None:
    """Tell the offer's table, and the finished game's (its version moves on, so its players'
    tables show the offer as over)."""
    await hub.changed(game_id)
    if rematch_of is None:
        return
    async with hub.sessions() as session, session.begin():
        await session.execute(update(GameRow).where(GameRow.id == rematch_of).values(version=GameRow.version + 1))
    await hub.changed(rematch_of)


async def _refuse_offer(hub: Hub, game_id: str) -> None:
    """409 if the game is an offer that is over (the reason), after ending it if it ran out."""
    await expire_if_due(hub, game_id)
    async with hub.sessions() as session:
        row = await session.get(GameRow, game_id)
    if row is None:
        raise HTTPException(404, reason("server.no_game", game=game_id))
    if row.rematch_of is not None and row.status == "abandoned":
        raise HTTPException(409, reason("server.offer_over", why=row.result or "abandoned"))


async def _take_seats(
    hub: Hub,
    game_id: str,
    user_id: str,
    claim: tuple[ColumnElement[bool], ...],
    rated: bool | None,
    refusal: HTTPException,
) -> None:
    """Bind the open person seats matching ``claim`` to the user; the game starts when no
    person seat is left open. A join that does not choose rated play makes the game casual."""
    await _refuse_offer(hub, game_id)
    async with hub.sessions() as session, session.begin():
        await bump_waiting(session, game_id)
        chosen = SeatRow.game_id == game_id, SeatRow.kind == "person", SeatRow.user_id.is_(None), *claim
        taken = update(SeatRow).where(*chosen).values(user_id=user_id, token_hash=None, offered_to=None)
        if cast(CursorResult[Any], await session.execute(taken)).rowcount < 1:
            raise refusal
        game: dict[str, Any] = {} if rated else {"rated": False}
        still_open = await session.scalar(
            select(func.count())
            .select_from(SeatRow)
            .where(SeatRow.game_id == game_id, SeatRow.kind == "person", SeatRow.user_id.is_(None))
        )
        if not still_open:
            game.update(status="active", turn_started_at=time.time(), expires_at=None)
        if game:
            await session.execute(update(GameRow).where(GameRow.id == game_id).values(**game))
    await hub.changed(game_id)


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
                update(SeatRow)
                .where(SeatRow.game_id == game_id, SeatRow.user_id == user_id)
                .values(user_id=None, connected=False)
            ),
        )
        if result.rowcount == 0:
            raise HTTPException(409, reason("server.bad_message", detail="you hold no seat in this game"))
        withdrawn = await store.end_offer(session, game_id, "withdrawn")  # an offer goes with its seat
        rematch_of = await session.scalar(select(GameRow.rematch_of).where(GameRow.id == game_id))
    if withdrawn:
        await _offer_ended(hub, game_id, rematch_of)
        return {"game": game_id, "left": result.rowcount}
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
        await _created_by(session, game_id, user_id, "issue its links")
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
                    SeatRow.offered_to.is_(None),
                )
                .values(token_hash=digest)
            ),
        )
        if result.rowcount != 1:
            raise HTTPException(409, reason("server.bad_message", detail=f"seat {seat} is not open to a person"))
    await hub.changed(game_id)
    return invite
