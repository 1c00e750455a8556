"""Bots in other programs, spoken to line by line over stdin/stdout (docs/bot-protocol.md)."""

from __future__ import annotations

import json
import queue
import shlex
import subprocess
import threading
import time
from typing import Any

from kashi.bots.base import Limits
from kashi.core.registry import AnyState

PROTOCOL_VERSION = 1
HELLO_SECONDS = 10.0
GRACE_SECONDS = 1.0
DEFAULT_MOVE_SECONDS = 10.0


class BotFailure(Exception):
    """The external bot crashed, hung, or broke the protocol."""


class ExternalBot:
    """An external program playing through the kashi bot protocol."""

    def __init__(self, command: str) -> None:
        self.command = command
        self.name = command
        self._process: subprocess.Popen[str] | None = None
        self._lines: queue.Queue[str | None] = queue.Queue()

    def start(self, variant: str, players: int, seat: int, options: dict[str, Any]) -> None:
        try:
            self._process = subprocess.Popen(
                shlex.split(self.command),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                text=True,
                bufsize=1,
            )
        except OSError as error:
            raise BotFailure(f"cannot start {self.command!r}: {error}") from None
        threading.Thread(target=self._read, daemon=True).start()
        self._send(f"kashi {PROTOCOL_VERSION}")
        hello = self._expect("hello", HELLO_SECONDS)
        self.name = hello or self.command
        setup = {"variant": variant, "players": players, "seat": seat, "options": options}
        self._send("game " + json.dumps(setup))
        self._expect("ready", HELLO_SECONDS)

    def choose(self, view: AnyState, limits: Limits) -> Any:
        position = {
            "to_move": view.current_player,
            "legal": [str(m) for m in view.legal_moves()],
            "view": view.to_json(),
        }
        self._send("position " + json.dumps(position, separators=(",", ":")))
        seconds = limits.seconds or DEFAULT_MOVE_SECONDS
        self._send("go " + json.dumps({"seconds": seconds}))
        return view.parse_move(self._expect("move", seconds + GRACE_SECONDS))

    def close(self) -> None:
        process = self._process
        if process is None or process.poll() is not None:
            return
        try:
            self._send("quit")
            process.wait(timeout=1.0)
        except (BotFailure, subprocess.TimeoutExpired):
            process.kill()
            process.wait()

    def _read(self) -> None:
        assert self._process is not None and self._process.stdout is not None
        for line in self._process.stdout:
            self._lines.put(line.rstrip("\n"))
        self._lines.put(None)

    def _send(self, line: str) -> None:
        assert self._process is not None and self._process.stdin is not None
        try:
            self._process.stdin.write(line + "\n")
            self._process.stdin.flush()
        except (BrokenPipeError, OSError):
            raise BotFailure("the bot closed its input (crashed?)") from None

    def _expect(self, word: str, seconds: float) -> str:
        """The rest of the next line starting with ``word``; other lines are ignored."""
        deadline = time.monotonic() + seconds
        while True:
            try:
                line = self._lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                if self._process is not None:
                    self._process.kill()
                raise BotFailure(f"no '{word}' within {seconds:.1f} s (hung?)") from None
            if line is None:
                raise BotFailure(f"the bot exited before '{word}' (crashed?)")
            head, _, rest = line.strip().partition(" ")
            if head == word:
                return rest.strip()
