"""Server settings from command-line flags and ``KASHI_*`` environment variables."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field

DEFAULT_DATABASE = "sqlite:///kashi.db"

_ASYNC_DRIVERS = {
    "sqlite": "sqlite+aiosqlite",
    "postgresql": "postgresql+asyncpg",
    "postgres": "postgresql+asyncpg",
}


def async_database_url(url: str) -> str:
    """The SQLAlchemy async URL for a plain database URL: kashi picks the driver.

    ``sqlite:///kashi.db`` becomes ``sqlite+aiosqlite:///kashi.db`` and ``postgresql://...``
    becomes ``postgresql+asyncpg://...``; a URL that already names a driver is kept.
    """
    scheme, sep, rest = url.partition("://")
    if not sep:
        raise ValueError(f"database URL {url!r} lacks a scheme such as sqlite:// or postgresql://")
    if "+" in scheme:
        return url
    if scheme not in _ASYNC_DRIVERS:
        raise ValueError(f"unsupported database {scheme!r}: use sqlite:// or postgresql://")
    return f"{_ASYNC_DRIVERS[scheme]}://{rest}"


@dataclass(frozen=True)
class Settings:
    """Everything the server reads at start; flags win over the environment."""

    database_url: str = DEFAULT_DATABASE
    redis_url: str | None = None
    host: str = "127.0.0.1"
    port: int = 8000
    grace_seconds: float = 60.0
    """How long a player is away before the others at the table may choose what happens to the
    seat (wait, let a computer finish it, or claim the win); their clock runs meanwhile."""
    long_absence_seconds: float = 180.0
    """A win claimed over a player away at least this long counts for ratings (sooner: casual)."""
    heartbeat_seconds: float = 2.0
    """The server pings every game socket this often; one that has not answered within twice as
    long is closed, so its seat shows away within a few seconds of its tab closing, its network
    failing or its computer going to sleep (and a busy moment of the server closes nobody)."""
    absent_bot: str = "medium"
    """The bot level that stands in for an absent or timed-out player, unless the game says."""
    bot_seconds: float | None = None
    """Cap on a bot's thinking time per move (None: the level's own limit)."""
    bot_queue: str = "local"
    """``local``: a pool of worker processes in this instance; ``redis``: ``kashi bot-worker``s."""
    bot_processes: int = field(default_factory=lambda: os.cpu_count() or 1)
    bot_backlog: int = 64
    """Bot moves being thought at once; more wait their turn."""
    lease_seconds: float = 10.0
    """With several instances: a game's owner renews its lease within this; a dead owner's
    games are taken over this long after its last renewal."""
    redis_timeout_seconds: float = 0.5
    """Longest a Redis call may take (connecting, sending, every reply): a Redis that hangs
    costs no more, and after two such calls in a row the breaker skips Redis altogether."""
    redis_retry_seconds: float = 2.0
    """How long the Redis breaker stays open before one call probes whether Redis is back."""
    catch_up_seconds: float = 1.0
    """With several instances: how often the versions of the rooms with clients are reread
    from the database, so a move reaches them within this (and a query) whatever Redis does."""
    idle_unload_seconds: float = 300.0
    """A game nobody is connected to, with nothing pending (no bot to move, no clock running,
    no stand-in due), is unloaded from memory after this long untouched; loaded again on demand."""
    review_budget: float = 1.0
    """A game review's effort per decision, as a share of the expert level's own (see
    ``kashi.bots.review``)."""
    allowed_origins: tuple[str, ...] = ()
    """WebSocket origins accepted besides the server's own."""
    max_message_bytes: int = 4096
    rate_per_second: float = 10.0
    rate_burst: int = 30
    rate_queue: int = 64
    """Messages of one socket that may wait their turn at ``rate_per_second``; beyond, the
    newest are dropped (the client is told once per run) and the socket stays open."""
    hello_seconds: float = 10.0
    """A socket that has not said hello this long after opening is closed."""
    rematch_seconds: float = 300.0
    """A rematch offer nobody has answered this long is abandoned."""
    sockets_per_address: int = 100
    sockets: int = 10_000
    """Open game sockets at most, from one address and in all, in this process."""
    max_body_bytes: int = 262_144
    """Largest HTTP request body (a record upload is at most 200,000 characters)."""
    login_account_per_minute: float = 5.0
    login_address_per_minute: float = 20.0
    """Password attempts a minute for one account and from one address (registrations count)."""
    guests_per_minute: float = 60.0
    """New guests a minute from one address."""
    replays_per_minute: float = 10.0
    """Record uploads (``POST /api/replay``) a minute from one address."""
    replay_max_events: int = 5_000
    """Events of an uploaded record at most (a 100-round game of four has fewer)."""
    live_games_per_player: int = 20
    """Games one player may have created and not yet finished (waiting or being played)."""
    hints_per_player: int = 2
    """Hints of one player's being thought at once (in all their games, in this process)."""
    reviews_per_player: int = 2
    """Reviews one player may have asked for that are still queued or running."""
    password_threads: int = 2
    """Argon2 hashes computed at once, each in a worker thread (64 MiB apiece)."""
    secure_cookies: bool = False
    log_level: str = "info"
    instance: str = field(default_factory=lambda: os.urandom(4).hex())

    @property
    def async_database_url(self) -> str:
        return async_database_url(self.database_url)

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None, **overrides: object) -> Settings:
        """Settings from ``KASHI_*`` variables, then ``overrides`` that are not None."""
        env = os.environ if env is None else env
        values: dict[str, object] = {}
        for name, (variable, kind) in _READERS.items():
            raw = env.get(variable)
            if raw:
                try:
                    value = kind(raw)
                except ValueError:
                    raise ValueError(f"{variable}={raw!r} is not a valid {kind.__name__}") from None
                if name in _POSITIVE and not value > 0:
                    raise ValueError(f"{variable}={raw!r} must be greater than 0")
                values[name] = value
        origins = env.get("KASHI_ALLOWED_ORIGINS")
        if origins:
            values["allowed_origins"] = tuple(origin.strip() for origin in origins.split(",") if origin.strip())
        if env.get("KASHI_SECURE_COOKIES", "").lower() in ("1", "true", "yes"):
            values["secure_cookies"] = True
        values.update({name: value for name, value in overrides.items() if value is not None})
        settings = cls(**values)  # type: ignore[arg-type]
        async_database_url(settings.database_url)
        if settings.bot_queue not in ("local", "redis"):
            raise ValueError(f"KASHI_BOT_QUEUE={settings.bot_queue!r} must be 'local' or 'redis'")
        if settings.bot_queue == "redis" and not settings.redis_url:
            raise ValueError("KASHI_BOT_QUEUE=redis needs a Redis URL (KASHI_REDIS_URL or --redis)")
        return settings


_READERS: dict[str, tuple[str, type]] = {
    "database_url": ("KASHI_DATABASE_URL", str),
    "redis_url": ("KASHI_REDIS_URL", str),
    "host": ("KASHI_HOST", str),
    "port": ("KASHI_PORT", int),
    "grace_seconds": ("KASHI_GRACE_SECONDS", float),
    "long_absence_seconds": ("KASHI_LONG_ABSENCE_SECONDS", float),
    "heartbeat_seconds": ("KASHI_HEARTBEAT_SECONDS", float),
    "absent_bot": ("KASHI_ABSENT_BOT", str),
    "bot_seconds": ("KASHI_BOT_SECONDS", float),
    "bot_queue": ("KASHI_BOT_QUEUE", str),
    "bot_processes": ("KASHI_BOT_PROCESSES", int),
    "bot_backlog": ("KASHI_BOT_BACKLOG", int),
    "lease_seconds": ("KASHI_LEASE_SECONDS", float),
    "redis_timeout_seconds": ("KASHI_REDIS_TIMEOUT_SECONDS", float),
    "redis_retry_seconds": ("KASHI_REDIS_RETRY_SECONDS", float),
    "catch_up_seconds": ("KASHI_CATCH_UP_SECONDS", float),
    "idle_unload_seconds": ("KASHI_IDLE_UNLOAD_SECONDS", float),
    "review_budget": ("KASHI_REVIEW_BUDGET", float),
    "max_message_bytes": ("KASHI_MAX_MESSAGE_BYTES", int),
    "rate_per_second": ("KASHI_RATE_PER_SECOND", float),
    "rate_burst": ("KASHI_RATE_BURST", int),
    "rate_queue": ("KASHI_RATE_QUEUE", int),
    "hello_seconds": ("KASHI_HELLO_SECONDS", float),
    "rematch_seconds": ("KASHI_REMATCH_SECONDS", float),
    "sockets_per_address": ("KASHI_SOCKETS_PER_ADDRESS", int),
    "sockets": ("KASHI_SOCKETS", int),
    "max_body_bytes": ("KASHI_MAX_BODY_BYTES", int),
    "login_account_per_minute": ("KASHI_LOGIN_ACCOUNT_PER_MINUTE", float),
    "login_address_per_minute": ("KASHI_LOGIN_ADDRESS_PER_MINUTE", float),
    "guests_per_minute": ("KASHI_GUESTS_PER_MINUTE", float),
    "replays_per_minute": ("KASHI_REPLAYS_PER_MINUTE", float),
    "replay_max_events": ("KASHI_REPLAY_MAX_EVENTS", int),
    "live_games_per_player": ("KASHI_LIVE_GAMES_PER_PLAYER", int),
    "hints_per_player": ("KASHI_HINTS_PER_PLAYER", int),
    "reviews_per_player": ("KASHI_REVIEWS_PER_PLAYER", int),
    "password_threads": ("KASHI_PASSWORD_THREADS", int),
    "log_level": ("KASHI_LOG_LEVEL", str),
}
_POSITIVE = frozenset(
    {
        "max_message_bytes",
        "rate_per_second",
        "rate_burst",
        "rate_queue",
        "hello_seconds",
        "rematch_seconds",
        "sockets_per_address",
        "sockets",
        "max_body_bytes",
        "login_account_per_minute",
        "login_address_per_minute",
        "guests_per_minute",
        "replays_per_minute",
        "replay_max_events",
        "live_games_per_player",
        "hints_per_player",
        "reviews_per_player",
        "password_threads",
        "bot_processes",
        "bot_backlog",
        "lease_seconds",
        "heartbeat_seconds",
        "redis_timeout_seconds",
        "redis_retry_seconds",
        "catch_up_seconds",
        "idle_unload_seconds",
        "review_budget",
    }
)
"""Limits and rates: at 0 one would refuse everything (or divide by zero), so each must be positive."""
