"""The ASGI app: storage and migrations at start, the routers, static page, health and headers."""

from __future__ import annotations

import gc
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI, Query, Request
from fastapi.responses import JSONResponse
from fastapi_offline import FastAPIOffline
from sqlalchemy import text
from starlette.types import ASGIApp

from kashi.server import accounts, archive, lessons, lobby, ratings, realtime, reviews, seating, standings, store
from kashi.server.bot_workers import make_bots
from kashi.server.breaker import make_link
from kashi.server.cluster import make_cluster
from kashi.server.compression import DynamicCompression
from kashi.server.database import make_engine, make_sessions, make_sqlite_writer, migrate, server_secret
from kashi.server.downtime import Heartbeat
from kashi.server.hub import Hub
from kashi.server.identity import Identity
from kashi.server.limits import Guards
from kashi.server.logs import log
from kashi.server.loop_lag import LoopLag
from kashi.server.passwords import Passwords
from kashi.server.pubsub import make_fanout
from kashi.server.security import EdgeMiddleware
from kashi.server.settings import Settings
from kashi.server.static_files import client_site
from kashi.server.translations import router as translations_router
from kashi.server.typed_text import HANDLERS

PAGES = (
    "/",
    "/games/{game_id}",
    "/join/{token}",
    "/replay",
    "/replay/{game_id}",
    "/history",
    "/players/{user_id}",
    "/learn/{variant}",
    "/learn/{family}/lessons",
    "/learn/{family}/lessons/{lesson}",
    "/rules/{family}",
)
"""The browser client's screens: each URL serves the same page, whose script reads the path."""


def quieter_collections() -> None:
    """Fewer, cheaper full garbage collections: what is loaded at start (modules, games in
    progress) is set aside from them, and they wait for more new objects. A full collection
    over a busy server's heap held the event loop for 150-220 ms; nothing here relies on
    collections for more than memory (rooms and games are freed by reference counting)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(50_000, 20, 100)


def edge_outside(app: FastAPI) -> None:
    """Put the edge (``kashi.server.security``) outside everything FastAPI builds, its body
    limit and error pages included, so its caps come first and every answer, a 413 or a 500
    too, carries the security headers."""
    inner = app.build_middleware_stack

    def build() -> ASGIApp:
        return EdgeMiddleware(inner())

    app.build_middleware_stack = build  # type: ignore[method-assign]


def create_app(settings: Settings) -> FastAPI:
    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        engine = make_engine(settings.async_database_url)
        await migrate(engine)
        sessions = make_sessions(engine)
        identity = Identity(await server_secret(sessions, "signing"))
        redis_link = make_link(settings.redis_url, settings.redis_timeout_seconds, settings.redis_retry_seconds)
        fanout = make_fanout(redis_link, settings.instance)
        event_log = store.EventLog(
            make_engine(settings.async_database_url, ping=False), make_sqlite_writer(settings.async_database_url)
        )
        bots = make_bots(
            settings.bot_queue, settings.bot_processes, settings.bot_backlog, redis_link, settings.instance
        )
        await bots.start()
        cluster = make_cluster(redis_link, settings.instance, settings.lease_seconds)
        hub = Hub(settings, sessions, event_log, identity, fanout, bots, cluster)
        app.state.hub = hub
        app.state.reviewer = reviewer = reviews.Reviewer(
            sessions, settings.instance, settings.lease_seconds, settings.review_budget
        )
        app.state.engine = engine
        app.state.loop_lag = lag = LoopLag()
        lag.start()
        await fanout.start(hub.remote_change, hub.resync)
        await ratings.settle_pending(sessions)  # games a crash left unrated, oldest first
        heartbeat = Heartbeat(sessions)
        await heartbeat.resume()  # an outage of the whole service is kept out of the turns in play
        await hub.resume_active()
        hub.start_tending()
        reviewer.start()  # jobs a restart interrupted are taken up again
        quieter_collections()
        log.info(
            "kashi server started", extra={"database": engine.url.get_backend_name(), "redis": bool(settings.redis_url)}
        )
        try:
            yield
        finally:
            await lag.close()
            await heartbeat.close()
            await reviewer.close()
            await hub.close()
            await bots.close()
            await fanout.close()
            await cluster.close()
            await event_log.close()
            await engine.dispose()

    app = FastAPIOffline(
        title="kashi",
        summary="Azul, Azul Duel and Ingenious: lobby and realtime play",
        lifespan=lifespan,
        max_body_size=settings.max_body_bytes,
        exception_handlers=HANDLERS,
    )
    app.state.guards = Guards(settings)
    app.state.passwords = Passwords(settings.password_threads)
    app.add_middleware(DynamicCompression)
    edge_outside(app)
    app.include_router(accounts.router)
    app.include_router(lobby.router)
    app.include_router(seating.router)
    app.include_router(archive.router)
    app.include_router(reviews.router)
    app.include_router(standings.router)
    app.include_router(lessons.router)
    app.include_router(realtime.router)
    app.include_router(translations_router)
    site = client_site()
    app.router.add_route("/static/{path:path}", site.serve_file, methods=["GET", "HEAD"], include_in_schema=False)

    @app.get("/healthz", tags=["server"])
    async def healthz(request: Request, lag_seconds: float | None = Query(None, gt=0, le=30)) -> JSONResponse:
        """Up, with the database answering; how late the event loop runs (``loop_lag_ms``), over the
        last 30 s or the last ``lag_seconds``."""
        try:
            async with request.app.state.engine.connect() as connection:
                await connection.execute(text("SELECT 1"))
        except Exception as error:
            return JSONResponse({"status": "error", "database": str(error)}, status_code=503)
        body: dict[str, Any] = {"status": "ok", "database": request.app.state.engine.url.get_backend_name()}
        body["instance"] = settings.instance
        body["loop_lag_ms"] = request.app.state.loop_lag.summary(lag_seconds)
        body["bots"] = request.app.state.hub.bots.summary()
        body["fanout"] = request.app.state.hub.fanout.status()
        body.update(request.app.state.hub.summary())
        return JSONResponse(body)

    for path in PAGES:
        app.add_api_route(path, site.serve_page, methods=["GET"], include_in_schema=False)

    return app
