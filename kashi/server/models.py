"""The tables: users, games, seats, the append-only event log, the tables' chat, takebacks, server
secrets, the ratings with their history, and the reviews of finished games.

A game's record is exactly its events in number order; ``(game_id, number)`` is the primary key
of ``events``, so a move can never be appended twice.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import (
    BigInteger,
    Boolean,
    Dialect,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    TypeDecorator,
    UniqueConstraint,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    pass


class Seed(TypeDecorator[int]):
    """A game seed of any size (128 bits and more), stored as its decimal digits."""

    impl = String(80)
    cache_ok = True

    def process_bind_param(self, value: int | None, dialect: Dialect) -> str | None:
        return None if value is None else str(value)

    def process_result_value(self, value: Any, dialect: Dialect) -> int | None:
        return None if value is None else int(value)


class ServerSecret(Base):
    """Secrets generated on first start and kept, so cookies and seat tokens survive restarts."""

    __tablename__ = "server_secrets"
    name: Mapped[str] = mapped_column(String(40), primary_key=True)
    value: Mapped[str] = mapped_column(String(200))


class HeartbeatRow(Base):
    """When an instance of the service was last alive (one row, ``service``): a start long after
    it follows an outage, which is kept out of the players' clocks (``kashi.server.downtime``)."""

    __tablename__ = "heartbeats"
    name: Mapped[str] = mapped_column(String(40), primary_key=True)
    alive_at: Mapped[float] = mapped_column(Float)


class User(Base):
    """A guest (no username) or a registered account (username and argon2 hash)."""

    __tablename__ = "users"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    display_name: Mapped[str] = mapped_column(String(40))
    username: Mapped[str | None] = mapped_column(String(40), unique=True)
    password_hash: Mapped[str | None] = mapped_column(String(200))
    created_at: Mapped[float] = mapped_column(Float)


class GameRow(Base):
    """A game's setup and status; ``version`` counts every change and guards concurrent writers."""

    __tablename__ = "games"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    variant: Mapped[str] = mapped_column(String(40))
    players: Mapped[int] = mapped_column(Integer)
    options: Mapped[str] = mapped_column(Text)
    seed: Mapped[int] = mapped_column(Seed)
    """Secret while the game runs (see ``kashi.server.seeds``)."""
    seeded: Mapped[bool] = mapped_column(Boolean)
    """The creator chose the seed (a game of their own seats and bots): never to be rated."""
    rated: Mapped[bool] = mapped_column(Boolean)
    """The creator asked for a rated game; whether it counts is ``kashi.server.ratings.is_rated``."""
    settled_at: Mapped[float | None] = mapped_column(Float)
    """When the finished game's ratings were settled: set once, by whichever writer claims it."""
    start: Mapped[int] = mapped_column(Integer)
    date: Mapped[str] = mapped_column(String(10))
    status: Mapped[str] = mapped_column(String(12), index=True)
    public: Mapped[bool] = mapped_column(Boolean)
    clock: Mapped[str] = mapped_column(Text)
    absent_bot: Mapped[str] = mapped_column(String(20))
    version: Mapped[int] = mapped_column(Integer)
    turn_started_at: Mapped[float | None] = mapped_column(Float)
    result: Mapped[str | None] = mapped_column(String(80))
    forfeit_seat: Mapped[int | None] = mapped_column(Integer, default=None)
    """The seat that resigned, or whose absence the others claimed the win over (None: neither)."""
    ended_by: Mapped[str | None] = mapped_column(String(12), default=None)
    """How a forfeited game ended: ``resigned`` or ``claimed`` (``kashi.core.outcome.Termination``)."""
    takeback_ask: Mapped[str | None] = mapped_column(Text, default=None)
    """A takeback a player asked of the others, as JSON: ``seat``, ``version`` (it stands only at
    that version) and ``yes`` (the seats that accepted); see ``kashi.server.room_takebacks``."""
    creator_id: Mapped[str] = mapped_column(ForeignKey("users.id"), index=True)
    rematch_of: Mapped[str | None] = mapped_column(String(32))
    rematch_id: Mapped[str | None] = mapped_column(String(32))
    created_at: Mapped[float] = mapped_column(Float, index=True)
    finished_at: Mapped[float | None] = mapped_column(Float)
    expires_at: Mapped[float | None] = mapped_column(Float, default=None)
    """A rematch offer's end: a game still waiting then is abandoned (None: no offer)."""


class SeatRow(Base):
    """One seat: a person (bound to a user once the invite is used) or a bot of a level."""

    __tablename__ = "seats"
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))
    bot_level: Mapped[str | None] = mapped_column(String(20))
    user_id: Mapped[str | None] = mapped_column(ForeignKey("users.id"), index=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), unique=True)
    """The hash of the seat's live invite token; none once the seat is claimed (single use)."""
    standin: Mapped[bool] = mapped_column(Boolean)
    """True while a bot plays for an absent or timed-out person."""
    clock_ms: Mapped[int | None] = mapped_column(BigInteger)
    """Fischer clocks: the time left at the start of the seat's turn."""
    offered_to: Mapped[str | None] = mapped_column(String(32), default=None)
    """A rematch's seat held for its player (a user id) until they accept it: nobody else may
    take it, and it is nobody's until then."""
    name: Mapped[str | None] = mapped_column(String(40), default=None)
    """The seat's own name, chosen at creation for a hot-seat game's seats (None: its holder's)."""
    connected: Mapped[bool] = mapped_column(Boolean, default=False)
    """The seat's holder has opened the game at least once (said hello on its socket): a
    stand-in plays a rated game only for someone who has."""


class EventRow(Base):
    """One record line. ``hidden_from`` is a bit mask of seats (bit ``players``: spectators)
    that receive ``redacted`` instead of ``text``."""

    __tablename__ = "events"
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int | None] = mapped_column(Integer)
    text: Mapped[str] = mapped_column(Text)
    hidden_from: Mapped[int] = mapped_column(Integer)
    redacted: Mapped[str] = mapped_column(Text)
    created_at: Mapped[float] = mapped_column(Float)


class ChatLineRow(Base):
    """One line a player said at a game's table: free ``text`` or a quick message's ``preset``
    key (each reader sees it in their own language)."""

    __tablename__ = "chat_lines"
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    user_id: Mapped[str] = mapped_column(ForeignKey("users.id"))
    text: Mapped[str | None] = mapped_column(Text)
    preset: Mapped[str | None] = mapped_column(String(20))
    created_at: Mapped[float] = mapped_column(Float)


class TakebackRow(Base):
    """The lines a takeback removed from a game's log, so nothing is ever lost."""

    __tablename__ = "takebacks"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), index=True)
    from_number: Mapped[int] = mapped_column(Integer)
    lines: Mapped[str] = mapped_column(Text)
    user_id: Mapped[str] = mapped_column(ForeignKey("users.id"))
    created_at: Mapped[float] = mapped_column(Float)


class RatingRow(Base):
    """A subject's current rating in one pool: a game family at one player count.

    A subject is a user id or ``bot:<level>``. ``rating`` and ``deviation`` are Glicko-2's
    rating and RD for two players, OpenSkill's mu and sigma for three and four (see
    ``kashi.server.rating_systems``); ``volatility`` is Glicko-2's only."""

    __tablename__ = "ratings"
    __table_args__ = (Index("ix_ratings_pool", "family", "players", "rating"),)
    subject: Mapped[str] = mapped_column(String(40), primary_key=True)
    family: Mapped[str] = mapped_column(String(40), primary_key=True)
    players: Mapped[int] = mapped_column(Integer, primary_key=True)
    rating: Mapped[float] = mapped_column(Float)
    deviation: Mapped[float] = mapped_column(Float)
    volatility: Mapped[float | None] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer)
    updated_at: Mapped[float] = mapped_column(Float)


class RatingChangeRow(Base):
    """What one rated game did to one subject's rating; unique per (game, subject), so a game
    can never move a rating twice."""

    __tablename__ = "rating_changes"
    __table_args__ = (
        UniqueConstraint("game_id", "subject", name="uq_rating_changes_game_subject"),
        Index("ix_rating_changes_subject", "subject", "created_at"),
    )
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"))
    subject: Mapped[str] = mapped_column(String(40))
    family: Mapped[str] = mapped_column(String(40))
    players: Mapped[int] = mapped_column(Integer)
    rating_before: Mapped[float] = mapped_column(Float)
    deviation_before: Mapped[float] = mapped_column(Float)
    rating_after: Mapped[float] = mapped_column(Float)
    deviation_after: Mapped[float] = mapped_column(Float)
    created_at: Mapped[float] = mapped_column(Float)


class ReviewRow(Base):
    """A finished game's review: one per game, computed once by a background job.

    ``status`` is ``queued``, ``running``, ``done`` or ``failed``; ``moves`` holds the verdicts
    found so far (JSON), ``mistakes`` the biggest ones with the frames after their better moves.
    The instance working on it holds it until ``lease_until`` and renews that as it goes; a job
    whose lease ran out (its instance died) is taken up by any instance. ``requester`` is who
    asked for it (a user id, None before migration 0005): each player's reviews take turns."""

    __tablename__ = "reviews"
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    status: Mapped[str] = mapped_column(String(8), index=True)
    budget: Mapped[float] = mapped_column(Float)
    done: Mapped[int] = mapped_column(Integer)
    total: Mapped[int] = mapped_column(Integer)
    moves: Mapped[str] = mapped_column(Text)
    mistakes: Mapped[str] = mapped_column(Text)
    worker: Mapped[str | None] = mapped_column(String(40))
    lease_until: Mapped[float | None] = mapped_column(Float)
    created_at: Mapped[float] = mapped_column(Float)
    updated_at: Mapped[float] = mapped_column(Float)
    requester: Mapped[str | None] = mapped_column(String(32), index=True, default=None)
