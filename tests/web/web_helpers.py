"""Playing through the page as a person does: wait for your turn, then click or type a move."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Any

POLL_MS = 50
"""How often a waiting test asks the page whether it is ready: on every animation frame (the
default) the page would be made to run its checks 60 times a second."""
DIGITS = str.maketrans("۰۱۲۳۴۵۶۷۸۹", "0123456789", "\u2066\u2069")
"""Persian digits back to ASCII, to compare a Persian table's scores (the isolates that keep a
signed number left to right dropped)."""

_TURN = """(seen) => {
  const table = document.querySelector('.table[data-version]');
  if (!table || table.dataset.drawn !== table.dataset.version) return 'wait';
  if (table.dataset.status === 'finished') return 'finished';
  const mine = document.querySelector('.status-line.is-yours') && table.dataset.version !== seen;
  return mine ? 'move' : 'wait';
}"""
"""'move' when it is this page's turn at a version other than ``seen`` with the board drawn,
'finished' once the game is over, else 'wait'."""


def turn(page: Any, seen: str | None = None) -> str:
    answer: str = page.evaluate(_TURN, seen)
    return answer


def settle(page: Any, seen: str | None = None) -> str:
    """Wait until it is this page's turn (at a version other than ``seen``) or the game is over,
    with the board drawn; return the status."""
    page.wait_for_function(f"(seen) => ({_TURN})(seen) !== 'wait'", arg=seen, polling=POLL_MS)
    status: str = page.locator(".table").get_attribute("data-status")
    return status


def changed(page: Any, seen: str) -> None:
    """Wait until the game has moved on from version ``seen``."""
    page.wait_for_function(
        "(seen) => (document.querySelector('.table')?.dataset.version ?? seen) !== seen", arg=seen, polling=POLL_MS
    )


def version(page: Any) -> str:
    value: str = page.locator(".table").get_attribute("data-version")
    return value


def home_ready(page: Any) -> None:
    """Wait for the home page's own first answer (``/api/me``, which sets a first visit's
    cookie): a game created through the API before it would belong to another new guest than
    the page, which would then watch it as a spectator."""
    page.wait_for_selector(".friends-form")


def play_computer(
    page: Any, family: str = "azul", variant: str | None = None, level: str = "easy", rated: bool = False
) -> None:
    """The home page's one-click game against the computer, from the family's card (casual
    unless asked)."""
    if variant is not None:
        page.select_option(f"#quick-{family}-variant", variant)
    page.select_option(f"#quick-{family}-level", level)
    page.locator(f"#quick-{family}-rated").set_checked(rated)
    page.locator(f"#quick-{family}-level").locator("xpath=ancestor::form").locator("button[type=submit]").click()
    page.wait_for_url(re.compile(r"/games/[\w-]+$"))


def click_move(page: Any, rng: random.Random) -> None:
    """Pick a tile group (or a lit wall cell on the grey side) and a lit target, by clicks."""
    cells = page.locator(".azul-cell.is-lit")
    if cells.count():
        cells.nth(rng.randrange(cells.count())).click()
        return
    sources = page.locator(".azul-src.is-selectable")
    sources.nth(rng.randrange(sources.count())).locator("rect").first.click()
    targets = page.locator(".azul-board.is-turn .azul-dest.is-lit")
    targets.nth(rng.randrange(targets.count())).click()
    choice = page.locator(".azul-choice button[data-move]")
    if choice.count():
        choice.first.click()


def click_ingenious_move(page: Any, rng: random.Random) -> None:
    """Answer swap or keep, or pick a rack tile, its first hex, its second hex, then Place."""
    choices = page.locator(".ing-btn[data-move]")
    if choices.count():
        choices.nth(rng.randrange(choices.count())).click()
        return
    tiles = page.locator(".ing-rtile.is-playable")
    tiles.nth(rng.randrange(tiles.count())).click()
    for _ in range(2):
        hexes = page.locator(".ing-hit.is-lit:not(.is-chosen)")
        hexes.nth(rng.randrange(hexes.count())).click()
    page.locator('[data-act="confirm"]').click()


def typed_move(page: Any, rng: random.Random, prefer: str | None = None) -> str:
    """Type one of the suggested legal moves into the Move input and press Enter (one matching
    the regular expression ``prefer`` while there is one)."""
    moves = page.locator("#legal-moves option").evaluate_all("options => options.map(o => o.value)")
    preferred = [move for move in moves if prefer is not None and re.fullmatch(prefer, move)]
    move: str = rng.choice(preferred or moves)
    page.fill("#move-input", move.lower())
    page.press("#move-input", "Enter")
    return move


MOVERS: dict[str, Callable[[Any, random.Random], object]] = {
    "click": click_move,
    "ingenious": click_ingenious_move,
    "typed": typed_move,
}
"""Ways to make one move: Azul by clicks, Ingenious by clicks, any game by typing."""


def a_few_moves(page: Any, count: int, rng: random.Random, mover: str = "click") -> None:
    """Make this page's next ``count`` moves (fewer if the game ends), then wait for the table."""
    seen: str | None = None
    for _ in range(count):
        if settle(page, seen) == "finished":
            return
        seen = version(page)
        MOVERS[mover](page, rng)
    settle(page, seen)


def play_to_end(page: Any, rng: random.Random, mover: str = "click", limit: int = 400) -> int:
    """Play every turn of this page until the game ends; return the number of moves made."""
    seen: str | None = None
    for made in range(limit):
        if settle(page, seen) == "finished":
            return made
        seen = version(page)
        MOVERS[mover](page, rng)
    raise AssertionError(f"the game did not end within {limit} moves")


def friends_game(page: Any, variant: str, seats: list[str], options: dict[str, str] | None = None) -> None:
    """The home page's "play with friends" form: a variant, what sits in each seat, and rule
    options typed into their fields."""
    page.select_option("#friends-variant", variant)
    page.select_option("#friends-players", str(len(seats)))
    for seat, kind in enumerate(seats):
        page.select_option(f"#friends-seat-{seat}", kind)
    if options:
        page.locator(".options-details summary").click()  # the options are folded away
        for name, value in options.items():
            page.fill(f"#option-{name}", value)
    page.locator(".friends-form button[type=submit]").click()
    page.wait_for_url(re.compile(r"/games/[\w-]+$"))


def play_together(pages: list[Any], rng: random.Random, mover: str = "typed", limit: int = 400) -> None:
    """Several people at one game, each in their own page: whoever's turn it is moves, until
    every page shows the end."""
    seen: list[str | None] = [None] * len(pages)
    finished: set[int] = set()
    for _ in range(limit):
        for index, page in enumerate(pages):
            if index in finished:
                continue
            ready = turn(page, seen[index])
            if ready == "finished":
                finished.add(index)
            elif ready == "move":
                seen[index] = version(page)
                MOVERS[mover](page, rng)
        if len(finished) == len(pages):
            return
        pages[0].wait_for_timeout(50)
    raise AssertionError(f"the game did not end for every page within {limit} rounds")


def answer_swap(page: Any) -> bool:
    """Answer an Ingenious swap-or-keep question if one is asked; True if it was."""
    choices = page.locator(".ing-btn[data-move]")
    if not choices.count():
        return False
    seen = version(page)
    choices.last.click()
    settle(page, seen)
    return True


def scoring_preview(page: Any, rng: random.Random, turns: int = 30, least: int = 1) -> list[str]:
    """Play Ingenious turns by typed moves until a placement (a tile, its first hex, a second
    hex) previews at least ``least`` points; leave it chosen, not dropped, and return the
    points shown."""
    for _ in range(turns):
        if settle(page) == "finished":
            break
        if answer_swap(page):
            continue
        page.locator(".ing-rtile.is-playable").first.click()
        firsts = page.locator(".ing-hit.is-lit").evaluate_all("hexes => hexes.map(h => h.dataset.cell)")
        page.locator(f'.ing-hit[data-cell="{rng.choice(firsts)}"]').click()  # not the corner, first in order
        seconds = page.locator(".ing-hit.is-lit").evaluate_all("hexes => hexes.map(h => h.dataset.cell)")
        for cell in rng.sample(seconds, len(seconds)):
            page.locator(f'.ing-hit[data-cell="{cell}"]').click()  # another second hex replaces the last
            page.wait_for_function("() => !document.querySelector('.ing-preview').textContent.includes('…')")
            gains: list[str] = page.locator(".ing-gain bdi").all_inner_texts()
            if gains and sum(int(gain.translate(DIGITS)) for gain in gains) >= least:
                return gains
        seen = version(page)
        page.locator('[data-act="cancel"]').click()
        typed_move(page, rng)
        settle(page, seen)
    raise AssertionError(f"no placement scored {least} points before the game ended or in {turns} turns")


def final_scores(page: Any) -> dict[str, int]:
    """The end panel's table: each player's name and score."""
    rows = page.locator(".end-panel .final-table tbody tr")
    found = {}
    for index in range(rows.count()):
        row = rows.nth(index)
        score = row.locator("td").nth(1).inner_text().translate(DIGITS)
        found[row.locator("th").inner_text().strip()] = int(score)
    return found


_DRAW_FRAME = """async ([family, frame, language]) => {
  const i18n = await import('/static/shell/i18n.js');
  const { loadRenderer, rendererContext } = await import('/static/shell/renderers.js');
  await i18n.loadLanguage(language);
  const module = await loadRenderer(family);
  const root = document.createElement('div');
  document.querySelector('main').replaceChildren(root);
  window.harnessPlayed = [];
  const ctx = rendererContext({
    t: i18n.t, num: i18n.num, explain: i18n.explain, settings: { symbols: true, reducedMotion: true },
    seatName: (seat) => `Seat ${seat}`, play: (text) => window.harnessPlayed.push(text),
    announce: () => {}, colourTerms: module.COLOUR_TERMS,
  });
  await module.createRenderer(root, ctx).draw(frame);
}"""


def frame_of(state: Any, seat: int, previous: Any = None) -> dict[str, Any]:
    """The frame the table would give a renderer for ``seat`` at ``state`` (an engine position),
    so a test can draw a position no quick game reaches."""
    to_move = state.current_player
    moves = state.legal_moves() if to_move == seat else []
    return {
        "variant": state.family,
        "view": state.view(seat).to_json(),
        "components": state.components(),
        "players": state.num_players,
        "toMove": to_move,
        "you": [seat],
        "perspective": seat,
        "moves": [{"text": str(move), "parts": state.move_parts(move)} for move in moves],
        "lastMove": None,
        "previous": previous.view(seat).to_json() if previous is not None else None,
        "changes": [change.to_json() for change in state.score_changes],
        "finalSoFar": [change.to_json() for change in state.final_scoring_so_far()],
        "outcome": None,
        "animate": False,
    }


def draw_frame(page: Any, family: str, frame: dict[str, Any], language: str = "en") -> None:
    """Draw ``frame`` with the family's renderer alone on ``page`` (a page of the app, for its
    modules and stylesheet); moves it plays are collected in ``window.harnessPlayed``."""
    page.evaluate(_DRAW_FRAME, [family, frame, language])
