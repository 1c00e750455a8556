"""The messages a client may send over a game's WebSocket, validated strictly by Pydantic."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class Hello(_Message):
    """Say which event was seen last (None: send everything). Seats come from the cookie's
    identity alone: a hello carries no seat token."""

    type: Literal["hello"]
    last_event: int | None = Field(default=None, ge=0)


class MoveRequest(_Message):
    type: Literal["move"]
    move: str = Field(min_length=1, max_length=100)
    version: int = Field(ge=0)
    seat: int | None = Field(default=None, ge=0, le=15)
    """Needed only by a client that holds several seats (hot-seat) to move out of the default."""


class PreviewRequest(_Message):
    """What a move would score, asked before it is made (a table draws it before the drop)."""

    type: Literal["preview"]
    move: str = Field(min_length=1, max_length=100)


class TakebackRequest(_Message):
    type: Literal["takeback"]
    version: int = Field(ge=0)


class HintRequest(_Message):
    """A suggested move with its reasons, for the seat to move (games against bots or hot-seat)."""

    type: Literal["hint"]


class Ping(_Message):
    type: Literal["ping"]


class ResignRequest(_Message):
    """Give the game up: with two players it ends, with three or four the seat passes to a
    computer (the player leaves)."""

    type: Literal["resign"]


class StandInRequest(_Message):
    """Hand one's own seats to a computer (``on``), or take them back from it."""

    type: Literal["standin"]
    on: bool


class AbsenceChoice(_Message):
    """What another player chooses for a seat away past the grace period: a computer finishes
    it, or (two players) the chooser claims the win. Waiting needs no message."""

    type: Literal["absence"]
    seat: int = Field(ge=0, le=15)
    choice: Literal["standin", "claim"]


class ChatRequest(_Message):
    """A line said at the table: free ``text`` (the typed-text rule, 200 characters at most)
    or a quick message's ``preset`` key, one of them."""

    type: Literal["chat"]
    text: str | None = Field(default=None, max_length=800)
    preset: str | None = Field(default=None, max_length=40)


class TakebackAsk(_Message):
    """Ask the other people at the table to let one's last move be taken back."""

    type: Literal["takeback_ask"]
    version: int = Field(ge=0)


class TakebackAnswer(_Message):
    """Accept or decline the takeback another player asked for."""

    type: Literal["takeback_answer"]
    accept: bool


AnyRequest = (
    Hello
    | MoveRequest
    | PreviewRequest
    | TakebackRequest
    | HintRequest
    | Ping
    | ResignRequest
    | StandInRequest
    | AbsenceChoice
    | ChatRequest
    | TakebackAsk
    | TakebackAnswer
)
ClientMessage = Annotated[AnyRequest, Field(discriminator="type")]
client_messages: TypeAdapter[AnyRequest] = TypeAdapter(ClientMessage)
