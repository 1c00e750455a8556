"""A table's chat: the players talk, with quick messages or free text; spectators neither read
nor write it (it is off for them).

Free text is held to the typed-text rule (``kashi.core.typed_text``: NFC, no controls or
direction overrides, at most ``MAX_CHARS``) and each player may say ``RATE_LINES`` lines in
``RATE_SECONDS``. A quick message is stored as its key, so each reader sees it in their own
language. Lines are kept in ``chat_lines`` (nothing said is lost); the other instances read the
lines they have not sent yet whenever they sync the room. Muting a person is each reader's own
choice, made in the browser.
"""

from __future__ import annotations

import time
from collections import defaultdict, deque
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from kashi.core.typed_text import TextError, typed
from kashi.server.messages import reason
from kashi.server.models import ChatLineRow
from kashi.server.room_cache import GameCache
from kashi.server.room_moves import Refusal

PRESETS = ("hello", "good_luck", "well_played", "thanks", "one_moment", "oops", "good_game", "bye")
"""The quick messages, by key (``ui.chat.preset.<key>`` in the catalogues)."""
MAX_CHARS = 200
RATE_LINES, RATE_SECONDS = 5, 10.0
HISTORY = 100
"""Lines a connection is sent when it says hello."""


def line_json(row: ChatLineRow) -> dict[str, Any]:
    return {"number": row.number, "seat": row.seat, "text": row.text, "preset": row.preset, "at": row.created_at}


class Chat:
    def __init__(self, cache: GameCache, sessions: async_sessionmaker[AsyncSession]) -> None:
        self.cache = cache
        self.sessions = sessions
        self.told = 0
        """The last line this instance sent its connections."""
        self._said: defaultdict[str, deque[float]] = defaultdict(deque)
        """When each player's recent lines were said (this instance's)."""

    def check(self, user_id: str | None, text: str | None, preset: str | None) -> Refusal | str | None:
        """Why the line may not be said, else the text as kept (None for a quick message)."""
        owned = self.cache.owned(user_id)
        if not owned:
            return reason("server.chat_players_only")
        if (text is None) == (preset is None):
            return reason("server.chat_one_of")
        if preset is not None and preset not in PRESETS:
            return reason("server.chat_no_preset", preset=preset[:20], known=", ".join(PRESETS))
        said = self._said[user_id or ""]
        now = time.monotonic()
        while said and now - said[0] > RATE_SECONDS:
            said.popleft()
        if len(said) >= RATE_LINES:
            return reason("server.chat_too_fast", lines=RATE_LINES, seconds=int(RATE_SECONDS))
        if text is None:
            return None
        try:
            return typed(text, "chat", MAX_CHARS, strip=True, visible=True)
        except TextError as error:
            return error.message.to_json()

    async def say(self, user_id: str | None, text: str | None, preset: str | None) -> Refusal | None:
        """Store the line (the next number of the game's chat); a refusal if it may not be said."""
        kept = self.check(user_id, text, preset)
        if isinstance(kept, dict):
            return kept
        assert user_id is not None, "only a seat's holder may chat"
        self._said[user_id].append(time.monotonic())
        seat = min(self.cache.owned(user_id))
        for _ in range(3):  # another instance may take the same number first
            try:
                async with self.sessions() as session, session.begin():
                    query = select(func.max(ChatLineRow.number)).where(ChatLineRow.game_id == self.cache.id)
                    number = (await session.scalar(query) or 0) + 1
                    row = ChatLineRow(
                        game_id=self.cache.id,
                        number=number,
                        seat=seat,
                        user_id=user_id,
                        text=kept,
                        preset=preset,
                        created_at=time.time(),
                    )
                    session.add(row)
                return None
            except IntegrityError:
                continue
        return reason("server.chat_busy")

    async def lines_after(self, number: int, limit: int = HISTORY) -> list[dict[str, Any]]:
        """The game's lines after ``number``, the last ``limit`` of them, oldest first."""
        async with self.sessions() as session:
            query = (
                select(ChatLineRow)
                .where(ChatLineRow.game_id == self.cache.id, ChatLineRow.number > number)
                .order_by(ChatLineRow.number.desc())
                .limit(limit)
            )
            rows = list((await session.execute(query)).scalars())
        return [line_json(row) for row in reversed(rows)]
