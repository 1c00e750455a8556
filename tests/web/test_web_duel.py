"""Azul Duel at the browser table: a whole game by clicks, a turn by the keyboard alone, and a
seat whose page and socket never learn the plates the other seat draws."""

from __future__ import annotations

import random
import re
from typing import Any

import httpx
from duel_table import Clicker, capture_states, duel_game
from kashi_server_helpers import Player, ServerProcess, http
from web_helpers import changed, final_scores, friends_game, play_together, settle, turn, typed_move, version

CELL_CAPTION = re.compile(r"tile at [a-f][1-6]")
UNTRANSLATED = re.compile(r"\b(ui|azul_duel|term|variant)\.[a-z_.]+")


def server_scores(server: ServerProcess, page: Any) -> list[int]:
    info = httpx.get(f"{server.url}/api/games/{page.url.rsplit('/', 1)[1]}").json()
    assert info["status"] == "finished"
    return [int(score) for score in info["result"].split("-")]


def signed(points: int) -> str:
    return f"+{points}" if points > 0 else f"\u2212{-points}" if points < 0 else "0"


def test_a_whole_game_against_a_bot_by_clicks(open_page: Any, web_server: ServerProcess) -> None:
    page = open_page("/")
    states = capture_states(page)
    duel_game(page, seed=11)
    clicker = Clicker(page, random.Random(5))
    captions: set[str] = set()
    seen = None
    for _ in range(300):
        if settle(page, seen) == "finished":
            break
        captions.update(page.locator(".duel-scored li").all_inner_texts())
        seen = version(page)
        clicker.move()
    else:
        raise AssertionError("the game did not end")
    assert {"plate", "keep", "draw", "bottom", "sun", "moon", "order", "chip", "tile"} <= clicker.met, clicker.met
    assert clicker.met & {"chips", "skip"}, "a line could be completed with chips at least once"
    assert clicker.rotated
    assert any(CELL_CAPTION.search(caption) for caption in captions), "a placement's caption names its cell"

    scores = final_scores(page)
    assert sorted(scores.values()) == sorted(server_scores(web_server, page))
    final = states[-1]
    assert final["status"] == "finished"
    for seat in range(2):
        total = page.locator(f".duel-total td[data-seat='{seat}']").inner_text()
        assert int(total) == final["scores"][seat]
        change = next(change for change in final["final_scoring_so_far"] if change["seat"] == seat)
        for part in change["parts"]:
            cell = page.locator(f".duel-objective[data-key='{part['key']}'] td[data-seat='{seat}'] [aria-hidden]")
            assert cell.inner_text() == signed(part["points"]), part
    assert page.locator(".duel-board.is-winner").count() >= 1


def test_a_plate_and_a_sun_take_by_the_keyboard_alone(open_page: Any) -> None:
    page = open_page("/")
    duel_game(page, seed=12)
    settle(page)

    def tab_to(selector: str) -> None:
        for _ in range(80):
            page.keyboard.press("Tab")
            if page.evaluate("(selector) => document.activeElement.matches(selector)", selector):
                return
        raise AssertionError(f"Tab never reached {selector}")

    focused = "document.activeElement"
    before = version(page)
    tab_to("button.duel-plate.is-selectable")
    page.keyboard.press("Enter")
    assert page.evaluate(f"{focused}.matches('.duel-slot.is-lit')"), "the lit slots come next"
    page.keyboard.press("r")
    label = page.evaluate(f"{focused}.getAttribute('aria-label')")
    assert label.endswith("rotation 1"), label
    page.keyboard.press("ArrowRight")
    label = page.evaluate(f"{focused}.getAttribute('aria-label')")
    assert label.endswith("rotation 1") and page.evaluate(f"{focused}.matches('.duel-slot.is-lit')")
    slot = re.search(r"slot (\d)", label).group(1)
    page.keyboard.press("Enter")
    changed(page, before)
    assert re.search(rf"plate \d+ s{slot} r1", page.locator(".log-list .log-move").last.inner_text())

    settle(page, before)
    before = version(page)
    tab_to(".duel-src.is-selectable[data-pick='sun']")
    page.keyboard.press("Enter")
    assert page.evaluate(f"{focused}.matches('.duel-dest.is-lit')"), "the lit lines come next"
    page.keyboard.press("Enter")
    if page.locator(".duel-ask [data-move]").count():  # several stacking orders: the first one
        assert page.evaluate(f"{focused}.matches('.duel-ask [data-move]')")
        page.keyboard.press("Enter")
    changed(page, before)
    mine = page.locator(".log-list .log-move").all_inner_texts()
    assert any(re.search(r"sun [L1-4] [RYKBT]>[1-6x]", text) for text in mine), mine


def test_one_seat_never_learns_the_plates_the_other_draws(pages: Any, web_server: ServerProcess) -> None:
    """The other seat (over HTTP and WebSocket) draws three plates and returns two under the stack;
    every message this seat's page receives keeps them hidden, and its table shows only backs."""
    page = pages.open(pages.person(), "/")
    states = capture_states(page)
    created = duel_game(page, seed=None, seats=[{"kind": "me"}, {"kind": "person"}])
    other = http(web_server)
    token = next(invite["token"] for invite in created["invites"] if invite["seat"] == 1)
    assert other.post("/api/join", json={"token": token}).status_code == 200
    player = Player(web_server, created["game"]["id"], other)
    player.hello()
    rng = random.Random(6)
    draws = returned = 0
    faces: set[int] = set()
    seen = None
    for _ in range(300):
        if returned and turn(page, seen) != "wait":
            break
        if player.my_turn():
            legal = player.state["legal_moves"]
            choice = "draw" if "draw" in legal and draws < 3 else rng.choice([m for m in legal if m != "draw"] or legal)
            draws += choice == "draw"
            returned += choice.startswith("bottom")
            player.move(choice)
            player.until(lambda message: message["type"] in ("state", "rejected"))
            hand = player.state["view"]["turn"].get("drawn") or []
            faces |= {plate for plate in hand if plate is not None}
            drawn_here = f"(v) => document.querySelector('.table')?.dataset.drawn === '{player.state['version']}'"
            page.wait_for_function(drawn_here)
            if hand:  # this seat watches the drawing: backs only, as many as were drawn
                assert page.locator(".duel-hand .duel-plate.is-back").count() == len(hand)
                assert page.locator(".duel-hand .duel-plate:not(.is-back)").count() == 0
                shown = page.locator(".duel-hand").inner_html()
                assert not any(f"Plate {plate}:" in shown for plate in hand)
        elif turn(page, seen) == "move":
            seen = version(page)
            typed_move(page, rng)
            player.until(lambda message, before=seen: message["type"] == "state" and str(message["version"]) != before)
        else:
            page.wait_for_timeout(50)
    else:
        raise AssertionError("the other seat never returned a plate under the stack")
    theirs = player.state["view"]
    known = [at for at, plate in enumerate(theirs["stack"]) if plate is not None]
    assert known, "the returned plates are known to the seat that returned them"
    here = next(state for state in reversed(states) if state["version"] == player.state["version"])
    assert [here["view"]["stack"][at] for at in known] == [None] * len(known), "and unknown to this seat"
    player.close()
    assert draws == 3 and faces, "the other seat drew plates"
    mine = [state for state in states if state["you"] == [0]]
    assert len(mine) > 5
    for state in mine:
        view = state["view"]
        for plate in view["stack"]:
            assert plate is None or plate["known_to"] == [0], "a returned plate is shown only to who put it there"
        drawn = view["turn"].get("drawn")
        if drawn and view["turn"]["seat"] != 0:
            assert set(drawn) == {None}, "the other's drawn plates are hidden"
        chance = [event["text"] for event in state["events"] if event["seat"] is None]
        assert not any(re.fullmatch(r"drawn \d+", text) for text in chance), "the drawn plate's number is hidden"


def drag(page: Any, source: Any, target: str) -> None:
    """Press on ``source``, move past the drag threshold (the pick lights its targets), then in
    steps to the centre of the first element matching ``target``, and release."""
    start = source.bounding_box()
    x0, y0 = start["x"] + start["width"] / 2, start["y"] + start["height"] / 2
    page.mouse.move(x0, y0)
    page.mouse.down()
    page.mouse.move(x0 + 10, y0 + 10)
    end = page.locator(target).first.bounding_box()
    x1, y1 = end["x"] + end["width"] / 2, end["y"] + end["height"] / 2
    for step in range(1, 11):
        page.mouse.move(x0 + (x1 - x0) * step / 10, y0 + (y1 - y0) * step / 10)
    page.mouse.up()


def test_a_plate_and_tiles_by_dragging(open_page: Any) -> None:
    page = open_page("/")
    duel_game(page, seed=12)
    settle(page)
    before = version(page)
    drag(page, page.locator("button.duel-plate.is-selectable").first, ".duel-board[data-seat='0'] .duel-slot.is-lit")
    changed(page, before)
    assert re.search(r"plate \d+ s\d r0", page.locator(".log-list .log-move").all_inner_texts()[-1])
    settle(page, before)
    before = version(page)
    sun = page.locator(".duel-src.is-selectable[data-pick='sun'] .duel-tile").first
    drag(page, sun, ".duel-board[data-seat='0'] .duel-broken.is-lit")
    order = page.locator(".duel-ask [data-move]")
    if order.count():
        order.first.click()
    changed(page, before)
    log = page.locator(".log-list .log-move").all_inner_texts()
    assert any(re.search(r"sun [L1-4] [RYKBT]>x", text) for text in log), log


def test_two_people_in_persian_and_turkish_play_a_whole_game_through_an_invite(
    pages: Any, web_server: ServerProcess
) -> None:
    """A second browser window, another person: the host reads Persian, the guest Turkish; both
    play by typed moves to the end and see the same result, with no untranslated text."""
    host = pages.open(pages.person("fa"), "/")
    friends_game(host, "azul-duel", ["me", "person"])
    guest = pages.open(pages.person("tr"), host.locator(".invites input").input_value())
    guest.locator(".join-take").click()  # the game is rated: taking the seat is choosing rated play
    guest.wait_for_url(re.compile(r"/games/[\w-]+$"))
    for page in (host, guest):
        page.wait_for_selector(".duel-board")  # drawn, whoever is to move
    for page, language in ((host, "fa"), (guest, "tr")):
        assert page.locator("html").get_attribute("lang") == language
        assert UNTRANSLATED.findall(page.locator("main").inner_text()) == []
    play_together([host, guest], random.Random(17), "typed", limit=600)
    assert (
        sorted(final_scores(host).values())
        == sorted(final_scores(guest).values())
        == sorted(server_scores(web_server, host))
    )
    assert host.locator("html").get_attribute("dir") == "rtl"
