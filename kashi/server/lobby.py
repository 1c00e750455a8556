"""Lobby: create games, list open ones, rematch, history (seats are taken in ``seating``).

Each change bumps the game's version in the same transaction, so rooms (in any instance) see
it and catch up from the database.
"""

from __future__ import annotations

import contextlib
import json
import secrets
import time
from typing import Any, cast

from fastapi import APIRouter, HTTPException, Request
from sqlalchemy import CursorResult, func, select, update
from sqlalchemy.ext.asyncio import AsyncSession

from kashi.core.errors import KashiError
from kashi.core.game import Game, new_game
from kashi.core.registry import Option, variant, variants
from kashi.server import ratings, store
from kashi.server.accounts import CallerId, CurrentUser, hub_of
from kashi.server.clocks import Clock
from kashi.server.finite_json import FiniteJsonRoute
from kashi.server.hub import Hub
from kashi.server.lesson_data import has_lessons
from kashi.server.limits import refuse
from kashi.server.messages import reason
from kashi.server.models import EventRow, GameRow, SeatRow, User
from kashi.server.schemas import BotLevel, ClockSpec, CreateGame, Rematch, SeatSpec
from kashi.server.seating import accept_offer, expire_if_due, new_invite
from kashi.server.seeds import seed_for
from kashi.server.visibility import annotate
from kashi.web import has_file, has_table

router = APIRouter(prefix="/api", tags=["lobby"], route_class=FiniteJsonRoute)

LIVE_GAMES_RETRY_SECONDS = 60
"""When a player at the limit of live games may try again (``Retry-After``): a game's length is
not known, so about a short one's."""


def game_json(row: GameRow, seats: list[store.SeatState], event_count: int | None = None) -> dict[str, Any]:
    return {
        "id": row.id,
        "variant": row.variant,
        "family": variant(row.variant).family.name,
        "players": row.players,
        "options": store.options_of(row),
        "status": row.status,
        "public": row.public,
        "seeded": row.seeded,
        "rated": ratings.is_rated(row, seats),
        "clock": Clock.loads(row.clock).to_json(),
        "version": row.version,
        "result": row.result,
        "created_at": row.created_at,
        "finished_at": row.finished_at,
        "expires_at": row.expires_at,
        "rematch_of": row.rematch_of,
        "rematch": row.rematch_id,
        "seats": [seat.to_json() for seat in seats],
        "event_count": event_count,
        "socket": f"/ws/games/{row.id}",
    }


@router.get("/variants", tags=["lobby"])
async def list_variants() -> list[dict[str, Any]]:
    return [
        {
            "name": item.name,
            "family": item.family.name,
            "description": item.description,
            "players": list(item.allowed_players),
            "options": {option.name: option.default for option in item.family.options},
            "option_specs": [option_spec(option) for option in item.family.options],
            "presets": dict(item.presets),
            "table": has_table(item.family),
            "learn": has_file(item.family, "learn.json"),
            "lessons": has_lessons(item.family.name),
        }
        for item in variants()
    ]


def option_spec(option: Option) -> dict[str, Any]:
    """What a form needs to offer an option: its default and the values it allows."""
    return {
        "name": option.name,
        "default": option.default,
        "choices": list(option.choices),
        "minimum": option.minimum,
        "maximum": option.maximum,
        "ours": option.ours,
    }


@router.post("/games", status_code=201)
async def create_game(body: CreateGame, user: CurrentUser, request: Request) -> dict[str, Any]:
    hub = hub_of(request)
    async with hub.sessions() as session, session.begin():
        await _check_live_games(session, user.id, hub.settings.live_games_per_player)
        created = await _create(hub, session, body, user.id, {})
    await hub.changed(created["game"]["id"])
    return created


async def _check_live_games(session: AsyncSession, creator: str, limit: int) -> None:
    """429 ``server.too_many_games`` when ``creator`` has ``limit`` games not yet finished (a
    bot game's owner is its creator: its bots think on that player's share)."""
    query = select(func.count()).where(GameRow.creator_id == creator, GameRow.status.in_(("waiting", "active")))
    if (await session.execute(query)).scalar_one() >= limit:
        raise refuse("server.too_many_games", LIVE_GAMES_RETRY_SECONDS, limit=limit)


async def _create(
    hub: Hub,
    session: AsyncSession,
    body: CreateGame,
    creator: str,
    users: dict[int, str],
    rematch_of: str = "",
    offers: dict[int, str] | None = None,
) -> dict[str, Any]:
    """Insert a game, its seats and the chance lines of its setup; return it with an invite for
    each person seat nobody holds yet, save the seats ``offers`` holds for their players."""
    offers = offers or {}
    players = len(body.seats)
    seed, seeded = seed_for(body)
    try:
        chosen = variant(body.variant)
        options = chosen.resolve(players, body.options)  # names only rule options, never new_game's own
        game = new_game(chosen.name, players, seed, body.start, **options)
    except KashiError as error:
        raise HTTPException(422, error.message.to_json()) from None
    game_id = secrets.token_urlsafe(12)
    now = time.time()
    clock = Clock(body.clock.kind, body.clock.seconds, body.clock.increment)
    holders = {seat: creator for seat, spec in enumerate(body.seats) if spec.kind == "me"} | users
    waiting = [seat for seat, spec in enumerate(body.seats) if spec.kind != "bot" and seat not in holders]
    open_seats = [seat for seat in waiting if seat not in offers]
    row = GameRow(
        id=game_id,
        variant=chosen.name,
        players=players,
        options=json.dumps(game.options),
        seed=game.seed,
        seeded=seeded,
        rated=body.rated,
        start=game.start,
        date=game.date,
        status="waiting" if waiting else "active",
        public=body.public,
        clock=clock.dumps(),
        absent_bot=body.absent_bot or hub.settings.absent_bot,
        version=0,
        turn_started_at=now,
        creator_id=creator,
        rematch_of=rematch_of or None,
        created_at=now,
        expires_at=now + hub.settings.rematch_seconds if offers else None,
    )
    session.add(row)
    await session.flush()
    invites = []
    for seat, spec in enumerate(body.seats):
        digest = None
        if seat in open_seats:
            invite, digest = new_invite(hub, game_id, seat)
            invites.append(invite)
        session.add(
            SeatRow(
                game_id=game_id,
                seat=seat,
                kind="bot" if spec.kind == "bot" else "person",
                bot_level=spec.level,
                name=spec.name.strip() if spec.name else None,
                user_id=holders.get(seat),
                token_hash=digest,
                standin=False,
                clock_ms=clock.initial_ms(),
                offered_to=offers.get(seat),
            )
        )
    setup = Game.for_record(game.record()).state
    for number, (item, seen) in enumerate(zip(game.events, annotate(setup, game.events), strict=True), start=1):
        session.add(EventRow(**store.event_row(game_id, number, item.seat, item.text, seen.hidden_from, seen.redacted)))
    await session.flush()
    seats = await store.seats_of(session, game_id)
    return {"game": game_json(row, seats, len(game.events)), "invites": invites}


@router.get("/games")
async def open_games(request: Request) -> list[dict[str, Any]]:
    """Public games still waiting for players, newest first."""
    async with hub_of(request).sessions() as session:
        rows = (
            await session.execute(
                select(GameRow)
                .where(GameRow.public.is_(True), GameRow.status == "waiting", GameRow.expires_at.is_(None))
                .order_by(GameRow.created_at.desc())
                .limit(100)
            )
        ).scalars()
        return [game_json(row, await store.seats_of(session, row.id)) for row in rows.all()]


@router.get("/games/{game_id}")
async def game_info(game_id: str, request: Request) -> dict[str, Any]:
    hub = hub_of(request)
    snapshot = await store.load(hub.sessions, game_id)
    if snapshot is None:
        raise HTTPException(404, reason("server.no_game", game=game_id))
    expires_at = snapshot.row.expires_at
    if expires_at is not None and expires_at < time.time() and await expire_if_due(hub, game_id):
        return await game_info(game_id, request)
    return game_json(snapshot.row, snapshot.seats, len(snapshot.events))


@router.post("/games/{game_id}/rematch", status_code=201)
async def rematch(game_id: str, body: Rematch, user_id: CallerId, request: Request) -> dict[str, Any]:
    """Offer a finished game's players another (the next seat starts): the caller's seats are
    theirs, bots keep their levels, and every other person seat is held for its player until
    they accept it (``/accept``); a decline or the offer's end seats nobody. The old game's
    table hears of the offer. Asked again, the same game; asked by a player it is offered to,
    their acceptance."""
    hub = hub_of(request)
    async with hub.sessions() as session, session.begin():
        row = await session.get(GameRow, game_id, with_for_update=True)
        if row is None:
            raise HTTPException(404, reason("server.no_game", game=game_id))
        seats = await store.seats_of(session, game_id)
        if user_id not in {seat.user_id for seat in seats}:
            raise HTTPException(403, reason("server.no_seat"))
        if row.status != "finished":
            raise HTTPException(409, reason("server.bad_message", detail="only a finished game has a rematch"))
        rated = row.rated if body.rated is None else body.rated
        offer_id = row.rematch_id
        created = None
        if offer_id is None:
            created = await _offer(hub, session, row, seats, user_id, rated)
            offer_id = created["game"]["id"]
            claimed = cast(
                CursorResult[Any],
                await session.execute(
                    update(GameRow)
                    .where(GameRow.id == game_id, GameRow.rematch_id.is_(None))
                    .values(rematch_id=offer_id, version=GameRow.version + 1)
                ),
            )
            if claimed.rowcount != 1:
                raise HTTPException(409, reason("server.bad_message", detail="a rematch was just created; ask again"))
    if created is not None:
        await hub.changed(offer_id)
        await hub.changed(game_id)  # the old table shows the offer
        return created
    await expire_if_due(hub, offer_id)
    with contextlib.suppress(HTTPException):  # not offered to the caller, or over: the game as it is
        await accept_offer(hub, offer_id, user_id, rated)
    again = await store.load(hub.sessions, offer_id)
    assert again is not None
    return {"game": game_json(again.row, again.seats, len(again.events)), "invites": []}


async def _offer(
    hub: Hub, session: AsyncSession, row: GameRow, seats: list[store.SeatState], user_id: str, rated: bool
) -> dict[str, Any]:
    """The rematch game: the offerer's seats theirs, the other players' held for them; a hot-seat
    game's seats keep the names they were given."""
    mine = {seat.seat: user_id for seat in seats if seat.user_id == user_id}
    named = await session.execute(select(SeatRow.seat, SeatRow.name).where(SeatRow.game_id == row.id))
    given = {seat: name for seat, name in named.tuples()}
    body = CreateGame(
        variant=row.variant,
        seats=[_same_seat(seat, given[seat.seat] if len(mine) > 1 else None) for seat in seats],
        options=store.options_of(row),
        clock=ClockSpec.model_validate(Clock.loads(row.clock).to_json()),
        public=row.public,
        absent_bot=cast(BotLevel, row.absent_bot),
        start=(row.start + 1) % row.players,
        rated=rated,
    )
    offers = {
        seat.seat: seat.user_id
        for seat in seats
        if seat.kind == "person" and seat.user_id is not None and seat.user_id != user_id
    }
    return await _create(hub, session, body, user_id, mine, rematch_of=row.id, offers=offers)


def _same_seat(seat: store.SeatState, name: str | None) -> SeatSpec:
    """The seat again: a bot at its level, a person's seat, or a named seat of a hot-seat game."""
    if seat.kind == "bot":
        return SeatSpec(kind="bot", level=cast(BotLevel, seat.bot_level))
    if name:
        return SeatSpec(kind="me", name=name)
    return SeatSpec(kind="person")


@router.get("/me/games")
async def my_games(user_id: CallerId, request: Request) -> list[dict[str, Any]]:
    """Your games, newest first (an account keeps them across browsers)."""
    return await _history(hub_of(request), user_id, public_only=False)


@router.get("/users/{username}/games")
async def user_games(username: str, request: Request) -> list[dict[str, Any]]:
    """A registered player's public games."""
    hub = hub_of(request)
    async with hub.sessions() as session:
        user = (await session.execute(select(User).where(User.username == username))).scalar_one_or_none()
    if user is None:
        raise HTTPException(404, reason("server.bad_message", detail=f"no player {username!r}"))
    return await _history(hub, user.id, public_only=True)


PROFILE_GAMES = 20
"""How many finished games a profile lists."""


@router.get("/players/{user_id}/games")
async def player_games(user_id: str, caller: CallerId, request: Request) -> list[dict[str, Any]]:
    """A player's last finished games for their profile: the public ones, and the private ones
    the caller sat in too (a private game is never shown to anyone who was not in it)."""
    hub = hub_of(request)
    async with hub.sessions() as session:
        if await session.get(User, user_id) is None:
            raise HTTPException(404, reason("server.no_player", player=user_id))
    return await _history(hub, user_id, public_only=True, shared_with=caller, finished=True, limit=PROFILE_GAMES)


async def _history(
    hub: Hub,
    user_id: str,
    public_only: bool,
    shared_with: str | None = None,
    finished: bool = False,
    limit: int = 200,
) -> list[dict[str, Any]]:
    async with hub.sessions() as session:
        query = (
            select(GameRow)
            .join(SeatRow, SeatRow.game_id == GameRow.id)
            .where(SeatRow.user_id == user_id)
            .distinct()
            .order_by(GameRow.created_at.desc())
            .limit(limit)
        )
        if public_only:
            shared = select(SeatRow.game_id).where(SeatRow.user_id == shared_with)
            query = query.where(GameRow.public.is_(True) | GameRow.id.in_(shared))
        if finished:
            query = query.where(GameRow.status == "finished")
        rows = (await session.execute(query)).scalars().all()
        result = []
        for row in rows:
            seats = await store.seats_of(session, row.id)
            entry = game_json(row, seats)
            entry["your_seats"] = [seat.seat for seat in seats if seat.user_id == user_id]
            result.append(entry)
        return result
