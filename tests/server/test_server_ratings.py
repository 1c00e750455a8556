"""Ratings (issue: rated and casual games): Glicko-2 for two players and OpenSkill for three and
four, per family and player count, bots included, settled once per finished rated game; casual,
seeded and one-identity games change nothing. Real server processes play the games; settling
itself is also driven in-process, from two "instances" at once."""

from __future__ import annotations

import asyncio
import sqlite3
import time
from collections.abc import Callable, Coroutine, Iterator
from contextlib import closing
from itertools import pairwise, permutations
from pathlib import Path
from typing import Any

import httpx
import pytest
from glicko2 import MatchResult, RatingEngine, RatingPeriod
from glicko2 import Player as Glicko2Player
from glicko2.math import mu_to_rating, phi_to_rd, rating_to_mu, rd_to_phi
from kashi_server_helpers import ServerProcess, create_game, http, play_to_the_end, sqlite_rows, store_finished_game
from kashi_test_extras import loop_in_a_thread
from openskill.models import PlackettLuce
from sqlalchemy import func, select
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from kashi.core.outcome import Outcome
from kashi.server import ratings
from kashi.server.database import make_engine, make_sessions, migrate
from kashi.server.models import GameRow, RatingChangeRow, RatingRow
from kashi.server.settings import async_database_url
from kashi.server.store import SeatState

BOTS_2 = [{"kind": "bot", "level": "easy"}, {"kind": "bot", "level": "medium"}]


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'ratings.db'}"
    url: str = request.getfixturevalue("postgres_url")
    return url


def wait_for(check: Callable[[], Any], what: str, timeout: float = 60) -> Any:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if found := check():
            return found
        time.sleep(0.05)
    raise TimeoutError(what)


def finished(client: httpx.Client, game_id: str) -> dict[str, Any]:
    game: dict[str, Any] = wait_for(
        lambda: (info := client.get(f"/api/games/{game_id}").json())["status"] == "finished" and info,
        f"game {game_id} to finish",
    )
    return game


def settled_history(client: httpx.Client, path: str, games: int) -> dict[str, Any]:
    """A player's or bot's ratings once ``games`` rated games are in their history (and their
    ratings: the two are read one after the other, so a settling may land between them)."""
    profile: dict[str, Any] = wait_for(
        lambda: len((body := client.get(path).json())["history"]) >= games and body["ratings"] and body,
        f"{path} to show {games} games",
    )
    return profile


def outcome_of(client: httpx.Client, game_id: str) -> dict[str, Any]:
    outcome: dict[str, Any] = client.get(f"/api/games/{game_id}/replay").json()["outcome"]
    return outcome


def bot_game(client: httpx.Client, seats: list[dict[str, Any]], **extra: Any) -> str:
    game_id: str = create_game(client, "azul-quick", seats, **{"public": True, **extra})["game"]["id"]
    return game_id


def glicko2_after(
    first: dict[str, float], second: dict[str, float], first_score: float
) -> tuple[Glicko2Player, Glicko2Player]:
    """The library's own rating period, apart from the server's code path."""
    engine = RatingEngine(tau=0.5)
    for name, standing in (("first", first), ("second", second)):
        mu, phi = rating_to_mu(standing["rating"]), rd_to_phi(standing["deviation"])
        engine.pool.add(Glicko2Player(name, mu=mu, phi=phi, sigma=standing.get("volatility", 0.06)))
    period = RatingPeriod(id="one game")
    period.add_match(MatchResult("first", "second", first_score))
    engine.process_period(period)
    return engine.pool.get("first"), engine.pool.get("second")


def test_a_rated_game_against_a_bot_moves_both_ratings_by_glicko2(
    servers: Callable[..., ServerProcess], database: str
) -> None:
    server = servers(database)
    host = http(server)
    me = host.get("/api/me").json()["id"]
    created = create_game(host, "azul-quick", [{"kind": "me"}, {"kind": "bot", "level": "easy"}], public=True)["game"]
    assert created["rated"] is True and created["seeded"] is False
    play_to_the_end(server, host, created["id"])
    ranks = outcome_of(host, created["id"])["ranks"]
    mine = settled_history(host, f"/api/players/{me}/ratings", 1)
    bot = settled_history(host, "/api/bots/easy/ratings", 1)
    score = 0.5 if ranks[0] == ranks[1] else float(ranks[0] < ranks[1])
    start = {"rating": 1500.0, "deviation": 350.0}
    person, machine = glicko2_after(start, start, score)
    for profile, expected in ((mine, person), (bot, machine)):
        [pool] = profile["ratings"]
        assert (pool["family"], pool["players"], pool["system"], pool["games"]) == ("azul", 2, "glicko-2", 1)
        assert pool["rating"] == pytest.approx(mu_to_rating(expected.mu), abs=1e-3)
        assert pool["deviation"] == pytest.approx(phi_to_rd(expected.phi), abs=1e-3) and pool["deviation"] < 350
        assert pool["provisional"] is True
        [change] = profile["history"]
        assert change["game"] == created["id"] and change["rating_before"] == 1500.0
        assert change["rating_after"] == pool["rating"]
    if score != 0.5:
        winner, loser = (mine, bot) if score == 1 else (bot, mine)
        assert winner["ratings"][0]["rating"] > 1500 > loser["ratings"][0]["rating"]
    board = host.get("/api/ratings/azul/2").json()
    assert board["system"] == "glicko-2" and board["total"] == 2
    assert {(entry["kind"], entry["id"]) for entry in board["entries"]} == {("user", me), ("bot", "easy")}
    assert host.get(f"/api/games/{created['id']}").json()["rated"] is True
    assert '[Rated "true"]' in host.get(f"/api/games/{created['id']}/record.txt").text


def test_casual_seeded_and_one_identity_games_change_no_rating(
    servers: Callable[..., ServerProcess], tmp_path: Path
) -> None:
    database = tmp_path / "casual.db"
    server = servers(f"sqlite:///{database}")
    host = http(server)
    me = host.get("/api/me").json()["id"]
    casual = [
        create_game(host, "azul-quick", BOTS_2, rated=False)["game"],
        create_game(host, "azul-quick", BOTS_2, seed=7)["game"],
        create_game(host, "azul-quick", [{"kind": "bot", "level": "easy"}] * 2)["game"],
        create_game(host, "azul-quick", [{"kind": "me"}, {"kind": "me"}])["game"],
    ]
    assert [game["rated"] for game in casual] == [False, False, False, False]
    play_to_the_end(server, host, casual[3]["id"])
    for game in casual:
        assert finished(host, game["id"])["rated"] is False
    invited = create_game(host, "azul-quick", [{"kind": "me"}, {"kind": "person"}])
    assert invited["game"]["rated"] is True, "an open seat will be someone's"
    host.post("/api/join", json={"token": invited["invites"][0]["token"]}).raise_for_status()
    assert host.get(f"/api/games/{invited['game']['id']}").json()["rated"] is False, "both seats are mine"
    control = bot_game(host, BOTS_2)
    finished(host, control)
    easy = settled_history(host, "/api/bots/easy/ratings", 1)
    assert [change["game"] for change in easy["history"]] == [control]
    assert [pool["games"] for pool in easy["ratings"]] == [1]
    assert host.get(f"/api/players/{me}/ratings").json()["ratings"] == []
    assert host.get("/api/ratings/azul/2").json()["total"] == 2
    assert sqlite_rows(database, "SELECT game_id FROM rating_changes GROUP BY game_id") == [(control,)]


def test_a_four_player_game_updates_openskill_in_rank_order(
    servers: Callable[..., ServerProcess], tmp_path: Path
) -> None:
    server = servers(f"sqlite:///{tmp_path / 'four.db'}")
    client = http(server)
    levels = ["easy", "medium", "hard", "expert"]
    game_id = bot_game(client, [{"kind": "bot", "level": level} for level in levels])
    finished(client, game_id)
    ranks = outcome_of(client, game_id)["ranks"]
    model = PlackettLuce(mu=1500, sigma=500, beta=250, tau=5)
    expected = model.rate([[model.rating()] for _ in levels], ranks=[float(rank) for rank in ranks])
    for level, rank, (rating,) in zip(levels, ranks, expected, strict=True):
        [pool] = settled_history(client, f"/api/bots/{level}/ratings", 1)["ratings"]
        assert (pool["family"], pool["players"], pool["system"]) == ("azul", 4, "openskill-plackett-luce")
        assert pool["rating"] == pytest.approx(rating.mu, abs=1e-6), f"{level} placed {rank}"
        assert pool["deviation"] == pytest.approx(rating.sigma, abs=1e-6) and pool["provisional"] is True
    board = client.get("/api/ratings/azul/4").json()["entries"]
    assert [entry["rating"] for entry in board] == sorted((entry["rating"] for entry in board), reverse=True)
    rating_of = {entry["id"]: entry["rating"] for entry in board}
    place_of = dict(zip(levels, ranks, strict=True))
    for better, worse in permutations(levels, 2):
        if place_of[better] < place_of[worse]:
            assert rating_of[better] >= rating_of[worse] - 1e-9, (better, worse)
            if len(set(ranks)) == len(ranks):  # Plackett-Luce may lift a place just below a tie to the tied ones
                assert rating_of[better] > rating_of[worse], (better, worse)


def preload(database: Path, rows: list[tuple[str, float, float]]) -> None:
    """Ratings already standing in the two-player Azul pool (subject, rating, deviation)."""
    with closing(sqlite3.connect(database, timeout=30)) as connection, connection:
        connection.executemany(
            "INSERT INTO ratings (subject, family, players, rating, deviation, volatility, games, updated_at)"
            " VALUES (?, 'azul', 2, ?, ?, 0.06, 20, ?)",
            [(*row, time.time()) for row in rows],
        )


def test_the_leaderboard_puts_established_first_pages_and_histories_run_newest_first(
    servers: Callable[..., ServerProcess], tmp_path: Path
) -> None:
    database = tmp_path / "board.db"
    server = servers(f"sqlite:///{database}")
    client = http(server)
    preload(database, [("bot:easy", 1400.0, 112.0), ("bot:medium", 1450.0, 112.0), ("bot:hard", 1900.0, 300.0)])
    before = client.get("/api/ratings/azul/2").json()["entries"]
    assert [entry["provisional"] for entry in before] == [True, True, True], "an RD above 110 is provisional"
    assert [entry["id"] for entry in before] == ["hard", "medium", "easy"]
    games = []
    for count in (1, 2):
        games.append(bot_game(client, BOTS_2))
        finished(client, games[-1])
        settled_history(client, "/api/bots/easy/ratings", count)
    board = client.get("/api/ratings/azul/2").json()
    assert board["total"] == 3 and board["provisional_above"] == 110.0
    entries = board["entries"]
    assert [entry["rank"] for entry in entries] == [1, 2, 3]
    assert {entry["id"] for entry in entries[:2]} == {"easy", "medium"} and entries[2]["id"] == "hard"
    assert [entry["provisional"] for entry in entries] == [False, False, True], "RD fell below 110"
    assert entries[0]["rating"] >= entries[1]["rating"] and entries[0]["games"] == 22
    assert entries[2]["rating"] > entries[0]["rating"], "a provisional rating comes after, however high"
    page = client.get("/api/ratings/azul/2", params={"limit": 1, "offset": 1}).json()
    assert page["entries"] == [entries[1]] and (page["limit"], page["offset"]) == (1, 1)
    assert client.get("/api/ratings/azul/2", params={"offset": 3}).json()["entries"] == []
    history = client.get("/api/bots/easy/ratings").json()["history"]
    assert [change["game"] for change in history] == games[::-1], "newest first"
    assert history[0]["rating_before"] == history[1]["rating_after"]
    assert (history[1]["rating_before"], history[1]["deviation_before"]) == (1400.0, 112.0)
    older = client.get("/api/bots/easy/ratings", params={"limit": 1, "offset": 1}).json()["history"]
    assert older == [history[1]]


def test_unknown_pools_players_bots_and_bad_paging_are_refused(shared_server: ServerProcess) -> None:
    client = http(shared_server)
    for path, key in (
        ("/api/ratings/chess/2", "server.no_family"),
        ("/api/ratings/azul/1", "server.no_rating_pool"),
        ("/api/ratings/azul/5", "server.no_rating_pool"),
        ("/api/ratings/azul-duel/3", "server.no_rating_pool"),
        ("/api/ratings/ingenious/1", "server.no_rating_pool"),
        ("/api/players/nobody/ratings", "server.no_player"),
        ("/api/bots/grandmaster/ratings", "server.no_bot_level"),
    ):
        refused = client.get(path)
        assert refused.status_code == 404, path
        assert refused.json()["detail"]["key"] == key, path
    for path, params in (
        ("/api/ratings/azul/two", {}),
        ("/api/ratings/azul/2", {"limit": 0}),
        ("/api/ratings/azul/2", {"limit": 101}),
        ("/api/ratings/azul/2", {"offset": -1}),
        ("/api/ratings/azul/2", {"offset": 2**40}),
        ("/api/bots/easy/ratings", {"limit": "many"}),
    ):
        assert client.get(path, params=params).status_code == 422, (path, params)
    assert client.get("/api/ratings/ingenious/4", params={"limit": 100}).status_code == 200


# -- settling in-process ---------------------------------------------------------------------


async def changes(sessions: async_sessionmaker[AsyncSession], subject: str) -> list[RatingChangeRow]:
    async with sessions() as session:
        query = select(RatingChangeRow).where(RatingChangeRow.subject == subject).order_by(RatingChangeRow.id)
        return list((await session.execute(query)).scalars())


async def games_of(sessions: async_sessionmaker[AsyncSession], subject: str) -> int:
    async with sessions() as session:
        count = await session.scalar(select(func.sum(RatingRow.games)).where(RatingRow.subject == subject))
        return int(count or 0)


async def settled_at(sessions: async_sessionmaker[AsyncSession], game_id: str) -> float | None:
    async with sessions() as session:
        value: float | None = await session.scalar(select(GameRow.settled_at).where(GameRow.id == game_id))
        return value


@pytest.fixture
def run() -> Iterator[Callable[..., Any]]:
    """Run a coroutine to its end on one event loop kept for the whole test."""
    with loop_in_a_thread() as run_on_the_loop:
        yield run_on_the_loop


Instances = Callable[[str], async_sessionmaker[AsyncSession]]


@pytest.fixture
def instances(run: Callable[..., Any]) -> Iterator[Instances]:
    """Open "server instances" on a database (each its own engine, as each process has one)."""
    engines = []

    def open_instance(url: str) -> async_sessionmaker[AsyncSession]:
        engine = make_engine(async_database_url(url))
        engines.append(engine)
        run(migrate(engine))
        return make_sessions(engine)

    yield open_instance
    for engine in engines:
        run(engine.dispose())


async def together(*calls: Coroutine[Any, Any, None]) -> None:
    await asyncio.gather(*calls)


def test_settling_twice_or_at_once_from_two_instances_applies_once(
    database: str, instances: Instances, run: Callable[..., Any]
) -> None:
    """Every game has the easy bot: settled at once, none overwrites another's change (the first
    game makes the bot's row, the others meet it; the users' rows are new to each)."""
    first, second = instances(database), instances(database)
    users = ("ann", "bob", "cy")
    games = [run(store_finished_game(first, [user, "bot:easy"], seed)) for seed, user in enumerate(users, start=1)]
    run(ratings.settle(first, games[0]))
    run(together(*(ratings.settle(sessions, game_id) for game_id in games for sessions in (first, second, first))))
    run(ratings.settle(second, games[1]))
    assert [run(games_of(first, user)) for user in users] == [1, 1, 1]
    assert run(games_of(first, "bot:easy")) == 3
    chain = run(changes(first, "bot:easy"))
    assert chain[0].game_id == games[0] and {change.game_id for change in chain} == set(games)
    assert (chain[0].rating_before, chain[0].deviation_before) == (1500.0, 350.0)
    for older, newer in pairwise(chain):
        assert (newer.rating_before, newer.deviation_before) == (older.rating_after, older.deviation_after)


def test_pending_games_settle_oldest_first_and_unrated_ones_never(
    tmp_path: Path, instances: Instances, run: Callable[..., Any]
) -> None:
    sessions = instances(f"sqlite:///{tmp_path / 'pending.db'}")
    newer = run(store_finished_game(sessions, ["ann", "bot:easy"], 3, finished_at=200.0))
    older = run(store_finished_game(sessions, ["ann", "bot:easy"], 4, finished_at=100.0))
    seeded = run(store_finished_game(sessions, ["ann", "bot:easy"], 5, seeded=True))
    alone = run(store_finished_game(sessions, ["ann", "ann"], 6))
    four = run(store_finished_game(sessions, ["ann", "bot:easy", "ann", "bot:hard"], 7, finished_at=300.0))
    run(ratings.settle_pending(sessions))
    assert [change.game_id for change in run(changes(sessions, "bot:easy"))] == [older, newer, four]
    assert run(settled_at(sessions, seeded)) is None, "a seeded game is never even claimed"
    assert run(settled_at(sessions, alone)) is not None, "one identity: settled, nothing rated"
    ann = run(changes(sessions, "ann"))
    assert [change.game_id for change in ann] == [older, newer, four], "ann counts once in the four-player game"
    assert {change.players for change in ann} == {2, 4}
    run(ratings.settle_pending(sessions))
    assert run(games_of(sessions, "ann")) == 3


def held(number: int, holder: str | None, standin: bool = False) -> SeatState:
    if holder is not None and holder.startswith("bot:"):
        return SeatState(number, "bot", holder.removeprefix("bot:"), None, holder, False, None)
    return SeatState(number, "person", None, holder, holder or "Open seat", standin, None)


def test_a_subject_counts_once_at_its_best_seat_and_partners_rate_as_one_side() -> None:
    seats = [held(0, "ann"), held(1, "bot:easy"), held(2, "ann", standin=True), held(3, "bot:medium")]
    outcome = Outcome(scores=(5, 9, 7, 1), ranks=(3, 1, 2, 4), winners=(1,))
    sides = ratings.sides_of(seats, outcome)
    assert [(side.subjects, side.place) for side in sides] == [(("bot:easy",), 1), (("ann",), 2), (("bot:medium",), 4)]
    partners = [held(0, "ann"), held(1, "bob"), held(2, "cy"), held(3, "bot:easy")]
    teams = Outcome(scores=(9, 4, 9, 4), ranks=(1, 2, 1, 2), winners=(0, 2), teams=(0, 1, 0, 1))
    assert [(side.subjects, side.place) for side in ratings.sides_of(partners, teams)] == [
        (("ann", "cy"), 1),
        (("bob", "bot:easy"), 2),
    ]
    alone = Outcome(scores=(3, 4), ranks=(2, 1), winners=(1,))
    assert ratings.sides_of([held(0, "ann"), held(1, "ann")], alone) == []


def test_a_game_is_rated_when_asked_unseeded_and_of_two_identities() -> None:
    def rated(seats: list[SeatState], asked: bool = True, seeded: bool = False) -> bool:
        return ratings.is_rated(GameRow(rated=asked, seeded=seeded), seats)

    assert rated([held(0, "ann"), held(1, "bot:easy")])
    assert rated([held(0, "bot:easy"), held(1, "bot:hard")]), "bots are rated too"
    assert rated([held(0, "ann"), held(1, None)]), "an open seat will be someone else's"
    assert not rated([held(0, "ann"), held(1, "bot:easy")], asked=False)
    assert not rated([held(0, "ann"), held(1, "bot:easy")], seeded=True)
    assert not rated([held(0, "ann"), held(1, "ann"), held(2, "ann")]), "hot-seat"
    assert not rated([held(0, "bot:easy"), held(1, "bot:easy")]), "one level is one identity"
