"""Identity routes: the caller's id from its cookie, the guest stored on first need, display
names, registration and login.

Reading creates nothing: a first visit gets a signed id in its cookie, and the guest row is
written only when the caller does something that needs it (creating or joining a game, a name,
an account), at most ``guests_per_minute`` a minute from one address. Passwords are checked
in worker threads, at most so many attempts a minute per account from one address and per
address (wrong passwords from elsewhere never lock an account's owner out).
"""

from __future__ import annotations

import contextlib
import ipaddress
from typing import Annotated, Any

from fastapi import APIRouter, Depends, HTTPException, Request, Response
from sqlalchemy.exc import IntegrityError

from kashi.server import store
from kashi.server.finite_json import FiniteJsonRoute
from kashi.server.hub import Hub
from kashi.server.identity import COOKIE, COOKIE_MAX_AGE, guest, new_user_id, user_by_name
from kashi.server.limits import Guards, Throttle, address_of, guards_of, spend_or_refuse
from kashi.server.messages import reason
from kashi.server.models import User
from kashi.server.passwords import Passwords
from kashi.server.schemas import Credentials, Empty, Rename, user_json

router = APIRouter(prefix="/api", tags=["identity"], route_class=FiniteJsonRoute)


def hub_of(request: Request) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


def passwords_of(request: Request) -> Passwords:
    passwords: Passwords = request.app.state.passwords
    return passwords


def set_user_cookie(hub: Hub, response: Response, user_id: str) -> None:
    response.set_cookie(
        COOKIE,
        hub.identity.cookie_for(user_id),
        max_age=COOKIE_MAX_AGE,
        httponly=True,
        samesite="lax",
        secure=hub.settings.secure_cookies,
        path="/",
    )


def caller_id(request: Request, response: Response) -> str:
    """The user id in the caller's signed cookie; a first visit gets a new one and its cookie."""
    hub = hub_of(request)
    user_id = hub.identity.user_id_from_cookie(request.cookies.get(COOKIE))
    if user_id is None:
        user_id = new_user_id()
        set_user_cookie(hub, response, user_id)
    return user_id


CallerId = Annotated[str, Depends(caller_id)]


async def current_user(request: Request, user_id: CallerId) -> User:
    """The caller as stored, its guest row written now if this is the first time it is needed."""
    hub = hub_of(request)
    async with hub.sessions() as session:
        user = await session.get(User, user_id)
    if user is not None:
        return user
    guards = guards_of(request)
    spend_or_refuse([(guards.new_guests, address_of(request))], "server.guests_throttled")
    # One pooled connection at a time: a request holding one while it waits for another would
    # leave none to the others when many new guests come at once.
    with contextlib.suppress(IntegrityError):  # the same new caller, in a request a moment earlier
        async with store.autocommitted(hub.sessions) as writer:
            writer.add(guest(user_id))
            await writer.flush()
    async with hub.sessions() as session:
        stored = await session.get(User, user_id)
    assert stored is not None
    return stored


CurrentUser = Annotated[User, Depends(current_user)]


def source_of(connection: Request) -> str:
    """Where a sign-in attempt comes from, as the login throttles count it: the peer's address,
    an IPv6 one by its /64 network (one host is commonly given the whole of it)."""
    address = address_of(connection)
    try:
        parsed = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(parsed, ipaddress.IPv6Address):
        if parsed.ipv4_mapped is not None:
            return str(parsed.ipv4_mapped)
        return str(ipaddress.IPv6Network((parsed, 64), strict=False))
    return address


def login_attempts(guards: Guards, username: str, source: str) -> list[tuple[Throttle, str]]:
    """The throttles a sign-in attempt spends from: the account's from this source, and the
    source's. Counting an account's attempts per source means wrong passwords sent from
    elsewhere cannot lock its owner out, while each source's guessing stays throttled."""
    return [(guards.login_accounts, f"{username.lower()} {source}"), (guards.login_addresses, source)]


@router.get("/me")
async def me(user_id: CallerId, request: Request) -> dict[str, Any]:
    async with hub_of(request).sessions() as session:
        user = await session.get(User, user_id)
    return user_json(user or guest(user_id))


@router.patch("/me")
async def rename(body: Rename, user: CurrentUser, request: Request) -> dict[str, Any]:
    async with hub_of(request).sessions() as session:
        stored = await session.get(User, user.id)
        assert stored is not None
        stored.display_name = body.display_name.strip()
        await session.commit()
        return user_json(stored)


@router.post("/account/register")
async def register(body: Credentials, user: CurrentUser, request: Request) -> dict[str, Any]:
    """Turn the current guest into an account, keeping its games."""
    hub = hub_of(request)
    taken = HTTPException(409, reason("server.bad_message", detail="that username is taken"))
    registered = HTTPException(409, reason("server.bad_message", detail="this user is already registered"))
    if user.username is not None:
        raise registered
    async with hub.sessions() as session:
        if await user_by_name(session, body.username) is not None:
            raise taken
    spend_or_refuse([(guards_of(request).login_addresses, source_of(request))], "server.login_throttled")
    password_hash = await passwords_of(request).hash(body.password)
    async with hub.sessions() as session:
        stored = await session.get(User, user.id)
        assert stored is not None
        if stored.username is not None:
            raise registered
        stored.username = body.username
        stored.password_hash = password_hash
        try:
            await session.commit()
        except IntegrityError:
            raise taken from None
        return user_json(stored)


@router.post("/account/login")
async def login(body: Credentials, request: Request, response: Response) -> dict[str, Any]:
    """Sign in; every attempt counts against the account from this address, and the address."""
    hub = hub_of(request)
    spend_or_refuse(login_attempts(guards_of(request), body.username, source_of(request)), "server.login_throttled")
    async with hub.sessions() as session:
        user = await user_by_name(session, body.username)
    if (
        user is None
        or user.password_hash is None
        or not await passwords_of(request).matches(user.password_hash, body.password)
    ):
        raise HTTPException(401, reason("server.bad_message", detail="wrong username or password"))
    set_user_cookie(hub, response, user.id)
    return user_json(user)


@router.post("/account/logout")
async def logout(_body: Empty, request: Request, response: Response) -> dict[str, Any]:
    """Forget the account on this browser: a fresh guest (stored once needed) takes its place."""
    user_id = new_user_id()
    set_user_cookie(hub_of(request), response, user_id)
    return user_json(guest(user_id))
