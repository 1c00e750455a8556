"""The move log in words (issue 47, deliver 7): each move said in the viewer's language with its
notation beside it, the chance lines said in words, not in notation, and the position in one
line for screen readers."""

from __future__ import annotations

import re
from typing import Any

import pytest
from game_end import open_as_its_player

WORDS = {
    "en": (
        "takes",
        "The factories are filled: factory 1 (",
        "Round 3: 0 tiles in the factories, 0 in the centre. Scores: ",
    ),
    "fa": ("می‌برد", "کارخانه‌ها پر شدند: کارخانه‌ی ۱ (", "دور ۳: ۰ کاشی در کارخانه‌ها، ۰ در وسط. امتیازها: "),
}


@pytest.mark.parametrize("language", list(WORDS))
def test_the_log_says_each_move_and_refill_in_words(
    pages: Any, finished_game: tuple[dict[str, str], str], language: str
) -> None:
    page = open_as_its_player(pages, finished_game, "/games/{id}", language)
    page.wait_for_selector(".end-dialog[open]")
    verb, refill, summary = WORDS[language]
    said = page.locator(".position-summary").text_content()
    assert said.startswith(summary), said
    moves = page.locator(".log-list .log-move")
    assert moves.count() > 10
    for index in range(moves.count()):
        item = moves.nth(index)
        notation = item.locator(".notation").inner_text()
        said = item.inner_text().replace(notation, "")
        assert verb in said and re.fullmatch(r"[1-9C][BYRKW][1-5F]|W\d\d", notation), said
        if language == "fa":
            assert not re.search(r"[0-9]", said.replace(item.locator(".log-seat").inner_text(), "")), said
    chances = page.locator(".log-list .log-chance").all_inner_texts()
    assert chances and all(line.startswith(refill) for line in chances), chances[0]
    assert not any(re.search(r"fill [BYRKW.]{4}|Chance", line) for line in chances), "notation left in a line"
