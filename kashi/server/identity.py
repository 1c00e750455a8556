"""Who is asking: a user id in a signed cookie (a guest, or a registered account).

Cookies carry only a user id signed with the server secret (itsdangerous); a first visit gets
an id and its cookie, and the guest is stored only once it does something that needs it
(``kashi.server.accounts``). Seat tokens are random, signed with their game and seat, and
stored hashed.
"""

from __future__ import annotations

import hashlib
import secrets
import time

from itsdangerous import BadSignature, Signer
from sqlalchemy import select
from sqlalchemy.ext.asyncio import AsyncSession

from kashi.server.models import User

COOKIE = "kashi_user"
COOKIE_MAX_AGE = 400 * 24 * 3600


class Identity:
    """Signing and checking of user cookies and seat tokens with the server secret."""

    def __init__(self, secret: str) -> None:
        self._cookies = Signer(secret, salt="kashi.user")
        self._seats = Signer(secret, salt="kashi.seat")

    def cookie_for(self, user_id: str) -> str:
        return self._cookies.sign(user_id).decode()

    def user_id_from_cookie(self, cookie: str | None) -> str | None:
        if not cookie:
            return None
        try:
            return self._cookies.unsign(cookie).decode()
        except BadSignature:
            return None

    def new_seat_token(self, game_id: str, seat: int) -> str:
        """An unguessable invite token naming its game and seat, signed against forgery."""
        return self._seats.sign(f"{game_id}.{seat}.{secrets.token_urlsafe(24)}").decode()

    def check_seat_token(self, token: str) -> tuple[str, int] | None:
        """The (game, seat) a genuine token names, or None for a forged or malformed one."""
        try:
            payload = self._seats.unsign(token).decode()
        except (BadSignature, UnicodeDecodeError):
            return None
        game_id, _, rest = payload.partition(".")
        seat, _, _ = rest.partition(".")
        if not seat.isdigit():
            return None
        return game_id, int(seat)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_user_id() -> str:
    return secrets.token_hex(16)


def guest(user_id: str) -> User:
    """The guest an id names, as stored once it is needed (not yet added to any session)."""
    return User(id=user_id, display_name=f"Guest {user_id[:4]}", username=None, created_at=time.time())


async def user_by_name(session: AsyncSession, username: str) -> User | None:
    return (await session.execute(select(User).where(User.username == username))).scalar_one_or_none()
