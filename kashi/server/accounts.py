"""Identity routes: the guest created on first visit, display names, registration and login."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, HTTPException, Request, Response
from sqlalchemy.exc import IntegrityError

from kashi.server.hub import Hub
from kashi.server.identity import (
    COOKIE,
    COOKIE_MAX_AGE,
    hash_password,
    new_guest,
    password_matches,
    user_by_name,
)
from kashi.server.messages import reason
from kashi.server.models import User
from kashi.server.schemas import Credentials, Empty, Rename, user_json

router = APIRouter(prefix="/api", tags=["identity"])


def hub_of(request: Request) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


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


async def current_user(request: Request, response: Response) -> User:
    """The caller, from the signed cookie; a new guest (and its cookie) on a first visit."""
    hub = hub_of(request)
    user_id = hub.identity.user_id_from_cookie(request.cookies.get(COOKIE))
    async with hub.sessions() as session:
        user = await session.get(User, user_id) if user_id else None
        if user is None:
            user = await new_guest(session)
            await session.commit()
            set_user_cookie(hub, response, user.id)
        return user


CurrentUser = Annotated[User, Depends(current_user)]


@router.get("/me")
async def me(user: CurrentUser) -> dict[str, Any]:
    return user_json(user)


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
    async with hub_of(request).sessions() as session:
        stored = await session.get(User, user.id)
        assert stored is not None
        if stored.username is not None:
            raise HTTPException(409, reason("server.bad_message", detail="this user is already registered"))
        stored.username = body.username
        stored.password_hash = hash_password(body.password)
        try:
            await session.commit()
        except IntegrityError:
            raise HTTPException(409, reason("server.bad_message", detail="that username is taken")) from None
        return user_json(stored)


@router.post("/account/login")
async def login(body: Credentials, request: Request, response: Response) -> dict[str, Any]:
    hub = hub_of(request)
    async with hub.sessions() as session:
        user = await user_by_name(session, body.username)
    if user is None or user.password_hash is None or not password_matches(user.password_hash, body.password):
        raise HTTPException(401, reason("server.bad_message", detail="wrong username or password"))
    set_user_cookie(hub, response, user.id)
    return user_json(user)


@router.post("/account/logout")
async def logout(_body: Empty, request: Request, response: Response) -> dict[str, Any]:
    """Forget the account on this browser: a fresh guest takes its place."""
    hub = hub_of(request)
    async with hub.sessions() as session:
        guest = await new_guest(session)
        await session.commit()
    set_user_cookie(hub, response, guest.id)
    return user_json(guest)
