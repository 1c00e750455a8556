"""Ingenious through the page: a whole game by clicks, the lines that will score drawn from the
engine's preview, a 4-player team game by typed moves, the tutorial's reserve rack and star, the
solo board, Persian and Turkish, and what one seat's page and WebSocket never learn."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import httpx
import pytest
from kashi_server_helpers import ServerProcess
from web_helpers import (
    DIGITS,
    a_few_moves,
    changed,
    click_ingenious_move,
    draw_frame,
    final_scores,
    frame_of,
    friends_game,
    home_ready,
    play_computer,
    play_to_end,
    play_together,
    scoring_preview,
    settle,
    version,
)

from kashi.games.ingenious.hexgrid import CELLS, COORDS, NAMES, distance
from tests.games.ingenious.builders import play, position

UNTRANSLATED = re.compile(r"\b(ingenious|ui|term|variant)\.[a-z_]+")


def game_id_of(page: Any) -> str:
    game_id: str = page.url.rsplit("/", 1)[1]
    return game_id


def new_game(page: Any, variant: str, seats: list[dict[str, Any]]) -> None:
    """Create a game through the API with this page's cookie and open its table."""
    home_ready(page)
    created = page.evaluate(
        """async ([variant, seats]) => (await (await fetch('/api/games', {method: 'POST',
            headers: {'content-type': 'application/json'}, body: JSON.stringify({variant, seats})})).json())""",
        [variant, seats],
    )
    page.goto(f"/games/{created['game']['id']}")
    page.wait_for_selector(".table[data-status='active'][data-drawn]")


def test_a_whole_two_player_game_against_a_bot_by_clicks(open_page: Any, web_server: ServerProcess) -> None:
    page = open_page("/")
    play_computer(page, "ingenious")
    made = play_to_end(page, random.Random(12), "ingenious")
    assert made >= 10
    assert page.locator(".end-panel").is_visible()
    assert len(final_scores(page)) == 2
    assert page.locator(".end-panel .final-table thead th").all_inner_texts()[-1] == "Scores, lowest first"
    for row in page.locator(".final-table tbody tr").all():
        tracks = [int(value) for value in row.locator("td").last.inner_text().split(", ")]
        assert len(tracks) == 6 and tracks == sorted(tracks), "each player's six scores, lowest first"
        assert tracks[0] == int(row.locator("td").nth(1).inner_text()), "the score is the lowest colour"
    info = httpx.get(f"{web_server.url}/api/games/{game_id_of(page)}").json()
    assert info["status"] == "finished"


def test_the_lines_that_will_score_are_drawn_before_the_drop_with_the_engines_points(open_page: Any) -> None:
    """Try placements until one scores; the drawn runs' lengths add up to the points shown, and
    after the drop the log explains exactly those points."""
    page = open_page("/")
    play_computer(page, "ingenious")
    gains = scoring_preview(page, random.Random(3))
    shown = sum(int(gain.translate(DIGITS)) for gain in gains)
    run_lengths = page.locator(".ing-scored-label").all_text_contents()
    groups = page.locator(".ing-scored-cell").count()
    assert run_lengths and not groups, "the standard rules score straight runs"
    assert sum(int(length) for length in run_lengths) >= shown, "capped points are never more than the runs"
    seen = version(page)
    log_before = page.locator(".log-list li").count()
    page.locator('[data-act="confirm"]').click()
    settle(page, seen)
    items = page.locator(".log-list li").evaluate_all("items => items.map(i => [i.className, i.textContent])")
    mine = []
    for kind, text in items[log_before + 1 :]:
        if kind != "log-score":
            break
        mine.append(int(re.search(r"\+(\d+):", text).group(1)))
    assert sum(mine) == shown, "the drop scores what the preview showed"
    assert page.locator(".ing-scored-run").count() == 0, "the preview's lines go with the drop"


def test_a_four_player_team_game_by_typed_moves(open_page: Any, web_server: ServerProcess) -> None:
    page = open_page("/")
    new_game(page, "ingenious-teams", [{"kind": "me"}] + [{"kind": "bot", "level": "easy"}] * 3)
    settle(page)
    teams = page.locator(".ing-seat")
    assert teams.count() == 2, "two team boards, not four"
    assert "Team" in teams.first.locator(".ing-team").inner_text()
    assert teams.first.locator(".ing-seat-head").count() == 2
    assert page.locator(".ing-board").get_attribute("data-radius") == "7", "the 4-player board"
    assert page.locator(".ing-hit").count() == 169
    made = play_to_end(page, random.Random(4), "typed", limit=200)
    assert made >= 5
    scores = final_scores(page)
    assert len(scores) == 4
    info = httpx.get(f"{web_server.url}/api/games/{game_id_of(page)}").json()
    result = [int(score) for score in info["result"].split("-")]
    assert result[0] == result[2] and result[1] == result[3], "partners share one score"
    assert sorted(scores.values()) == sorted(result)


def test_the_tutorial_shows_the_star_and_the_reserve_rack(open_page: Any) -> None:
    page = open_page("/")
    play_computer(page, "ingenious", variant="ingenious-tutorial")
    settle(page)
    assert page.locator(".ing-star").count() == 1 and page.locator(".ing-start").count() == 0
    assert page.get_by_text("Reserve rack").is_visible()
    assert page.locator(".ing-rack.is-reserve .ing-rtile").count() == 6
    assert page.locator(".ing-hit.is-lit").count() == 0
    page.locator(".ing-rtile.is-playable").first.click()
    lit = page.locator(".ing-hit.is-lit").evaluate_all("cells => cells.map(c => c.dataset.cell)")
    near_star = {NAMES[cell] for cell in range(CELLS) if 1 <= distance(*COORDS[cell]) <= 2}
    assert lit and set(lit) <= near_star, "the first tile must touch the star: its first hex is at most 2 away"


def test_a_solo_game_has_one_board_to_36(open_page: Any) -> None:
    page = open_page("/")
    new_game(page, "ingenious-solo", [{"kind": "me"}])
    settle(page)
    assert page.locator(".ing-seat").count() == 1
    assert page.locator(".ing-hit").count() == 91
    label = page.locator(".ing-tracks-svg g[role=img]").first.get_attribute("aria-label")
    assert label.endswith("0 of 36")
    assert page.locator(".ing-goal").count() == 2, "the 18 mark and the end of the track"


@pytest.mark.parametrize("language", ["fa", "tr"])
def test_a_game_in_persian_and_turkish_shows_no_untranslated_text(open_page: Any, language: str) -> None:
    page = open_page("/", language)
    play_computer(page, "ingenious")
    a_few_moves(page, 4, random.Random(9), "ingenious")
    page.locator(".ing-rtile.is-playable").first.click()
    text = page.locator("main").inner_text()
    assert UNTRANSLATED.findall(text) == []
    labels = page.locator(".ingenious [aria-label]").evaluate_all("els => els.map(e => e.getAttribute('aria-label'))")
    assert [label for label in labels if UNTRANSLATED.search(label)] == []
    assert page.locator("html").get_attribute("dir") == ("rtl" if language == "fa" else "ltr")
    if language == "fa":
        assert re.search("[۰-۹]", page.locator(".ing-seats").inner_text()), "Persian digits"


def test_one_seats_page_and_socket_never_hold_the_other_rack(open_page: Any, web_server: ServerProcess) -> None:
    """Every WebSocket message this seat receives, and its page, show the bot's rack only as a
    count; the bot's real draws (read from the finished record) appear nowhere."""
    page = open_page("/")
    frames: list[dict[str, Any]] = []
    page.on("websocket", lambda socket: socket.on("framereceived", lambda payload: frames.append(json.loads(payload))))
    play_computer(page, "ingenious")
    rng = random.Random(21)
    seen = None
    for _ in range(400):
        if settle(page, seen) == "finished":
            break
        seen = version(page)
        assert page.locator(".ing-rtile").count() <= 6, "only this seat's own rack is drawn"
        click_ingenious_move(page, rng)
    record = httpx.get(f"{web_server.url}/api/games/{game_id_of(page)}/record.txt").text
    bot_draws = [line for line in record.splitlines() if line.startswith("draw 1 ")]
    assert bot_draws, "the bot drew tiles"
    states = [frame for frame in frames if frame.get("type") == "state"]
    assert len(states) > 10
    for state in states:
        assert isinstance(state["view"]["players"][1]["rack"], int), "the bot's rack is never sent, only its size"
        texts = [event["text"] for event in state["events"]] + [str(state.get("last_move"))]
        assert not any(text in bot_draws for text in texts), "no event says what the bot drew"
    assert not any(line in page.content() for line in bot_draws)


@pytest.mark.parametrize(
    ("players", "teams", "before", "mark"), [(2, False, "R17", 18), (4, True, "R17", 18), (4, True, "R35", 36)]
)
def test_a_bonus_placement_is_announced_with_the_mark_reached(
    open_page: Any, players: int, teams: bool, before: str, mark: int
) -> None:
    """Red 17 (or 35 in the team game) + a run of 3 reaches the mark: the table says Ingenious!,
    names the colour and the mark, and offers the rest of the rack for the extra tile."""
    racks = {0: "RB GG", 1: "GO"} if players == 2 else {0: "RB GG", 1: "GO", 2: "OO", 3: "YY"}
    state = position(players, placed=("RR h7-h6", "RY h5-i4"), racks=racks, teams=teams, tracks={0: before})
    previous = state.copy()
    play(state, "RB h8-h9")
    assert state.current_player == 0, "the engine grants the bonus placement"
    page = open_page("/")
    draw_frame(page, "ingenious", frame_of(state, 0, previous))
    status = page.locator(".ing-status.is-bonus").inner_text()
    assert "Ingenious!" in status and f"red reached {mark}" in status and "bonus placements left: 1" in status
    assert page.locator(".ing-rtile.is-playable").count() == 1, "the GG tile left in the rack"


def test_a_three_player_game_with_a_friend_through_an_invite_link(pages: Any, web_server: ServerProcess) -> None:
    """Two browser windows and a bot, played to the end: the host reads Persian, the guest Turkish."""
    host = pages.open(pages.person("fa"), "/")
    friends_game(host, "ingenious", ["me", "person", "bot:easy"])
    guest = pages.open(pages.person("tr"), host.locator(".invites input").input_value())
    guest.locator(".join-take").click()  # the game is rated: taking the seat is choosing rated play
    guest.wait_for_url(re.compile(r"/games/[\w-]+$"))
    host.wait_for_selector(".ing-board[data-radius]")  # drawn, whoever is to move
    assert host.locator(".ing-board").get_attribute("data-radius") == "6", "the 3-player board"
    assert host.locator(".ing-hit").count() == 127
    play_together([host, guest], random.Random(8), "ingenious")
    assert len(final_scores(host)) == 3
    assert sorted(final_scores(host).values()) == sorted(final_scores(guest).values()), "names differ by language"
    info = httpx.get(f"{web_server.url}/api/games/{game_id_of(host)}").json()
    assert info["status"] == "finished"


@pytest.mark.parametrize("variant", ["ingenious-solo", "ingenious-tutorial"])
def test_solo_and_tutorial_games_by_clicks_to_the_end(open_page: Any, web_server: ServerProcess, variant: str) -> None:
    page = open_page("/")
    if variant == "ingenious-solo":
        new_game(page, variant, [{"kind": "me"}])
    else:
        play_computer(page, "ingenious", variant=variant)
    made = play_to_end(page, random.Random(13), "ingenious")
    assert made >= 10
    assert page.locator(".end-panel").is_visible()
    info = httpx.get(f"{web_server.url}/api/games/{game_id_of(page)}").json()
    assert info["status"] == "finished"
    assert sorted(final_scores(page).values()) == sorted(int(score) for score in info["result"].split("-"))


def focus_by_tab(page: Any, selector: str, backwards: bool = False, limit: int = 300) -> str:
    """Press Tab (or Shift+Tab) until the focus is on ``selector``; its aria-label."""
    for _ in range(limit):
        page.keyboard.press("Shift+Tab" if backwards else "Tab")
        if page.evaluate("(selector) => document.activeElement.matches(selector)", selector):
            label: str = page.evaluate("document.activeElement.getAttribute('aria-label')")
            return label
    raise AssertionError(f"Tab never reached {selector}")


def test_a_placement_with_the_keyboard_alone(open_page: Any) -> None:
    """Tab to a rack tile and Enter; back to a lit hex and Enter; a lit neighbour, Enter to see
    the engine's score, R to turn the tile, Enter twice to drop it."""
    page = open_page("/")
    play_computer(page, "ingenious")
    settle(page)
    before = version(page)
    while not re.fullmatch(r"\w+ and \w+ tile", focus_by_tab(page, ".ing-rtile.is-playable")):
        pass  # a two-colour tile, so that turning it shows
    page.keyboard.press("Enter")
    first = focus_by_tab(page, ".ing-hit.is-lit", backwards=True)
    assert re.fullmatch(r"[a-o]\d+: empty(, touches \w+ start)?", first)
    page.keyboard.press("Enter")
    focus_by_tab(page, ".ing-hit.is-lit:not(.is-chosen)")
    page.keyboard.press("Enter")
    page.wait_for_selector(".ing-preview")
    faces = "faces => Object.fromEntries(faces.map(f => [f.getAttribute('points'), f.getAttribute('fill')]))"
    chosen = page.locator(".ing-ghost .ing-face").evaluate_all(faces)
    assert page.locator('[data-act="rotate"]').is_enabled()
    page.keyboard.press("r")
    turned = page.locator(".ing-ghost .ing-face").evaluate_all(faces)
    assert turned.keys() == chosen.keys() and turned != chosen, "R turns the tile on the same two hexes"
    focus_by_tab(page, ".ing-hit.is-lit.is-chosen", backwards=True)
    page.keyboard.press("Enter")
    changed(page, before)
    assert page.locator(".log-list .log-move").count() >= 1
