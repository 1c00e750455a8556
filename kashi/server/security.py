"""Defences at the edges: the WebSocket origin check, JSON-only state changes and the response
headers (a strict Content-Security-Policy). Rates and caps are in ``kashi.server.limits``."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from urllib.parse import urlsplit

from starlette.middleware.base import BaseHTTPMiddleware
from starlette.requests import HTTPConnection, Request
from starlette.responses import JSONResponse, Response

from kashi.server.messages import reason

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


class EdgeMiddleware(BaseHTTPMiddleware):
    """Refuses state-changing API calls that are not JSON (forms cannot forge them cross-site)
    and adds the security headers to every response."""

    async def dispatch(self, request: Request, call_next: Callable[[Request], Awaitable[Response]]) -> Response:
        if request.method in _STATE_CHANGING and request.url.path.startswith("/api/"):
            content_type = request.headers.get("content-type", "").split(";")[0].strip().lower()
            if content_type != "application/json":
                body = {"error": reason("server.bad_message", detail="state-changing requests must be JSON")}
                response: Response = JSONResponse(body, status_code=415)
                _secure(request, response)
                return response
        response = await call_next(request)
        _secure(request, response)
        return response


def _secure(request: Request, response: Response) -> None:
    docs = request.url.path.startswith(_DOC_PATHS)
    response.headers["Content-Security-Policy"] = DOCS_CSP if docs else STRICT_CSP
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers["Referrer-Policy"] = "no-referrer"
    response.headers["X-Frame-Options"] = "DENY"
