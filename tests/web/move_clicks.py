"""One named move made by clicks on a family's table, as a person makes it: the move's ``parts``
(from the frame the renderer drew, ``State.move_parts``) say which source, line, cell or button
to press, and the renderers' data attributes find them (games/<family>.js)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

ROTATIONS = 4


def click_move_text(page: Any, family: str, text: str, frame: dict[str, Any]) -> None:
    """Make the move written ``text`` (one of ``frame["moves"]``) on the page's table by clicks."""
    index, parts = next((i, move["parts"]) for i, move in enumerate(frame["moves"]) if move["text"] == text)
    CLICKERS[family](page, frame, index, parts)


def _azul(page: Any, frame: dict[str, Any], index: int, parts: dict[str, Any]) -> None:
    """A tile group, then its lit line or the floor (and the partial-floor choice, if asked); on
    the grey wall's tiling, the lit wall space."""
    if parts["kind"] == "wall":
        page.locator(f'.azul-cell.is-lit[data-row="{parts["line"]}"][data-column="{parts["column"]}"]').click()
        return
    source = page.locator(f'.azul-src.is-selectable[data-src="{parts["source"]}"][data-col="{parts["colour"]}"]')
    source.locator("rect").first.click()
    page.locator(f'.azul-board.is-turn .azul-dest.is-lit[data-line="{parts["line"]}"]').click()
    choice = page.locator(f'.azul-choice button[data-move="{index}"]')
    if choice.count():
        choice.click()


def _azul_duel(page: Any, frame: dict[str, Any], index: int, parts: dict[str, Any]) -> None:
    """Tiles of a sun or the moons, then a line (and the stacking order); a plate, turned until
    its slot plays this move; any other decision is one button or cell carrying the move."""
    kind = parts["kind"]
    if kind in ("sun", "moon"):
        where = f'[data-ws="{parts["workshop"]}"]' if kind == "sun" else ""
        page.locator(f'.duel-src.is-selectable[data-pick="{kind}"]{where}[data-col="{parts["colour"]}"]').first.locator(
            ".duel-hit"
        ).first.click()
        page.locator(f'.duel-board.is-mover .duel-dest.is-lit[data-line="{parts["line"]}"]').click()
        order = page.locator(f'.duel-ask [data-move="{index}"]')
        if order.count():
            order.click()
    elif kind in ("plate", "keep"):
        page.locator(f'button.duel-plate[data-kind="{kind}"][data-plate="{parts["plate"]}"]').click()
        slot = page.locator(f'.duel-board.is-mover .duel-slot[data-move="{index}"]')
        for _ in range(ROTATIONS):
            if slot.count():
                break
            page.locator('[data-act="rotate"]').click()
        slot.click()
    else:
        page.locator(f'.duel [data-move="{index}"]').first.click()


def _ingenious(page: Any, frame: dict[str, Any], index: int, parts: dict[str, Any]) -> None:
    """Swap or keep by its button; a placement: the rack tile of its colours, the hex for the
    tile's first colour as the rack shows it, the other hex, then Place."""
    text = frame["moves"][index]["text"]
    if parts["kind"] != "place":
        page.locator(f'.ing-btn[data-move="{text}"]').click()
        return
    colours, cells = parts["colours"], parts["cells"]
    rack = frame["view"]["players"][frame["toMove"]]["rack"]
    tile = next(i for i, pair in enumerate(rack) if sorted(pair) == sorted(colours))
    page.locator(f'.ing-rtile.is-playable[data-tile="{tile}"]').click()
    first, second = cells if rack[tile][0] == colours[0] else cells[::-1]
    page.locator(f'.ing-hit[data-cell="{first}"]').click()
    page.locator(f'.ing-hit[data-cell="{second}"]').click()
    page.locator('[data-act="confirm"]').click()


CLICKERS: dict[str, Callable[[Any, dict[str, Any], int, dict[str, Any]], None]] = {
    "azul": _azul,
    "azul-duel": _azul_duel,
    "ingenious": _ingenious,
}
