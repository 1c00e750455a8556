"""Defences at the edges: the WebSocket origin check, JSON-only state changes, caps on the
request line and headers, and the response headers (a strict Content-Security-Policy). Rates
and caps on use are in ``kashi.server.limits``.

The edge is the outermost layer of the app (``kashi.server.app.KashiApp``), outside FastAPI's
own body limit and error pages, so every answer carries the security headers: a 413, a 500 and
its own 414, 415 and 431 among them. A request's work here is linear in its size, and its size
is capped before anything else looks at it.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from starlette.datastructures import Headers, MutableHeaders
from starlette.requests import HTTPConnection
from starlette.responses import JSONResponse, Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from kashi.core.messages import register
from kashi.server.messages import reason

register(
    {
        "server.url_too_long": "the address (path and query) is limited to {limit} bytes",
        "server.headers_too_large": (
            "request headers are limited to {count} lines, {line} bytes a line and {limit} bytes in all"
        ),
    }
)

MAX_URL_BYTES = 4_096
"""The request target, path and query string together (the longest of kashi's is some 300)."""
MAX_HEADERS = 100
MAX_HEADER_LINE_BYTES = 8_192
MAX_HEADER_BYTES = 32_768
"""Caps on the request's headers: how many, one line (name and value), all of them."""

STRICT_CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)
DOCS_CSP = (
    "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; "
    "img-src 'self' data:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"
)
"""The OpenAPI pages start Swagger UI and ReDoc (served from this server) with an inline script."""

_DOC_PATHS = ("/docs", "/redoc")
_STATE_CHANGING = ("POST", "PUT", "PATCH", "DELETE")


def origin_allowed(connection: HTTPConnection, allowed: tuple[str, ...]) -> bool:
    """A browser's WebSocket must come from this server's own origin or an allowed one.

    Clients that send no Origin (not browsers, so no ambient cookies to abuse) are let through.
    """
    origin = connection.headers.get("origin")
    if origin is None:
        return True
    if origin in allowed:
        return True
    host = connection.headers.get("host", "")
    return urlsplit(origin).netloc == host and bool(host)


class EdgeMiddleware:
    """The outermost layer: refuses a request whose address or headers are over their caps
    (414, 431; a socket is closed), a state-changing API call that is not JSON (415: forms
    cannot forge one cross-site), and adds the security headers to every answer."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        refusal = over_caps(scope)
        if scope["type"] == "websocket":
            if refusal is None:
                await self.app(scope, receive, send)
            else:
                await send({"type": "websocket.close", "code": 1008, "reason": "request too large"})
            return
        docs = scope["path"].startswith(_DOC_PATHS)

        async def secured(message: Message) -> None:
            if message["type"] == "http.response.start":
                add_security_headers(message, docs)
            await send(message)

        if refusal is None and scope["method"] in _STATE_CHANGING and scope["path"].startswith("/api/"):
            content_type = Headers(scope=scope).get("content-type", "").split(";")[0].strip().lower()
            if content_type != "application/json":
                body = {"error": reason("server.bad_message", detail="state-changing requests must be JSON")}
                refusal = JSONResponse(body, status_code=415)
        if refusal is None:
            await self.app(scope, receive, secured)
        else:
            await refusal(scope, receive, secured)


def over_caps(scope: Scope) -> Response | None:
    """A 414 for an address over ``MAX_URL_BYTES``, a 431 for headers over their caps, else None."""
    raw_path = scope.get("raw_path") or scope["path"].encode("utf-8", "replace")
    if len(raw_path) + len(scope.get("query_string", b"")) > MAX_URL_BYTES:
        return JSONResponse({"detail": reason("server.url_too_long", limit=MAX_URL_BYTES)}, status_code=414)
    headers = scope.get("headers", [])
    lines = [len(name) + len(value) + 4 for name, value in headers]  # "name: value\r\n"
    if len(lines) > MAX_HEADERS or max(lines, default=0) > MAX_HEADER_LINE_BYTES or sum(lines) > MAX_HEADER_BYTES:
        params = {"count": MAX_HEADERS, "line": MAX_HEADER_LINE_BYTES, "limit": MAX_HEADER_BYTES}
        return JSONResponse({"detail": reason("server.headers_too_large", **params)}, status_code=431)
    return None


def add_security_headers(message: Message, docs: bool) -> None:
    """The security headers, on an ``http.response.start`` message (replacing any of the same
    name)."""
    message.setdefault("headers", [])
    headers = MutableHeaders(scope=message)
    headers["Content-Security-Policy"] = DOCS_CSP if docs else STRICT_CSP
    headers["X-Content-Type-Options"] = "nosniff"
    headers["Referrer-Policy"] = "no-referrer"
    headers["X-Frame-Options"] = "DENY"
