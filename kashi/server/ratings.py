"""Who is rated for a finished game, and settling its ratings exactly once.

A game counts when its creator asked for a rated game, its seed was not chosen (``seeded``),
and its seats hold at least two identities: a user (a guest or an account) or a bot level
(``bot:<level>``). A game a stand-in played in is casual (``room_standins`` clears ``rated``),
and so is a win claimed over a short absence: nobody is rated for a computer's play.
A subject in several seats counts once, at its best-placed seat; in a partnership game the
partners make one side. Ratings are kept per pool: the variant's game family at the game's
player count (``kashi.server.rating_systems``).

Settling reads the result from the stored record, never from a room's cache, and claims the
game with a guarded ``UPDATE games SET settled_at ... WHERE settled_at IS NULL``: of several
instances settling the same game at once exactly one applies it, in the same transaction as
every rating it changes. Rating rows are locked in subject order, so games sharing a subject
settle one after the other; a writer that loses a race for a new row tries again.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Sequence
from typing import Any, cast

from sqlalchemy import CursorResult, select, update
from sqlalchemy.exc import DBAPIError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from kashi.core.game import Game
from kashi.core.outcome import Outcome
from kashi.core.registry import variant
from kashi.server import forfeits, store
from kashi.server.logs import log
from kashi.server.models import GameRow, RatingChangeRow, RatingRow
from kashi.server.rating_systems import Side, Standing, rate, system_for

BOT_PREFIX = "bot:"
SETTLE_ATTEMPTS = 5
UNSETTLED = (
    GameRow.status == "finished",
    GameRow.rated.is_(True),
    GameRow.seeded.is_(False),
    GameRow.settled_at.is_(None),
)
"""A finished game asked to be rated whose ratings nobody has settled yet."""


def bot_subject(level: str) -> str:
    return f"{BOT_PREFIX}{level}"


def subject_of(seat: store.SeatState) -> str | None:
    """The identity rated for a seat; None for a person seat nobody has taken yet."""
    if seat.kind == "bot":
        return bot_subject(seat.bot_level or "")
    return seat.user_id


def is_rated(row: GameRow, seats: Sequence[store.SeatState]) -> bool:
    """Whether the game counts for ratings, as far as its seats are known (an open seat will
    be someone's: it counts as an identity of its own until it is taken); an abandoned game
    never does."""
    identities = {subject_of(seat) or f"open seat {seat.seat}" for seat in seats}
    return row.rated and not row.seeded and row.status != "abandoned" and len(identities) >= 2


def sides_of(seats: Sequence[store.SeatState], outcome: Outcome) -> list[Side]:
    """The sides to rate, best place first; empty when fewer than two are left."""
    best: dict[str, tuple[int, int]] = {}
    for seat in seats:
        subject = subject_of(seat)
        place = outcome.ranks[seat.seat]
        team = outcome.teams[seat.seat] if outcome.teams else seat.seat
        if subject is not None and (subject not in best or place < best[subject][0]):
            best[subject] = (place, team)
    teams: dict[int, list[str]] = {}
    for subject, (_, team) in sorted(best.items(), key=lambda item: item[1]):
        teams.setdefault(team, []).append(subject)
    sides = [Side(tuple(members), min(best[member][0] for member in members)) for members in teams.values()]
    return sides if len(sides) >= 2 else []


async def settle(sessions: async_sessionmaker[AsyncSession], game_id: str) -> None:
    """Apply a finished rated game to its subjects' ratings, once however often it is called."""
    snapshot = await store.load(sessions, game_id)
    if snapshot is None or not unsettled(snapshot.row):
        return
    outcome = forfeits.outcome_of(snapshot.row, Game.from_record(store.record_of(snapshot)).state)
    if outcome is None:
        log.warning("a finished game has no outcome: it is settled unrated", extra={"game": game_id})
    sides = sides_of(snapshot.seats, outcome) if outcome is not None else []
    for attempt in range(1, SETTLE_ATTEMPTS + 1):
        try:
            await _apply(sessions, snapshot.row, sides)
            return
        except DBAPIError:
            if attempt == SETTLE_ATTEMPTS:
                raise
            log.info("ratings: a concurrent writer got in the way; trying again", extra={"game": game_id})
            await asyncio.sleep(0.05 * attempt)


def unsettled(game: GameRow) -> bool:
    """``UNSETTLED`` for a loaded row: a quick answer before the guarded update decides."""
    return game.status == "finished" and game.rated and not game.seeded and game.settled_at is None


async def _apply(sessions: async_sessionmaker[AsyncSession], game: GameRow, sides: list[Side]) -> None:
    """One transaction: claim the game, then (unless no sides are left: casual after all)
    update each subject's rating in its pool and keep what changed."""
    now = time.time()
    family = variant(game.variant).family.name
    async with sessions() as session, session.begin():
        claim = update(GameRow).where(GameRow.id == game.id, *UNSETTLED).values(settled_at=now)
        if cast(CursorResult[Any], await session.execute(claim)).rowcount != 1 or not sides:
            return
        subjects = sorted(subject for side in sides for subject in side.subjects)
        query = (
            select(RatingRow)
            .where(RatingRow.family == family, RatingRow.players == game.players, RatingRow.subject.in_(subjects))
            .order_by(RatingRow.subject)
            .with_for_update()
        )
        stored = {row.subject: row for row in (await session.execute(query)).scalars()}
        start = system_for(game.players).start
        before = {
            subject: Standing(row.rating, row.deviation, row.volatility) if (row := stored.get(subject)) else start
            for subject in subjects
        }
        after = rate(game.players, sides, before)
        for subject in subjects:
            row = stored.get(subject) or RatingRow(subject=subject, family=family, players=game.players, games=0)
            new = after[subject]
            row.rating, row.deviation, row.volatility = new.rating, new.deviation, new.volatility
            row.games += 1
            row.updated_at = now
            session.add(row)
            session.add(
                RatingChangeRow(
                    game_id=game.id,
                    subject=subject,
                    family=family,
                    players=game.players,
                    rating_before=before[subject].rating,
                    deviation_before=before[subject].deviation,
                    rating_after=new.rating,
                    deviation_after=new.deviation,
                    created_at=now,
                )
            )
    log.info("ratings settled", extra={"game": game.id, "subjects": len(subjects)})


async def settle_pending(sessions: async_sessionmaker[AsyncSession]) -> None:
    """Settle, oldest first, every finished rated game the server stopped before settling."""
    async with sessions() as session:
        query = select(GameRow.id).where(*UNSETTLED).order_by(GameRow.finished_at, GameRow.id)
        pending = (await session.execute(query)).scalars().all()
    for game_id in pending:
        await settle(sessions, game_id)
