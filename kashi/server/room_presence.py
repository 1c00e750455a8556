"""Who holds each seat of a game right now: this instance's connections counted here, the other
instances' as last read from the cluster, and since when each seat nobody holds has been away
(as this instance saw it: the others at the table count down from then)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from kashi.server.cluster import Alone
from kashi.server.pubsub import Fanout


class Presence:
    def __init__(self, game_id: str, players: int, cluster: Alone, fanout: Fanout) -> None:
        self.game_id = game_id
        self.players = players
        self.cluster = cluster
        self.fanout = fanout
        self.here: Counter[int] = Counter()
        """This instance's connections holding each seat."""
        self.elsewhere: list[int] = []
        """Other instances' connections holding each seat, as last read."""
        self._away: dict[int, float] = {}
        """When each seat nobody holds was first seen so (epoch seconds)."""

    def arrive(self, seats: Iterable[int]) -> None:
        for seat in seats:
            self.here[seat] += 1

    def leave(self, seats: Iterable[int]) -> None:
        for seat in seats:
            self.here[seat] -= 1

    def local(self) -> list[int]:
        return [max(0, self.here[seat]) for seat in range(self.players)]

    def is_present(self, seat: int) -> bool:
        elsewhere = self.elsewhere[seat] if seat < len(self.elsewhere) else 0
        return self.here[seat] + elsewhere > 0

    def seats(self) -> list[bool]:
        return [self.is_present(seat) for seat in range(self.players)]

    def away_since(self, now: float) -> dict[int, float]:
        """Since when each seat nobody holds now has been away (``now`` for one just gone)."""
        for seat in range(self.players):
            if self.is_present(seat):
                self._away.pop(seat, None)
            else:
                self._away.setdefault(seat, now)
        return dict(self._away)

    async def read(self) -> None:
        local = self.local()
        totals = await self.cluster.presence(self.game_id, local)
        self.elsewhere = [total - mine for total, mine in zip(totals, local, strict=True)]

    async def share(self, version: int) -> None:
        """Tell the other instances this one's connections changed (they reread presence)."""
        await self.cluster.share_presence(self.game_id, self.local())
        await self.fanout.publish(self.game_id, version, presence=True)
