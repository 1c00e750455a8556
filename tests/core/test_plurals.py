"""Plural forms in English messages: a catalogue's ``{count|one:tile|other:tiles}`` selector
(kashi.core.plurals), so a sentence never says "1 points" (issue 48, finding 8)."""

from __future__ import annotations

import kashi.bots.hints  # noqa: F401  registers the hint texts
from kashi.core.messages import Message
from kashi.core.plurals import with_plurals


def test_a_selector_takes_the_form_of_its_numbers_category() -> None:
    template = "{n} {n|one:tile|other:tiles}"
    assert [with_plurals(template, {"n": n}).format(n=n) for n in (0, 1, 2, -1)] == [
        "0 tiles",
        "1 tile",
        "2 tiles",
        "-1 tile",
    ]


def test_hints_say_one_point_and_one_move() -> None:
    less = Message("hint.leaves_less", {"points": 1, "greedy": "1B2"})
    avoided = Message("hint.avoids_penalty", {"points": 2, "count": 1, "total": 1})
    assert str(less).startswith("leaves your opponent 1 point less to gain")
    assert str(avoided) == "avoids a penalty of 2 that 1 of the other 1 move would take"
    assert "3 of the other 5 moves" in str(Message("hint.avoids_penalty", {"points": 2, "count": 3, "total": 5}))
