"""What instances sharing one database must agree on: who runs a game, and who is there.

One instance at a time owns a game: it alone runs the game's bots, clocks and absence timers.
Ownership is a Redis lease (``kashi:owner:{game}``), taken with ``SET NX PX``, renewed by its
holder and lost when the holder stops renewing (it died or lost Redis); whoever holds a room
then takes it over. The lease only decides who *tries*: every change is still the version-guarded
update of the log, so an owner that lost its lease without knowing can never apply a stale move.

Presence is shared the same way: each instance writes how many of its connections hold each seat
into the game's hash (``kashi:presence:{game}``), stamped with an expiry it keeps renewing, so a
seat counts as present while a connection on any live instance holds it.

Every Redis call is bounded and goes through the process's breaker (``breaker.RedisLink``): the
housekeeping of all the rooms is one pipeline a tick (leases, presence), never a call per game.
While Redis cannot be reached an owner keeps the games whose lease it certainly still holds (its
last renewal was sent less than a lease ago, less a tick) and lets go of the others; presence
falls back to this instance's own connections, counting every seat as present.

Alone (no Redis), the single instance owns every game and its own connections are all there is.
"""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Mapping, Sequence
from typing import Any

from kashi.server.breaker import RedisLink, Unavailable


class Alone:
    """One instance: it owns every game; presence is its own connections."""

    def __init__(self, lease_seconds: float = 10.0) -> None:
        self.lease_seconds = lease_seconds
        """How long a lease outlives its last renewal: the longest a game waits for a dead
        owner. Alone, it only sets how often the rooms are tended."""

    @property
    def renew_seconds(self) -> float:
        return self.lease_seconds / 4

    async def claim(self, game_id: str) -> bool:
        return True

    async def claim_all(self, game_ids: Sequence[str]) -> list[bool]:
        return [True] * len(game_ids)

    async def release(self, game_id: str) -> None:
        await self.release_all([game_id])

    async def release_all(self, game_ids: Sequence[str]) -> None:
        return None

    async def share_presence(self, game_id: str, counts: Sequence[int]) -> None:
        await self.share_presence_all({game_id: counts})

    async def share_presence_all(self, shares: Mapping[str, Sequence[int]]) -> None:
        return None

    async def presence(self, game_id: str, counts: Sequence[int]) -> list[int]:
        return list(counts)

    def summary(self) -> dict[str, Any] | None:
        """How Redis is doing (None alone)."""
        return None

    async def close(self) -> None:
        return None


_CLAIM = """
local holder = redis.call('GET', KEYS[1])
if holder == false then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
  return 1
elseif holder == ARGV[1] then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return 1
end
return 0
"""
"""Take the lease if nobody holds it, or extend it if this instance does; atomically."""

_RELEASE = """
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0
"""


class RedisCluster(Alone):
    def __init__(self, link: RedisLink, instance: str, lease_seconds: float) -> None:
        super().__init__(lease_seconds)
        self.link = link
        self.instance = instance
        self._claim = link.redis.register_script(_CLAIM)
        self._release = link.redis.register_script(_RELEASE)
        self._held_until: dict[str, float] = {}
        """When each lease this instance renewed runs out at the earliest (monotonic clock):
        the renewal was sent then, less the lease."""

    async def claim(self, game_id: str) -> bool:
        return (await self.claim_all([game_id]))[0]

    async def claim_all(self, game_ids: Sequence[str]) -> list[bool]:
        """Take or keep the lease of each game, in one pipeline; False where another instance
        holds it. While Redis cannot be reached, True only for the leases this instance
        certainly still holds for longer than a tick (an owner that cannot renew stops acting
        before its lease can run out)."""
        if not game_ids:
            return []
        milliseconds = int(self.lease_seconds * 1000)
        sent = time.monotonic()

        async def claim(redis: Any) -> list[Any]:
            async with redis.pipeline(transaction=False) as pipe:
                for game_id in game_ids:
                    await self._claim(keys=[_owner(game_id)], args=[self.instance, milliseconds], client=pipe)
                answers: list[Any] = await pipe.execute()
                return answers

        try:
            answers = await self.link.run(claim, "leases")
        except Unavailable:
            margin = self.renew_seconds + self.link.timeout
            return [self._held_until.get(game_id, 0.0) > time.monotonic() + margin for game_id in game_ids]
        owned = [answer == 1 for answer in answers]
        for game_id, mine in zip(game_ids, owned, strict=True):
            if mine:
                self._held_until[game_id] = sent + self.lease_seconds
            else:
                self._held_until.pop(game_id, None)
        return owned

    async def release_all(self, game_ids: Sequence[str]) -> None:
        """Give the leases up now, in one pipeline (unreachable, they expire by themselves)."""
        for game_id in game_ids:
            self._held_until.pop(game_id, None)
        if not game_ids:
            return

        async def release(redis: Any) -> None:
            async with redis.pipeline(transaction=False) as pipe:
                for game_id in game_ids:
                    await self._release(keys=[_owner(game_id)], args=[self.instance], client=pipe)
                await pipe.execute()

        with contextlib.suppress(Unavailable):
            await self.link.run(release, "release leases")

    async def share_presence_all(self, shares: Mapping[str, Sequence[int]]) -> None:
        """Write this instance's connections per seat of each game, in one pipeline."""
        if not shares:
            return
        until = time.time() + self.lease_seconds

        async def share(redis: Any) -> None:
            async with redis.pipeline(transaction=False) as pipe:
                for game_id, counts in shares.items():
                    pipe.hset(_presence(game_id), self.instance, json.dumps({"until": until, "seats": list(counts)}))
                    pipe.expire(_presence(game_id), int(self.lease_seconds * 6))
                await pipe.execute()

        with contextlib.suppress(Unavailable):
            await self.link.run(share, "share presence")

    async def presence(self, game_id: str, counts: Sequence[int]) -> list[int]:
        """Connections holding each seat on every live instance (``counts`` are this one's, used
        alone when Redis cannot be reached: better to wait than to hand a seat to a bot)."""
        try:
            entries = await self.link.run(lambda redis: redis.hgetall(_presence(game_id)), "read presence")
        except Unavailable:
            return [max(count, 1) for count in counts]
        totals = list(counts)
        now = time.time()
        for instance, stamp in entries.items():
            if instance == self.instance.encode():
                continue
            shared = json.loads(stamp)
            if shared["until"] > now:
                totals = [mine + theirs for mine, theirs in zip(totals, shared["seats"], strict=False)]
        return totals

    def summary(self) -> dict[str, Any] | None:
        return self.link.summary()

    async def close(self) -> None:
        await self.link.close()


def _owner(game_id: str) -> str:
    return f"kashi:owner:{game_id}"


def _presence(game_id: str) -> str:
    return f"kashi:presence:{game_id}"


def make_cluster(link: RedisLink | None, instance: str, lease_seconds: float) -> Alone:
    return RedisCluster(link, instance, lease_seconds) if link else Alone(lease_seconds)
