"""gzip for the server's dynamic answers: the API's JSON and the like, compressed as they go out.

The static files carry their own gzip bodies, made once (``kashi.server.static_files``), so
``/static/`` is left alone here; WebSockets pass untouched; an answer under 1 KB is sent as it
is (its headers weigh as much as gzip would save); event streams are never buffered (Starlette's
``GZipMiddleware`` leaves them, and anything already encoded, as they are).
"""

from __future__ import annotations

from starlette.datastructures import Headers
from starlette.middleware.gzip import GZipMiddleware
from starlette.types import ASGIApp, Receive, Scope, Send

SMALLEST_DYNAMIC = 1024
DYNAMIC_LEVEL = 6
"""Made per answer on the event loop, so a middle level: nearly level 9's size at half its cost."""


def accepts_gzip(accept_encoding: str) -> bool:
    """Whether an ``Accept-Encoding`` header takes gzip (named, or ``*``, with a weight above 0)."""
    weights: dict[str, float] = {}
    for item in accept_encoding.lower().split(","):
        name, _, parameters = item.partition(";")
        weight = 1.0
        for parameter in parameters.split(";"):
            key, _, value = parameter.strip().partition("=")
            if key == "q":
                try:
                    weight = float(value)
                except ValueError:
                    weight = 0.0
        weights[name.strip()] = weight
    return weights.get("gzip", weights.get("x-gzip", weights.get("*", 0.0))) > 0


class DynamicCompression:
    """gzip for HTTP answers outside ``/static/`` of ``SMALLEST_DYNAMIC`` bytes and more, to
    clients that take it."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app
        self.gzip = GZipMiddleware(app, minimum_size=SMALLEST_DYNAMIC, compresslevel=DYNAMIC_LEVEL)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if (
            scope["type"] == "http"
            and not scope["path"].startswith("/static/")
            and accepts_gzip(Headers(scope=scope).get("accept-encoding", ""))
        ):
            await self.gzip(scope, receive, send)
        else:
            await self.app(scope, receive, send)
