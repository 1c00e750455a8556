"""Request bodies of the HTTP API, validated by Pydantic so bad input gets a clear 422.

Every field a person types is held to the typed-text rule (``kashi.server.typed_text``)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from kashi.bots import LEVELS
from kashi.server.typed_text import rule

BotLevel = Literal["easy", "medium", "hard", "expert"]
assert set(BotLevel.__args__) == set(LEVELS)  # type: ignore[attr-defined]


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


VariantName = Annotated[str, rule("variant", 40), Field(min_length=1, max_length=40)]
OptionName = Annotated[str, rule("option", 40), Field(min_length=1, max_length=40)]
OptionText = Annotated[str, rule("option", 40), Field(max_length=40)]
Token = Annotated[str, rule("token", 200), Field(min_length=1, max_length=200)]
SeatName = Annotated[str, rule("seat name", 40), Field(min_length=1, max_length=40, pattern=r"^[^<>]*\S[^<>]*$")]
"""A hot-seat seat's name: the creator names their own seats, so a label such as "Player 1" is
what it should be, not a disguise."""
DisplayName = Annotated[
    str, rule("display_name", 40, name=True), Field(min_length=1, max_length=40, pattern=r"^[^<>]+$")
]
Username = Annotated[str, rule("username", 40), Field(min_length=3, max_length=40, pattern=r"^[A-Za-z0-9_.-]+$")]
Password = Annotated[str, rule("password", 200, 800), Field(min_length=8, max_length=200)]
Move = Annotated[str, rule("move", 100), Field(min_length=1, max_length=100)]


class SeatSpec(_Body):
    """``me``: the creator sits here (several ``me`` seats make a hot-seat game); ``person``: an
    invited player (an invite link is returned); ``bot``: a bot of the given level."""

    kind: Literal["me", "person", "bot"]
    level: BotLevel | None = None
    name: SeatName | None = None
    """A ``me`` seat's own name ("Player 1"), so a hot-seat game's seats can be told apart."""

    @model_validator(mode="after")
    def _level_for_bots(self) -> SeatSpec:
        if (self.kind == "bot") != (self.level is not None):
            raise ValueError("a bot seat needs a level, and only a bot seat has one")
        if self.name is not None and self.kind != "me":
            raise ValueError("only a seat of the creator's (me) is named at creation")
        return self


class ClockSpec(_Body):
    kind: Literal["none", "move", "fischer"] = "none"
    seconds: float = Field(default=0, ge=0, le=86_400)
    increment: float = Field(default=0, ge=0, le=3_600)

    @model_validator(mode="after")
    def _seconds_for_clocks(self) -> ClockSpec:
        if self.kind != "none" and self.seconds <= 0:
            raise ValueError("a clock needs seconds > 0")
        return self


class CreateGame(_Body):
    variant: VariantName
    seats: list[SeatSpec] = Field(min_length=1, max_length=8)
    options: dict[OptionName, bool | int | OptionText] = Field(default_factory=dict, max_length=30)
    clock: ClockSpec = Field(default_factory=ClockSpec)
    public: bool = False
    """Listed in the lobby, where anyone may take an open seat; by default a game is unlisted,
    and only its invite links seat anyone."""
    absent_bot: BotLevel | None = None
    """The level that stands in for an absent player (default: the server's setting)."""
    seed: int | None = Field(default=None, ge=0, lt=2**48)
    start: int | None = Field(default=None, ge=0, lt=8)
    rated: bool = True
    """Ask for a rated game; a casual one changes no rating. A seeded game is never rated, nor
    one whose seats hold fewer than two identities (see ``kashi.server.ratings``)."""


class JoinByToken(_Body):
    token: Token
    rated: bool | None = None
    """The joiner chooses rated play: a rated game stays rated only if every person who joins
    says ``true`` (a join without it makes the game casual)."""


class JoinOpenSeat(_Body):
    seat: int = Field(ge=0, lt=8)
    rated: bool | None = None


class Accept(_Body):
    """Take the seats a rematch offer holds for you; ``rated`` as in a join."""

    rated: bool | None = None


class Rematch(_Body):
    """Offer another game to a finished game's players; ``rated`` defaults to the finished
    game's choice."""

    rated: bool | None = None


MAX_UPLOAD_CHARS = 100_000
"""A record brought to the replay viewer: a game of 5,000 events (``KASHI_REPLAY_MAX_EVENTS``)
of about 20 characters each; a whole game is 1 to 3 kB, a 100-round Azul game of four 15 kB."""


class RecordUpload(_Body):
    record: str = Field(min_length=1, json_schema_extra={"maxLength": MAX_UPLOAD_CHARS})
    """The text form of a record (docs/records.md), at most ``MAX_UPLOAD_CHARS`` characters:
    checked by the route, whose refusal names the limit instead of quoting the record back."""


class Empty(_Body):
    pass


class Rename(_Body):
    display_name: DisplayName
    """Stripped of surrounding spaces; not only spaces; no label the page shows for a seat."""


class Credentials(_Body):
    username: Username
    password: Password
    """NFC (as RFC 8265 has passwords compared), spaces kept."""


def user_json(user: Any) -> dict[str, Any]:
    return {
        "id": user.id,
        "display_name": user.display_name,
        "username": user.username,
        "registered": user.username is not None,
    }


class LessonTry(_Body):
    """A learner's move in a lesson, in the rules' notation."""

    move: Move
