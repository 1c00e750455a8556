"""Azul Duel through the page: a game with a fixed seed, the WebSocket frames a seat receives,
and one decision made by clicks on the table (games/azul-duel.js)."""

from __future__ import annotations

import json
import random
import re
from typing import Any

from web_helpers import home_ready

LIT_LINES = ".duel-board.is-mover .duel-dest.is-lit"
DRAWS_IN_ONE_TURN = 3
"""Draw three plates in one turn once: then keep one and put one under the stack by choice (the
last goes under by itself), so the game meets draw, keep and bottom."""


def duel_game(page: Any, seed: int | None, seats: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """Create an Azul Duel game as this page's person (seat 0 starts) and open it; the creation
    answer (game and invites). A seed is fixed only for a game of this person's seats and bots
    (the server draws a secret one when another person plays)."""
    seats = seats or [{"kind": "me"}, {"kind": "bot", "level": "easy"}]
    home_ready(page)
    body = {"variant": "azul-duel", "seats": seats, "start": 0, "public": False}
    answer = page.request.post("/api/games", data=body if seed is None else {**body, "seed": seed})
    assert answer.status == 201, answer.text()
    created: dict[str, Any] = answer.json()
    page.goto(f"/games/{created['game']['id']}")
    return created


def capture_states(page: Any) -> list[dict[str, Any]]:
    """Every state message the page's WebSocket receives from now on (filled as they arrive)."""
    states: list[dict[str, Any]] = []

    def received(payload: str | bytes) -> None:
        message = json.loads(payload)
        if message.get("type") == "state":
            states.append(message)

    page.on("websocket", lambda socket: socket.on("framereceived", received))
    return states


class Clicker:
    """Makes each decision of this page's seat by clicks, at random (seeded), and notes which
    kinds of decision it met: plate, keep, draw, bottom, sun, moon, order, chip, chips, skip,
    tile, pass."""

    def __init__(self, page: Any, rng: random.Random) -> None:
        self.page = page
        self.rng = rng
        self.met: set[str] = set()
        self.draws_left = DRAWS_IN_ONE_TURN
        self.rotated = False

    def pick(self, selector: str) -> Any:
        found = self.page.locator(selector)
        return found.nth(self.rng.randrange(found.count())) if found.count() else None

    def move(self) -> None:
        page = self.page
        question = self.pick(".duel-ask .is-question [data-move]")
        if question is not None:  # chips or skip, or a pass with nothing else to do
            text = question.get_attribute("aria-label")
            self.met.add("skip" if text == "Skip" else "pass" if text == "Pass" else "chips")
            question.click()
            return
        for selector, kind in ((".duel-cell.is-lit", "tile"), (".duel-plate.is-returnable", "bottom")):
            target = self.pick(selector)
            if target is not None:
                self.met.add(kind)
                target.click()
                return
        draw = page.locator(".duel-stack [data-move]")
        drawing = page.locator(".duel-hand button.duel-plate").count() > 0
        if draw.count() and self.draws_left and (drawing or self.draws_left == DRAWS_IN_ONE_TURN):
            self.draws_left -= 1
            self.met.add("draw")
            draw.click()
            return
        options = [
            kind
            for kind, selector in (
                ("plate", "button.duel-plate.is-selectable"),
                ("source", ".duel-src.is-selectable"),
                ("chip", ".duel-chip.is-lit"),
            )
            if page.locator(selector).count()
        ]
        if not options:  # a plate is due and the display is empty
            self.met.add("draw")
            draw.click()
            return
        kind = self.rng.choice(options)
        if kind == "chip":
            self.met.add("chip")
            self.pick(".duel-chip.is-lit").click()
        elif kind == "plate":
            self.place_plate()
        else:
            self.take_tiles()

    def place_plate(self) -> None:
        page = self.page
        plate = self.pick("button.duel-plate.is-selectable")
        self.met.add(plate.get_attribute("data-kind"))
        plate.click()
        turns = self.rng.randrange(4)
        for _ in range(turns):
            page.locator('[data-act="rotate"]').click()
        self.rotated |= turns > 0
        slot = self.pick(".duel-board.is-mover .duel-slot.is-lit")
        assert re.search(rf"rotation {turns}$", slot.get_attribute("aria-label")), "the slot plays the rotation shown"
        slot.click()

    def take_tiles(self) -> None:
        source = self.pick(".duel-src.is-selectable")
        self.met.add(source.get_attribute("data-pick"))
        source.locator(".duel-hit").first.click()
        self.pick(LIT_LINES).click()
        order = self.pick(".duel-ask [data-move]")
        if order is not None:
            self.met.add("order")
            order.click()
