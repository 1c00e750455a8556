"""Structured logs: one JSON object per line on stderr, extra fields passed with ``extra=``.

No secret reaches a line: an invite token in a ``/join/...`` path and every query string
(uvicorn's access lines name the full URL) are redacted in the finished line, whatever logger
wrote it.
"""

from __future__ import annotations

import json
import logging
import re
from typing import Any

_STANDARD = set(logging.makeLogRecord({}).__dict__) | {"message", "asctime", "color_message"}
REDACTED = "[redacted]"
_INVITE_PATH = re.compile(r"(/join/)[^\s\\\"'?#/]+")
_QUERY = re.compile(r"(/[^\s\\\"'?#]*)\?[^\s\\\"'#]+")
"""Applied to the JSON line, so neither runs over a backslash (the escape of a quote)."""


def redact(line: str) -> str:
    """``line`` with invite tokens in paths and the values of query strings replaced."""
    line = _INVITE_PATH.sub(rf"\g<1>{REDACTED}", line)
    return _QUERY.sub(rf"\g<1>?{REDACTED}", line)


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "ts": round(record.created, 3),
            "level": record.levelname.lower(),
            "logger": record.name,
            "msg": record.getMessage(),
        }
        entry.update({key: value for key, value in record.__dict__.items() if key not in _STANDARD})
        if record.exc_info:
            entry["exc"] = self.formatException(record.exc_info)
        return redact(json.dumps(entry, default=str))


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
