"""Server-kept clocks: none, a limit per move, or Fischer (a bank of time plus an increment)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Literal

ClockKind = Literal["none", "move", "fischer"]


@dataclass(frozen=True)
class Clock:
    """``seconds`` is the limit per move (``move``) or the starting bank (``fischer``)."""

    kind: ClockKind = "none"
    seconds: float = 0.0
    increment: float = 0.0

    def to_json(self) -> dict[str, object]:
        return {"kind": self.kind, "seconds": self.seconds, "increment": self.increment}

    def dumps(self) -> str:
        return json.dumps(self.to_json())

    @classmethod
    def loads(cls, text: str) -> Clock:
        data = json.loads(text)
        return cls(data["kind"], float(data["seconds"]), float(data["increment"]))

    def initial_ms(self) -> int | None:
        """The bank each seat starts with (Fischer only)."""
        return round(self.seconds * 1000) if self.kind == "fischer" else None

    def allowance(self, bank_ms: int | None) -> float | None:
        """Seconds the seat to move may take from the start of its turn (None: no limit)."""
        if self.kind == "move":
            return self.seconds
        if self.kind == "fischer":
            return max(0, bank_ms or 0) / 1000
        return None

    def bank_after_move(self, bank_ms: int | None, used_seconds: float) -> int | None:
        """The Fischer bank after a move that took ``used_seconds``: spent, then incremented."""
        if self.kind != "fischer":
            return bank_ms
        left = max(0, (bank_ms or 0) - round(used_seconds * 1000))
        return left + round(self.increment * 1000)

    def bank_on_return(self, bank_ms: int | None) -> int | None:
        """A player who takes their seat back from a bot never returns to an empty bank."""
        if self.kind != "fischer":
            return bank_ms
        return max(bank_ms or 0, self.initial_ms() or 0)
