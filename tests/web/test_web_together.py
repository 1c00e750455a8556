"""Playing together in the browser, several people each in their own context (issue 47): a
friend's dot turns online when their tab opens and away when it closes, with no move; the others
see the countdown, then choose (a computer finishes the seat, or the win is claimed) while a
spectator only watches; a player resigns or leaves, and the game leaves "in progress"; the
players chat (quick messages, free text, a mute) while a spectator sees no chat; and the
screenshots of an absent player's countdown and of a friends' table with chat."""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import DESKTOP, PHONE, Pages, pages_on, server_in
from kashi_server_helpers import ServerProcess
from web_helpers import changed, friends_game, settle, turn, typed_move, version

SCREENSHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"
GRACE_SECONDS = 4
SOON_MS = 15_000
"""Long enough for the default heartbeat (2 s, answered within 4 s) and a presence notice; the
old keep-alive took 40 s."""


@pytest.fixture(scope="module")
def together_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A server whose grace period is short enough to watch it run out."""
    settings = {"KASHI_GRACE_SECONDS": str(GRACE_SECONDS)}
    with server_in(tmp_path_factory.mktemp("together"), **settings) as server:
        yield server


@pytest.fixture
def people(browser: Any, together_server: ServerProcess) -> Iterator[Pages]:
    with pages_on(browser, together_server) as opened:
        yield opened


def seated_friends(people: Pages, language: str = "en", viewport: dict[str, int] | None = None) -> tuple[Any, Any]:
    """The host's and the guest's pages at a two-person Azul game, both seated and both tables
    connected (a guest who closed the page before its table said hello never opened the game:
    a rated game is then abandoned, not waited for)."""
    host = people.open(people.person(language, viewport), "/")
    friends_game(host, "azul", ["me", "person"])
    link = host.locator(".invites input").input_value()
    guest = people.open(people.person(language, viewport), link)
    guest.locator(".join-take").click()
    guest.wait_for_url(re.compile(r"/games/[\w-]+$"))
    guest.locator(".seat-entry.is-you").wait_for()
    return host, guest


def dot(page: Any, seat: int) -> Any:
    return page.locator(f'.seat-entry[data-seat="{seat}"] .presence')


def test_a_friends_dot_follows_their_tab_with_no_move(people: Pages) -> None:
    host, guest = seated_friends(people)
    version = host.locator(".table").get_attribute("data-version")
    dot(host, 1).and_(host.locator(".presence-online")).wait_for(timeout=SOON_MS)
    dot(guest, 0).and_(guest.locator(".presence-online")).wait_for(timeout=SOON_MS)
    guest.close()
    dot(host, 1).and_(host.locator(".presence-away")).wait_for(timeout=SOON_MS)
    countdown = host.locator('.absence[data-seat="1"] .absence-countdown')
    assert re.search(r"is away: the table may decide in \d", countdown.inner_text())
    assert host.locator(".table").get_attribute("data-version") == version, "nobody moved"
    again = people.open(people.contexts[1], host.url)
    dot(host, 1).and_(host.locator(".presence-online")).wait_for(timeout=SOON_MS)
    host.locator(".absence").wait_for(state="detached")
    again.close()


def test_the_table_chooses_for_an_absent_friend_and_a_spectator_only_watches(people: Pages) -> None:
    host, guest = seated_friends(people)
    spectator = people.open(people.person(), host.url)
    guest.close()
    choices = host.locator('.absence[data-seat="1"] .absence-choices')
    choices.wait_for(timeout=SOON_MS + GRACE_SECONDS * 1000)
    assert choices.locator("button").all_inner_texts() == [
        "Keep waiting",
        "Let a computer finish for {}".format(host.locator('.seat-entry[data-seat="1"] .seat-name').inner_text()),
        "Claim the win",
    ]
    spectator.locator('.absence[data-seat="1"]').wait_for()
    spectator.wait_for_timeout(500)
    assert spectator.locator(".absence-choices").count() == 0, "a spectator decides nothing"
    choices.get_by_role("button", name="Keep waiting").click()
    host.locator('.absence[data-seat="1"] .absence-countdown').wait_for()
    host.reload()
    host.locator('.absence[data-seat="1"] .absence-choices button').nth(1).click()
    host.locator(".standin-note").wait_for()
    host.locator('.seat-entry[data-seat="1"] .presence-standin').wait_for()
    spectator.locator(".standin-note").wait_for()


def test_claiming_the_win_over_an_absent_friend_ends_the_game(people: Pages) -> None:
    host, guest = seated_friends(people)
    guest.close()
    claim = host.get_by_role("button", name="Claim the win")
    claim.wait_for(timeout=SOON_MS + GRACE_SECONDS * 1000)
    claim.click()
    host.locator('.table[data-status="finished"]').wait_for()
    assert "was away: the win was claimed" in host.locator(".forfeit-note").inner_text()


def in_progress(people: Pages, page: Any) -> bool:
    """Whether the home page of ``page``'s person lists its game under "Your games in progress"."""
    home = people.open(page.context, "/")
    listed = home.locator('section[aria-labelledby="my-games-title"]')
    listed.wait_for()
    found = listed.locator(f'a[href="{re.sub(r"^https?://[^/]+", "", page.url)}"]').count() == 1
    home.close()
    return found


def test_a_player_resigns_after_confirming_and_the_game_leaves_in_progress(people: Pages) -> None:
    host, guest = seated_friends(people)
    assert in_progress(people, host)
    guest.get_by_role("button", name="Resign").click()
    guest.get_by_role("button", name="Cancel").click()
    guest.get_by_role("button", name="Resign").click()
    guest.get_by_role("button", name="Yes, resign").click()
    for page in (host, guest):
        page.locator('.table[data-status="finished"]').wait_for()
        assert "resigned" in page.locator(".forfeit-note").inner_text()
    assert not in_progress(people, host), "a game over is in progress no more"


def test_the_last_person_leaving_a_game_of_three_abandons_it(people: Pages) -> None:
    page = people.open(people.person(), "/")
    friends_game(page, "azul", ["me", "bot:easy", "bot:easy"])
    assert in_progress(people, page)
    page.get_by_role("button", name="Leave the game").click()
    page.get_by_role("button", name="Yes, leave").click()
    page.locator('.table[data-status="abandoned"]').wait_for()
    assert not in_progress(people, page), "an abandoned game is in progress no more"


def first_to_move(pages: tuple[Any, Any]) -> tuple[Any, Any]:
    """The page whose turn it is (the game's start is drawn), then the other."""
    for _ in range(2400):
        for index, page in enumerate(pages):
            if turn(page) == "move":
                return page, pages[1 - index]
        pages[0].wait_for_timeout(50)
    raise AssertionError("nobody's turn")


def test_a_takeback_asked_of_a_friend_is_declined_then_accepted(people: Pages) -> None:
    mover, other = first_to_move(seated_friends(people))
    before = version(mover)
    typed_move(mover, random.Random(4))
    changed(other, before)
    moved = mover.locator(".log-list li").count()
    mover.get_by_role("button", name="Ask to take back my last move").click()
    other.get_by_text("asks to take back their last move.").wait_for()
    mover.get_by_text("You asked to take back your last move: waiting for the others.").wait_for()
    other.get_by_role("button", name="Decline").click()
    mover.get_by_text("Your takeback was declined.").wait_for()
    assert mover.locator(".log-list li").count() == moved, "declined: the move stays"
    mover.get_by_role("button", name="Ask to take back my last move").click()
    other.get_by_role("button", name="Accept").click()
    mover.locator(".status-line", has_text="Your turn").wait_for()
    assert mover.locator(".log-list li").count() < moved, "accepted: the move is taken back"


def test_a_hot_seat_game_names_its_seats_and_says_whose_turn_it_is(people: Pages) -> None:
    page = people.open(people.person(), "/")
    page.select_option("#friends-variant", "azul")
    page.select_option("#friends-players", "2")
    assert page.locator("#friends-seat-name-0").is_hidden(), "one seat of mine: my own name"
    page.select_option("#friends-seat-1", "me")
    assert page.locator("#friends-seat-name-1").input_value() == "Player 2"
    page.fill("#friends-seat-name-0", "Ann")
    page.fill("#friends-seat-name-1", "Bob")
    page.locator(".friends-form button[type=submit]").click()
    page.wait_for_url(re.compile(r"/games/[\w-]+$"))
    settle(page)
    assert page.locator(".seat-entry .seat-name").all_inner_texts() == ["Ann", "Bob"], "no (you) on both"
    first = page.locator(".status-line").inner_text()
    mover, other = ("Ann", "Bob") if first.startswith("Ann") else ("Bob", "Ann")
    assert first == f"{mover} to move (your seat)"
    before = version(page)
    typed_move(page, random.Random(2))
    changed(page, before)
    settle(page)
    assert page.locator(".status-line").inner_text() == f"{other} to move (your seat)"


def chat_lines(page: Any) -> list[str]:
    return page.locator(".chat-lines li[data-seat]").all_inner_texts()


def test_friends_chat_with_quick_messages_and_text_one_mutes_the_other_and_a_spectator_sees_none(
    people: Pages,
) -> None:
    host, guest = seated_friends(people)
    spectator = people.open(people.person(), host.url)
    host.locator(".chat-presets button", has_text="Good luck!").click()
    guest.locator(".chat-lines li", has_text="Good luck!").wait_for()
    guest.locator(".chat-form input").fill("Thanks, you too")
    guest.locator(".chat-form button").click()
    host.locator(".chat-lines li", has_text="Thanks, you too").wait_for()
    names = host.locator(".seat-entry .seat-name")
    host_name, guest_name = names.nth(0).inner_text().removesuffix(" (you)"), names.nth(1).inner_text()
    assert chat_lines(host)[-1] == f"{guest_name}: Thanks, you too"
    guest.locator(".chat-form input").fill("ab\u202ecd")
    guest.locator(".chat-form button").click()
    guest.locator(".chat-refusal", has_text="may not contain the character U+202E").wait_for()
    host.locator(".chat-mute summary").click()
    host.get_by_label(f"Mute {guest_name}").check()
    host.locator(".chat-lines li[data-seat]", has_text="Good luck!").wait_for()
    assert chat_lines(host) == [f"{host_name}: Good luck!"]
    guest.locator(".chat-presets button", has_text="Well played!").click()
    guest.locator(".chat-lines li", has_text="Well played!").wait_for()
    host.wait_for_timeout(500)
    assert len(chat_lines(host)) == 1, "a muted person's lines stay hidden"
    host.reload()
    host.locator(".chat-lines li[data-seat]").first.wait_for()
    assert len(chat_lines(host)) == 1, "the mute is kept for the game"
    assert spectator.locator(".table-chat").is_hidden(), "chat is off for spectators"


def friends_tables(people: Pages, language: str) -> Iterator[tuple[Any, Any, Callable[[str], None]]]:
    """For a desktop and a phone in turn: the host's and the guest's pages at a new friends'
    table, and what takes a picture of the host's screen as ``docs/screenshots/<name>-...``."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    suffix = "" if language == "en" else f"-{language}"
    for size, viewport in (("desktop", DESKTOP), ("phone", PHONE)):
        host, guest = seated_friends(people, language, viewport)

        def picture(name: str, host: Any = host, size: str = size) -> None:
            host.screenshot(path=str(SCREENSHOTS / f"{name}{suffix}-{size}.png"), full_page=False)

        yield host, guest, picture
        for page in (host, guest):
            if not page.is_closed():
                page.close()


@pytest.mark.screenshots
@pytest.mark.parametrize("language", ["en", "fa"])
def test_screenshots_of_a_friends_table_with_chat(people: Pages, language: str) -> None:
    for host, guest, picture in friends_tables(people, language):
        host.locator(".chat-presets button").nth(0).click()
        guest.locator(".chat-presets button").nth(1).click()
        guest.locator(".chat-form input").fill("بازی خوبی بشود" if language == "fa" else "Ready when you are")
        guest.locator(".chat-form button").click()
        host.locator(".chat-lines li[data-seat]").nth(2).wait_for()
        host.locator(".table-chat").scroll_into_view_if_needed()
        picture("table-chat")


@pytest.mark.screenshots
@pytest.mark.parametrize("language", ["en", "fa"])
def test_screenshots_of_an_absent_players_countdown(people: Pages, language: str) -> None:
    """A friends' table while one friend is away: the countdown, then the choice."""
    for host, guest, picture in friends_tables(people, language):
        guest.close()
        host.locator(".absence-countdown").wait_for(timeout=SOON_MS)
        picture("absence-countdown")
        host.locator(".absence-choices").wait_for(timeout=SOON_MS + GRACE_SECONDS * 1000)
        host.locator(".table-social").scroll_into_view_if_needed()
        picture("absence-choice")
