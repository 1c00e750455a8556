"""What instances sharing one database must agree on: who runs a game, and who is there.

One instance at a time owns a game: it alone runs the game's bots, clocks and absence timers.
Ownership is a Redis lease (``kashi:owner:{game}``), taken with ``SET NX PX``, renewed by its
holder and lost when the holder stops renewing (it died or lost Redis); whoever holds a room
then takes it over. The lease only decides who *tries*: every change is still the version-guarded
update of the log, so an owner that lost its lease without knowing can never apply a stale move.

Presence is shared the same way: each instance writes how many of its connections hold each seat
into the game's hash (``kashi:presence:{game}``), stamped with an expiry it keeps renewing, so a
seat counts as present while a connection on any live instance holds it.

Alone (no Redis), the single instance owns every game and its own connections are all there is.
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence

from redis.asyncio import Redis

from kashi.server.logs import log


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
        return None

    async def share_presence(self, game_id: str, counts: Sequence[int]) -> None:
        return None

    async def presence(self, game_id: str, counts: Sequence[int]) -> list[int]:
        return list(counts)

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
    def __init__(self, url: str, instance: str, lease_seconds: float) -> None:
        super().__init__(lease_seconds)
        self.redis: Redis = Redis.from_url(url, socket_timeout=5, socket_connect_timeout=5)
        self.instance = instance
        self._claim = self.redis.register_script(_CLAIM)
        self._release = self.redis.register_script(_RELEASE)

    async def claim(self, game_id: str) -> bool:
        return (await self.claim_all([game_id]))[0]

    async def claim_all(self, game_ids: Sequence[str]) -> list[bool]:
        """Take or keep the lease of each game; False where another instance holds it, and for
        every game while Redis cannot be reached (an owner that cannot renew must not act)."""
        if not game_ids:
            return []
        milliseconds = int(self.lease_seconds * 1000)
        try:
            async with self.redis.pipeline(transaction=False) as pipe:
                for game_id in game_ids:
                    await self._claim(keys=[_owner(game_id)], args=[self.instance, milliseconds], client=pipe)
                answers = await pipe.execute()
        except Exception as error:
            log.warning("cannot reach Redis for leases; running no game until it is back", extra={"why": repr(error)})
            return [False] * len(game_ids)
        return [answer == 1 for answer in answers]

    async def release(self, game_id: str) -> None:
        try:
            await self._release(keys=[_owner(game_id)], args=[self.instance])
        except Exception as error:
            log.warning("cannot release a lease; it expires by itself", extra={"game": game_id, "why": repr(error)})

    async def share_presence(self, game_id: str, counts: Sequence[int]) -> None:
        stamp = json.dumps({"until": time.time() + self.lease_seconds, "seats": list(counts)})
        try:
            async with self.redis.pipeline(transaction=False) as pipe:
                pipe.hset(_presence(game_id), self.instance, stamp)
                pipe.expire(_presence(game_id), int(self.lease_seconds * 6))
                await pipe.execute()
        except Exception as error:
            log.warning("cannot share presence", extra={"game": game_id, "why": repr(error)})

    async def presence(self, game_id: str, counts: Sequence[int]) -> list[int]:
        """Connections holding each seat on every live instance (``counts`` are this one's, used
        alone when Redis cannot be reached: better to wait than to hand a seat to a bot)."""
        try:
            entries = await self.redis.hgetall(_presence(game_id))
        except Exception:
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

    async def close(self) -> None:
        await self.redis.aclose()


def _owner(game_id: str) -> str:
    return f"kashi:owner:{game_id}"


def _presence(game_id: str) -> str:
    return f"kashi:presence:{game_id}"


def make_cluster(url: str | None, instance: str, lease_seconds: float) -> Alone:
    return RedisCluster(url, instance, lease_seconds) if url else Alone(lease_seconds)
