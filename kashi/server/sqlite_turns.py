"""SQLite's one write lock, taken in turns by the writers of this process.

SQLite lets one connection write at a time, and who gets the lock when it is freed is chance:
a writer that finds it taken sleeps in SQLite's busy handler (up to 100 ms a try, however soon
the lock is free) or asks again and again. The event log's writer thread asks every millisecond,
so under a steady stream of moves it took the lock back each time before a sleeping writer of
the lobby woke: a new guest, a game, a join, a socket's first hello waited seconds, each holding
a pooled connection (and a hello its room's lock) meanwhile, until the pool ran dry and games
stalled (issue 46, finding 10).

Every SQLite connection of the server is a ``TurnTakingConnection``: a writer waits for its
turn before it asks SQLite for the lock, and hands the turn on when its transaction ends.
Python's sqlite3 opens a transaction at its first write, so the turn is held exactly while
SQLite's lock is: nothing more is serialised, only the order is decided. The lobby's writers
are served first come first served; the event log's writer (``MovesFirstConnection``) goes
next whenever it asks, because a lobby transaction holds the lock across trips through the
event loop, which a busy loop makes long: moves queued behind every lobby write were slower
still (a p99 of 1.6 s at 300 games between people).
SQLite's busy handler is off (``busy_timeout=0``): a writer of another process is waited for
by asking again every ``POLL_SECONDS``, for up to ``PATIENCE_SECONDS``.
"""

from __future__ import annotations

import os
import sqlite3
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

T = TypeVar("T")
POLL_SECONDS = 0.001
PATIENCE_SECONDS = 30.0
"""How often and how long a statement that finds the database locked is tried again."""
WRITES = ("INSERT", "UPDATE", "DELETE", "REPLACE", "BEGIN IMMEDIATE", "BEGIN EXCLUSIVE")
"""How a statement that asks for the write lock begins."""


class Turns:
    """First come, first served: one writer at a time, the others each waiting for theirs."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._taken = False
        self._waiting: deque[threading.Event] = deque()

    @property
    def waiting(self) -> int:
        return len(self._waiting)

    @property
    def taken(self) -> bool:
        return self._taken

    def take(self, patience: float, first: bool = False) -> bool:
        """Wait for the turn (``first``: next, ahead of those waiting); False if it did not come
        within ``patience`` seconds."""
        with self._lock:
            if not self._taken:
                self._taken = True
                return True
            turn = threading.Event()
            if first:
                self._waiting.appendleft(turn)
            else:
                self._waiting.append(turn)
        if turn.wait(patience):
            return True
        with self._lock:
            if turn.is_set():  # handed over as it gave up
                return True
            self._waiting.remove(turn)
            return False

    def give(self) -> None:
        """Hand the turn to the writer that has waited longest, if any."""
        with self._lock:
            if self._waiting:
                self._waiting.popleft().set()
            else:
                self._taken = False


_TURNS: dict[str, Turns] = {}
_TURNS_LOCK = threading.Lock()


def turns_for(database: str) -> Turns | None:
    """The turns of a database file, shared by every connection of the process to it (None for
    an in-memory database, which no other connection shares)."""
    if database == ":memory:" or database.startswith("file:"):
        return None
    path = os.path.realpath(database)
    with _TURNS_LOCK:
        return _TURNS.setdefault(path, Turns())


def asks_to_write(statement: str) -> bool:
    return statement.lstrip().upper().startswith(WRITES)


def polled(run: Callable[[], T]) -> T:
    """``run()``, tried again every ``POLL_SECONDS`` while the database is locked by another
    process (never when the transaction's snapshot is out of date: waiting cannot cure that)."""
    give_up = time.monotonic() + PATIENCE_SECONDS
    while True:
        try:
            return run()
        except sqlite3.OperationalError as error:
            code = error.sqlite_errorcode
            if code & 0xFF != sqlite3.SQLITE_BUSY or code == sqlite3.SQLITE_BUSY_SNAPSHOT:
                raise
            if time.monotonic() >= give_up:
                raise
        time.sleep(POLL_SECONDS)


class TurnTakingConnection(sqlite3.Connection):
    """A connection whose writes wait for their turn (``sqlite3.connect(factory=...)``)."""

    first_in_line = False

    def __init__(self, database: str | bytes | os.PathLike[str], *args: Any, **kwargs: Any) -> None:
        super().__init__(database, *args, **kwargs)
        self._turns = turns_for(os.fsdecode(database))
        self._holding = False

    def cursor(self, factory: Any = None) -> Any:
        return super().cursor(factory or TurnTakingCursor)

    def execute(self, sql: str, parameters: Any = (), /) -> Any:
        return self.cursor().execute(sql, parameters)

    def executemany(self, sql: str, parameters: Iterable[Any], /) -> Any:
        return self.cursor().executemany(sql, parameters)

    def run(self, statement: str, run: Callable[[], T]) -> T:
        """Run a statement, in turn if it asks to write."""
        if self._turns is None or self._holding or not asks_to_write(statement):
            return polled(run)
        if not self._turns.take(PATIENCE_SECONDS, self.first_in_line):
            locked = sqlite3.OperationalError("database is locked (no turn to write)")
            locked.sqlite_errorcode = sqlite3.SQLITE_BUSY  # as SQLite's own refusal says
            raise locked
        self._holding = True
        try:
            return polled(run)
        finally:
            self._hand_on()  # unless a transaction is open: it ends with a commit or a rollback

    def commit(self) -> None:
        try:
            super().commit()
        finally:
            self._hand_on()

    def rollback(self) -> None:
        try:
            super().rollback()
        finally:
            self._hand_on()

    def close(self) -> None:
        try:
            super().close()
        finally:
            self._hand_on(closed=True)

    def _hand_on(self, closed: bool = False) -> None:
        if self._holding and (closed or not self.in_transaction):
            self._holding = False
            assert self._turns is not None
            self._turns.give()


class MovesFirstConnection(TurnTakingConnection):
    """The event log writer's: its turn comes next, ahead of the lobby's writers waiting, so a
    move waits for one other write at most (the one under way), and each lobby writer in turn
    for the moves of one group."""

    first_in_line = True


class TurnTakingCursor(sqlite3.Cursor):
    connection: TurnTakingConnection

    def execute(self, sql: str, parameters: Any = (), /) -> Any:
        return self.connection.run(sql, lambda: super(TurnTakingCursor, self).execute(sql, parameters))

    def executemany(self, sql: str, parameters: Iterable[Any], /) -> Any:
        rows = list(parameters)  # tried again, it must be the same rows
        return self.connection.run(sql, lambda: super(TurnTakingCursor, self).executemany(sql, rows))
