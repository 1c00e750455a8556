"""JSON as the standard has it: no NaN or Infinity, in HTTP bodies and socket messages alike.

Python's parser accepts ``NaN`` and ``Infinity`` (and turns ``1e999`` into infinity); such a
number reached the validation error, which could not be written back as JSON, and the
caller got a 500. Here it is refused while parsing, with the number named.

So is a lone surrogate (``"\\ud800"``), anywhere in the text: no text a person types holds one,
it has no UTF-8 form, and every answer quoting it failed the same way. The refusal is the
typed-text rule's (``core.text_char``), naming where in the JSON it was.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Coroutine
from typing import Any

from fastapi import HTTPException, Request, Response
from fastapi.routing import APIRoute

from kashi.core.typed_text import TextError, code_point, surrogate
from kashi.server.messages import reason


class NonFiniteNumber(ValueError):
    def __init__(self, number: str) -> None:
        super().__init__(f"{number} is not a finite number")
        self.number = number


def _refuse_constant(name: str) -> float:
    raise NonFiniteNumber(name)


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise NonFiniteNumber(text)
    return value


def loads(data: str | bytes) -> Any:
    """``json.loads`` refusing non-finite numbers with ``NonFiniteNumber`` and lone surrogates
    with ``TextError``."""
    value = json.loads(data, parse_constant=_refuse_constant, parse_float=_finite_float)
    refuse_surrogates(value)
    return value


def refuse_surrogates(value: Any) -> None:
    """Raise ``TextError`` for the first string (key or value) holding a lone surrogate, naming
    where it is (``options.tiles``). One pass over the parsed value, without recursion; the path
    is kept as links to the parent's and written out only for the refusal."""
    stack: list[tuple[Any, tuple[Any, ...] | None]] = [(value, None)]
    while stack:
        item, path = stack.pop()
        if isinstance(item, str):
            found = surrogate(item)
        elif isinstance(item, dict):
            found = next((char for key in item if (char := surrogate(key)) is not None), None)
            stack.extend((inner, (key, path)) for key, inner in item.items())
        elif isinstance(item, list):
            found = None
            stack.extend((inner, (index, path)) for index, inner in enumerate(item))
        else:
            found = None
        if found is not None:
            raise TextError("core.text_char", field=_written(path), char=code_point(found))


def _written(path: tuple[Any, ...] | None) -> str:
    names: list[str] = []
    while path is not None:
        names.append(str(path[0]))
        path = path[1]
    return ".".join(reversed(names)) or "body"


def refusal(error: NonFiniteNumber) -> dict[str, Any]:
    return reason("server.not_finite", number=error.number)


class FiniteJsonRequest(Request):
    async def json(self) -> Any:
        try:
            return loads(await self.body())
        except NonFiniteNumber as error:
            raise HTTPException(422, refusal(error)) from None
        except TextError as error:
            raise HTTPException(422, error.message.to_json()) from None


class FiniteJsonRoute(APIRoute):
    """A route whose JSON body is parsed by ``loads`` (FastAPI's custom request class)."""

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handler = super().get_route_handler()

        async def finite_handler(request: Request) -> Response:
            return await handler(FiniteJsonRequest(request.scope, request.receive))

        return finite_handler
