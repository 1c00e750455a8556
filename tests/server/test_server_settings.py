"""Settings: plain database URLs get their async driver; flags win over the environment."""

from __future__ import annotations

import pytest

from kashi.server.clocks import Clock
from kashi.server.settings import Settings, async_database_url


@pytest.mark.parametrize(
    ("plain", "driver"),
    [
        ("sqlite:///kashi.db", "sqlite+aiosqlite:///kashi.db"),
        ("postgresql://user@host/db", "postgresql+asyncpg://user@host/db"),
        ("postgres://user@host/db", "postgresql+asyncpg://user@host/db"),
        ("postgresql+asyncpg://user@host/db", "postgresql+asyncpg://user@host/db"),
    ],
)
def test_plain_urls_get_an_async_driver(plain: str, driver: str) -> None:
    assert async_database_url(plain) == driver


@pytest.mark.parametrize("bad", ["kashi.db", "mysql://host/db"])
def test_unsupported_urls_are_refused_clearly(bad: str) -> None:
    with pytest.raises(ValueError, match=r"sqlite|scheme"):
        async_database_url(bad)


def test_environment_then_flags() -> None:
    env = {
        "KASHI_DATABASE_URL": "postgresql://a@b/c",
        "KASHI_PORT": "9000",
        "KASHI_ALLOWED_ORIGINS": "https://x, https://y",
    }
    settings = Settings.from_env(env, port=9100, redis_url=None)
    assert settings.database_url == "postgresql://a@b/c" and settings.port == 9100
    assert settings.allowed_origins == ("https://x", "https://y") and settings.redis_url is None
    assert Settings.from_env({}).async_database_url == "sqlite+aiosqlite:///kashi.db"
    with pytest.raises(ValueError, match="KASHI_PORT"):
        Settings.from_env({"KASHI_PORT": "eighty"})


def test_every_limit_is_a_setting_and_must_be_positive() -> None:
    limits = {
        "KASHI_HELLO_SECONDS": ("hello_seconds", 2.5),
        "KASHI_SOCKETS_PER_ADDRESS": ("sockets_per_address", 4),
        "KASHI_SOCKETS": ("sockets", 50),
        "KASHI_MAX_BODY_BYTES": ("max_body_bytes", 1000),
        "KASHI_RATE_QUEUE": ("rate_queue", 3),
        "KASHI_LOGIN_ACCOUNT_PER_MINUTE": ("login_account_per_minute", 2.0),
        "KASHI_LOGIN_ADDRESS_PER_MINUTE": ("login_address_per_minute", 9.0),
        "KASHI_GUESTS_PER_MINUTE": ("guests_per_minute", 7.0),
        "KASHI_PASSWORD_THREADS": ("password_threads", 3),
        "KASHI_BOT_PROCESSES": ("bot_processes", 2),
        "KASHI_BOT_BACKLOG": ("bot_backlog", 8),
        "KASHI_LEASE_SECONDS": ("lease_seconds", 4.0),
    }
    settings = Settings.from_env({variable: str(value) for variable, (_, value) in limits.items()})
    assert all(getattr(settings, name) == value for name, value in limits.values())
    for variable in limits:
        with pytest.raises(ValueError, match=f"{variable}='0' must be greater than 0"):
            Settings.from_env({variable: "0"})
    with pytest.raises(ValueError, match="KASHI_RATE_PER_SECOND"):
        Settings.from_env({"KASHI_RATE_PER_SECOND": "nan"})


def test_the_bot_queue_is_local_or_redis_with_a_redis() -> None:
    assert Settings.from_env({}).bot_queue == "local"
    queued = Settings.from_env({"KASHI_BOT_QUEUE": "redis", "KASHI_REDIS_URL": "redis://127.0.0.1:6379/0"})
    assert queued.bot_queue == "redis"
    with pytest.raises(ValueError, match="KASHI_BOT_QUEUE='celery' must be 'local' or 'redis'"):
        Settings.from_env({"KASHI_BOT_QUEUE": "celery"})
    with pytest.raises(ValueError, match="KASHI_BOT_QUEUE=redis needs a Redis URL"):
        Settings.from_env({"KASHI_BOT_QUEUE": "redis"})


def test_fischer_clock_spends_then_adds_the_increment() -> None:
    clock = Clock("fischer", 60, 2)
    assert clock.initial_ms() == 60_000 and clock.allowance(60_000) == 60
    assert clock.bank_after_move(60_000, 10.5) == 51_500
    assert clock.bank_after_move(1_000, 5) == 2_000, "an overrun bank is empty, then incremented"
    assert clock.bank_on_return(0) == 60_000
    assert Clock("move", 30).allowance(None) == 30 and Clock().allowance(None) is None
