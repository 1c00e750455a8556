"""Ratings for reading: a pool's leaderboard, one player's or bot level's ratings with their
history, and the ratings of a game's seats as its table shows them.

A leaderboard lists established ratings first, then provisional ones (each flagged), highest
rating first within each. A history lists newest first; a private game's id is left out of
it (``"game": null``), as a private game is never listed anywhere else either.
"""

from __future__ import annotations

from collections import Counter
from typing import Annotated, Any

from fastapi import APIRouter, HTTPException, Query, Request
from sqlalchemy import case, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from kashi.bots import LEVELS
from kashi.core.registry import Family, families, variant
from kashi.server import store
from kashi.server.accounts import hub_of
from kashi.server.finite_json import FiniteJsonRoute
from kashi.server.messages import reason
from kashi.server.models import GameRow, RatingChangeRow, RatingRow, User
from kashi.server.rating_systems import system_for
from kashi.server.ratings import BOT_PREFIX, bot_subject, settle, subject_of, unsettled

router = APIRouter(prefix="/api", tags=["ratings"], route_class=FiniteJsonRoute)

MAX_OFFSET = 2**31 - 1
Limit = Annotated[int, Query(ge=1, le=100, description="at most this many entries")]
Offset = Annotated[int, Query(ge=0, le=MAX_OFFSET, description="skip this many entries first")]


def rated_counts(family: Family) -> list[int]:
    """The player counts a family keeps ratings for (a solo game has no opponent)."""
    return [players for players in family.players if players >= 2]


def _pool_family(name: str, players: int) -> Family:
    family = next((family for family in families() if family.name == name), None)
    if family is None:
        known = ", ".join(family.name for family in families())
        raise HTTPException(404, reason("server.no_family", family=name, known=known))
    allowed = rated_counts(family)
    if players not in allowed:
        counts = ", ".join(str(count) for count in allowed)
        raise HTTPException(404, reason("server.no_rating_pool", family=name, players=players, allowed=counts))
    return family


def _subject_json(subject: str, display_name: str | None) -> dict[str, Any]:
    if subject.startswith(BOT_PREFIX):
        level = subject.removeprefix(BOT_PREFIX)
        return {"kind": "bot", "id": level, "name": f"Bot ({level})"}
    return {"kind": "user", "id": subject, "name": display_name}


def _rating_json(row: RatingRow) -> dict[str, Any]:
    system = system_for(row.players)
    return {
        "rating": row.rating,
        "deviation": row.deviation,
        "games": row.games,
        "provisional": system.provisional(row.deviation),
    }


@router.get("/ratings/{family}/{players}")
async def leaderboard(
    family: str, players: int, request: Request, limit: Limit = 50, offset: Offset = 0
) -> dict[str, Any]:
    """One pool's ratings: established ones first, then provisional ones, best first in each."""
    _pool_family(family, players)
    system = system_for(players)
    in_pool = RatingRow.family == family, RatingRow.players == players
    query = (
        select(RatingRow, User.display_name)
        .outerjoin(User, User.id == RatingRow.subject)
        .where(*in_pool)
        .order_by(
            case((RatingRow.deviation > system.provisional_above, 1), else_=0),
            RatingRow.rating.desc(),
            RatingRow.games.desc(),
            RatingRow.subject,
        )
        .limit(limit)
        .offset(offset)
    )
    async with hub_of(request).sessions() as session:
        total = await session.scalar(select(func.count()).select_from(RatingRow).where(*in_pool))
        rows = (await session.execute(query)).all()
    entries = [
        {"rank": offset + number, **_subject_json(row.subject, name), **_rating_json(row)}
        for number, (row, name) in enumerate(rows, start=1)
    ]
    return {
        "family": family,
        "players": players,
        "system": system.name,
        "provisional_above": system.provisional_above,
        "total": total or 0,
        "limit": limit,
        "offset": offset,
        "entries": entries,
    }


@router.get("/players/{user_id}/ratings")
async def player_ratings(user_id: str, request: Request, limit: Limit = 50, offset: Offset = 0) -> dict[str, Any]:
    """A player's rating in every pool they have played rated games in, and their history."""
    async with hub_of(request).sessions() as session:
        user = await session.get(User, user_id)
        if user is None:
            raise HTTPException(404, reason("server.no_player", player=user_id))
        return await _profile(session, user_id, user.display_name, limit, offset)


@router.get("/games/{game_id}/ratings")
async def game_ratings(game_id: str, request: Request) -> dict[str, Any]:
    """Each seat's rating in the game's pool, as its table shows it beside the name: the player's
    id (for their profile), the rating, whether it is provisional, and once the game is settled
    what it changed. A finished rated game is settled first, so its end shows the new ratings.
    A newcomer to the pool reads the system's start, provisional. No rating is shown for an open
    seat, for a person who holds several seats (hot-seat: never rated), nor in a solo game."""
    hub = hub_of(request)
    async with hub.sessions() as session:
        row = await session.get(GameRow, game_id)
    if row is None:
        raise HTTPException(404, reason("server.no_game", game=game_id))
    if unsettled(row):
        await settle(hub.sessions, game_id)
    family = variant(row.variant).family.name
    async with hub.sessions() as session:
        seats = await store.seats_of(session, game_id)
        subjects = [subject_of(seat) for seat in seats]
        held = Counter(subject for subject in subjects if subject is not None)
        shown = {
            subject for subject in held if row.players >= 2 and (subject.startswith(BOT_PREFIX) or held[subject] == 1)
        }
        pool = RatingRow.family == family, RatingRow.players == row.players
        found = (await session.execute(select(RatingRow).where(*pool, RatingRow.subject.in_(shown)))).scalars()
        standings = {rating.subject: rating for rating in found}
        changed = (await session.execute(select(RatingChangeRow).where(RatingChangeRow.game_id == game_id))).scalars()
        changes = {change.subject: change.rating_after - change.rating_before for change in changed}
    system = system_for(row.players)
    entries = []
    for seat, subject in zip(seats, subjects, strict=True):
        entry: dict[str, Any] = {"seat": seat.seat, "player": seat.user_id if seat.kind == "person" else None}
        if subject in shown:
            standing = standings.get(subject)
            rating, deviation = (
                (standing.rating, standing.deviation)
                if standing
                else (
                    system.start.rating,
                    system.start.deviation,
                )
            )
            entry |= {
                "rating": round(rating),
                "provisional": system.provisional(deviation),
                "games": standing.games if standing else 0,
                "change": round(changes[subject]) if subject in changes else None,
            }
        entries.append(entry)
    return {"family": family, "players": row.players, "system": system.name, "seats": entries}


@router.get("/bots/{level}/ratings")
async def bot_ratings(level: str, request: Request, limit: Limit = 50, offset: Offset = 0) -> dict[str, Any]:
    """A bot level's ratings and history, as for a player."""
    if level not in LEVELS:
        raise HTTPException(404, reason("server.no_bot_level", level=level, known=", ".join(LEVELS)))
    async with hub_of(request).sessions() as session:
        return await _profile(session, bot_subject(level), None, limit, offset)


async def _profile(
    session: AsyncSession, subject: str, display_name: str | None, limit: int, offset: int
) -> dict[str, Any]:
    pools = (
        await session.execute(
            select(RatingRow).where(RatingRow.subject == subject).order_by(RatingRow.family, RatingRow.players)
        )
    ).scalars()
    history = (
        await session.execute(
            select(RatingChangeRow, GameRow.public)
            .join(GameRow, GameRow.id == RatingChangeRow.game_id)
            .where(RatingChangeRow.subject == subject)
            .order_by(RatingChangeRow.created_at.desc(), RatingChangeRow.id.desc())
            .limit(limit)
            .offset(offset)
        )
    ).all()
    return {
        **_subject_json(subject, display_name),
        "ratings": [
            {"family": row.family, "players": row.players, "system": system_for(row.players).name, **_rating_json(row)}
            for row in pools
        ],
        "history": [
            {
                "game": change.game_id if public else None,
                "family": change.family,
                "players": change.players,
                "rating_before": change.rating_before,
                "rating_after": change.rating_after,
                "deviation_before": change.deviation_before,
                "deviation_after": change.deviation_after,
                "at": change.created_at,
            }
            for change, public in history
        ],
    }
