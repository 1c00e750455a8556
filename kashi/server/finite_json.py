"""JSON as the standard has it: no NaN or Infinity, in HTTP bodies and socket messages alike.

Python's parser accepts ``NaN`` and ``Infinity`` (and turns ``1e999`` into infinity); such a
number reached the validation error, which could not be written back as JSON, and the
caller got a 500. Here it is refused while parsing, with the number named.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Coroutine
from typing import Any

from fastapi import HTTPException, Request, Response
from fastapi.routing import APIRoute

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
    """``json.loads`` refusing non-finite numbers with ``NonFiniteNumber``."""
    return json.loads(data, parse_constant=_refuse_constant, parse_float=_finite_float)


def refusal(error: NonFiniteNumber) -> dict[str, Any]:
    return reason("server.not_finite", number=error.number)


class FiniteJsonRequest(Request):
    async def json(self) -> Any:
        try:
            return loads(await self.body())
        except NonFiniteNumber as error:
            raise HTTPException(422, refusal(error)) from None


class FiniteJsonRoute(APIRoute):
    """A route whose JSON body is parsed by ``loads`` (FastAPI's custom request class)."""

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handler = super().get_route_handler()

        async def finite_handler(request: Request) -> Response:
            return await handler(FiniteJsonRequest(request.scope, request.receive))

        return finite_handler
