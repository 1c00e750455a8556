"""The typed-text rule (``kashi.core.typed_text``) at the server's edge: the request bodies'
typed fields (display names, passwords, tokens, variants, options, lesson moves) are held to
it, a name that copies a label the page shows where a name goes is refused, and a refusal is
answered 422 with its catalogue message, like every other refusal.

A validation error is written as ASCII JSON: FastAPI's own handler echoed the input as UTF-8,
and a lone surrogate there made the handler itself fail (a 500, the connection dropped).
"""

from __future__ import annotations

import functools
import itertools
import json
import re
import unicodedata
from collections.abc import Callable
from typing import Any

from fastapi import Request
from fastapi.encoders import jsonable_encoder
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.utils import is_body_allowed_for_status_code
from pydantic import BeforeValidator
from pydantic_core import PydanticCustomError
from starlette.exceptions import HTTPException
from starlette.responses import Response

from kashi.bots import LEVELS
from kashi.core.messages import Message, register
from kashi.core.typed_text import TextError, typed

register({"server.name_label": "{name!r} is what the page shows for a seat: choose another name"})

NAME_LABELS = (
    "ui.seat.you",
    "ui.seat.bot",
    "ui.seat.bot_n",
    "ui.seat.open",
    "ui.seat.number",
    "ui.presence.bot",
    "ui.presence.open",
    "ui.presence.standin",
    "ui.lessons.you",
    "ui.lessons.opponent",
    "ui.lessons.opponent_n",
)
"""The shell's texts shown where a player's name goes: a bot's seat, an open seat, a seat
with no name, the caller's own, a lesson's seats."""
SERVER_LABELS = ("Bot ({level})", "Open seat", "Player {seat}")
"""Names the server and the records give seats that have no person's name."""
SEATS = range(10)
_GUEST = re.compile(r"guest[0-9a-f]{4}")
"""A new guest is named ``Guest`` and four hex digits of its id (``kashi.server.identity``)."""


def label_key(text: str) -> str:
    """What a name and a label are compared by: NFKC, case folded, digits of any script as ASCII,
    only letters and digits (so spacing, brackets and joiners make no difference)."""
    folded = unicodedata.normalize("NFKC", text).casefold()
    kept = (str(unicodedata.decimal(char, "")) or char for char in folded if char.isalnum())
    return "".join(kept)


@functools.cache
def _labels() -> tuple[frozenset[str], frozenset[str]]:
    """The keys of every seat label in every language the page speaks, with each level and seat
    number filled in; and the keys of the words for "you"."""
    from kashi.web.catalogues import SHELL, languages, read

    shells = [read(SHELL / f"{language}.json") for language in languages()]
    templates = [*SERVER_LABELS, *(texts[key] for texts in shells for key in NAME_LABELS if key in texts)]
    levels = {*LEVELS, *(texts[f"level.{level}"] for texts in shells for level in LEVELS if f"level.{level}" in texts)}
    keys = set()
    for template, level, seat in itertools.product(templates, levels, SEATS):
        try:
            keys.add(label_key(template.format(level=level, seat=seat + 1)))
        except (KeyError, IndexError, ValueError):
            continue
    you = {label_key(texts[key]) for texts in shells for key in ("ui.seat.you", "ui.lessons.you") if key in texts}
    return frozenset(keys), frozenset(you)


def copies_a_label(name: str) -> bool:
    """Whether the page would show ``name`` like one of its own labels: a bot, an open seat, a
    seat number, a new guest, or a name ending in the ``(you)`` the page puts after the
    caller's own."""
    labels, you = _labels()
    key = label_key(name)
    if key in labels or _GUEST.fullmatch(key):
        return True
    text = unicodedata.normalize("NFKC", name).rstrip()
    opening = text.rfind("(")
    return text.endswith(")") and opening >= 0 and label_key(text[opening + 1 : -1]) in you


def _refused(message: Message) -> PydanticCustomError:
    return PydanticCustomError("typed_text", "{text}", {"text": str(message), "refusal": message.to_json()})


def rule(field: str, max_chars: int, max_bytes: int | None = None, *, name: bool = False) -> BeforeValidator:
    """The typed-text rule for one field, as a Pydantic validator run before the field's own
    type and bounds: a refusal carries its catalogue message. A ``name`` is also stripped,
    needs a visible character and may not copy a label."""

    def check(value: Any) -> Any:
        if not isinstance(value, str):
            return value
        try:
            kept = typed(value, field, max_chars, max_bytes, strip=name, visible=name)
        except TextError as error:
            raise _refused(error.message) from None
        if name and copies_a_label(kept):
            raise _refused(Message("server.name_label", {"name": kept}))
        return kept

    return BeforeValidator(check)


class AsciiJSONResponse(JSONResponse):
    """JSON with every character outside ASCII escaped: it can always be sent, whatever the
    text it echoes."""

    def render(self, content: Any) -> bytes:
        return json.dumps(content, ensure_ascii=True, allow_nan=False, separators=(",", ":")).encode("ascii")


async def validation_refusal(request: Request, error: Exception) -> Response:
    """A body that fails validation: the first typed-text refusal as the catalogue message
    (``{"detail": {key, params, text}}``), else Pydantic's problems as FastAPI lists them."""
    assert isinstance(error, RequestValidationError)
    problems = error.errors()
    for problem in problems:
        if problem.get("type") == "typed_text":
            return AsciiJSONResponse({"detail": problem["ctx"]["refusal"]}, status_code=422)
    return AsciiJSONResponse({"detail": jsonable_encoder(problems)}, status_code=422)


async def http_refusal(request: Request, error: Exception) -> Response:
    """FastAPI's answer to an ``HTTPException``, written as ASCII JSON (a refusal may quote what
    the client sent)."""
    assert isinstance(error, HTTPException)
    headers = getattr(error, "headers", None)
    if not is_body_allowed_for_status_code(error.status_code):
        return Response(status_code=error.status_code, headers=headers)
    return AsciiJSONResponse({"detail": error.detail}, status_code=error.status_code, headers=headers)


HANDLERS: dict[Any, Callable[[Request, Exception], Any]] = {
    RequestValidationError: validation_refusal,
    HTTPException: http_refusal,
}
"""The exception handlers the app installs."""
