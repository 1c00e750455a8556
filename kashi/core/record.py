"""Game records: bracketed headers and one line per event, like PGN; JSON as a second form.

A record replays to the identical final state with no RNG, because every chance outcome is
written down. See docs/records.md.

Lines end at "\n" alone (a "\r" before it is dropped): ``str.splitlines`` also breaks at
U+2028, U+2029, U+0085 and other controls, which a player's name once held, and cut its header
in two. Headers are held to the typed-text rule (``kashi.core.typed_text``) when a record is
written, so one that rule refuses is never stored; reading is lenient but bounded: a header is
at most ``MAX_HEADER_CHARS`` characters and a seat number ``MAX_SEAT_DIGITS`` digits, checked
before anything is converted.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from typing import Any

from kashi.core.errors import KashiError, RecordError
from kashi.core.messages import register
from kashi.core.typed_text import code_point, refused_char

register(
    {
        "core.record_header_text": "record header {name} may not hold the character {char}",
        "core.record_seat": "record line {line} starts with a seat number of more than {digits} digits: {text!r}",
    }
)

_HEADER = re.compile(r'^\[(\w+) "((?:[^"\\]|\\.)*)"\]$')
_HEADER_NAME = re.compile(r"\w{1,40}")
_MOVE_LINE = re.compile(r"^([0-9]+) (\S.*)$")
MAX_RECORD_CHARS = 2_000_000
"""Records longer than this are refused before parsing (a 100-round Azul game is ~20 kB)."""
MAX_HEADER_CHARS = 1_000
"""A header's value: a name is at most 40 characters, the longest options some 200."""
MAX_SEAT_DIGITS = 3
"""A move line's seat number; ``int()`` is never asked to convert a longer one."""
SHOWN_CHARS = 80
"""How much of a refused line an error quotes."""


@dataclass(slots=True)
class Event:
    """One record line: a seat's move, or a chance line (``seat`` None) such as a fill."""

    seat: int | None
    text: str

    def line(self) -> str:
        return self.text if self.seat is None else f"{self.seat} {self.text}"

    def to_json(self) -> dict[str, Any]:
        if self.seat is None:
            return {"chance": self.text}
        return {"seat": self.seat, "move": self.text}


@dataclass
class Record:
    headers: dict[str, str] = field(default_factory=dict)
    events: list[Event] = field(default_factory=list)

    # -- text ----------------------------------------------------------------------------
    def to_text(self) -> str:
        """The text form; a header the typed-text rule refuses raises ``RecordError``."""
        for number, (name, value) in enumerate(self.headers.items(), start=1):
            if not _HEADER_NAME.fullmatch(name) or len(value) > MAX_HEADER_CHARS:
                raise RecordError("core.record_header", line=number, text=shown(f'[{name} "{value}"]'))
            refused = refused_char(value)
            if refused is not None:
                raise RecordError("core.record_header_text", name=name, char=code_point(refused))
        lines = [f'[{name} "{_escape(value)}"]' for name, value in self.headers.items()]
        lines.append("")
        lines.extend(event.line() for event in self.events)
        return "\n".join(lines) + "\n"

    @classmethod
    def from_text(cls, text: str) -> Record:
        _check_size(len(text))
        record = cls()
        for number, raw in enumerate(text.split("\n"), start=1):
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            if line.startswith("["):
                match = _HEADER.match(line) if len(line) <= MAX_HEADER_CHARS + 50 else None
                if record.events or match is None or len(match.group(2)) > MAX_HEADER_CHARS:
                    raise RecordError("core.record_header", line=number, text=shown(line))
                record.headers[match.group(1)] = _unescape(match.group(2))
                continue
            move = _MOVE_LINE.match(line)
            if move:
                if len(move.group(1)) > MAX_SEAT_DIGITS:
                    raise RecordError("core.record_seat", line=number, digits=MAX_SEAT_DIGITS, text=shown(line))
                record.events.append(Event(int(move.group(1)), move.group(2)))
            else:
                record.events.append(Event(None, line))
        return record

    # -- JSON ----------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {"headers": dict(self.headers), "events": [event.to_json() for event in self.events]}

    @classmethod
    def from_json(cls, data: Any) -> Record:
        try:
            headers = data["headers"]
            if not isinstance(headers, dict) or not all(
                isinstance(k, str) and isinstance(v, str) for k, v in headers.items()
            ):
                raise TypeError("headers must map strings to strings")
            events = [_event_from_json(item) for item in data["events"]]
        except (KeyError, TypeError, ValueError) as error:
            if isinstance(error, KashiError):
                raise
            raise RecordError("core.record_json", reason=str(error)) from None
        return cls(dict(headers), events)

    @classmethod
    def loads(cls, text: str) -> Record:
        """Read either form: JSON if it starts with ``{``, else text."""
        _check_size(len(text))
        if text.lstrip().startswith("{"):
            try:
                data = json.loads(text)
            except json.JSONDecodeError as error:
                raise RecordError("core.record_json", reason=str(error)) from None
            return cls.from_json(data)
        return cls.from_text(text)

    def header(self, name: str) -> str:
        try:
            return self.headers[name]
        except KeyError:
            raise RecordError("core.record_missing", name=name) from None


def _event_from_json(item: Any) -> Event:
    if not isinstance(item, dict):
        raise TypeError("each event must be an object")
    if "chance" in item and isinstance(item["chance"], str):
        return Event(None, item["chance"])
    seat, move = item.get("seat"), item.get("move")
    if isinstance(seat, int) and not isinstance(seat, bool) and seat >= 0 and isinstance(move, str):
        return Event(seat, move)
    raise ValueError(f"event {item!r} is neither a move nor a chance line")


def _check_size(size: int) -> None:
    if size > MAX_RECORD_CHARS:
        raise RecordError("core.record_json", reason=f"record of {size} characters is too long")


def shown(line: str, limit: int = SHOWN_CHARS) -> str:
    """A line as an error quotes it: its start, if it is long."""
    return line if len(line) <= limit else f"{line[:limit]}…"


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _unescape(value: str) -> str:
    return re.sub(r"\\(.)", r"\1", value)
