"""The catalogue of texts the browser translates with, one per language (``/i18n/<lang>.json``):
merged from the shell's and the games' files by ``kashi.web.catalogues``, built once each."""

from __future__ import annotations

import functools
import hashlib
import json

from fastapi import APIRouter, HTTPException, Request, Response

from kashi.core.messages import register
from kashi.server.messages import reason
from kashi.web.catalogues import catalogue, languages

register({"server.no_language": "there is no language {language!r}: the languages are {known}"})

router = APIRouter(tags=["translations"])


@functools.cache
def built(language: str) -> tuple[bytes, str]:
    """The language's catalogue as JSON, and its entity tag."""
    body = json.dumps(catalogue(language), ensure_ascii=False, separators=(",", ":")).encode()
    return body, f'"{hashlib.sha256(body).hexdigest()[:24]}"'


@router.get("/i18n/{language}.json")
async def get_catalogue(language: str, request: Request) -> Response:
    """Every text of the language by key, the server's Python-format templates among them."""
    known = languages()
    if language not in known:
        raise HTTPException(404, reason("server.no_language", language=language, known=", ".join(known)))
    body, tag = built(language)
    headers = {"Cache-Control": "no-cache", "ETag": tag}
    if tag in request.headers.get("if-none-match", ""):
        return Response(status_code=304, headers=headers)
    return Response(body, media_type="application/json", headers=headers)
