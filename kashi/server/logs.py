"""Structured logs: one JSON object per line on stderr, extra fields passed with ``extra=``.

No secret reaches a line: an invite token in a ``/join...`` path (``/JOIN/...`` and
``/join//...`` too) and every query string (uvicorn's access lines name the full URL) are
redacted, whatever logger wrote the line.

Writing a line is bounded work on the event loop: every text in it is cut to ``MAX_FIELD_CHARS``
before anything else looks at it, and the redaction reads each character a fixed number of
times (no regular expression that backtracks: the one it had took 46 s over a path of 32,000
slashes, with the whole server waiting).
"""

from __future__ import annotations

import json
import logging
import re
from typing import Any

_STANDARD = set(logging.makeLogRecord({}).__dict__) | {"message", "asctime", "color_message"}
REDACTED = "[redacted]"
INVITE = "/join"
MAX_FIELD_CHARS = 4_096
"""A logged text (the message, one of its arguments, an extra field) is cut to this many
characters; an exception's trace keeps its last ``MAX_TRACE_CHARS``."""
MAX_TRACE_CHARS = 16_384
_WORD = re.compile(r"[^\s\"']+")
"""A path or URL in a line runs to the next space or quote (uvicorn quotes what it writes).
Linear: a match never fails once it has begun, so no character is read twice."""


def redact(text: str) -> str:
    """``text`` with the invite token of every ``/join`` path and the value of every query
    string replaced by ``[redacted]``. The text is cut into words at spaces and quotes, and each
    word holding a ``/`` is searched with ``str.find``: linear in the text."""
    if "/" not in text:
        return text
    return _WORD.sub(_redacted_word, text)


def _redacted_word(match: re.Match[str]) -> str:
    """A word (no spaces or quotes) with its query string and invite token redacted: a ``?``
    after a ``/`` starts a query, which runs to a ``#``; whatever follows ``/join`` in the path,
    whatever its case and however many slashes, is a token."""
    word = match.group()
    if "/" not in word:
        return word
    query, fragment = word.find("?"), word.find("#")
    query_end = len(word) if fragment < query else fragment
    if query >= 0 and "/" in word[:query] and query + 1 < query_end:
        word = f"{word[: query + 1]}{REDACTED}{word[query_end:]}"
    path_end = min(end for end in (word.find("?"), word.find("#"), len(word)) if end >= 0)
    invite = _invite(word, path_end)
    if invite >= 0 and invite + len(INVITE) < path_end:
        word = f"{word[: invite + len(INVITE)]}/{REDACTED}{word[path_end:]}"
    return word


def _invite(word: str, path_end: int) -> int:
    """Where ``/join`` (in any case) first starts before ``path_end``, or -1."""
    slash = word.find("/", 0, path_end)
    while slash >= 0:
        if word[slash + 1 : slash + len(INVITE)].lower() == INVITE[1:]:
            return slash
        slash = word.find("/", slash + 1, path_end)
    return -1


def _bounded(value: Any, limit: int = MAX_FIELD_CHARS) -> Any:
    """A value as a log line holds it: texts cut to ``limit`` characters (with a note of how
    many more there were), containers item by item, anything else as its text."""
    if value is None or isinstance(value, (bool, int, float)):
        return value
    if isinstance(value, (list, tuple)):
        return [_bounded(item, limit) for item in value[:100]]
    if isinstance(value, dict):
        return {str(key)[:limit]: _bounded(item, limit) for key, item in list(value.items())[:100]}
    text = value if isinstance(value, str) else str(value)
    if len(text) > limit:
        text = f"{text[:limit]}…[{len(text) - limit} more characters]"
    return redact(text)


def _message(record: logging.LogRecord) -> str:
    """``record.getMessage()`` with each argument cut first, so a long path in an access line
    neither costs the line its status nor is formatted whole."""
    message = str(record.msg)[:MAX_FIELD_CHARS]
    args = record.args
    if not args:
        return message
    if isinstance(args, tuple):
        args = tuple(_cut(arg) for arg in args)
    try:
        return message % args
    except (TypeError, ValueError, KeyError):
        return f"{message} {args!r}"[: 2 * MAX_FIELD_CHARS]


def _cut(arg: Any) -> Any:
    if isinstance(arg, (bool, int, float)) or arg is None:
        return arg
    text = arg if isinstance(arg, str) else str(arg)
    return text if len(text) <= MAX_FIELD_CHARS else f"{text[:MAX_FIELD_CHARS]}…"


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "ts": round(record.created, 3),
            "level": record.levelname.lower(),
            "logger": record.name,
            "msg": _bounded(_message(record), 2 * MAX_FIELD_CHARS),
        }
        entry.update({key: _bounded(value) for key, value in record.__dict__.items() if key not in _STANDARD})
        if record.exc_info:
            trace = self.formatException(record.exc_info)
            entry["exc"] = redact(trace[-MAX_TRACE_CHARS:])
        return json.dumps(entry)


def setup_logging(level: str) -> None:
    """Route every logger (uvicorn's included) through the JSON formatter."""
    handler = logging.StreamHandler()
    handler.setFormatter(JsonFormatter())
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level.upper())
    for name in ("uvicorn", "uvicorn.error", "uvicorn.access"):
        logging.getLogger(name).handlers[:] = []
        logging.getLogger(name).propagate = True


log = logging.getLogger("kashi.server")
